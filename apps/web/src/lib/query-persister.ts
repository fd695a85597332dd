import type { PersistedClient, Persister } from '@tanstack/react-query-persist-client';
import { openDB, type IDBPDatabase } from 'idb';

const DATABASE = 'hinv-query-cache';
const STORE = 'cache';
const KEY = 'client';

/**
 * The last-seen server state in IndexedDB, so the lists a person looked at can be read again
 * offline after a reload. One record, replaced as the cache changes (TanStack Query throttles
 * the writes). `removeClient()` runs at sign-out: the next person on this device sees nothing.
 */
export function indexedDbPersister(): Persister {
  let database: Promise<IDBPDatabase> | undefined;
  const open = () => (database ??= openDB(DATABASE, 1, { upgrade: (db) => db.createObjectStore(STORE) }));
  return {
    persistClient: async (client: PersistedClient) => {
      await (await open()).put(STORE, client, KEY);
    },
    restoreClient: async () => (await (await open()).get(STORE, KEY)) as PersistedClient | undefined,
    removeClient: async () => {
      await (await open()).delete(STORE, KEY);
    },
  };
}
