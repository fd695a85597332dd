import { createApiClient } from '@hinv/api-client';

/** The one API client of the app: same origin, session cookie sent automatically. */
export const api = createApiClient();
