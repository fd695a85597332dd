import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Sqlite from 'better-sqlite3';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Database } from '../../database/database.js';
import { dataSourceOptions } from '../../database/data-source-options.js';
import { CredentialsRepository } from './credentials.repository.js';

const HASH = 'a'.repeat(64);

/** Remembered token rows never outlive a change, whoever made it. */
describe('CredentialsRepository.tokenByHash (real file)', () => {
  const directory = mkdtempSync(join(tmpdir(), 'hinv-medium-'));
  const file = join(directory, 'app.db');
  let dataSource: DataSource;
  let database: Database;
  let repository: CredentialsRepository;

  beforeAll(async () => {
    dataSource = new DataSource(dataSourceOptions(file));
    await dataSource.initialize();
    await dataSource.runMigrations();
    database = new Database(dataSource);
    repository = new CredentialsRepository(database);
    await database.write(async (manager) => {
      await manager.query(`INSERT INTO households (id, name, created_at) VALUES ('h', 'Home', 'now')`);
      await manager.query(
        `INSERT INTO users (id, household_id, email, display_name, role, password_hash, preferred_locale, created_at, updated_at) VALUES ('u', 'h', NULL, 'U', 'owner', 'x', 'de', 'now', 'now')`,
      );
      await manager.query(
        `INSERT INTO api_tokens (id, user_id, name, prefix, token_hash, scopes, created_at, expires_at, station) VALUES ('t', 'u', 'Home', 'hinv_abc', ?, '["status:read"]', 'now', '2999-01-01T00:00:00.000Z', 0)`,
        [HASH],
      );
    });
  });

  afterAll(async () => {
    await dataSource.destroy();
    rmSync(directory, { recursive: true, force: true });
  });

  it('sees a revocation written through the service at once', async () => {
    expect(repository.tokenByHash(HASH)).toMatchObject({ id: 't', revoked_at: null, role: 'owner', scopes: ['status:read'] });
    expect(repository.tokenByHash(HASH)).toMatchObject({ revoked_at: null });
    await database.write((manager) => manager.query(`UPDATE api_tokens SET revoked_at = 'now' WHERE id = 't'`));
    expect(repository.tokenByHash(HASH)).toMatchObject({ revoked_at: 'now' });
    await database.write((manager) => manager.query(`UPDATE api_tokens SET revoked_at = NULL WHERE id = 't'`));
  });

  it("sees a member's role change made by another process (a command on the same file)", async () => {
    expect(repository.tokenByHash(HASH)).toMatchObject({ role: 'owner', active: 1 });
    const other = new Sqlite(file);
    try {
      other.prepare(`UPDATE users SET role = 'viewer', active = 0 WHERE id = 'u'`).run();
    } finally {
      other.close();
    }
    // Another process's commit is seen from the next event-loop turn on.
    await new Promise((resolve) => setImmediate(resolve));
    expect(repository.tokenByHash(HASH)).toMatchObject({ role: 'viewer', active: 0 });
  });

  it('reads afresh inside an open transaction, which may hold changes not committed yet', async () => {
    let inside: unknown;
    await database.write(async (manager) => {
      await manager.query(`UPDATE users SET role = 'member' WHERE id = 'u'`);
      inside = repository.tokenByHash(HASH);
      throw new Error('rolled back');
    }).catch(() => undefined);
    expect(inside).toMatchObject({ role: 'member' });
    expect(repository.tokenByHash(HASH)).toMatchObject({ role: 'viewer' });
  });

  it('answers an unknown hash with nothing', () => {
    expect(repository.tokenByHash('b'.repeat(64))).toBeUndefined();
  });
});
