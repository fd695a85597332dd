import type { Query } from '@tanstack/react-query';
import { APP_VERSION } from '@hinv/shared';
import { KEEP_CACHED_MS } from '../lib/query-client';
import type { SignedInUser } from './session';
import { wasSignedIn } from './signed-in-hint';

/** The signed-in person, kept with the cache so the screens can open offline after a reload. */
export const SESSION_USER_KEY = ['session', 'user'] as const;
export type CachedUser = SignedInUser;

/** Server state worth reading offline; everything else (security, members, tokens) stays in memory only. */
const PERSISTED_ROOTS = new Set(['session', 'stock', 'catalog', 'shopping', 'scans']);

export const persistOptions = {
  // A week (older lists would mislead more than they help); queries live as long in memory.
  maxAge: KEEP_CACHED_MS,
  // A new version may change the shape of the answers: its cache starts empty.
  buster: APP_VERSION,
  dehydrateOptions: {
    // Nothing is kept for a device nobody is signed in on (a second tab after a sign-out included).
    shouldDehydrateQuery: (query: Query) => wasSignedIn() && query.state.status === 'success' && PERSISTED_ROOTS.has(String(query.queryKey[0])),
  },
};
