import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { stripSeparators } from '@hinv/shared';
import { belongsTo, type Owned } from '../../app/queue-owner';

export type ScanMode = 'identify' | 'add' | 'consume' | 'open' | 'shopping';

/**
 * Where a scan came from: made offline (waits for the connection, the reference's rules), or made
 * online and kept here only while its resolve is on the way (sent at once, see ScanSender).
 */
export type ScanOrigin = 'offline' | 'live';

/** What a queued scan keeps: the normalised code, the action, when, and one stable key. */
export interface QueuedScan extends Owned {
  id: string;
  code: string;
  mode: ScanMode;
  clientMutationId: string;
  createdAt: number;
  attempts: number;
  lastError: string | null;
  /** Missing on entries written before live scans were queued too: those were all offline. */
  origin?: ScanOrigin;
}

export const QUEUE_LIMIT = 100;

export type EnqueueResult =
  | { status: 'queued'; entry: QueuedScan }
  | { status: 'duplicate'; entry: QueuedScan }
  | { status: 'full' }
  | { status: 'invalid' };

/** How one resolve attempt went, as the sync loop needs to know it. */
export type ResolveOutcome<Draft> =
  | { ok: true; draft: Draft }
  | { ok: false; kind: 'unauthorized' | 'network' }
  | { ok: false; kind: 'rejected'; message: string };

export interface SyncReport<Draft> {
  resolved: Draft[];
  /** The entries of `resolved`, in the same order. */
  entries: QueuedScan[];
  remaining: number;
  /** Why the run stopped early: sign-in needed or still offline. Every remaining entry is kept. */
  stoppedBy: 'unauthorized' | 'network' | null;
}

interface QueueSchema extends DBSchema {
  scans: { key: string; value: QueuedScan; indexes: { byCreatedAt: number } };
}

/** The scanner screen's queue; a scanner station keeps its own (STATION_QUEUE), synced with its token only. */
export const PERSONAL_QUEUE = 'household-inventory';
export const STATION_QUEUE = 'household-inventory-station';
const STORE = 'scans';

export function openQueueDatabase(factory?: IDBFactory, name: string = PERSONAL_QUEUE): Promise<IDBPDatabase<QueueSchema>> {
  const open = () =>
    openDB<QueueSchema>(name, 1, {
      upgrade(db) {
        db.createObjectStore(STORE, { keyPath: 'id' }).createIndex('byCreatedAt', 'createdAt');
      },
    });
  if (!factory) return open();
  // Tests pass a fake IndexedDB; idb reads the global one.
  const original = globalThis.indexedDB;
  globalThis.indexedDB = factory;
  return open().finally(() => {
    globalThis.indexedDB = original;
  });
}

/**
 * The scan queue (IndexedDB). Rules: only the normalised code, mode, time and one stable
 * `client_mutation_id` are kept; a scan made offline is queued once per code and mode, and at
 * 100 entries new ones are refused; sync resolves in order with the original key, stops on 401 or
 * a network error keeping every entry, records other errors and moves on; nothing is ever
 * confirmed. A scan made online goes through the same queue (so a lost connection or a closed
 * page cannot lose it), without the duplicate rule and the limit: each is a scan of its own.
 */
export class OfflineScanQueue {
  constructor(
    private readonly db: IDBPDatabase<QueueSchema>,
    private readonly now: () => number = () => Date.now(),
    private readonly newId: () => string = () => crypto.randomUUID(),
    /** Whose scans this page sees and sends (see app/queue-owner.ts); null: all (a station). */
    private readonly owner: () => string | null = () => null,
  ) {}

  async enqueue(raw: string, mode: ScanMode, origin: ScanOrigin = 'offline'): Promise<EnqueueResult> {
    const code = stripSeparators(raw);
    if (!/^\d{4,18}$/.test(code)) return { status: 'invalid' };
    // One read-write transaction, so two scans cannot both pass the duplicate and limit checks.
    const tx = this.db.transaction(STORE, 'readwrite');
    if (origin === 'offline') {
      // The device's limit counts other people's kept scans too; a duplicate is this person's own.
      const offline = (await tx.store.getAll()).filter((entry) => (entry.origin ?? 'offline') === 'offline');
      const duplicate = offline.find((entry) => belongsTo(entry, this.owner()) && entry.code === code && entry.mode === mode);
      if (duplicate) {
        await tx.done;
        return { status: 'duplicate', entry: duplicate };
      }
      if (offline.length >= QUEUE_LIMIT) {
        await tx.done;
        return { status: 'full' };
      }
    }
    const prefix = origin === 'offline' ? 'offline' : 'resolve';
    const owner = this.owner();
    const entry: QueuedScan = {
      id: this.newId(),
      code,
      mode,
      clientMutationId: `${prefix}_${this.newId()}`,
      createdAt: this.now(),
      attempts: 0,
      lastError: null,
      origin,
      ...(owner ? { owner } : {}),
    };
    await tx.store.add(entry);
    await tx.done;
    return { status: 'queued', entry };
  }

  /** Gone from the queue: resolved, or (a live scan) refused for good. */
  async remove(id: string): Promise<void> {
    await this.db.delete(STORE, id);
  }

  /** This person's scans, oldest first. */
  async list(): Promise<QueuedScan[]> {
    const owner = this.owner();
    return (await this.db.getAllFromIndex(STORE, 'byCreatedAt')).filter((entry) => belongsTo(entry, owner));
  }

  async size(): Promise<number> {
    return (await this.list()).length;
  }

  /** Tags untagged scans with the current person, so nobody else's session ever sends them. */
  async claim(): Promise<void> {
    const owner = this.owner();
    if (!owner) return;
    const tx = this.db.transaction(STORE, 'readwrite');
    for (let cursor = await tx.store.openCursor(); cursor; cursor = await cursor.continue()) {
      if (cursor.value.owner === undefined) await cursor.update({ ...cursor.value, owner });
    }
    await tx.done;
  }

  /** Deletes this person's scans (sign-out, "delete them"). */
  async clear(): Promise<void> {
    const owner = this.owner();
    const tx = this.db.transaction(STORE, 'readwrite');
    for (let cursor = await tx.store.openCursor(); cursor; cursor = await cursor.continue()) {
      if (belongsTo(cursor.value, owner)) await cursor.delete();
    }
    await tx.done;
  }

  /**
   * Works off the queue, oldest first, each entry once per run. The list is read again before each
   * entry, so a scan queued while the run is under way is sent in the same run, and one another
   * sender took meanwhile (`busy`: a live scan being sent) is left to it.
   */
  async sync<Draft>(
    resolve: (entry: QueuedScan) => Promise<ResolveOutcome<Draft>>,
    onProgress?: (done: number, total: number) => void,
    busy: (entry: QueuedScan) => boolean = () => false,
  ): Promise<SyncReport<Draft>> {
    const resolved: Draft[] = [];
    const done: QueuedScan[] = [];
    const tried = new Set<string>();
    let stoppedBy: SyncReport<Draft>['stoppedBy'] = null;
    for (;;) {
      const open = (await this.list()).filter((entry) => !tried.has(entry.id) && !busy(entry));
      const entry = open[0];
      if (!entry) break;
      tried.add(entry.id);
      const outcome = await resolve(entry);
      if (outcome.ok) {
        await this.remove(entry.id);
        resolved.push(outcome.draft);
        done.push(entry);
      } else if (outcome.kind === 'rejected') {
        await this.noteFailure(entry.id, outcome.message);
      } else {
        await this.noteFailure(entry.id, outcome.kind);
        stoppedBy = outcome.kind;
        break;
      }
      onProgress?.(tried.size, tried.size + open.length - 1);
    }
    return { resolved, entries: done, remaining: await this.size(), stoppedBy };
  }

  /**
   * Counts a failed attempt on an entry that is still queued. Another page of the app (a second tab)
   * may sync the same queue: an entry it resolved meanwhile is gone and must not be put back.
   */
  async noteFailure(id: string, lastError: string): Promise<void> {
    const tx = this.db.transaction(STORE, 'readwrite');
    const current = await tx.store.get(id);
    if (current) await tx.store.put({ ...current, attempts: current.attempts + 1, lastError });
    await tx.done;
  }
}
