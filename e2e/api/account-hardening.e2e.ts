import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeGrocy, type FakeGrocy } from '../support/fake-grocy.js';
import { startFakeHttp, type FakeHttpServer } from '../support/fake-http.js';
import { addMember, bearer, Browserless, createToken, MEMBER_PASSWORD, OWNER_PASSWORD, setUpHousehold } from '../support/household.js';
import { startServer, type RunningServer } from '../support/server.js';

/**
 * Findings of a security review that live in the household's own accounts and settings: recovery
 * codes after the second factor, invitations of a blocked admin, connector keys and addresses,
 * push devices per member and product photos from tokens.
 */
const GROCY_KEY = 'grocy-hardening-key-7Hq2xLm';
const SUBSCRIPTIONS = '/api/v1/notifications/subscriptions';

describe('account and connector hardening', () => {
  let server: RunningServer;
  let owner: Browserless;
  let grocy: FakeGrocy;
  let provider: FakeHttpServer;

  beforeAll(async () => {
    grocy = await startFakeGrocy({ apiKey: GROCY_KEY });
    provider = await startFakeHttp(() => ({ status: 200, body: { object: 'list', data: [{ id: 'fake-model' }] } }));
    server = await startServer({
      OFF_ENABLED: 'false',
      HINV_TEST_PUSH_ALLOW_LOOPBACK: 'true',
      // Names no resolver on a test machine gives: one for the fake Grocy, one at a cloud metadata address, one mixed.
      HINV_TEST_CONNECTOR_HOSTS: 'grocy.test=127.0.0.1;metadata.test=169.254.169.254;mixed.test=127.0.0.1,fe80::1',
    });
    owner = await setUpHousehold(server.baseUrl);
  });
  afterAll(async () => {
    await server?.stop();
    await grocy?.close();
    await provider?.close();
  });

  const signIn = async (email: string, password: string) => {
    const browser = new Browserless(server.baseUrl);
    await browser.json('POST', '/api/v1/auth/login', { identifier: email, password });
    return browser;
  };

  describe('recovery codes exist only with TOTP (6)', () => {
    it('are deleted when TOTP is turned off, refused without TOTP, and replaced by a password change', async () => {
      const { browser: member, email } = await addMember(owner, 'member');
      const setup = await member.json<{ secret: string }>('POST', '/api/v1/auth/totp/setup');
      const enabled = await member.json<{ recovery_codes: string[] }>('POST', '/api/v1/auth/totp/enable', { code: await generate({ secret: setup.secret }) });
      expect(enabled.recovery_codes).toHaveLength(10);
      const [first, second] = enabled.recovery_codes;

      // TOTP off: the codes go with it, and a code no longer signs in.
      await member.json('DELETE', '/api/v1/auth/totp');
      expect(await member.json('GET', '/api/v1/auth/security')).toMatchObject({ totp_enabled: false, recovery_codes_remaining: 0 });
      const withoutTotp = await new Browserless(server.baseUrl).call('POST', '/api/v1/auth/recovery', { identifier: email, code: first });
      expect(withoutTotp.status).toBe(401);
      expect(withoutTotp.headers.getSetCookie().some((cookie) => cookie.startsWith('hinv_session=') && !cookie.includes('Max-Age=0'))).toBe(false);
      // Codes without a second factor would be a second password: not made.
      const regenerate = await member.call('POST', '/api/v1/auth/recovery-codes');
      expect(regenerate.status).toBe(409);
      expect(await regenerate.json()).toMatchObject({ code: 'totp_not_enabled' });

      // TOTP on again: the old codes did not come back with it.
      const again = await member.json<{ secret: string }>('POST', '/api/v1/auth/totp/setup');
      const reenabled = await member.json<{ recovery_codes: string[] }>('POST', '/api/v1/auth/totp/enable', { code: await generate({ secret: again.secret }) });
      expect(reenabled.recovery_codes).toHaveLength(10);
      expect(reenabled.recovery_codes).not.toContain(second);
      expect((await new Browserless(server.baseUrl).call('POST', '/api/v1/auth/recovery', { identifier: email, code: second })).status).toBe(401);
      const current = reenabled.recovery_codes;

      // A new password replaces the codes: the answer holds the new set, the old ones stop working.
      const changed = await member.json<{ recovery_codes: string[]; recovery_codes_remaining: number; totp_enabled: boolean }>('PUT', '/api/v1/auth/password', {
        password: 'a brand new password 1',
        current_password: MEMBER_PASSWORD,
      });
      expect(changed).toMatchObject({ totp_enabled: true, recovery_codes_remaining: 10 });
      expect(changed.recovery_codes).toHaveLength(10);
      expect(changed.recovery_codes.some((code) => current.includes(code))).toBe(false);
      expect((await new Browserless(server.baseUrl).call('POST', '/api/v1/auth/recovery', { identifier: email, code: current[1] })).status).toBe(401);
      const recovered = new Browserless(server.baseUrl);
      expect(await recovered.json('POST', '/api/v1/auth/recovery', { identifier: email, code: changed.recovery_codes[0] })).toMatchObject({ authenticated: true });
    });

    it('answers a password change without TOTP with no codes', async () => {
      const { browser: member } = await addMember(owner, 'viewer');
      const changed = await member.json<{ recovery_codes: string[] }>('PUT', '/api/v1/auth/password', { password: 'another new password 2', current_password: MEMBER_PASSWORD });
      expect(changed).toMatchObject({ totp_enabled: false, recovery_codes_remaining: 0, recovery_codes: [] });
    });
  });

  describe('an invitation ends with its inviter’s right to invite (11)', () => {
    it('cannot be read or accepted once the admin who made it is blocked or demoted', async () => {
      const { browser: admin, userId: adminId, email: adminEmail } = await addMember(owner, 'admin');
      const blockedInvite = await admin.json<{ invite_token: string; id: string }>('POST', '/api/v1/auth/invitations', { display_name: 'Mallory', email: 'mallory@example.org', role: 'member' });
      const demotedInvite = await admin.json<{ invite_token: string }>('POST', '/api/v1/auth/invitations', { display_name: 'Trent', email: 'trent@example.org', role: 'member' });
      expect((await new Browserless(server.baseUrl).call('GET', `/api/v1/auth/invitations/${blockedInvite.invite_token}`)).status).toBe(200);

      // Demoted to member: no longer allowed to invite, so the invitation is gone.
      await owner.json('PATCH', `/api/v1/auth/members/${adminId}`, { role: 'member', active: true });
      const accept = (token: string) => new Browserless(server.baseUrl).call('POST', `/api/v1/auth/invitations/${token}/accept`, { password: MEMBER_PASSWORD, preferred_locale: 'en' });
      const demoted = await accept(demotedInvite.invite_token);
      expect(demoted.status).toBe(410);
      expect(await demoted.json()).toMatchObject({ code: 'invitation_gone' });

      // Blocked: the same.
      await owner.json('PATCH', `/api/v1/auth/members/${adminId}`, { role: 'member', active: false });
      expect((await new Browserless(server.baseUrl).call('GET', `/api/v1/auth/invitations/${blockedInvite.invite_token}`)).status).toBe(410);
      expect((await accept(blockedInvite.invite_token)).status).toBe(410);
      const members = await owner.json<{ email: string | null }[]>('GET', '/api/v1/auth/members');
      expect(members.map((member) => member.email)).not.toContain('mallory@example.org');
      expect(members.map((member) => member.email)).toContain(adminEmail);
      // And the owner's list no longer shows them as open.
      const open = await owner.json<{ email: string }[]>('GET', '/api/v1/auth/invitations');
      expect(open.map((invitation) => invitation.email)).not.toContain('mallory@example.org');
    });

    it('still works while its inviter may invite', async () => {
      const { browser: admin } = await addMember(owner, 'admin');
      const invite = await admin.json<{ invite_token: string }>('POST', '/api/v1/auth/invitations', { display_name: 'Peggy', email: 'peggy@example.org', role: 'viewer' });
      const accepted = await new Browserless(server.baseUrl).json('POST', `/api/v1/auth/invitations/${invite.invite_token}/accept`, { password: MEMBER_PASSWORD, preferred_locale: 'en' });
      expect(accepted).toMatchObject({ authenticated: true });
    });
  });

  describe('connector keys and addresses (12, 20)', () => {
    const settings = (grocyUrl: string, grocyKey: string | null | undefined, providerSection: Record<string, unknown>) => ({
      grocy: { enabled: true, url: grocyUrl, ...(grocyKey === undefined ? {} : { api_key: grocyKey }) },
      provider: providerSection,
      privacy: {},
    });
    const put = (body: unknown) => owner.json<{ grocy: { api_key_configured: boolean; url: string }; provider: { api_key_configured: boolean } }>('PUT', '/api/v1/settings', body);
    const grocyPort = () => new URL(grocy.url).port;

    it('keeps a stored key for the same origin and drops it when the host, port or scheme changes', async () => {
      const local = { type: 'openai-compatible', base_url: `${provider.url}/v1`, model: 'fake-model' };
      expect((await put(settings(grocy.url, GROCY_KEY, local))).grocy.api_key_configured).toBe(true);
      // Same origin, another path, key left out: kept.
      expect((await put(settings(`${grocy.url}/`, undefined, local))).grocy.api_key_configured).toBe(true);
      // A new host without the key entered again: the key is dropped, nothing is sent anywhere.
      const asked = grocy.requests.length;
      const moved = await put(settings(`http://grocy.test:${grocyPort()}`, undefined, local));
      expect(moved.grocy).toMatchObject({ url: `http://grocy.test:${grocyPort()}`, api_key_configured: false });
      expect((await owner.call('POST', '/api/v1/settings/test-grocy')).status).toBe(409);
      expect(grocy.requests.length).toBe(asked);
      // Entered again with the new address: stored, and the name reaches Grocy (a loopback answer is fine).
      expect((await put(settings(`http://grocy.test:${grocyPort()}`, GROCY_KEY, local))).grocy.api_key_configured).toBe(true);
      expect(await owner.json('POST', '/api/v1/settings/test-grocy')).toMatchObject({ connected: true });
      expect(grocy.requests.at(-1)?.headers['grocy-api-key']).toBe(GROCY_KEY);
      // Another port or scheme is another destination too.
      expect((await put(settings(`http://grocy.test:${Number(grocyPort()) + 1}`, undefined, local))).grocy.api_key_configured).toBe(false);
      await put(settings(grocy.url, GROCY_KEY, local));
      expect((await put(settings(grocy.url.replace('http:', 'https:'), undefined, local))).grocy.api_key_configured).toBe(false);
    });

    it('drops the provider key when the type or the origin changes unless it is entered again', async () => {
      const base = `${provider.url}/v1`;
      const saved = await put(settings(grocy.url, GROCY_KEY, { type: 'openai-compatible', base_url: base, model: 'fake-model', api_key: 'sk-provider-key' }));
      expect(saved.provider.api_key_configured).toBe(true);
      expect((await put(settings(grocy.url, undefined, { type: 'openai-compatible', base_url: base, model: 'other-model' }))).provider.api_key_configured).toBe(true);
      // A switch of type (here to Ollama, plain http) does not take the key along.
      expect((await put(settings(grocy.url, undefined, { type: 'ollama', base_url: base, model: 'fake-model' }))).provider.api_key_configured).toBe(false);
      await put(settings(grocy.url, undefined, { type: 'openai-compatible', base_url: base, model: 'fake-model', api_key: 'sk-provider-key' }));
      const elsewhere = await put(settings(grocy.url, undefined, { type: 'openai-compatible', base_url: base.replace('127.0.0.1', 'localhost'), model: 'fake-model' }));
      expect(elsewhere.provider.api_key_configured).toBe(false);
      expect(provider.requests.filter((request) => request.headers.authorization === 'Bearer sk-provider-key')).toEqual([]);
    });

    it('refuses at connect time a host name that resolves to a link-local address, before the key is sent', async () => {
      for (const host of ['metadata.test', 'mixed.test']) {
        await put(settings(`http://${host}:${grocyPort()}`, GROCY_KEY, { type: 'cortecs' }));
        const asked = grocy.requests.length;
        const refused = await owner.call('POST', '/api/v1/settings/test-grocy');
        expect(refused.status).toBe(502);
        const body = (await refused.json()) as { code: string; detail: string };
        expect(body.code).toBe('grocy_failed');
        expect(body.detail).toContain('link-local');
        expect(body.detail).not.toContain(GROCY_KEY);
        expect(grocy.requests.length).toBe(asked);
      }
      // The provider connects through the same check.
      await put(settings(grocy.url, GROCY_KEY, { type: 'openai-compatible', base_url: `http://metadata.test:${new URL(provider.url).port}/v1`, model: 'fake-model', api_key: 'sk-provider-key' }));
      const providerTest = await owner.call('POST', '/api/v1/settings/test-provider');
      expect(providerTest.status).toBe(502);
      expect(((await providerTest.json()) as { detail: string }).detail).toContain('link-local');
      // A link-local literal is refused when saved, as before.
      expect((await owner.call('PUT', '/api/v1/settings', settings('http://169.254.169.254', GROCY_KEY, { type: 'cortecs' }))).status).toBe(422);
    });
  });

  describe('push devices per member (16)', () => {
    const keys = { p256dh: `B${'a'.repeat(86)}`, auth: 'b'.repeat(22) };
    const register = (browser: Browserless, index: number) =>
      browser.json<{ id: string }>('POST', SUBSCRIPTIONS, { endpoint: `https://127.0.0.1:9/push/device-${index}`, keys, device_name: `Device ${index}` });
    type State = { subscriptions: { id: string; device_name: string; active: boolean }[] };

    it('keeps at most ten per member, replacing the one registered longest ago', async () => {
      const { browser: viewer } = await addMember(owner, 'viewer');
      for (let index = 1; index <= 10; index += 1) await register(viewer, index);
      expect((await viewer.json<State>('GET', '/api/v1/notifications/state')).subscriptions).toHaveLength(10);
      // Device 1 comes back (refreshed), then two new ones: devices 2 and 3 were registered longest ago.
      await register(viewer, 1);
      await register(viewer, 11);
      await register(viewer, 12);
      const names = (await viewer.json<State>('GET', '/api/v1/notifications/state')).subscriptions.map((device) => device.device_name).sort();
      expect(names).toHaveLength(10);
      expect(names).toEqual(expect.arrayContaining(['Device 1', 'Device 11', 'Device 12']));
      expect(names).not.toContain('Device 2');
      expect(names).not.toContain('Device 3');
      // 300 registrations leave ten rows, and never touch another member's devices.
      const ownerDevice = await register(owner, 1000);
      for (let index = 100; index < 130; index += 1) await register(viewer, index);
      expect((await viewer.json<State>('GET', '/api/v1/notifications/state')).subscriptions).toHaveLength(10);
      expect((await owner.json<State>('GET', '/api/v1/notifications/state')).subscriptions.map((device) => device.id)).toEqual([ownerDevice.id]);
    });
  });

  describe('product photos from tokens (17)', () => {
    it('ignores image_url from a station token on update and confirm; a browser session may set it', async () => {
      const { token } = await createToken(owner, ['scans:read', 'scans:write'], 'Kitchen station');
      const station = new Browserless(server.baseUrl, null, bearer(token));
      const pixel = 'https://tracker.example/pixel.gif?family=1';
      const stationDraft = await station.json<{ id: string }>('POST', '/api/v1/scans/resolve', { barcode: '4006381333931', mode: 'identify' });
      await station.json('PATCH', `/api/v1/scans/${stationDraft.id}`, { name: 'Planted', image_url: pixel });
      const confirmed = await station.json<{ product_id: string }>('POST', `/api/v1/scans/${stationDraft.id}/confirm`, { client_mutation_id: 'station-photo-1', name: 'Planted', image_url: pixel });
      const product = await owner.json<{ image_url: string | null; variants: { image_url?: string | null }[] }>('GET', `/api/v1/catalog/products/${confirmed.product_id}`);
      expect(product.image_url).toBeNull();
      expect(JSON.stringify(product)).not.toContain('tracker.example');

      const ownDraft = await owner.json<{ id: string }>('POST', '/api/v1/scans/resolve', { barcode: '4006381333948', mode: 'identify' });
      const own = await owner.json<{ product_id: string }>('POST', `/api/v1/scans/${ownDraft.id}/confirm`, { client_mutation_id: 'session-photo-1', name: 'Chosen', image_url: 'https://images.example/jam.jpg' });
      expect((await owner.json<{ image_url: string | null }>('GET', `/api/v1/catalog/products/${own.product_id}`)).image_url).toBe('https://images.example/jam.jpg');
    });
  });

  it('keeps the owner able to sign in after all of the above', async () => {
    expect(await signIn('owner@example.org', OWNER_PASSWORD)).toBeInstanceOf(Browserless);
  });
});
