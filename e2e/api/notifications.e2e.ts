import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, bearer, type Browserless, createToken, setUpHousehold } from '../support/household.js';
import { startFakePushService, type FakeDevice, type FakePushService } from '../support/fake-push-service.js';
import { startServer, type RunningServer } from '../support/server.js';

const STATE = '/api/v1/notifications/state';
const PREFERENCES = '/api/v1/notifications/preferences';
const SUBSCRIPTIONS = '/api/v1/notifications/subscriptions';
const TEST = '/api/v1/notifications/test';
const TIME_ZONE = 'Europe/Berlin';

interface Device {
  id: string;
  endpoint_fingerprint: string;
  device_name: string;
  active: boolean;
  failure_count: number;
  last_success_at: string | null;
  last_failure_at: string | null;
}

interface State {
  public_key: string;
  preferences: { push_enabled: boolean; low_stock_enabled: boolean; expiry_enabled: boolean; expiry_days_before: number };
  subscriptions: Device[];
  active_low_stock_events: number;
  active_expiry_events: number;
  last_checked_at: string | null;
  secure_context_required: boolean;
}

/** The household's calendar day plus `days`, as the server sees "today". */
function householdDay(days = 0): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(new Date());
  return new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

const register = (browser: Browserless, device: FakeDevice, extra: Record<string, unknown> = {}) =>
  browser.json<Device>('POST', SUBSCRIPTIONS, { endpoint: device.endpoint, keys: device.keys, ...extra });

describe('Web Push notifications', () => {
  let push: FakePushService;
  let server: RunningServer;
  let owner: Browserless;
  let token: string;
  let counter = 0;

  beforeAll(async () => {
    push = await startFakePushService();
    server = await startServer({
      TZ: TIME_ZONE,
      WEB_PUSH_SUBJECT: 'mailto:pantry@example.org',
      HINV_TEST_PUSH_ALLOW_LOOPBACK: '1',
      HINV_TEST_NOTIFICATION_CHECK_MS: '250',
      NODE_EXTRA_CA_CERTS: push.caFile,
    });
    owner = await setUpHousehold(server.baseUrl);
    token = (await createToken(owner, ['status:read', 'catalog:read', 'stock:read', 'shopping:read', 'shopping:write', 'scans:read', 'scans:write'], 'every scope')).token;
  });
  afterAll(async () => {
    await server?.stop();
    await push?.close();
  });

  /** Resolves once an evaluator run that started after this call has finished. */
  async function nextRun(browser: Browserless = owner): Promise<State> {
    const after = new Date().toISOString();
    const deadline = Date.now() + 20_000;
    for (;;) {
      const state = await browser.json<State>('GET', STATE);
      if (state.last_checked_at !== null && state.last_checked_at > after) return state;
      if (Date.now() > deadline) throw new Error('no evaluator run finished within 20 s');
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  async function product(name: string, minimum: number, unit = 'l'): Promise<string> {
    counter += 1;
    const created = await owner.json<{ id: string }>('POST', '/api/v1/catalog/products', { name, minimum_stock_quantity: minimum, new_quantity_unit_name: `${unit}` });
    return created.id;
  }

  async function count(productId: string, quantity: number, bestBefore?: string): Promise<void> {
    counter += 1;
    await owner.json('POST', '/api/v1/stock/counts', {
      client_mutation_id: `push-count-${counter}-${Date.now()}`,
      lines: [{ product_id: productId, counted_quantity: quantity, ...(bestBefore ? { best_before_date: bestBefore } : {}) }],
    });
  }

  /** A member with their own device, push on for the given kinds. */
  async function subscriber(locale: 'de' | 'en', preferences: Record<string, unknown>): Promise<{ browser: Browserless; device: FakeDevice; subscription: Device }> {
    const { browser } = await addMember(owner, 'member');
    await browser.json('PATCH', '/api/v1/auth/preferences', { preferred_locale: locale });
    const device = push.newDevice();
    const subscription = await register(browser, device);
    await browser.json('PUT', PREFERENCES, { push_enabled: true, ...preferences });
    return { browser, device, subscription };
  }

  const tagged = (device: FakeDevice, tag: string) => push.messagesFor(device).filter((m) => m.payload.tag === tag);

  it('answers the state with defaults and a P-256 application-server key, the same on every call', async () => {
    const state = await owner.json<State>('GET', STATE);
    expect(state.preferences).toEqual({ push_enabled: false, low_stock_enabled: true, expiry_enabled: true, expiry_days_before: 7 });
    expect(state.subscriptions).toEqual([]);
    expect(state).toMatchObject({ active_low_stock_events: 0, active_expiry_events: 0, secure_context_required: true });
    const key = Buffer.from(state.public_key, 'base64url');
    expect(key).toHaveLength(65);
    expect(key[0]).toBe(4);
    expect((await owner.json<State>('GET', STATE)).public_key).toBe(state.public_key);
    expect(JSON.stringify(state)).not.toMatch(/private/i);
  });

  it('refuses bearer tokens on every route, even with every scope, and anonymous callers', async () => {
    const device = push.newDevice();
    const routes = [
      ['GET', STATE, undefined],
      ['PUT', PREFERENCES, { push_enabled: true }],
      ['POST', SUBSCRIPTIONS, { endpoint: device.endpoint, keys: device.keys }],
      ['DELETE', `${SUBSCRIPTIONS}/00000000-0000-4000-8000-000000000000`, undefined],
      ['POST', TEST, { subscription_id: '00000000-0000-4000-8000-000000000000' }],
    ] as const;
    for (const [method, path, body] of routes) {
      const init = { method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) };
      const withToken = await fetch(`${server.baseUrl}${path}`, { ...init, headers: { ...init.headers, ...bearer(token) } });
      expect(withToken.status, `${method} ${path} with a token`).toBe(403);
      const anonymous = await fetch(`${server.baseUrl}${path}`, init);
      expect(anonymous.status, `${method} ${path} without credentials`).toBe(401);
    }
    expect((await owner.json<State>('GET', STATE)).subscriptions).toEqual([]);
  });

  it.each([
    ['a private address', 'https://192.168.1.20/push/x'],
    ['a private IPv6 address', 'https://[fd00::1]/push/x'],
    ['a link-local address', 'https://169.254.169.254/latest'],
    ['a link-local IPv6 address', 'https://[fe80::1]/push/x'],
    ['a carrier-grade NAT address', 'https://100.64.0.1/push/x'],
    ['an IPv4-mapped private address', 'https://[::ffff:10.0.0.1]/push/x'],
    ['a documentation address', 'https://203.0.113.9/push/x'],
    ['localhost', 'https://localhost/push/x'],
    ['a *.localhost name', 'https://push.localhost/push/x'],
    ['a *.local name', 'https://nas.local/push/x'],
    ['plain http', 'http://push.example.org/push/x'],
    ['credentials', 'https://user:secret@push.example.org/push/x'],
    ['a fragment', 'https://push.example.org/push/x#y'],
    ['not a URL', 'push.example.org'],
    ['a name that does not resolve', 'https://does-not-exist.invalid/push/x'],
  ])('refuses an endpoint with %s with 422 and stores nothing', async (_label, endpoint) => {
    const device = push.newDevice();
    const response = await owner.call('POST', SUBSCRIPTIONS, { endpoint, keys: device.keys });
    expect(response.status).toBe(422);
    const body = (await response.json()) as { detail: { loc: string[] }[] };
    expect(body.detail[0].loc).toEqual(['body', 'endpoint']);
    expect((await owner.json<State>('GET', STATE)).subscriptions).toEqual([]);
  });

  it.each([
    ['p256dh too short', { p256dh: 'a'.repeat(19), auth: 'b'.repeat(16) }],
    ['p256dh too long', { p256dh: 'a'.repeat(501), auth: 'b'.repeat(16) }],
    ['auth too short', { p256dh: 'a'.repeat(87), auth: 'b'.repeat(7) }],
    ['auth too long', { p256dh: 'a'.repeat(87), auth: 'b'.repeat(201) }],
    ['keys missing', undefined],
  ])('refuses %s with 422', async (_label, keys) => {
    const device = push.newDevice();
    expect((await owner.call('POST', SUBSCRIPTIONS, { endpoint: device.endpoint, keys })).status).toBe(422);
  });

  it('registers a device named from the User-Agent, refreshes it, and refuses another member its endpoint', async () => {
    const device = push.newDevice();
    const response = await owner.call('POST', SUBSCRIPTIONS, { endpoint: device.endpoint, keys: device.keys }, {
      'user-agent': 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
    });
    expect(response.status).toBe(200);
    const created = (await response.json()) as Device;
    expect(created).toMatchObject({ device_name: 'Chrome · Android', active: true, failure_count: 0 });
    expect(created.id.length).toBeGreaterThanOrEqual(20);
    // A client of the reference sends its default name as it is: that is no name either.
    const reference = await owner.call('POST', SUBSCRIPTIONS, { endpoint: device.endpoint, keys: device.keys, device_name: 'Vorrio-Gerät' }, {
      'user-agent': 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
    });
    expect(((await reference.json()) as Device).device_name).toBe('Chrome · Android');
    expect(created.endpoint_fingerprint).toMatch(/^[0-9a-f]{16}$/);
    expect(JSON.stringify(created)).not.toContain(device.endpoint);
    expect(JSON.stringify(created)).not.toContain(device.keys.auth);

    const named = await register(owner, device, { device_name: 'Kitchen tablet' });
    expect(named).toMatchObject({ id: created.id, device_name: 'Kitchen tablet', active: true });

    const other = await addMember(owner, 'viewer');
    const conflict = await other.browser.call('POST', SUBSCRIPTIONS, { endpoint: device.endpoint, keys: device.keys });
    expect(conflict.status).toBe(409);
    expect((await other.browser.json<State>('GET', STATE)).subscriptions).toEqual([]);
    // A viewer manages their own notifications like every other role.
    const viewerDevice = await register(other.browser, push.newDevice());
    expect((await other.browser.json<State>('PUT', PREFERENCES, { push_enabled: false })).subscriptions.map((s) => s.id)).toEqual([viewerDevice.id]);
    expect(await other.browser.json('DELETE', `${SUBSCRIPTIONS}/${viewerDevice.id}`)).toEqual({ revoked: 1, authenticated: true });

    expect(await owner.json('DELETE', `${SUBSCRIPTIONS}/${created.id}`)).toEqual({ revoked: 1, authenticated: true });
    expect((await owner.json<State>('GET', STATE)).subscriptions.map((s) => s.id)).not.toContain(created.id);
    expect((await owner.call('DELETE', `${SUBSCRIPTIONS}/${created.id}`)).status).toBe(404);
    expect((await other.browser.call('DELETE', `${SUBSCRIPTIONS}/${created.id}`)).status).toBe(404);
    // Registering the same endpoint again brings the same device back.
    const again = await register(owner, device);
    expect(again).toMatchObject({ id: created.id, active: true, failure_count: 0 });
    await owner.json('DELETE', `${SUBSCRIPTIONS}/${created.id}`);
    // Removed by the owner, the browser's endpoint passes to the member who signs in there next.
    const taken = await register(other.browser, device);
    expect(taken.id).not.toBe(created.id);
    expect((await other.browser.json<State>('GET', STATE)).subscriptions.map((s) => s.id)).toContain(taken.id);
    expect((await owner.json<State>('GET', STATE)).subscriptions.map((s) => s.id)).not.toContain(created.id);
    expect((await owner.call('POST', SUBSCRIPTIONS, { endpoint: device.endpoint, keys: device.keys })).status).toBe(409);
    await other.browser.json('DELETE', `${SUBSCRIPTIONS}/${taken.id}`);
  });

  it('sends a test message the phone can decrypt, in the member language, with VAPID, TTL 3600', async () => {
    const device = push.newDevice();
    const subscription = await register(owner, device);
    expect(await owner.json('POST', TEST, { subscription_id: subscription.id })).toEqual({ delivered: 1, failed: 0 });
    const [message] = push.messagesFor(device);
    expect(message.payload).toEqual({ title: 'Household Inventory is ready', body: 'Notifications arrive on this device.', url: '/settings/notifications', tag: 'hinv-test', kind: 'test', locale: 'en' });
    expect(message.ttl).toBe(3600);
    expect(message.claims).toMatchObject({ aud: push.origin, sub: 'mailto:pantry@example.org' });

    await owner.json('PATCH', '/api/v1/auth/preferences', { preferred_locale: 'de' });
    await owner.json('POST', TEST, { subscription_id: subscription.id });
    expect(push.messagesFor(device)[1].payload).toMatchObject({ title: 'Household Inventory ist bereit', locale: 'de' });
    await owner.json('PATCH', '/api/v1/auth/preferences', { preferred_locale: 'en' });

    expect((await owner.call('POST', TEST, { subscription_id: '00000000-0000-4000-8000-000000000000' })).status).toBe(404);
    expect((await owner.call('POST', TEST, { subscription_id: 'short' })).status).toBe(422);
    await owner.json('DELETE', `${SUBSCRIPTIONS}/${subscription.id}`);
    expect((await owner.call('POST', TEST, { subscription_id: subscription.id })).status).toBe(404);
    expect(push.messagesFor(device)).toHaveLength(2);
  });

  it('validates the preferences: days 0 to 90, booleans only; a failed save changes nothing', async () => {
    const { browser } = await addMember(owner, 'member');
    for (const body of [{ expiry_days_before: -1 }, { expiry_days_before: 91 }, { expiry_days_before: 1.5 }, { expiry_days_before: null }, { push_enabled: 'yes' }, { push_enabled: null }]) {
      expect((await browser.call('PUT', PREFERENCES, body)).status, JSON.stringify(body)).toBe(422);
    }
    expect((await browser.json<State>('GET', STATE)).preferences).toEqual({ push_enabled: false, low_stock_enabled: true, expiry_enabled: true, expiry_days_before: 7 });
    const saved = await browser.json<State>('PUT', PREFERENCES, { push_enabled: false, expiry_days_before: 90 });
    expect(saved.preferences).toEqual({ push_enabled: false, low_stock_enabled: true, expiry_enabled: true, expiry_days_before: 90 });
  });

  it('low stock: sent once, not again while active or on a quantity change, resolved on recovery, sent again on a new fall, resolved when disabled, evaluated when re-enabled', async () => {
    // Low stock stays off until the product has its stock: a product is created empty, i.e. low.
    const { browser, device } = await subscriber('en', { low_stock_enabled: false, expiry_enabled: false });
    const milk = await product('Oat milk', 2);
    const tag = `hinv-low-stock-${milk}`;
    await count(milk, 1.5);
    await browser.json('PUT', PREFERENCES, { push_enabled: true, expiry_enabled: false });
    let state = await nextRun(browser);
    state = await nextRun(browser);
    expect(tagged(device, tag)).toHaveLength(1);
    expect(tagged(device, tag)[0].payload).toEqual({ title: 'Stock is running low', body: 'Oat milk: 1.5 l left (minimum 2 l)', url: '/shopping', tag, kind: 'low_stock', locale: 'en' });
    expect(state.active_low_stock_events).toBeGreaterThanOrEqual(1);

    await nextRun(browser);
    expect(tagged(device, tag)).toHaveLength(1);

    await count(milk, 1);
    await nextRun(browser);
    await nextRun(browser);
    expect(tagged(device, tag)).toHaveLength(1);

    await count(milk, 5);
    state = await nextRun(browser);
    state = await nextRun(browser);
    expect(tagged(device, tag)).toHaveLength(1);
    const activeBefore = state.active_low_stock_events;

    await count(milk, 2);
    await nextRun(browser);
    await nextRun(browser);
    expect(tagged(device, tag)).toHaveLength(2);
    expect(tagged(device, tag)[1].payload.body).toBe('Oat milk: 2 l left (minimum 2 l)');

    const disabled = await browser.json<State>('PUT', PREFERENCES, { push_enabled: true, low_stock_enabled: false, expiry_enabled: false });
    expect(disabled.active_low_stock_events).toBe(0);
    await nextRun(browser);
    expect(tagged(device, tag)).toHaveLength(2);

    await browser.json('PUT', PREFERENCES, { push_enabled: true, low_stock_enabled: true, expiry_enabled: false });
    state = await nextRun(browser);
    await nextRun(browser);
    expect(tagged(device, tag)).toHaveLength(3);
    expect(state.active_low_stock_events).toBeGreaterThan(activeBefore);
  });

  it('expiry: a lot inside the window is sent once in German with 1,5 and DD.MM.YYYY; expired lots say so; leaving the window resolves it', async () => {
    const { browser, device } = await subscriber('de', { low_stock_enabled: false, expiry_enabled: false });
    const cream = await product('Schlagsahne', 2, 'Becher');
    const soon = householdDay(2);
    await count(cream, 1.5, soon);
    await browser.json('PUT', PREFERENCES, { push_enabled: true, expiry_days_before: 3 });
    await nextRun(browser);
    await nextRun(browser);
    const lowStock = tagged(device, `hinv-low-stock-${cream}`);
    expect(lowStock).toHaveLength(1);
    expect(lowStock[0].payload).toMatchObject({ title: 'Vorrat wird knapp', body: 'Schlagsahne: noch 1,5 Becher (Mindestbestand 2 Becher)', locale: 'de' });
    const expiry = push.messagesFor(device).filter((m) => m.payload.kind === 'expiry' && m.payload.body.startsWith('Schlagsahne'));
    expect(expiry).toHaveLength(1);
    const [year, month, day] = soon.split('-');
    expect(expiry[0].payload).toMatchObject({ title: 'Haltbarkeit prüfen', body: `Schlagsahne ist mindestens haltbar bis ${day}.${month}.${year}`, url: `/products/${cream}`, locale: 'de' });

    // Outside the window: nothing.
    const later = await product('Senf', 0);
    await count(later, 1, householdDay(10));
    // Already expired: "ist abgelaufen".
    const old = await product('Joghurt', 0);
    const yesterday = householdDay(-1);
    await count(old, 1, yesterday);
    await nextRun(browser);
    await nextRun(browser);
    const bodies = push.messagesFor(device).map((m) => m.payload.body);
    expect(bodies.filter((b) => b.startsWith('Senf'))).toEqual([]);
    const [y, m, d] = yesterday.split('-');
    expect(bodies.filter((b) => b.startsWith('Joghurt'))).toEqual([`Joghurt ist abgelaufen (${d}.${m}.${y})`]);

    // Narrowing the window to 0 days resolves the cream's event (its date is two days away); widening sends it again.
    const narrowed = await browser.json<State>('PUT', PREFERENCES, { push_enabled: true, expiry_days_before: 0 });
    await nextRun(browser);
    const afterNarrow = await nextRun(browser);
    expect(afterNarrow.active_expiry_events).toBe(1);
    expect(narrowed.preferences.expiry_days_before).toBe(0);
    await browser.json('PUT', PREFERENCES, { push_enabled: true, expiry_days_before: 3 });
    await nextRun(browser);
    await nextRun(browser);
    expect(push.messagesFor(device).filter((m) => m.payload.kind === 'expiry' && m.payload.body.startsWith('Schlagsahne'))).toHaveLength(2);
  });

  it('an undelivered event (500) is retried on the next run until a device accepts it, then not again', async () => {
    const { browser, device, subscription } = await subscriber('en', { expiry_enabled: false });
    device.status = 500;
    const rice = await product('Rice', 1, 'kg');
    const tag = `hinv-low-stock-${rice}`;
    await count(rice, 0.25);
    await nextRun(browser);
    await nextRun(browser);
    const attempts = tagged(device, tag).length;
    expect(attempts).toBeGreaterThanOrEqual(1);
    let state = await nextRun(browser);
    expect(tagged(device, tag).length).toBeGreaterThan(attempts);
    const mine = state.subscriptions.find((s) => s.id === subscription.id);
    expect(mine?.active).toBe(true);
    expect(mine?.failure_count).toBeGreaterThanOrEqual(2);
    expect(mine?.last_failure_at).not.toBeNull();

    device.status = 201;
    await nextRun(browser);
    state = await nextRun(browser);
    const delivered = tagged(device, tag).filter((m) => m.status === 201);
    expect(delivered).toHaveLength(1);
    expect(delivered[0].payload.body).toBe('Rice: 0.25 kg left (minimum 1 kg)');
    const total = tagged(device, tag).length;
    await nextRun(browser);
    expect(tagged(device, tag)).toHaveLength(total);
    expect(state.subscriptions.find((s) => s.id === subscription.id)).toMatchObject({ active: true, failure_count: 0 });
  });

  it('a push service answering 410 revokes the device; nothing more is sent to it', async () => {
    const { browser, device, subscription } = await subscriber('en', { expiry_enabled: false });
    device.status = 410;
    const flour = await product('Flour', 1, 'kg');
    await count(flour, 0.5);
    await nextRun(browser);
    const state = await nextRun(browser);
    expect(state.subscriptions.find((s) => s.id === subscription.id)).toMatchObject({ active: false });
    const attempts = push.messagesFor(device).length;
    expect(attempts).toBeGreaterThanOrEqual(1);
    await nextRun(browser);
    expect(push.messagesFor(device)).toHaveLength(attempts);
    expect((await browser.call('POST', TEST, { subscription_id: subscription.id })).status).toBe(404);
  });

  it('push off pauses delivery while devices stay registered', async () => {
    const { browser, device, subscription } = await subscriber('en', {});
    await nextRun(browser);
    await nextRun(browser);
    const paused = await browser.json<State>('PUT', PREFERENCES, { push_enabled: false });
    expect(paused).toMatchObject({ active_low_stock_events: 0, active_expiry_events: 0 });
    expect(paused.subscriptions.find((s) => s.id === subscription.id)?.active).toBe(true);
    const before = push.messagesFor(device).length;
    const beans = await product('Beans', 3);
    await count(beans, 1);
    await nextRun(browser);
    await nextRun(browser);
    expect(push.messagesFor(device)).toHaveLength(before);
  });

  it('keeps the key pair and every subscription sealed, and delivery rows without content', () => {
    const db = new Database(join(server.dataDir, 'app.db'), { readonly: true });
    try {
      const state = db.prepare('SELECT vapid_key FROM notification_service_state').get() as { vapid_key: string };
      expect(state.vapid_key).toMatch(/^v1\./);
      const rows = db.prepare('SELECT * FROM push_subscriptions').all() as Record<string, unknown>[];
      expect(rows.length).toBeGreaterThan(3);
      const stored = JSON.stringify(rows);
      expect(stored).not.toContain(push.origin);
      expect(stored).not.toContain('p256dh');
      expect(rows.every((row) => String(row.subscription).startsWith('v1.'))).toBe(true);
      const deliveries = db.prepare('SELECT * FROM push_deliveries').all() as Record<string, unknown>[];
      expect(deliveries.length).toBeGreaterThan(5);
      expect(Object.keys(deliveries[0]).sort()).toEqual(['created_at', 'error', 'event_id', 'id', 'kind', 'outcome', 'status_code', 'subscription_id']);
      expect(JSON.stringify(deliveries)).not.toMatch(/Oat milk|Schlagsahne|running low/);
      expect(new Set(deliveries.map((row) => row.outcome))).toEqual(new Set(['delivered', 'failed']));
    } finally {
      db.close();
    }
  });

  it('the fake push service saw only well-formed requests', () => {
    expect(push.refused).toEqual([]);
  });
});
