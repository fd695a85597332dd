import 'fake-indexeddb/auto';
import type { PersistedClient } from '@tanstack/react-query-persist-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { indexedDbPersister } from './query-persister';

const cache = (marker: number): PersistedClient => ({ timestamp: marker, buster: 'test', clientState: { queries: [], mutations: [] } });

describe('the offline cache on the device', () => {
  afterEach(async () => {
    vi.useRealTimers();
    await indexedDbPersister().removeClient();
  });

  it('stores the newest cache without waiting for a timer, so a reload right after a change still finds it', async () => {
    // Timers stand still: a write that waits for one would never happen (IndexedDB runs on setImmediate).
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval'] });
    const persister = indexedDbPersister();
    await persister.persistClient(cache(1));
    await persister.persistClient(cache(2));
    await persister.persistClient(cache(3));
    // IndexedDB's own steps run meanwhile; a timer never fires (expect.poll would move fake timers on).
    for (let step = 0; step < 100; step += 1) await new Promise((resolve) => (globalThis as unknown as { setImmediate: (done: () => void) => void }).setImmediate(() => resolve(undefined)));
    // A new page (the reload) reads what this one wrote.
    expect((await indexedDbPersister().restoreClient())?.timestamp).toBe(3);
  });

  it('sign-out removes the record even while a write is still running', async () => {
    const persister = indexedDbPersister();
    await persister.persistClient(cache(1));
    await persister.persistClient(cache(2));
    await persister.removeClient();
    expect(await indexedDbPersister().restoreClient()).toBeUndefined();
  });
});
