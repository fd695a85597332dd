import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Sqlite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { DataSource } from 'typeorm';
import { Database } from './database.js';
import { dataSourceOptions } from './data-source-options.js';

/** A database file with every committed migration and a table of its own to fill. */
async function openDatabase() {
  const directory = mkdtempSync(join(tmpdir(), 'hinv-checkpoint-'));
  const file = join(directory, 'app.db');
  const dataSource = new DataSource(dataSourceOptions(file));
  await dataSource.initialize();
  await dataSource.runMigrations();
  const database = new Database(dataSource);
  database.sqlite.exec('CREATE TABLE filler (n INTEGER NOT NULL, text TEXT NOT NULL)');
  // An empty WAL: everything so far is in the database file.
  database.sqlite.pragma('wal_checkpoint(TRUNCATE)');
  return { directory, file, dataSource, database };
}

/** One batch of its own: a row of 8 KB, two new pages of the database. */
const insertRow = (database: Database, n: number) => database.write(() => database.sqlite.prepare('INSERT INTO filler (n, text) VALUES (?, ?)').run(n, 'x'.repeat(8192)));

describe('the WAL checkpoint thread (real file, committed migrations)', () => {
  const opened: Awaited<ReturnType<typeof openDatabase>>[] = [];
  const open = async () => {
    const handle = await openDatabase();
    opened.push(handle);
    return handle;
  };

  afterEach(async () => {
    for (const { directory, dataSource, database } of opened.splice(0)) {
      await database.beforeApplicationShutdown();
      if (dataSource.isInitialized) await dataSource.destroy();
      rmSync(directory, { recursive: true, force: true });
    }
  });

  it('copies the WAL into the database file every 16 commits, long before SQLite would in a commit', async () => {
    const { file, database } = await open();
    const sizeBefore = statSync(file).size;
    for (let n = 0; n < 15; n++) await insertRow(database, n);
    // 15 commits of ~3 WAL pages each: SQLite's own checkpoint waits for 1,000 pages.
    expect(statSync(file).size).toBe(sizeBefore);
    const checkpointed = database.walCheckpointer!.nextCheckpoint();
    await insertRow(database, 15);
    await checkpointed;
    expect(statSync(file).size).toBeGreaterThanOrEqual(sizeBefore + 16 * 8192);
  });

  it('loses no committed row while it copies pages and writes go on', async () => {
    const { file, dataSource, database } = await open();
    const checkpointed = database.walCheckpointer!.nextCheckpoint();
    const writes: Promise<unknown>[] = [];
    for (let n = 0; n < 400; n++) {
      writes.push(insertRow(database, n));
      // Batches of a few rows each, as a busy service commits them.
      if (n % 4 === 3) await writes.at(-1);
    }
    await Promise.all(writes);
    await checkpointed;
    await database.beforeApplicationShutdown();
    await dataSource.destroy();
    const reopened = new Sqlite(file, { readonly: true });
    try {
      expect(reopened.pragma('integrity_check')).toEqual([{ integrity_check: 'ok' }]);
      expect(reopened.prepare('SELECT COUNT(*) AS rows, SUM(n) AS total FROM filler').get()).toEqual({ rows: 400, total: (399 * 400) / 2 });
    } finally {
      reopened.close();
    }
  });

  it('closes its connection before the service closes its own, which then leaves no WAL behind', async () => {
    const { file, dataSource, database } = await open();
    const checkpointed = database.walCheckpointer!.nextCheckpoint();
    for (let n = 0; n < 16; n++) await insertRow(database, n);
    await checkpointed;
    await database.beforeApplicationShutdown();
    await dataSource.destroy();
    expect(existsSync(`${file}-wal`)).toBe(false);
  });
});
