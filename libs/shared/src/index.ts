export * from './version.js';
export * from './access.js';
