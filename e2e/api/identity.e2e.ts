import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { untilAudited } from '../support/audit.js';
import { addMember, bearer, Browserless, createToken, MEMBER_PASSWORD, OWNER_PASSWORD, setUpHousehold } from '../support/household.js';
import { startServer, tempDataDir, type RunningServer } from '../support/server.js';

describe('sign-in, sessions and the second factor', () => {
  let server: RunningServer;
  let clockFile: string;
  let owner: Browserless;
  const moveClock = (ms: number) => writeFileSync(clockFile, String(ms));

  beforeAll(async () => {
    const dataDir = tempDataDir();
    clockFile = join(dataDir, 'clock-offset');
    moveClock(0);
    server = await startServer({ DATA_DIR: dataDir, HINV_TEST_CLOCK_FILE: clockFile });
    owner = await setUpHousehold(server.baseUrl);
  });
  afterAll(() => server.stop());

  it('refuses a second setup', async () => {
    const again = await new Browserless(server.baseUrl).call('POST', '/api/v1/auth/setup', { password: 'another password 1' });
    expect(again.status).toBe(409);
  });

  it('signs in without an identifier while one user exists, and answers every failure alike', async () => {
    const browser = new Browserless(server.baseUrl);
    const wrongPassword = await browser.call('POST', '/api/v1/auth/login', { password: 'not the password' });
    const wrongEmail = await browser.call('POST', '/api/v1/auth/login', { identifier: 'nobody@example.org', password: OWNER_PASSWORD });
    expect(wrongPassword.status).toBe(401);
    expect(await wrongPassword.json()).toEqual(await wrongEmail.json());
    const signedIn = await browser.json<{ authenticated: boolean; user: { role: string } }>('POST', '/api/v1/auth/login', { password: OWNER_PASSWORD });
    expect(signedIn).toMatchObject({ authenticated: true, user: { role: 'owner' } });
    const cookie = (await browser.call('POST', '/api/v1/auth/login', { password: OWNER_PASSWORD })).headers.getSetCookie()[0];
    expect(cookie).toMatch(/^hinv_session=[A-Za-z0-9_-]{43}; Max-Age=2592000; Path=\/; Expires=.*; HttpOnly; SameSite=Lax$/);
  });

  it('asks for recent authentication after ten minutes, and re-authentication reopens the window', async () => {
    expect((await owner.call('POST', '/api/v1/auth/api-tokens', { name: 'fresh', scopes: ['status:read'] })).status).toBe(200);
    moveClock(10 * 60_000 + 5_000);
    const stale = await owner.call('POST', '/api/v1/auth/api-tokens', { name: 'stale', scopes: ['status:read'] });
    expect(stale.status).toBe(428);
    expect(await stale.json()).toMatchObject({ code: 'recent_authentication_required' });
    expect((await owner.call('POST', '/api/v1/auth/reauthenticate', { password: 'wrong password' })).status).toBe(401);
    const security = await owner.json<{ recent_authentication: boolean }>('POST', '/api/v1/auth/reauthenticate', { password: OWNER_PASSWORD });
    expect(security.recent_authentication).toBe(true);
    expect((await owner.call('POST', '/api/v1/auth/api-tokens', { name: 'renewed', scopes: ['status:read'] })).status).toBe(200);
    moveClock(0);
  });

  it('enables TOTP, refuses a replayed code and uses each recovery code once', async () => {
    const setup = await owner.json<{ secret: string; qr_data_uri: string; provisioning_uri: string }>('POST', '/api/v1/auth/totp/setup');
    expect(setup.qr_data_uri).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(setup.provisioning_uri).toContain('issuer=Household%20Inventory');
    const badCode = await owner.call('POST', '/api/v1/auth/totp/enable', { code: '000000' });
    expect(badCode.status).toBe(400);
    const enablingCode = await generate({ secret: setup.secret });
    const enabled = await owner.json<{ recovery_codes: string[] }>('POST', '/api/v1/auth/totp/enable', { code: enablingCode });
    expect(enabled.recovery_codes).toHaveLength(10);
    expect(enabled.recovery_codes[0]).toMatch(/^[2-9A-HJ-NP-Z]{5}(-[2-9A-HJ-NP-Z]{5}){3}$/);

    // The code that enabled TOTP cannot sign anybody in again (the very code: one made now could
    // belong to the next step on a slow run, and that one is rightly accepted).
    const replayBrowser = new Browserless(server.baseUrl);
    const challenge = await replayBrowser.json<{ mfa_required: boolean; mfa_challenge: string }>('POST', '/api/v1/auth/login', { password: OWNER_PASSWORD });
    expect(challenge.mfa_required).toBe(true);
    const replayed = await replayBrowser.call('POST', '/api/v1/auth/mfa/verify', { challenge: challenge.mfa_challenge, code: enablingCode });
    expect(replayed.status).toBe(401);

    // A code of the next step works once; the same code again does not.
    moveClock(30_000);
    const nextCode = await generate({ secret: setup.secret, epoch: Math.floor((Date.now() + 30_000) / 1000) });
    const verified = await replayBrowser.json<{ authenticated: boolean }>('POST', '/api/v1/auth/mfa/verify', { challenge: challenge.mfa_challenge, code: nextCode });
    expect(verified.authenticated).toBe(true);
    const second = new Browserless(server.baseUrl);
    const secondChallenge = await second.json<{ mfa_challenge: string }>('POST', '/api/v1/auth/login', { password: OWNER_PASSWORD });
    expect((await second.call('POST', '/api/v1/auth/mfa/verify', { challenge: secondChallenge.mfa_challenge, code: nextCode })).status).toBe(401);
    moveClock(0);

    const recovery = enabled.recovery_codes[0];
    const recovered = new Browserless(server.baseUrl);
    expect((await recovered.json<{ authenticated: boolean }>('POST', '/api/v1/auth/recovery', { identifier: 'owner@example.org', code: recovery })).authenticated).toBe(true);
    expect((await new Browserless(server.baseUrl).call('POST', '/api/v1/auth/recovery', { identifier: 'owner@example.org', code: recovery })).status).toBe(401);
    const security = await owner.json<{ totp_enabled: boolean; recovery_codes_remaining: number }>('GET', '/api/v1/auth/security');
    expect(security).toMatchObject({ totp_enabled: true, recovery_codes_remaining: 9 });
  });

  it('lists sessions with this device marked and revokes the others after a password change', async () => {
    const sessions = await owner.json<{ id: string; current: boolean; device_name: string }[]>('GET', '/api/v1/auth/sessions');
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    expect(sessions.length).toBeGreaterThan(1);
    await owner.json('PUT', '/api/v1/auth/password', { current_password: OWNER_PASSWORD, password: 'a brand new password' });
    const after = await owner.json<{ current: boolean }[]>('GET', '/api/v1/auth/sessions');
    expect(after).toEqual([expect.objectContaining({ current: true })]);
  });

  it('signs out and the cookie no longer works', async () => {
    const browser = new Browserless(server.baseUrl);
    const member = await addMember(owner, 'member');
    await browser.json('POST', '/api/v1/auth/login', { identifier: member.email, password: MEMBER_PASSWORD });
    const cookie = browser.cookie;
    await browser.json('POST', '/api/v1/auth/logout');
    expect((await new Browserless(server.baseUrl, cookie).call('GET', '/api/v1/auth/me')).status).toBe(401);
  });
});

describe('invitations and blocking', () => {
  let server: RunningServer;
  let owner: Browserless;

  beforeAll(async () => {
    server = await startServer();
    owner = await setUpHousehold(server.baseUrl);
  });
  afterAll(() => server.stop());

  it('uses an invitation once (410 afterwards)', async () => {
    const invitation = await owner.json<{ invite_token: string }>('POST', '/api/v1/auth/invitations', { display_name: 'Max', email: 'max@example.org', role: 'member' });
    const lookup = await new Browserless(server.baseUrl).json<{ valid: boolean; email: string }>('GET', `/api/v1/auth/invitations/${invitation.invite_token}`);
    expect(lookup).toMatchObject({ valid: true, email: 'max@example.org' });
    await new Browserless(server.baseUrl).json('POST', `/api/v1/auth/invitations/${invitation.invite_token}/accept`, { password: MEMBER_PASSWORD });
    const again = await new Browserless(server.baseUrl).call('POST', `/api/v1/auth/invitations/${invitation.invite_token}/accept`, { password: MEMBER_PASSWORD });
    expect(again.status).toBe(410);
    expect((await new Browserless(server.baseUrl).call('GET', `/api/v1/auth/invitations/${invitation.invite_token}`)).status).toBe(410);
  });

  it('blocking a member ends its sessions and disables every token it created', async () => {
    const admin = await addMember(owner, 'admin');
    const { token } = await createToken(admin.browser, ['status:read']);
    expect((await fetch(`${server.baseUrl}/api/v1/status`, { headers: bearer(token) })).status).toBe(200);
    await owner.json('PATCH', `/api/v1/auth/members/${admin.userId}`, { role: 'admin', active: false });
    expect((await fetch(`${server.baseUrl}/api/v1/status`, { headers: bearer(token) })).status).toBe(401);
    expect((await admin.browser.call('GET', '/api/v1/auth/me')).status).toBe(401);
    await owner.json('PATCH', `/api/v1/auth/members/${admin.userId}`, { role: 'admin', active: true });
    expect((await fetch(`${server.baseUrl}/api/v1/status`, { headers: bearer(token) })).status).toBe(401);
  });

  it('refuses cross-site state changes', async () => {
    const evil = await owner.call('POST', '/api/v1/auth/sessions/revoke-others', undefined, { origin: 'https://evil.example' });
    expect(evil.status).toBe(403);
    const crossSite = await owner.call('POST', '/api/v1/auth/sessions/revoke-others', undefined, { 'sec-fetch-site': 'cross-site' });
    expect(crossSite.status).toBe(403);
    const sameOrigin = await owner.call('POST', '/api/v1/auth/sessions/revoke-others', undefined, { origin: server.baseUrl });
    expect(sameOrigin.status).toBe(200);
  });

  it('writes an audit row per authenticated mutation, naming route templates only', async () => {
    await untilAudited(server.dataDir, 'POST /api/v1/auth/invitations 200', 'PATCH /api/v1/auth/members/{user_id} 200', 'POST /api/v1/auth/sessions/revoke-others 200');
    const db = new Database(join(server.dataDir, 'app.db'), { readonly: true });
    try {
      const rows = db.prepare('SELECT category, action, outcome, status_code, actor_user_id, token_id FROM audit_events').all() as Record<string, unknown>[];
      const actions = rows.map((row) => `${row.action} ${row.status_code}`);
      expect(actions).toContain('POST /api/v1/auth/invitations 200');
      expect(actions).toContain('PATCH /api/v1/auth/members/{user_id} 200');
      // API rows name who acted; sign-in rows (category sign_in) may concern nobody known.
      expect(rows.filter((row) => row.category === 'api').every((row) => typeof row.actor_user_id === 'string')).toBe(true);
      expect(JSON.stringify(rows)).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\/|password|@example\.org/);
    } finally {
      db.close();
    }
  });
});

describe('login throttle', () => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await startServer({ LOGIN_MAX_FAILURES: '3', LOGIN_WINDOW_SECONDS: '60' });
    await setUpHousehold(server.baseUrl);
  });
  afterAll(() => server.stop());

  it('answers 429 with Retry-After once the failures reach LOGIN_MAX_FAILURES', async () => {
    const browser = new Browserless(server.baseUrl);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await browser.call('POST', '/api/v1/auth/login', { password: 'wrong password' })).status).toBe(401);
    }
    const blocked = await browser.call('POST', '/api/v1/auth/login', { password: OWNER_PASSWORD });
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toBe('60');
  });
});
