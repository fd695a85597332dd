import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppConfig } from '../../config/app-config.js';
import { parseEnvironment } from '../../config/env.js';
import { Database } from '../../database/database.js';
import { dataSourceOptions } from '../../database/data-source-options.js';
import { VapidKeyStore } from './vapid-keys.js';

describe('the VAPID key store on a real SQLite file', () => {
  const directory = mkdtempSync(join(tmpdir(), 'hinv-vapid-'));
  let dataSource: DataSource;
  let store: VapidKeyStore;

  beforeAll(async () => {
    dataSource = new DataSource(dataSourceOptions(join(directory, 'app.db')));
    await dataSource.initialize();
    await dataSource.runMigrations();
    store = new VapidKeyStore(new AppConfig(parseEnvironment({ DATA_DIR: directory }), { key: 'k'.repeat(32), source: 'environment' }), new Database(dataSource));
  });
  afterAll(async () => {
    await dataSource.destroy();
    rmSync(directory, { recursive: true, force: true });
  });

  it('makes the key pair once, keeps it sealed, and makes a new one after an erasure emptied the table', async () => {
    const first = await store.keys();
    expect(await store.keys()).toEqual(first);
    const [row] = (await dataSource.query('SELECT vapid_key FROM notification_service_state')) as { vapid_key: string }[];
    expect(row.vapid_key).not.toContain(first.privateKey);
    // What the erasure does: every row goes. The erased private key must not stay in use.
    await dataSource.query('DELETE FROM notification_service_state');
    const second = await store.keys();
    expect(second.publicKey).not.toBe(first.publicKey);
    expect(await store.keys()).toEqual(second);
  });
});
