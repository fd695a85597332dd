import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataSource } from 'typeorm';
import { SESSION_BY_HASH_SQL, TOKEN_BY_HASH_SQL } from '../modules/auth/credentials.repository.js';
import { CONTEXT_SQL, LOCAL_HIT_SQL, RESOLVE_KEY_SQL } from '../modules/scans/scan-drafts.repository.js';
import { Database } from './database.js';
import { dataSourceOptions } from './data-source-options.js';

/** The statements every authenticated request and every scan runs, with the parameters they bind. */
const HOT_STATEMENTS: [string, string, unknown][] = [
  ['token by hash', TOKEN_BY_HASH_SQL, 'a'.repeat(64)],
  ['session by hash', SESSION_BY_HASH_SQL, 'a'.repeat(64)],
  ['local barcode hit', LOCAL_HIT_SQL, '4006381333931'],
  ['draft review context', CONTEXT_SQL, { productId: 'p', variantId: null }],
  ['draft by resolve key', RESOLVE_KEY_SQL, 'key-1'],
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

  describe('the scan drafts every scan inserts', () => {
    const draft = (id: string, status: string, keys: { resolve?: string; confirm?: string } = {}) =>
      database.sqlite
        .prepare(
          `INSERT INTO scan_drafts (id, barcode_raw, barcode_normalized, symbology, mode, status, resolution_source, resolve_key, confirm_key, created_at, updated_at)
           VALUES (?, '4006381333931', '4006381333931', 'ean13', 'identify', ?, 'local', ?, ?, ?, ?)`,
        )
        .run(id, status, keys.resolve ?? null, keys.confirm ?? null, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z');
    const entries = (index: string, condition = '') => (database.sqlite.prepare(`SELECT COUNT(*) AS n FROM scan_drafts INDEXED BY ${index} ${condition}`).get() as { n: number }).n;
    const plan = (sql: string, ...parameters: unknown[]) =>
      (database.sqlite.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...parameters) as { detail: string }[]).map((step) => step.detail).join(' | ');

    it('index a draft of a known code without keys only by its id and in the inbox', () => {
      draft('a', 'resolved');
      expect(entries('idx_scan_drafts_inbox')).toBe(1);
      // A partial index is read with its own condition (SQLite refuses INDEXED BY without it).
      expect(entries('idx_scan_drafts_resolve_key', 'WHERE resolve_key IS NOT NULL')).toBe(0);
      expect(entries('idx_scan_drafts_confirm_key', 'WHERE confirm_key IS NOT NULL')).toBe(0);
      expect(entries('idx_scan_drafts_unresolved_code', "WHERE status = 'unresolved'")).toBe(0);
      const partial = database.sqlite.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'scan_drafts' AND sql LIKE '% WHERE %'").all() as { name: string }[];
      expect(partial.map((index) => index.name).sort()).toEqual(['idx_scan_drafts_confirm_key', 'idx_scan_drafts_resolve_key', 'idx_scan_drafts_unresolved_code']);
    });

    it('keep each key unique where it is set', () => {
      draft('b', 'resolved', { resolve: 'key-1', confirm: 'confirm-1' });
      expect(() => draft('c', 'resolved', { resolve: 'key-1' })).toThrow(/UNIQUE/);
      expect(() => draft('d', 'resolved', { confirm: 'confirm-1' })).toThrow(/UNIQUE/);
    });

    it('are found by key and, while unresolved, by code through an index', () => {
      expect(plan('SELECT * FROM scan_drafts WHERE confirm_key = ?', 'confirm-1')).toMatch(/USING INDEX idx_scan_drafts_confirm_key/);
      expect(plan('SELECT * FROM scan_drafts WHERE resolve_key = ?', 'key-1')).toMatch(/USING INDEX idx_scan_drafts_resolve_key/);
      // As TypeORM asks it (ScansService.reuseOrInsertUnresolved): the status bound as a parameter.
      expect(plan('SELECT * FROM scan_drafts WHERE barcode_normalized = ? AND mode = ? AND status = ? ORDER BY updated_at DESC LIMIT 1', '4006381333931', 'identify', 'unresolved')).toBe(
        'SEARCH scan_drafts USING INDEX idx_scan_drafts_unresolved_code (barcode_normalized=? AND mode=?)',
      );
      expect(plan("SELECT * FROM scan_drafts WHERE status = 'unresolved' ORDER BY updated_at DESC LIMIT 100")).toMatch(/USING INDEX idx_scan_drafts_inbox/);
    });
  });
});
