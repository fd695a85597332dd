import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataSource } from 'typeorm';
import { SESSION_BY_HASH_SQL, TOKEN_BY_HASH_SQL } from '../modules/auth/credentials.repository.js';
import { CONTEXT_SQL, LOCAL_HIT_SQL } from '../modules/scans/scan-drafts.repository.js';
import { Database } from './database.js';
import { dataSourceOptions } from './data-source-options.js';

/** The statements every authenticated request and every scan runs, with the parameters they bind. */
const HOT_STATEMENTS: [string, string, unknown][] = [
  ['token by hash', TOKEN_BY_HASH_SQL, 'a'.repeat(64)],
  ['session by hash', SESSION_BY_HASH_SQL, 'a'.repeat(64)],
  ['local barcode hit', LOCAL_HIT_SQL, '4006381333931'],
  ['draft review context', CONTEXT_SQL, { productId: 'p', variantId: null }],
];

describe('the hot prepared statements (real file, committed migrations)', () => {
  const directory = mkdtempSync(join(tmpdir(), 'hinv-medium-'));
  let dataSource: DataSource;
  let database: Database;

  beforeAll(async () => {
    dataSource = new DataSource(dataSourceOptions(join(directory, 'app.db')));
    await dataSource.initialize();
    await dataSource.runMigrations();
    database = new Database(dataSource);
  });

  afterAll(async () => {
    await dataSource.destroy();
    rmSync(directory, { recursive: true, force: true });
  });

  // boundText() wraps their parameters in a CAST so SQLite does not compile them again on every
  // bind; the CAST must not cost the index.
  it.each(HOT_STATEMENTS)('%s searches indexes only, never scans a table', (_name, sql, parameter) => {
    const plan = database.sqlite.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(parameter) as { detail: string }[];
    const steps = plan.map((step) => step.detail);
    expect(steps.filter((step) => step.startsWith('SEARCH')).length).toBeGreaterThan(0);
    expect(steps.filter((step) => step.startsWith('SCAN'))).toEqual([]);
  });
});
