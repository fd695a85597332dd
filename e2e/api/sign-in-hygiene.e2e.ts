import { createHash } from 'node:crypto';
import { rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browserless, OWNER_PASSWORD, setUpHousehold } from '../support/household.js';
import { startServer, tempDataDir, type RunningServer } from '../support/server.js';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('sign-in bookkeeping stays bounded, sessions end when idle, passwords need the current one', () => {
  let server: RunningServer;
  let dataDir: string;
  let clockFile: string;
  let owner: Browserless;
  const moveClock = (ms: number) => writeFileSync(clockFile, String(ms));
  const rows = (table: string): number => {
    const db = new Database(join(dataDir, 'app.db'), { readonly: true });
    try {
      return (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
    } finally {
      db.close();
    }
  };

  beforeAll(async () => {
    dataDir = tempDataDir();
    clockFile = join(dataDir, 'clock-offset');
    moveClock(0);
    server = await startServer({ DATA_DIR: dataDir, HINV_TEST_CLOCK_FILE: clockFile, HINV_TEST_HOUSEKEEPING_MS: '200' });
    owner = await setUpHousehold(server.baseUrl);
  });
  afterAll(async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const beginPasskey = (address: string) =>
    fetch(`${server.baseUrl}/api/v1/auth/passkeys/authentication/begin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.baseUrl, 'x-forwarded-for': address },
      body: JSON.stringify({ origin: server.baseUrl }),
    });

  it('caps open passkey challenges per source and purges expired ones on a schedule', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) statuses.push((await beginPasskey('198.51.100.40')).status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.slice(10).every((status) => status === 429)).toBe(true);
    // Another source still gets its challenge.
    expect((await beginPasskey('198.51.100.41')).status).toBe(200);
    expect(rows('webauthn_challenges')).toBe(11);
    // Wrong sign-ins leave failure rows; both go once they can no longer matter.
    await new Browserless(server.baseUrl, null, { 'x-forwarded-for': '198.51.100.42' }).call('POST', '/api/v1/auth/login', { password: 'wrong password' });
    expect(rows('login_failures')).toBeGreaterThan(0);
    moveClock(DAY_MS);
    await expect.poll(() => rows('webauthn_challenges') + rows('login_failures'), { timeout: 30_000, interval: 200 }).toBe(0);
    moveClock(0);
  });

  it('keeps at most 1000 open passkey challenges by dropping the oldest, never refusing a new source', async () => {
    const first = await beginPasskey('198.51.100.43');
    const challenges: string[] = [((await first.json()) as { challenge_id: string }).challenge_id];
    // Then 101 sources with 10 each: sources run side by side, each one's requests one after another.
    for (let batch = 0; batch < 101; batch += 20) {
      const sources = Array.from({ length: Math.min(20, 101 - batch) }, (_, i) => `2001:db8:77:${(batch + i).toString(16)}::1`);
      await Promise.all(
        sources.map(async (source) => {
          for (let i = 0; i < 10; i++) {
            const answer = await beginPasskey(source);
            expect(answer.status).toBe(200);
            challenges.push(((await answer.json()) as { challenge_id: string }).challenge_id);
          }
        }),
      );
    }
    expect(rows('webauthn_challenges')).toBe(1000);
    const stored = (challengeId: string) => {
      const db = new Database(join(dataDir, 'app.db'), { readonly: true });
      try {
        return db.prepare('SELECT 1 FROM webauthn_challenges WHERE id_hash = ?').get(createHash('sha256').update(challengeId).digest('hex')) !== undefined;
      } finally {
        db.close();
      }
    };
    expect(stored(challenges[0])).toBe(false);
    expect(stored(challenges.at(-1) as string)).toBe(true);
    moveClock(DAY_MS);
    await expect.poll(() => rows('webauthn_challenges'), { timeout: 30_000, interval: 200 }).toBe(0);
    moveClock(0);
  });

  it('changes a password only with the current one, counting wrong ones like failed sign-ins', async () => {
    const browser = new Browserless(server.baseUrl, null, { 'x-forwarded-for': '198.51.100.50', origin: server.baseUrl });
    await browser.json('POST', '/api/v1/auth/login', { password: OWNER_PASSWORD });
    const missing = await browser.call('PUT', '/api/v1/auth/password', { password: 'a brand new password' });
    expect(missing.status).toBe(422);
    const wrong = await browser.call('PUT', '/api/v1/auth/password', { current_password: 'not my password', password: 'a brand new password' });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).code).toBe('current_password_wrong');
    for (let i = 0; i < 4; i++) await browser.call('PUT', '/api/v1/auth/password', { current_password: `guess ${i}`, password: 'a brand new password' });
    expect((await browser.call('PUT', '/api/v1/auth/password', { current_password: OWNER_PASSWORD, password: 'a brand new password' })).status).toBe(429);
    const other = new Browserless(server.baseUrl, null, { 'x-forwarded-for': '198.51.100.51', origin: server.baseUrl });
    await other.json('POST', '/api/v1/auth/login', { password: OWNER_PASSWORD });
    expect((await other.call('PUT', '/api/v1/auth/password', { current_password: OWNER_PASSWORD, password: 'a brand new password' })).status).toBe(200);
    expect((await other.call('PUT', '/api/v1/auth/password', { current_password: 'a brand new password', password: OWNER_PASSWORD })).status).toBe(200);
  });

  it('ends a session unused for SESSION_IDLE_DAYS (14) and removes it', async () => {
    const idle = new Browserless(server.baseUrl, null, { 'x-forwarded-for': '198.51.100.60' });
    await idle.json('POST', '/api/v1/auth/login', { password: OWNER_PASSWORD });
    expect((await idle.call('GET', '/api/v1/auth/me')).status).toBe(200);
    moveClock(13 * DAY_MS);
    expect((await idle.call('GET', '/api/v1/auth/me')).status).toBe(200);
    moveClock(13 * DAY_MS + 15 * DAY_MS);
    expect((await idle.call('GET', '/api/v1/auth/me')).status).toBe(401);
    moveClock(0);
  });

  it('answers every API path with no-store, in any letter case', async () => {
    for (const path of ['/API/v1/auth/me', '/Api/V1/health', '/api/health', '/api/v1/auth/state']) {
      const response = await fetch(`${server.baseUrl}${path}`, { headers: { cookie: owner.cookie as string } });
      expect(response.headers.get('cache-control'), path).toBe('no-store');
    }
  });

  it('keeps the database and its WAL files private to the service user', () => {
    for (const name of ['app.db', 'app.db-wal', 'app.db-shm']) {
      expect(statSync(join(dataDir, name)).mode & 0o077, name).toBe(0);
    }
  });
});

describe('the session cookie on https', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ SESSION_HTTPS_ONLY: 'true' });
  });
  afterAll(() => server.stop());

  it('is named __Host-hinv_session and only that name is read', async () => {
    const setup = await fetch(`${server.baseUrl}/api/v1/auth/setup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ password: OWNER_PASSWORD, preferred_locale: 'en' }),
    });
    const cookie = setup.headers.getSetCookie().find((line) => line.startsWith('__Host-hinv_session='));
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).not.toMatch(/Domain=/);
    const value = (cookie as string).split(';', 1)[0].split('=')[1];
    expect((await fetch(`${server.baseUrl}/api/v1/auth/me`, { headers: { cookie: `__Host-hinv_session=${value}` } })).status).toBe(200);
    expect((await fetch(`${server.baseUrl}/api/v1/auth/me`, { headers: { cookie: `hinv_session=${value}` } })).status).toBe(401);
  });
});
