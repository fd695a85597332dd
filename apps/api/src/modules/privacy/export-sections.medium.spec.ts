import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../database/data-source-options.js';
import { EXPORT_SECTIONS, NOT_EXPORTED } from './export-sections.js';

/** Column names no allow-list may ever contain, whatever table they sit in. */
const SECRET_COLUMNS = /hash|secret|api_key|public_key|credential_id|challenge|source_hash|p256dh|auth_key|endpoint/;

describe('export allow-list against the migrated schema', () => {
  const directory = mkdtempSync(join(tmpdir(), 'hinv-export-sections-'));
  let dataSource: DataSource;
  let schema: Map<string, string[]>;

  beforeAll(async () => {
    dataSource = new DataSource(dataSourceOptions(join(directory, 'app.db')));
    await dataSource.initialize();
    await dataSource.runMigrations();
    const tables: { name: string }[] = await dataSource.query("SELECT name FROM sqlite_master WHERE type = 'table'");
    schema = new Map();
    for (const { name } of tables) {
      const columns: { name: string }[] = await dataSource.query(`PRAGMA table_info("${name}")`);
      schema.set(name, columns.map((column) => column.name));
    }
  });
  afterAll(async () => {
    await dataSource.destroy();
    rmSync(directory, { recursive: true, force: true });
  });

  it('names every table of the schema exactly once: exported or excluded with a reason', () => {
    const exported = EXPORT_SECTIONS.flatMap((section) => section.tables.map((table) => table.table));
    expect(new Set(exported).size).toBe(exported.length);
    for (const table of exported) expect(NOT_EXPORTED[table], table).toBeUndefined();
    const unlisted = [...schema.keys()].filter((table) => !exported.includes(table) && !(table in NOT_EXPORTED));
    expect(unlisted).toEqual([]);
  });

  it('lists only columns that exist, no secret column, and unique count names', () => {
    const counts = new Set<string>();
    for (const section of EXPORT_SECTIONS) {
      for (const table of section.tables) {
        const columns = schema.get(table.table);
        expect(columns, table.table).toBeDefined();
        for (const column of table.columns) {
          expect(columns, `${table.table}.${column}`).toContain(column);
          expect(column, `${table.table}.${column}`).not.toMatch(SECRET_COLUMNS);
        }
        for (const column of [...(table.json ?? []), ...(table.booleans ?? []), ...Object.keys(table.rewrite ?? {})]) expect(table.columns).toContain(column);
        expect(counts.has(table.count), table.count).toBe(false);
        counts.add(table.count);
      }
    }
  });

  it('leaves out the secret columns the schema does have', () => {
    const exportedColumns = (name: string) => EXPORT_SECTIONS.flatMap((s) => s.tables).find((t) => t.table === name)?.columns ?? [];
    expect(exportedColumns('users')).not.toContain('password_hash');
    expect(exportedColumns('users')).not.toContain('totp_secret');
    expect(exportedColumns('sessions')).not.toContain('token_hash');
    expect(exportedColumns('api_tokens')).not.toContain('token_hash');
    expect(exportedColumns('api_tokens')).not.toContain('prefix');
    expect(exportedColumns('invitations')).not.toContain('token_hash');
    expect(exportedColumns('passkeys')).not.toContain('public_key');
    expect(exportedColumns('instance_settings')).not.toContain('provider_api_key');
    expect(exportedColumns('instance_settings')).not.toContain('grocy_api_key');
  });
});
