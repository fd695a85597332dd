import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { stripSeparators } from '@hinv/shared';
import { belongsTo, type Owned } from '../../app/queue-owner';

export type ScanMode = 'identify' | 'add' | 'consume' | 'open' | 'shopping';

/** What a scan made offline keeps: the normalised code, the action, when, and one stable key. */
export interface QueuedScan extends Owned {
  id: string;
  code: string;
  mode: ScanMode;
  clientMutationId: string;
  createdAt: number;
  attempts: number;
  lastError: string | null;
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
 * The offline scan queue (IndexedDB). Rules: only the normalised code, mode, time and one stable
 * `client_mutation_id` are kept; the same code and mode is queued once; at 100 entries new scans
 * are refused; sync resolves in order with the original key, stops on 401 or a network error
 * keeping every entry, records other errors and moves on; nothing is ever confirmed.
 */
export class OfflineScanQueue {
  constructor(
    private readonly db: IDBPDatabase<QueueSchema>,
    private readonly now: () => number = () => Date.now(),
    private readonly newId: () => string = () => crypto.randomUUID(),
    /** Whose scans this page sees and sends (see app/queue-owner.ts); null: all (a station). */
    private readonly owner: () => string | null = () => null,
  ) {}

  async enqueue(raw: string, mode: ScanMode): Promise<EnqueueResult> {
    const code = stripSeparators(raw);
    if (!/^\d{4,18}$/.test(code)) return { status: 'invalid' };
    // One read-write transaction, so two scans cannot both pass the duplicate and limit checks.
    const tx = this.db.transaction(STORE, 'readwrite');
    const all = await tx.store.getAll();
    const entries = all.filter((entry) => belongsTo(entry, this.owner()));
    const duplicate = entries.find((entry) => entry.code === code && entry.mode === mode);
    if (duplicate) {
      await tx.done;
      return { status: 'duplicate', entry: duplicate };
    }
    // The device's limit: other people's kept scans count too.
    if (all.length >= QUEUE_LIMIT) {
      await tx.done;
      return { status: 'full' };
    }
    const owner = this.owner();
    const entry: QueuedScan = {
      id: this.newId(),
      code,
      mode,
      clientMutationId: `offline_${this.newId()}`,
      createdAt: this.now(),
      attempts: 0,
      lastError: null,
      ...(owner ? { owner } : {}),
    };
    await tx.store.add(entry);
    await tx.done;
    return { status: 'queued', entry };
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

  async sync<Draft>(resolve: (entry: QueuedScan) => Promise<ResolveOutcome<Draft>>, onProgress?: (done: number, total: number) => void): Promise<SyncReport<Draft>> {
    const entries = await this.list();
    const resolved: Draft[] = [];
    let stoppedBy: SyncReport<Draft>['stoppedBy'] = null;
    for (const [index, entry] of entries.entries()) {
      const outcome = await resolve(entry);
      if (outcome.ok) {
        await this.db.delete(STORE, entry.id);
        resolved.push(outcome.draft);
      } else if (outcome.kind === 'rejected') {
        await this.noteFailure(entry.id, outcome.message);
      } else {
        await this.noteFailure(entry.id, outcome.kind);
        stoppedBy = outcome.kind;
        break;
      }
      onProgress?.(index + 1, entries.length);
    }
    return { resolved, remaining: await this.size(), stoppedBy };
  }

  /**
   * Counts a failed attempt on an entry that is still queued. Syncs can overlap (the offline shell's
   * and the signed-in screen's after a reconnect), each going through the list it read at its start:
   * an entry another sync resolved meanwhile is gone and must not be put back.
   */
  private async noteFailure(id: string, lastError: string): Promise<void> {
    const tx = this.db.transaction(STORE, 'readwrite');
    const current = await tx.store.get(id);
    if (current) await tx.store.put({ ...current, attempts: current.attempts + 1, lastError });
    await tx.done;
  }
}
