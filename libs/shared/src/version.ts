/**
 * The release version of Household Inventory. This is the only place it is written down:
 * the API's status, experience state and OpenAPI `info.version` and the PWA all read it here.
 */
export const APP_VERSION = '0.1.0';
