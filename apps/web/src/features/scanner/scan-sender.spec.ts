import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { OfflineScanQueue, openQueueDatabase, type QueuedScan, type ResolveOutcome } from './offline-queue';
import { ScanSender } from './scan-sender';

/** A resolve whose answers the test gives, one request at a time. */
function service() {
  const calls: { entry: QueuedScan; answer: (outcome: ResolveOutcome<string>) => void }[] = [];
  const resolve = (entry: QueuedScan) => new Promise<ResolveOutcome<string>>((answer) => calls.push({ entry, answer }));
  const nextCall = async (index: number) => {
    await vi.waitFor(() => expect(calls.length).toBeGreaterThan(index));
    return calls[index];
  };
  return { calls, resolve, nextCall };
}

describe('ScanSender (fake IndexedDB)', () => {
  let queue: OfflineScanQueue;
  let sender: ScanSender<string>;
  let online = true;

  beforeEach(async () => {
    online = true;
    queue = new OfflineScanQueue(await openQueueDatabase(new IDBFactory()));
    sender = new ScanSender(Promise.resolve(queue), () => online);
  });

  it('sends a scan made online at once, beside a sync that waits on an older entry', async () => {
    await queue.enqueue('1111111', 'add');
    const api = service();
    const syncing = sender.sync(api.resolve);
    const queued = await api.nextCall(0);
    const live = sender.submit('2222222', 'add', api.resolve);
    const sent = await api.nextCall(1);
    expect(sent.entry).toMatchObject({ code: '2222222', origin: 'live' });
    sent.answer({ ok: true, draft: 'live draft' });
    expect(await live).toMatchObject({ status: 'resolved', draft: 'live draft' });
    queued.answer({ ok: true, draft: 'queued draft' });
    expect((await syncing).resolved).toEqual(['queued draft']);
    // Each entry went out once: the sync left the live scan to its sender.
    expect(api.calls.map((call) => call.entry.code)).toEqual(['1111111', '2222222']);
    expect(await queue.size()).toBe(0);
  });

  it('keeps a scan whose connection failed, and sends it again with the same key', async () => {
    const api = service();
    const live = sender.submit('2222222', 'add', api.resolve);
    const first = await api.nextCall(0);
    first.answer({ ok: false, kind: 'network' });
    expect(await live).toEqual({ status: 'queued' });
    await vi.waitFor(() => expect(sender.getState().size).toBe(1));
    const syncing = sender.sync(api.resolve);
    const again = await api.nextCall(1);
    expect(again.entry.clientMutationId).toBe(first.entry.clientMutationId);
    again.answer({ ok: true, draft: 'draft' });
    expect((await syncing).resolved).toEqual(['draft']);
  });

  it('runs one sync at a time and once more when asked meanwhile', async () => {
    await queue.enqueue('1111111', 'add');
    const api = service();
    const first = sender.sync(api.resolve);
    const second = sender.sync(api.resolve);
    expect(second).toBe(first);
    (await api.nextCall(0)).answer({ ok: false, kind: 'network' });
    // The run asked for meanwhile tries again.
    (await api.nextCall(1)).answer({ ok: true, draft: 'draft' });
    expect((await first).resolved).toEqual(['draft']);
    expect(api.calls).toHaveLength(2);
  });

  it('hands drafts a sync resolved while no screen listened to the next one that does', async () => {
    await queue.enqueue('1111111', 'add');
    await sender.sync(async () => ({ ok: true, draft: 'draft' }));
    const received: string[][] = [];
    sender.onResolved((drafts) => received.push(drafts));
    expect(received).toEqual([['draft']]);
  });

  it('queues offline without sending, and refuses a wrong code before it is queued', async () => {
    online = false;
    const resolve = vi.fn();
    expect(await sender.submit('2222222', 'add', resolve)).toEqual({ status: 'queued' });
    expect(await sender.submit('2222222', 'add', resolve)).toEqual({ status: 'duplicate' });
    expect(await sender.submit('12ab', 'add', resolve)).toEqual({ status: 'invalid' });
    expect(resolve).not.toHaveBeenCalled();
    expect(await queue.size()).toBe(1);
  });

  it('drops a live scan the service refused for good, and says so', async () => {
    const outcome = await sender.submit('4006381333932', 'add', async () => ({ ok: false, kind: 'rejected', message: 'validation_failed' }));
    expect(outcome).toEqual({ status: 'rejected', message: 'validation_failed' });
    expect(await queue.size()).toBe(0);
  });
});
