export * from './version.js';
export * from './access.js';
export * from './barcodes.js';
export * from './text.js';
