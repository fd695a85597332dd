import type { PersistedClient, Persister } from '@tanstack/react-query-persist-client';
import { openDB, type IDBPDatabase } from 'idb';

const DATABASE = 'hinv-query-cache';
const STORE = 'cache';
const KEY = 'client';

/**
 * The last-seen server state in IndexedDB, so the lists a person looked at can be read again
 * offline after a reload. One record, replaced with the newest cache as soon as the previous
 * write has finished: one write at a time, and a burst of changes costs one write more, not one
 * each. Not on a timer: a page reloaded or closed within the timer's wait would come back with
 * an older cache, such as a shopping trip started just before the signal went missing.
 * `removeClient()` (at sign-out) drops a waiting write, lets a running one finish, then drops
 * the record.
 */
export function indexedDbPersister(): Persister {
  let database: Promise<IDBPDatabase> | undefined;
  const open = () => (database ??= openDB(DATABASE, 1, { upgrade: (db) => db.createObjectStore(STORE) }));
  let pending: PersistedClient | undefined;
  let writing: Promise<void> | undefined;
  const writeNewest = async () => {
    try {
      for (let client = pending; client; client = pending) {
        pending = undefined;
        await (await open()).put(STORE, client, KEY);
      }
    } finally {
      writing = undefined;
    }
  };
  return {
    persistClient: (client: PersistedClient) => {
      pending = client;
      writing ??= writeNewest().catch(() => undefined);
    },
    restoreClient: async () => (await (await open()).get(STORE, KEY)) as PersistedClient | undefined,
    removeClient: async () => {
      pending = undefined;
      await writing;
      await (await open()).delete(STORE, KEY);
    },
  };
}

/** The app's one persister (the shell removes its record at sign-out). */
export const queryPersister: Persister = indexedDbPersister();
