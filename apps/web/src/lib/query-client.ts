import { onlineManager, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-result';

/** How long a list counts as fresh: screens switch back and forth often, the data rarely changes. */
const FRESH_MS = 30_000;

/**
 * How long the last answer of a query is kept (in memory, and on the device through the persister):
 * a week, so a list looked at days ago can still be read without a signal. TanStack drops a query
 * nobody watches after `gcTime`, and what is dropped is not persisted either.
 */
export const KEEP_CACHED_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * TanStack Query believes it is online until an `offline` event says otherwise, and a page loaded
 * without a network never gets one: its queries would run, fail and retry as errors, and the
 * refetch when the network comes back would be skipped (there was no change to online). It starts
 * from what the browser knows, and follows the `online`/`offline` events from there.
 */
export function followBrowserConnection(): void {
  if (typeof navigator !== 'undefined' && typeof navigator.onLine === 'boolean') onlineManager.setOnline(navigator.onLine);
}

/**
 * The one query client: lists cached and shared between screens, refetched when the window
 * gets focus again and when the connection comes back. A request the server refused (4xx) is
 * not retried (asking again gives the same answer); a network failure or 5xx is retried twice.
 */
export function createQueryClient(): QueryClient {
  followBrowserConnection();
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: FRESH_MS,
        gcTime: KEEP_CACHED_MS,
        refetchOnWindowFocus: true,
        refetchOnReconnect: true,
        retry: (failures, error) => !(error instanceof ApiError && error.refused) && failures < 2,
        // Offline, queries pause and keep showing the last data instead of failing.
        networkMode: 'online',
      },
      // A change made offline fails at once and says so, instead of waiting in memory where a
      // reload would lose it; the scan and shopping queues keep what must survive offline.
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
