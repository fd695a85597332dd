import { Injectable, type BeforeApplicationShutdown } from '@nestjs/common';
import type { Database as SqliteConnection, Statement } from 'better-sqlite3';
import { DataSource, type EntityManager, type QueryRunner } from 'typeorm';
import { WalCheckpointer } from './wal-checkpointer.js';

interface Unit {
  work: (manager: EntityManager) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  /** Runs alone, outside any batch (`exclusive()`): `work` is then ignored. */
  alone?: () => Promise<void>;
}

/** Runs `work` in a transaction of its own, inside an `exclusive()` run. */
export type OwnTransaction = <T>(work: (manager: EntityManager) => Promise<T> | T) => Promise<T>;

/** How long a `writeLater()` unit waits for a batch to join before it starts one. */
const LATER_WITHIN_MS = 20;

/** A unit's own savepoint inside the batch transaction (TypeORM names its nested ones `typeorm_N`). */
const UNIT = 'hinv_unit';

/**
 * The single path for writes, with group commit.
 *
 * better-sqlite3 gives TypeORM one connection, shared by every query runner, so two requests that
 * each opened a transaction would interleave inside one SQLite transaction. `write()` therefore
 * queues every unit of work, and one drain loop runs them one after another.
 *
 * The database runs with `synchronous = FULL`: a commit is on disk (fsync) before it returns, so a
 * power cut loses no acknowledged write. An fsync per request would cap the service at the disk's
 * flush rate, so units that arrive together share one transaction and one fsync:
 *   - the drain starts two event-loop turns after the first unit (`drainSoon`), after every
 *     request parsed meanwhile had the chance to queue its unit; units queued while a batch runs
 *     form the next batch;
 *   - each unit runs in its own SAVEPOINT: a unit that throws is rolled back to it and refused at
 *     once, and its neighbours are unaffected;
 *   - no unit is answered before the COMMIT of its batch has returned, i.e. is durable. If the
 *     commit fails, or SQLite abandoned the whole transaction (disk full, I/O error), every unit of
 *     the batch is refused and nothing of it is on disk.
 *
 * Rules: every INSERT/UPDATE/DELETE goes through `write()`; a read that decides a write (stock
 * availability, idempotency keys, `expected_updated_at`) happens inside the same `write()`.
 * Plain reads may run outside it. A unit must not call `write()` itself (it would wait for its
 * own batch).
 *
 * Copying the WAL into the database file (a checkpoint) happens on a thread of its own every few
 * batches (`WalCheckpointer`), so the checkpoint SQLite runs inside a COMMIT finds little left.
 */
@Injectable()
export class Database implements BeforeApplicationShutdown {
  private queue: Unit[] = [];
  /** Null for a database without a file of its own (`:memory:`). */
  private checkpointer?: WalCheckpointer | null;
  private draining = false;
  private laterTimer?: NodeJS.Timeout;

  constructor(readonly dataSource: DataSource) {}

  get manager(): EntityManager {
    return this.dataSource.manager;
  }

  /** The checkpoint thread closes its connection first, so the service's own is the last and leaves no WAL behind. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.checkpointer?.stop();
  }

  /** The checkpoint thread of this database's file, made with the first commit. */
  get walCheckpointer(): WalCheckpointer | null {
    if (this.checkpointer === undefined) {
      const file = this.dataSource.options.database;
      this.checkpointer = typeof file === 'string' && file !== '' && file !== ':memory:' ? new WalCheckpointer(file) : null;
    }
    return this.checkpointer;
  }

  /**
   * The raw better-sqlite3 connection for hot paths that need prepared statements (credential
   * lookups, stock consumption across many lots). It is the same connection TypeORM uses, so a
   * statement run inside `write()` is part of that unit's transaction; never write outside it.
   */
  get sqlite(): SqliteConnection {
    return (this.dataSource.driver as unknown as { databaseConnection: SqliteConnection }).databaseConnection;
  }

  private unitStatements?: { savepoint: Statement; release: Statement };
  private dataVersionStatement?: Statement<[], number>;
  private totalChangesStatement?: Statement<[], number>;
  /** Other connections' `data_version`, read once per event-loop turn. */
  private dataVersion: number | null = null;
  /** The last answer of `committedState()`, until the turn ends or a batch starts or ends. */
  private knownState: string | null = null;

  /**
   * A value that changes whenever the committed data may have changed: a commit by any other
   * connection or process (`data_version`, read once per event-loop turn: a commit elsewhere is
   * seen from the next turn on, as if it had come a moment later) or any change made on this
   * connection (`total_changes()`, rolled back ones included). Inside an open transaction it is
   * null, since reads there also see changes that are not committed yet. What is read while it
   * stays the same can be answered again without reading it afresh.
   *
   * Every request asks for it two or three times (credential, barcode, review context), so an
   * answer is kept until the turn ends or a batch of the write path starts or ends: only
   * `write()` changes this connection's data.
   */
  committedState(): string | null {
    if (this.knownState !== null) return this.knownState;
    const sqlite = this.sqlite;
    if (sqlite.inTransaction) return null;
    if (this.dataVersion === null) {
      this.dataVersionStatement ??= sqlite.prepare('PRAGMA data_version').pluck() as Statement<[], number>;
      this.dataVersion = this.dataVersionStatement.get()!;
      setImmediate(() => {
        this.dataVersion = null;
        this.knownState = null;
      });
    }
    this.totalChangesStatement ??= sqlite.prepare('SELECT total_changes()').pluck() as Statement<[], number>;
    this.knownState = `${this.dataVersion}:${this.totalChangesStatement.get()!}`;
    return this.knownState;
  }

  write<T>(work: (manager: EntityManager) => Promise<T> | T): Promise<T> {
    const written = this.enqueue(work);
    this.drainSoon();
    return written;
  }

  /**
   * Starts the drain two event-loop turns after the first unit queued: the requests parsed in the
   * same turn and those whose bytes arrived while it ran (the rest of a burst of scans) join one
   * batch and share its fsync. Under 32 concurrent scans one turn gathered 22 units a batch, two
   * gather 30 (8 % more scans per second); a third gathers no more. Alone, a unit waits for two
   * turns of an idle loop: microseconds.
   */
  private drainSoon(): void {
    if (this.draining) return;
    this.draining = true;
    setImmediate(() => setImmediate(() => void this.drain()));
  }

  /**
   * A write nobody waits for (the audit row written after a response): it rides along with the
   * next batch instead of paying an fsync of its own, and starts one itself after
   * `LATER_WITHIN_MS` when no other write came.
   */
  writeLater<T>(work: (manager: EntityManager) => Promise<T> | T): Promise<T> {
    const written = this.enqueue(work);
    this.laterTimer ??= setTimeout(() => {
      this.laterTimer = undefined;
      if (!this.draining) {
        this.draining = true;
        void this.drain();
      }
    }, LATER_WITHIN_MS);
    return written;
  }

  /**
   * Runs `run` with the write path to itself, for work that must find the database and the files
   * at rest and leave them so (the erasure): the writes queued before it are committed first, no
   * write joins its transaction, and none starts until `run` has finished, its file work included.
   * `transaction` runs a unit in a transaction of its own. `run` must not call `write()` (it would
   * wait for itself).
   */
  exclusive<T>(run: (transaction: OwnTransaction) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      // Settles once its batch of one has fully ended (a refused unit is settled before the
      // batch's COMMIT or ROLLBACK ran), so the run never goes on inside an open transaction.
      const transaction: OwnTransaction = async <R>(work: (manager: EntityManager) => Promise<R> | R) => {
        const settled: ({ value: R } | { error: unknown })[] = [];
        await this.commitBatch([
          { work: async (manager) => work(manager), resolve: (value) => settled.push({ value: value as R }), reject: (error) => settled.push({ error }) },
        ]);
        // The last word counts: a unit that ran can still be refused when its commit fails.
        const outcome = settled.at(-1) ?? { error: new Error('the transaction did not settle') };
        if ('error' in outcome) throw outcome.error;
        return outcome.value;
      };
      const alone = () => run(transaction).then(resolve, reject);
      this.queue.push({ work: async () => undefined, resolve: () => undefined, reject, alone });
      this.drainSoon();
    });
  }

  private enqueue<T>(work: (manager: EntityManager) => Promise<T> | T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work: async (manager) => work(manager), resolve: resolve as (value: unknown) => void, reject });
    });
  }

  private async drain(): Promise<void> {
    clearTimeout(this.laterTimer);
    this.laterTimer = undefined;
    try {
      while (this.queue.length > 0) {
        const first = this.queue[0];
        if (first.alone) {
          this.queue.shift();
          await first.alone();
          continue;
        }
        // A batch ends before the next unit that runs alone.
        const alone = this.queue.findIndex((unit) => unit.alone);
        const batch = alone === -1 ? this.queue : this.queue.slice(0, alone);
        this.queue = alone === -1 ? [] : this.queue.slice(alone);
        await this.commitBatch(batch);
      }
    } finally {
      this.draining = false;
    }
  }

  private async commitBatch(batch: Unit[]): Promise<void> {
    this.knownState = null;
    try {
      await this.runBatch(batch);
    } finally {
      this.knownState = null;
    }
  }

  private async runBatch(batch: Unit[]): Promise<void> {
    const sqlite = this.sqlite;
    const done: { unit: Unit; value: unknown }[] = [];
    // A transaction already open here was started outside this path: joining it would tie these
    // units' fate to a writer that may still roll back, and ending it is not ours to do.
    if (sqlite.inTransaction) {
      const error = new Error('a transaction is open outside Database.write()');
      for (const unit of batch) unit.reject(error);
      return;
    }
    // better-sqlite3 has a single TypeORM query runner, shared by every caller.
    const runner: QueryRunner = this.dataSource.createQueryRunner();
    try {
      await runner.startTransaction();
      // Prepared once: compiling the two statements again for every unit cost more than running them.
      this.unitStatements ??= { savepoint: sqlite.prepare(`SAVEPOINT ${UNIT}`), release: sqlite.prepare(`RELEASE ${UNIT}`) };
      const { savepoint, release } = this.unitStatements;
      for (const unit of batch) {
        savepoint.run();
        try {
          done.push({ unit, value: await unit.work(runner.manager) });
          release.run();
        } catch (error) {
          // SQLite rolls a whole transaction back on some errors (SQLITE_FULL, SQLITE_IOERR…):
          // then the units before this one are gone too, and the batch fails as a whole.
          if (!sqlite.inTransaction) throw error;
          sqlite.exec(`ROLLBACK TO ${UNIT}`);
          sqlite.exec(`RELEASE ${UNIT}`);
          unit.reject(error);
        }
      }
      await runner.commitTransaction();
    } catch (error) {
      if (sqlite.inTransaction) sqlite.exec('ROLLBACK');
      // TypeORM's one SQLite query runner is shared by everyone: it must not go on believing in a
      // transaction that SQLite (or the ROLLBACK above) has ended.
      Object.assign(runner, { isTransactionActive: false, transactionDepth: 0 });
      // Nothing of this batch is on disk. Units refused on their own already settled, so this
      // refuses exactly the others.
      for (const unit of batch) unit.reject(error);
      return;
    }
    for (const { unit, value } of done) unit.resolve(value);
    this.walCheckpointer?.committed();
  }
}
