/** class-transformer's metadata storage module (its package ships no declaration beside it). */
declare module 'class-transformer/cjs/storage.js' {
  export const defaultMetadataStorage: unknown;
}
