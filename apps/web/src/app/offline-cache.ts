import type { Query } from '@tanstack/react-query';
import { APP_VERSION } from '@hinv/shared';
import type { SignedInUser } from './session';

/** The signed-in person, kept with the cache so the screens can open offline after a reload. */
export const SESSION_USER_KEY = ['session', 'user'] as const;
export type CachedUser = SignedInUser;

/** Server state worth reading offline; everything else (security, members, tokens) stays in memory only. */
const PERSISTED_ROOTS = new Set(['session', 'stock', 'catalog', 'shopping', 'scans']);

/** A week: older lists would mislead more than they help. */
const MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

export const persistOptions = {
  maxAge: MAX_AGE_MS,
  // A new version may change the shape of the answers: its cache starts empty.
  buster: APP_VERSION,
  dehydrateOptions: {
    shouldDehydrateQuery: (query: Query) => query.state.status === 'success' && PERSISTED_ROOTS.has(String(query.queryKey[0])),
  },
};
