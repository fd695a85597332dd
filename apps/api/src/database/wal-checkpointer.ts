import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { Logger } from '@nestjs/common';

/**
 * The thread's code: a connection of its own to the database file and one PASSIVE checkpoint per
 * message. A PASSIVE checkpoint takes no lock a writer or reader waits for: it copies what no
 * reader still needs and leaves the rest to the next one.
 */
const THREAD_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Sqlite = require(workerData.driver);
const db = new Sqlite(workerData.file, { fileMustExist: true, timeout: 0 });
db.pragma('synchronous = FULL');
parentPort.on('message', (message) => {
  if (message === 'stop') {
    db.close();
    parentPort.close();
    return;
  }
  try {
    const [result] = db.pragma('wal_checkpoint(PASSIVE)');
    parentPort.postMessage({ log: result.log, checkpointed: result.checkpointed });
  } catch (error) {
    parentPort.postMessage({ error: String(error) });
  }
});
`;

export interface CheckpointerOptions {
  /** Committed batches between two checkpoints. */
  everyCommits: number;
  /** How long the thread stays after its last checkpoint. */
  idleMs: number;
}

const DEFAULTS: CheckpointerOptions = { everyCommits: 16, idleMs: 30_000 };

/**
 * Copies the WAL into the database file on a thread of its own while the service goes on.
 *
 * SQLite checkpoints by itself inside the COMMIT that takes the WAL past 1,000 pages: it copies
 * those pages into the database file and syncs it, and the event loop waits the whole time (under
 * a scanner station's load every ~50th batch, 10–20 ms on a busy disk, which every request of that
 * batch and the next one waits for). With this thread copying the pages every few batches, the
 * checkpoint inside a COMMIT, when it still comes, finds little left to copy.
 *
 * Nothing about durability changes: a commit is on disk (fsync of the WAL, synchronous = FULL)
 * before it returns, whoever copies it into the database file later, and a checkpoint cut short
 * (a crash) is done again from the WAL. If the thread cannot start or fails, SQLite's own
 * checkpoint does all the work as before. The thread starts with the first writes and ends after
 * `idleMs` without one, so an idle service holds no second connection or thread.
 */
export class WalCheckpointer {
  private readonly logger = new Logger('WalCheckpointer');
  private readonly options: CheckpointerOptions;
  private thread?: Worker;
  private running = false;
  private failed = false;
  private commitsSince = 0;
  private idleTimer?: NodeJS.Timeout;
  private stopped?: Promise<void>;
  /** Checkpoints the thread has finished (for tests and diagnostics). */
  completed = 0;
  private onCompleted: (() => void)[] = [];

  constructor(
    private readonly file: string,
    options: Partial<CheckpointerOptions> = {},
  ) {
    this.options = { ...DEFAULTS, ...options };
  }

  /** After each committed batch: every `everyCommits` commits one checkpoint, never two at once. Never throws. */
  committed(): void {
    if (this.failed || ++this.commitsSince < this.options.everyCommits || this.running) return;
    this.commitsSince = 0;
    clearTimeout(this.idleTimer);
    try {
      (this.thread ??= this.start()).postMessage('checkpoint');
      this.running = true;
    } catch (error) {
      this.fail(error);
    }
  }

  /** Resolves once the thread has finished the checkpoint running now, or the next one. */
  nextCheckpoint(): Promise<void> {
    return new Promise((resolve) => this.onCompleted.push(resolve));
  }

  /** Ends the thread and closes its connection (before the service closes its own, so that one is the last). */
  async stop(): Promise<void> {
    clearTimeout(this.idleTimer);
    this.failed = true;
    await this.end();
  }

  private start(): Worker {
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    const thread = new Worker(THREAD_SOURCE, { eval: true, workerData: { file: this.file, driver } });
    // It never keeps the process alive: a process that ends closes the thread's connection too.
    thread.unref();
    thread.on('message', (result: { log: number; checkpointed: number } | { error: string }) => {
      this.running = false;
      this.completed++;
      for (const resolve of this.onCompleted.splice(0)) resolve();
      if ('error' in result) this.logger.warn({ message: 'WAL checkpoint failed', error: result.error });
      this.idleTimer = setTimeout(() => void this.end(), this.options.idleMs).unref();
    });
    thread.on('error', (error) => this.fail(error));
    thread.on('exit', () => {
      if (this.thread !== thread) return;
      this.thread = undefined;
      this.running = false;
    });
    return thread;
  }

  /** SQLite's own checkpoint inside the commits goes on doing all the work, as without this thread. */
  private fail(error: unknown): void {
    this.failed = true;
    this.running = false;
    this.thread = undefined;
    this.logger.error({ message: 'WAL checkpoint thread failed; checkpoints stay in the commits', error: String(error) });
  }

  /** Lets the thread close its connection and end; a new one starts with the next checkpoint. */
  private end(): Promise<void> {
    const thread = this.thread;
    if (!thread) return this.stopped ?? Promise.resolve();
    this.thread = undefined;
    this.stopped = new Promise<void>((resolve) => thread.once('exit', () => resolve()));
    thread.postMessage('stop');
    return this.stopped;
  }
}
