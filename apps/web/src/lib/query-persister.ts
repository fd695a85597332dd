import type { PersistedClient, Persister } from '@tanstack/react-query-persist-client';
import { openDB, type IDBPDatabase } from 'idb';

const DATABASE = 'hinv-query-cache';
const STORE = 'cache';
const KEY = 'client';
/** TanStack hands over the whole cache on every change; one write a second is plenty. */
const WRITE_EVERY_MS = 1000;

/**
 * The last-seen server state in IndexedDB, so the lists a person looked at can be read again
 * offline after a reload. One record, replaced at most once a second with the newest cache;
 * `removeClient()` (at sign-out) drops a pending write and the record.
 */
export function indexedDbPersister(): Persister {
  let database: Promise<IDBPDatabase> | undefined;
  const open = () => (database ??= openDB(DATABASE, 1, { upgrade: (db) => db.createObjectStore(STORE) }));
  let pending: PersistedClient | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const write = async () => {
    timer = undefined;
    const client = pending;
    pending = undefined;
    if (client) await (await open()).put(STORE, client, KEY);
  };
  return {
    persistClient: (client: PersistedClient) => {
      pending = client;
      timer ??= setTimeout(() => void write(), WRITE_EVERY_MS);
    },
    restoreClient: async () => (await (await open()).get(STORE, KEY)) as PersistedClient | undefined,
    removeClient: async () => {
      clearTimeout(timer);
      timer = undefined;
      pending = undefined;
      await (await open()).delete(STORE, KEY);
    },
  };
}

/** The app's one persister (the shell removes its record at sign-out). */
export const queryPersister: Persister = indexedDbPersister();
