import type { ApiClient } from '@hinv/api-client';
import { createContext, use, type ReactNode } from 'react';

/**
 * The API client is provided, not imported, so tests can hand the app a client with a fake fetch
 * and features never construct their own.
 */
const ApiContext = createContext<ApiClient | null>(null);

export function ApiProvider({ client, children }: { client: ApiClient; children: ReactNode }) {
  return <ApiContext value={client}>{children}</ApiContext>;
}

export function useApi(): ApiClient {
  const client = use(ApiContext);
  if (!client) throw new Error('useApi() needs an <ApiProvider> above it');
  return client;
}
