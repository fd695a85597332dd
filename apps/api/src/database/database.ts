import { Injectable } from '@nestjs/common';
import { Mutex } from 'async-mutex';
import type { Database as SqliteConnection } from 'better-sqlite3';
import { DataSource, type EntityManager } from 'typeorm';

/**
 * The single path for writes.
 *
 * better-sqlite3 gives TypeORM one connection, shared by every query runner. Two requests that
 * each open a transaction would interleave their statements inside one SQLite transaction, and
 * a rollback of one would undo the other. `write()` therefore queues every unit of work on one
 * mutex and runs it inside a transaction: units run one after another, each commits or rolls
 * back alone, and a failed request leaves the database as it was.
 *
 * Rules: every INSERT/UPDATE/DELETE goes through `write()`; a read that decides a write (stock
 * availability, idempotency keys, `expected_updated_at`) happens inside the same `write()`.
 * Plain reads may run outside it.
 */
@Injectable()
export class Database {
  private readonly writeLock = new Mutex();

  constructor(readonly dataSource: DataSource) {}

  get manager(): EntityManager {
    return this.dataSource.manager;
  }

  /**
   * The raw better-sqlite3 connection for hot paths that need prepared statements (credential
   * lookups, stock consumption across many lots). It is the same connection TypeORM uses, so a
   * statement run inside `write()` is part of that unit's transaction; never write outside it.
   */
  get sqlite(): SqliteConnection {
    return (this.dataSource.driver as unknown as { databaseConnection: SqliteConnection }).databaseConnection;
  }

  write<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.writeLock.runExclusive(() => this.dataSource.transaction((manager) => work(manager)));
  }
}
