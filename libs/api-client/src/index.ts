/**
 * The typed client every part of the project uses to call the API. `schema.ts` is generated from
 * `apps/api/openapi.json` (`pnpm nx run api-client:generate`) and committed; never edit it.
 */
import createClient, { type Client, type ClientOptions } from 'openapi-fetch';
import type { components, operations, paths } from './schema.js';

export type { components, operations, paths };
export type Schemas = components['schemas'];
export type ApiClient = Client<paths>;

/** A client for the API on the same origin (the PWA) or at `baseUrl` (tests, scripts). */
export function createApiClient(options: ClientOptions = {}): ApiClient {
  return createClient<paths>({ credentials: 'same-origin', ...options });
}
