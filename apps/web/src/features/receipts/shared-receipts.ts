import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { belongsTo, type Owned } from '../../app/queue-owner';

/**
 * A file another app shared with the installed app (a photo from the gallery, a PDF from a mail
 * app), kept on the device until the server has answered for it. The bytes live in a store of
 * their own, so listing the queue never loads them.
 */
export interface SharedReceipt extends Owned {
  id: string;
  name: string;
  type: string;
  size: number;
  sharedAt: number;
  attempts: number;
  /** Why the last attempt did not land: the HTTP status (0: no connection) and the server's words. */
  lastError: UploadProblem | null;
}

export interface UploadProblem {
  status: number;
  detail: string | null;
}

/** A file as the service worker hands it over. */
export interface IncomingFile {
  name: string;
  type: string;
  data: ArrayBuffer;
}

/** At most this many files wait; a share beyond it keeps what fits and says so. */
export const SHARED_LIMIT = 20;

export type UploadOutcome<Receipt> = { ok: true; receipt: Receipt } | ({ ok: false } & UploadProblem);

/** What became of one file in a run: stored, refused for good, or kept for later. */
export type SharedOutcome<Receipt> =
  | { entry: SharedReceipt; receipt: Receipt }
  | { entry: SharedReceipt; refused: UploadProblem }
  | { entry: SharedReceipt; kept: UploadProblem };

export interface SharedSyncReport<Receipt> {
  uploaded: { entry: SharedReceipt; receipt: Receipt }[];
  /** Refused for good (a 4xx that asking again cannot change): removed from the queue. */
  refused: { entry: SharedReceipt; problem: UploadProblem }[];
  remaining: number;
  /** Why the run stopped with files still waiting: no connection, sign-in or role, a server problem. */
  stoppedBy: UploadProblem | null;
}

interface SharedSchema extends DBSchema {
  shared: { key: string; value: SharedReceipt; indexes: { bySharedAt: number } };
  files: { key: string; value: ArrayBuffer };
}

/** Not another feature's database: each feature owns its own, so none has to know the others' versions. */
const DB_NAME = 'household-inventory-receipts';
const SYNC_LOCK = 'household-inventory-shared-receipts';

export function openSharedReceiptDatabase(factory?: IDBFactory): Promise<IDBPDatabase<SharedSchema>> {
  const open = () =>
    openDB<SharedSchema>(DB_NAME, 1, {
      upgrade(db) {
        db.createObjectStore('shared', { keyPath: 'id' }).createIndex('bySharedAt', 'sharedAt');
        db.createObjectStore('files');
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
 * Whether asking again can change the answer: no connection, the session or role (sign in again,
 * or someone else signs in), a timeout, too many requests, or a problem on the server. Any other
 * 4xx (a file that is not a receipt, too large, unreadable) is the same answer next time.
 */
export function worthRetrying(status: number): boolean {
  return status === 0 || status === 401 || status === 403 || status === 408 || status === 429 || status >= 500;
}

/**
 * The queue of shared receipt files (IndexedDB). The service worker adds what was shared; the
 * receipts screen uploads it oldest first. A file leaves the queue only when the server has
 * answered for it: stored, or refused for good (the refusal is reported). Without a connection,
 * on 401 or 403 and on a server problem the run stops and every file stays.
 */
export class SharedReceiptQueue {
  private running: Promise<unknown> | null = null;

  constructor(
    private readonly db: IDBPDatabase<SharedSchema>,
    private readonly now: () => number = () => Date.now(),
    private readonly newId: () => string = () => crypto.randomUUID(),
    /** Whose files this page sees and sends (see app/queue-owner.ts); null: all (the service worker). */
    private readonly owner: () => string | null = () => null,
  ) {}

  /** Keeps what fits under {@link SHARED_LIMIT}, in the order given; `dropped` counts the rest. */
  async add(files: readonly IncomingFile[]): Promise<{ kept: SharedReceipt[]; dropped: number }> {
    // One read-write transaction, so two shares at once cannot both pass the limit.
    const tx = this.db.transaction(['shared', 'files'], 'readwrite');
    const room = Math.max(0, SHARED_LIMIT - (await tx.objectStore('shared').count()));
    const kept: SharedReceipt[] = [];
    for (const file of files.slice(0, room)) {
      const entry: SharedReceipt = { id: this.newId(), name: file.name, type: file.type, size: file.data.byteLength, sharedAt: this.now(), attempts: 0, lastError: null };
      await tx.objectStore('files').put(file.data, entry.id);
      await tx.objectStore('shared').add(entry);
      kept.push(entry);
    }
    await tx.done;
    return { kept, dropped: files.length - kept.length };
  }

  /**
   * This person's files, oldest first, without the bytes. The service worker stores a share
   * untagged (it does not know who is signed in): the first signed-in page that lists it claims it.
   */
  async list(): Promise<SharedReceipt[]> {
    await this.claim();
    const owner = this.owner();
    return (await this.db.getAllFromIndex('shared', 'bySharedAt')).filter((entry) => belongsTo(entry, owner));
  }

  /** Tags untagged files with the current person, so nobody else's session uploads them. */
  async claim(): Promise<void> {
    const owner = this.owner();
    if (!owner) return;
    const tx = this.db.transaction('shared', 'readwrite');
    for (let cursor = await tx.store.openCursor(); cursor; cursor = await cursor.continue()) {
      if (cursor.value.owner === undefined) await cursor.update({ ...cursor.value, owner });
    }
    await tx.done;
  }

  /** Deletes this person's waiting files (sign-out, "delete them"). */
  async clear(): Promise<void> {
    for (const entry of await this.list()) await this.remove(entry.id);
  }

  /** The file as it was shared, or null once it has left the queue. */
  async file(entry: SharedReceipt): Promise<File | null> {
    const data = await this.db.get('files', entry.id);
    return data ? new File([data], entry.name, { type: entry.type, lastModified: entry.sharedAt }) : null;
  }

  async remove(id: string): Promise<void> {
    const tx = this.db.transaction(['shared', 'files'], 'readwrite');
    await Promise.all([tx.objectStore('shared').delete(id), tx.objectStore('files').delete(id), tx.done]);
  }

  /**
   * Uploads the waiting files oldest first. One run at a time per page (a run asked for while one
   * is going waits for it and then looks again); across tabs the Web Locks API keeps a second page
   * from sending the same file at once.
   */
  sync<Receipt>(
    upload: (entry: SharedReceipt, file: File) => Promise<UploadOutcome<Receipt>>,
    onSettled?: (outcome: SharedOutcome<Receipt>) => void,
  ): Promise<SharedSyncReport<Receipt>> {
    const previous = this.running ?? Promise.resolve();
    const run = previous.then(
      () => this.locked(() => this.upload(upload, onSettled)),
      () => this.locked(() => this.upload(upload, onSettled)),
    );
    this.running = run;
    const settle = () => {
      if (this.running === run) this.running = null;
    };
    void run.then(settle, settle);
    return run;
  }

  private locked<T>(work: () => Promise<T>): Promise<T> {
    const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
    return locks ? locks.request(SYNC_LOCK, work) : work();
  }

  private async upload<Receipt>(
    upload: (entry: SharedReceipt, file: File) => Promise<UploadOutcome<Receipt>>,
    onSettled?: (outcome: SharedOutcome<Receipt>) => void,
  ): Promise<SharedSyncReport<Receipt>> {
    const report: SharedSyncReport<Receipt> = { uploaded: [], refused: [], remaining: 0, stoppedBy: null };
    // The list as it is stored now: another page's run may have sent some of it meanwhile.
    for (const entry of await this.list()) {
      const file = await this.file(entry);
      if (!file) {
        await this.remove(entry.id);
        continue;
      }
      const outcome = await upload(entry, file);
      if (outcome.ok) {
        await this.remove(entry.id);
        report.uploaded.push({ entry, receipt: outcome.receipt });
        onSettled?.({ entry, receipt: outcome.receipt });
        continue;
      }
      const problem: UploadProblem = { status: outcome.status, detail: outcome.detail };
      if (!worthRetrying(problem.status)) {
        await this.remove(entry.id);
        report.refused.push({ entry, problem });
        onSettled?.({ entry, refused: problem });
        continue;
      }
      await this.noteFailure(entry.id, problem);
      report.stoppedBy = problem;
      onSettled?.({ entry, kept: problem });
      break;
    }
    report.remaining = (await this.list()).length;
    return report;
  }

  /** Counts a failed attempt on a file that is still queued (it may have been removed meanwhile). */
  private async noteFailure(id: string, lastError: UploadProblem): Promise<void> {
    const tx = this.db.transaction('shared', 'readwrite');
    const current = await tx.store.get(id);
    if (current) await tx.store.put({ ...current, attempts: current.attempts + 1, lastError });
    await tx.done;
  }
}
