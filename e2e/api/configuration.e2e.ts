import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { runUntilExit, startServer, tempDataDir } from '../support/server.js';

const STRONG_KEY = 'e2e-only-key-0123456789abcdefghijklmnopqrstuvwxyz';

describe('configuration at boot', () => {
  it('stops on an out-of-range value, naming the variable and the range, without a stack trace', async () => {
    const { code, output } = await runUntilExit({ LOGIN_MAX_FAILURES: '1', NOTIFICATION_CHECK_SECONDS: '30' });
    expect(code).toBe(1);
    expect(output).toContain('LOGIN_MAX_FAILURES must be a whole number from 2 to 50');
    expect(output).toContain('NOTIFICATION_CHECK_SECONDS must be a whole number from 60 to 86400');
    expect(output).not.toMatch(/\n\s+at /);
  });

  it('refuses to start a public instance without a strong APP_SECRET_KEY', async () => {
    const { code, output } = await runUntilExit({ DEPLOYMENT_PROFILE: 'public_https', APP_SECRET_KEY: 'development-change-me' });
    expect(code).toBe(1);
    expect(output).toContain('APP_SECRET_KEY must be at least 32 random characters');
  });

  it('generates DATA_DIR/secret.key (mode 0600) once on the lan profile and keeps it', async () => {
    const dataDir = tempDataDir();
    const first = await startServer({ DATA_DIR: dataDir });
    await first.stop();
    expect(first.output()).toContain('generated a new key');
    const keyFile = join(dataDir, 'secret.key');
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    const key = readFileSync(keyFile, 'utf8');
    const second = await startServer({ DATA_DIR: dataDir });
    await second.stop();
    expect(second.output()).not.toContain('generated a new key');
    expect(readFileSync(keyFile, 'utf8')).toBe(key);
  });

  it('creates the SQLite database in DATA_DIR in WAL mode with the migrations applied', async () => {
    const dataDir = tempDataDir();
    const server = await startServer({ DATA_DIR: dataDir, APP_SECRET_KEY: STRONG_KEY });
    await server.stop();
    const db = new Database(join(dataDir, 'app.db'), { readonly: true });
    try {
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
      const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[];
      expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining(['migrations', 'user_experience']));
    } finally {
      db.close();
    }
  });

  it('closes a public instance that fails its checks, except health and readiness', async () => {
    const server = await startServer({ DEPLOYMENT_PROFILE: 'public_https', APP_SECRET_KEY: STRONG_KEY });
    try {
      const readiness = await fetch(`${server.baseUrl}/api/readiness`);
      expect(readiness.status).toBe(200);
      expect(((await readiness.json()) as { status: string }).status).toBe('blocked');
      for (const path of ['/api/v1/status', '/', '/docs', '/openapi.json']) {
        const response = await fetch(`${server.baseUrl}${path}`);
        expect(response.status, path).toBe(503);
      }
      const blocked = await fetch(`${server.baseUrl}/api/v1/status`);
      expect(await blocked.json()).toMatchObject({ code: 'public_exposure_blocked' });
    } finally {
      await server.stop();
    }
  });
});
