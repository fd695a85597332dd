// Installs the IndexedDB globals (IDBRequest, …) idb wraps; each test still gets a fresh factory.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import { OfflineScanQueue, openQueueDatabase, QUEUE_LIMIT, type QueuedScan, type ResolveOutcome } from './offline-queue';

describe('OfflineScanQueue (fake IndexedDB)', () => {
  let queue: OfflineScanQueue;
  let clock = 0;
  let ids = 0;

  beforeEach(async () => {
    clock = 1_000;
    ids = 0;
    const db = await openQueueDatabase(new IDBFactory());
    queue = new OfflineScanQueue(db, () => (clock += 10), () => `id-${(ids += 1)}`);
  });

  it('keeps only the normalised code, mode, time and a stable key', async () => {
    const result = await queue.enqueue(' 4006381-333931 ', 'add');
    expect(result).toEqual({
      status: 'queued',
      entry: { id: 'id-1', code: '4006381333931', mode: 'add', clientMutationId: 'offline_id-2', createdAt: 1010, attempts: 0, lastError: null, origin: 'offline' },
    });
  });

  it('queues the same code and mode once, but the same code in another mode again', async () => {
    await queue.enqueue('4006381333931', 'add');
    expect((await queue.enqueue('4006381 333931', 'add')).status).toBe('duplicate');
    expect((await queue.enqueue('4006381333931', 'consume')).status).toBe('queued');
    expect(await queue.size()).toBe(2);
  });

  it('refuses malformed codes', async () => {
    expect(await queue.enqueue('12ab', 'add')).toEqual({ status: 'invalid' });
    expect(await queue.enqueue('123', 'add')).toEqual({ status: 'invalid' });
  });

  it('refuses new scans at 100 entries and never evicts old ones', async () => {
    for (let i = 0; i < QUEUE_LIMIT; i += 1) expect((await queue.enqueue(String(1_000_000 + i), 'add')).status).toBe('queued');
    expect(await queue.enqueue('2000000', 'add')).toEqual({ status: 'full' });
    const entries = await queue.list();
    expect(entries).toHaveLength(100);
    expect(entries[0].code).toBe('1000000');
  });

  it('syncs oldest first with the original keys and removes what resolved', async () => {
    await queue.enqueue('1111111', 'add');
    await queue.enqueue('2222222', 'add');
    const seen: string[] = [];
    const report = await queue.sync(async (entry: QueuedScan): Promise<ResolveOutcome<string>> => {
      seen.push(`${entry.code}:${entry.clientMutationId}`);
      return { ok: true, draft: `draft-${entry.code}` };
    });
    expect(seen).toEqual(['1111111:offline_id-2', '2222222:offline_id-4']);
    expect(report).toMatchObject({ resolved: ['draft-1111111', 'draft-2222222'], remaining: 0, stoppedBy: null });
    expect(report.entries.map((entry) => entry.code)).toEqual(['1111111', '2222222']);
  });

  it('stops on 401 and keeps every entry', async () => {
    await queue.enqueue('1111111', 'add');
    await queue.enqueue('2222222', 'add');
    await queue.enqueue('3333333', 'add');
    let calls = 0;
    const report = await queue.sync(async (): Promise<ResolveOutcome<string>> => {
      calls += 1;
      return calls === 1 ? { ok: true, draft: 'first' } : { ok: false, kind: 'unauthorized' };
    });
    expect(report).toMatchObject({ resolved: ['first'], remaining: 2, stoppedBy: 'unauthorized' });
    expect(calls).toBe(2);
    expect((await queue.list()).map((e) => [e.code, e.attempts, e.lastError])).toEqual([
      ['2222222', 1, 'unauthorized'],
      ['3333333', 0, null],
    ]);
  });

  it('keeps a rejected entry with its error and goes on; a network error stops the run', async () => {
    await queue.enqueue('1111111', 'add');
    await queue.enqueue('2222222', 'add');
    await queue.enqueue('3333333', 'add');
    const outcomes: ResolveOutcome<string>[] = [{ ok: false, kind: 'rejected', message: 'check digit' }, { ok: true, draft: 'second' }, { ok: false, kind: 'network' }];
    const report = await queue.sync(async () => outcomes.shift() as ResolveOutcome<string>);
    expect(report).toMatchObject({ resolved: ['second'], remaining: 2, stoppedBy: 'network' });
    expect((await queue.list()).map((e) => e.lastError)).toEqual(['check digit', 'network']);
  });

  it('does not put back an entry that an overlapping sync resolved meanwhile', async () => {
    await queue.enqueue('1111111', 'add');
    await queue.enqueue('2222222', 'add');
    // Another sync (a second tab's) resolves every entry while this one is on its first.
    const report = await queue.sync(async (entry): Promise<ResolveOutcome<string>> => {
      await queue.sync(async (other) => ({ ok: true, draft: other.code }));
      return entry.code === '1111111' ? { ok: false, kind: 'rejected', message: 'conflict' } : { ok: false, kind: 'network' };
    });
    expect(report).toMatchObject({ resolved: [], remaining: 0, stoppedBy: null });
    expect(await queue.size()).toBe(0);
  });

  it('sends a scan queued while the run is under way in the same run, and leaves a busy one alone', async () => {
    await queue.enqueue('1111111', 'add');
    const live = await queue.enqueue('3333333', 'add', 'live');
    const seen: string[] = [];
    const report = await queue.sync(
      async (entry): Promise<ResolveOutcome<string>> => {
        seen.push(entry.code);
        if (entry.code === '1111111') await queue.enqueue('2222222', 'add');
        return { ok: true, draft: entry.code };
      },
      undefined,
      (entry) => live.status === 'queued' && entry.id === live.entry.id,
    );
    expect(seen).toEqual(['1111111', '2222222']);
    expect(report).toMatchObject({ resolved: ['1111111', '2222222'], remaining: 1 });
  });

  it('queues each scan made online on its own: no duplicate rule, no limit, a key of its own', async () => {
    for (let i = 0; i < QUEUE_LIMIT; i += 1) await queue.enqueue(String(1_000_000 + i), 'add');
    const first = await queue.enqueue('4006381333931', 'add', 'live');
    const second = await queue.enqueue('4006381333931', 'add', 'live');
    expect([first.status, second.status]).toEqual(['queued', 'queued']);
    if (first.status !== 'queued' || second.status !== 'queued') return;
    expect(first.entry.clientMutationId).toMatch(/^resolve_/);
    expect(first.entry.clientMutationId).not.toBe(second.entry.clientMutationId);
    // Offline scans still count only offline ones against the limit.
    expect((await queue.enqueue('2000000', 'add')).status).toBe('full');
  });
});

describe('OfflineScanQueue on a shared device', () => {
  it('tags scans with their person and never lists or sends them for another', async () => {
    let owner: string | null = 'anna';
    const db = await openQueueDatabase(new IDBFactory());
    const queue = new OfflineScanQueue(db, undefined, undefined, () => owner);
    expect(await queue.enqueue('4006381333931', 'add')).toMatchObject({ status: 'queued', entry: { owner: 'anna' } });
    owner = 'ben';
    expect(await queue.size()).toBe(0);
    // Ben's scan of the same code is his own, not a duplicate of Anna's.
    expect((await queue.enqueue('4006381333931', 'add')).status).toBe('queued');
    const sent: string[] = [];
    await queue.sync(async (entry) => {
      sent.push(entry.owner ?? 'untagged');
      return { ok: true, draft: entry.code };
    });
    expect(sent).toEqual(['ben']);
    owner = 'anna';
    expect((await queue.list()).map((entry) => entry.owner)).toEqual(['anna']);
    await queue.clear();
    expect(await queue.size()).toBe(0);
  });

  it('gives an untagged scan (made before tagging) to the first person who claims it', async () => {
    let owner: string | null = null;
    const db = await openQueueDatabase(new IDBFactory());
    const queue = new OfflineScanQueue(db, undefined, undefined, () => owner);
    await queue.enqueue('4006381333931', 'add');
    owner = 'anna';
    await queue.claim();
    owner = 'ben';
    expect(await queue.size()).toBe(0);
  });
});
