import type { DataSourceOptions } from 'typeorm';
import { ENTITIES } from './entities.js';
import { MIGRATIONS } from './migrations/index.js';

/**
 * The one description of the database, shared by the server, the migration check and the
 * medium tests. Entities and migrations are listed explicitly (no globs) so the built server,
 * the tests and the bundle-free ESM loader all see the same set.
 */
export function dataSourceOptions(databaseFile: string): DataSourceOptions {
  return {
    type: 'better-sqlite3',
    database: databaseFile,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsRun: false,
    migrationsTransactionMode: 'each',
    synchronize: false,
    // WAL lets readers proceed during a write; foreign keys are off by default in SQLite;
    // the busy timeout covers other processes (backup and key-rotation commands).
    // synchronous = FULL: a commit returns only once the WAL is flushed to disk, so a power cut
    // loses no answered write; Database.write() groups commits to pay that flush once per batch.
    enableWAL: true,
    timeout: 5000,
    prepareDatabase: (db: { pragma: (statement: string) => unknown }) => {
      db.pragma('synchronous = FULL');
      // SQLite's own default page cache (2 MB) instead of the 16 MB better-sqlite3 is built with:
      // the operating system caches the file anyway, and a page read from there is microseconds,
      // while a full cache would stay resident in the service for good.
      db.pragma('cache_size = -2000');
    },
  };
}
