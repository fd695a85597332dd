import type { Query, QueryClient } from '@tanstack/react-query';
import { APP_VERSION } from '@hinv/shared';
import { KEEP_CACHED_MS } from '../lib/query-client';
import type { SignedInUser } from './session';
import { wasSignedIn } from './signed-in-hint';

/** The signed-in person, kept with the cache so the screens can open offline after a reload. */
export const SESSION_USER_KEY = ['session', 'user'] as const;
export type CachedUser = SignedInUser;

/** Server state worth reading offline; everything else (security, members, tokens) stays in memory only. */
const PERSISTED_ROOTS = new Set(['session', 'stock', 'catalog', 'shopping', 'scans']);

/** Of the receipts: the list, and the one receipt opened last (`['receipts', 'one', id]`), not every one ever opened. */
const RECEIPT_LIST = 'list';
const RECEIPT_ONE = 'one';

/** The receipt whose answer came last is the one opened last (only an open receipt is fetched). */
function lastOpenedReceipt(client: QueryClient): Query | undefined {
  let newest: Query | undefined;
  for (const query of client.getQueryCache().findAll({ queryKey: ['receipts', RECEIPT_ONE], type: 'all' })) {
    if (query.state.status === 'success' && (!newest || query.state.dataUpdatedAt > newest.state.dataUpdatedAt)) newest = query;
  }
  return newest;
}

/** Whether a query's last answer goes into the offline cache. */
export function keptOffline(client: QueryClient, query: Query): boolean {
  // Nothing is kept for a device nobody is signed in on (a second tab after a sign-out included).
  if (!wasSignedIn() || query.state.status !== 'success') return false;
  const [root, kind] = query.queryKey;
  if (root === 'receipts') return kind === RECEIPT_LIST || (kind === RECEIPT_ONE && lastOpenedReceipt(client) === query);
  return PERSISTED_ROOTS.has(String(root));
}

export function persistOptionsFor(client: QueryClient) {
  return {
    // A week (older lists would mislead more than they help); queries live as long in memory.
    maxAge: KEEP_CACHED_MS,
    // A new version may change the shape of the answers: its cache starts empty.
    buster: APP_VERSION,
    dehydrateOptions: { shouldDehydrateQuery: (query: Query) => keptOffline(client, query) },
  };
}
