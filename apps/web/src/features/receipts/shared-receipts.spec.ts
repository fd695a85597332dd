// Installs the IndexedDB globals (IDBRequest, …) idb wraps; each test still gets a fresh factory.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import { openSharedReceiptDatabase, SHARED_LIMIT, SharedReceiptQueue, worthRetrying, type IncomingFile, type SharedReceipt, type UploadOutcome } from './shared-receipts';

const incoming = (name: string, text = name, type = 'application/pdf'): IncomingFile => ({ name, type, data: new TextEncoder().encode(text).buffer as ArrayBuffer });

describe('SharedReceiptQueue (fake IndexedDB)', () => {
  let queue: SharedReceiptQueue;
  let clock = 0;
  let ids = 0;

  beforeEach(async () => {
    clock = 1_000;
    ids = 0;
    const db = await openSharedReceiptDatabase(new IDBFactory());
    queue = new SharedReceiptQueue(db, () => (clock += 10), () => `id-${(ids += 1)}`);
  });

  it('keeps each shared file with its name, type and size, oldest first, and gives the bytes back as a file', async () => {
    const { kept, dropped } = await queue.add([incoming('rewe.pdf', '%PDF-1.7 rewe'), incoming('IMG_1.jpg', 'jpeg bytes', 'image/jpeg')]);
    expect(dropped).toBe(0);
    expect(await queue.list()).toEqual([
      { id: 'id-1', name: 'rewe.pdf', type: 'application/pdf', size: 13, sharedAt: 1010, attempts: 0, lastError: null },
      { id: 'id-2', name: 'IMG_1.jpg', type: 'image/jpeg', size: 10, sharedAt: 1020, attempts: 0, lastError: null },
    ]);
    const file = await queue.file(kept[1]);
    expect([file?.name, file?.type, await file?.text()]).toEqual(['IMG_1.jpg', 'image/jpeg', 'jpeg bytes']);
  });

  it(`keeps at most ${SHARED_LIMIT} files and counts what did not fit`, async () => {
    await queue.add(Array.from({ length: SHARED_LIMIT - 2 }, (_, index) => incoming(`old-${index}.pdf`)));
    const { kept, dropped } = await queue.add([incoming('a.pdf'), incoming('b.pdf'), incoming('c.pdf'), incoming('d.pdf')]);
    expect(kept.map((entry) => entry.name)).toEqual(['a.pdf', 'b.pdf']);
    expect(dropped).toBe(2);
    expect(await queue.list()).toHaveLength(SHARED_LIMIT);
  });

  it('uploads oldest first and removes each file once the server has stored it', async () => {
    await queue.add([incoming('one.pdf', 'first'), incoming('two.pdf', 'second')]);
    const sent: string[] = [];
    const report = await queue.sync(async (entry, file): Promise<UploadOutcome<string>> => {
      sent.push(`${entry.name}:${await file.text()}`);
      return { ok: true, receipt: `receipt of ${entry.name}` };
    });
    expect(sent).toEqual(['one.pdf:first', 'two.pdf:second']);
    expect(report.uploaded.map((done) => done.receipt)).toEqual(['receipt of one.pdf', 'receipt of two.pdf']);
    expect([report.remaining, report.stoppedBy, await queue.list()]).toEqual([0, null, []]);
    expect(await queue.file({ id: 'id-1' } as SharedReceipt)).toBeNull();
  });

  it('removes a file the server refused for good, reports why and goes on', async () => {
    await queue.add([incoming('notes.txt', 'text', 'text/plain'), incoming('rewe.pdf')]);
    const settled: unknown[] = [];
    const report = await queue.sync(
      async (entry): Promise<UploadOutcome<string>> => (entry.name === 'notes.txt' ? { ok: false, status: 415, detail: 'Not a receipt file.' } : { ok: true, receipt: 'stored' }),
      (outcome) => settled.push(outcome),
    );
    expect(settled).toEqual([
      { entry: expect.objectContaining({ name: 'notes.txt' }), refused: { status: 415, detail: 'Not a receipt file.' } },
      { entry: expect.objectContaining({ name: 'rewe.pdf' }), receipt: 'stored' },
    ]);
    expect(report.refused).toEqual([{ entry: expect.objectContaining({ name: 'notes.txt' }), problem: { status: 415, detail: 'Not a receipt file.' } }]);
    expect(report.uploaded).toHaveLength(1);
    expect(await queue.list()).toEqual([]);
  });

  it.each([
    [0, null],
    [401, 'Please sign in.'],
    [403, 'Viewers cannot upload.'],
    [429, null],
    [503, null],
  ])('stops on status %i, keeping every file and noting the attempt', async (status, detail) => {
    await queue.add([incoming('one.pdf'), incoming('two.pdf')]);
    let calls = 0;
    const settled: unknown[] = [];
    const report = await queue.sync(
      async (): Promise<UploadOutcome<string>> => {
        calls += 1;
        return { ok: false, status, detail };
      },
      (outcome) => settled.push(outcome),
    );
    expect(calls).toBe(1);
    expect(settled).toEqual([{ entry: expect.objectContaining({ name: 'one.pdf' }), kept: { status, detail } }]);
    expect(report).toEqual({ uploaded: [], refused: [], remaining: 2, stoppedBy: { status, detail } });
    expect((await queue.list()).map((entry) => [entry.name, entry.attempts, entry.lastError])).toEqual([
      ['one.pdf', 1, { status, detail }],
      ['two.pdf', 0, null],
    ]);
  });

  it('sends a file again after a stop, and then lets it go', async () => {
    await queue.add([incoming('one.pdf')]);
    await queue.sync(async (): Promise<UploadOutcome<string>> => ({ ok: false, status: 0, detail: null }));
    const report = await queue.sync(async (): Promise<UploadOutcome<string>> => ({ ok: true, receipt: 'stored' }));
    expect([report.uploaded.length, report.remaining]).toEqual([1, 0]);
  });

  it('runs one sync at a time: a second one waits and finds nothing left to send', async () => {
    await queue.add([incoming('one.pdf'), incoming('two.pdf')]);
    const sent: string[] = [];
    const upload = async (entry: SharedReceipt): Promise<UploadOutcome<string>> => {
      sent.push(entry.name);
      await new Promise((resolve) => setTimeout(resolve, 5));
      return { ok: true, receipt: entry.name };
    };
    const [first, second] = await Promise.all([queue.sync(upload), queue.sync(upload)]);
    expect(sent).toEqual(['one.pdf', 'two.pdf']);
    expect([first.uploaded.length, second.uploaded.length]).toEqual([2, 0]);
  });

  it('lets a file go that was removed while it was being sent, without putting it back', async () => {
    await queue.add([incoming('one.pdf')]);
    const report = await queue.sync(async (entry): Promise<UploadOutcome<string>> => {
      await queue.remove(entry.id);
      return { ok: false, status: 503, detail: null };
    });
    expect([report.remaining, await queue.list()]).toEqual([0, []]);
  });
});

describe('worthRetrying', () => {
  it('retries what may answer differently later and gives up on what will not', () => {
    expect([0, 401, 403, 408, 429, 500, 502, 503].filter(worthRetrying)).toEqual([0, 401, 403, 408, 429, 500, 502, 503]);
    expect([400, 404, 409, 413, 415, 422].filter(worthRetrying)).toEqual([]);
  });
});

describe('SharedReceiptQueue on a shared device', () => {
  it('gives a share (stored untagged by the service worker) to the first person who lists it, and only to them', async () => {
    const db = await openSharedReceiptDatabase(new IDBFactory());
    await new SharedReceiptQueue(db).add([incoming('rewe.pdf')]);
    let owner: string | null = 'anna';
    const page = new SharedReceiptQueue(db, undefined, undefined, () => owner);
    expect((await page.list()).map((entry) => entry.owner)).toEqual(['anna']);
    owner = 'ben';
    expect(await page.list()).toEqual([]);
    const report = await page.sync(async (): Promise<UploadOutcome<string>> => ({ ok: true, receipt: 'uploaded' }));
    expect(report.uploaded).toEqual([]);
    owner = 'anna';
    expect(await page.list()).toHaveLength(1);
  });
});
