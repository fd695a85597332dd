import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { untilAudited } from '../support/audit.js';
import { addMember, bearer, type Browserless, createToken, setUpHousehold } from '../support/household.js';
import { startServer, type RunningServer } from '../support/server.js';

const OVERVIEW = '/api/v1/insights/budget';
const SETTINGS = '/api/v1/insights/budget/settings';

describe('budget API', () => {
  let server: RunningServer;
  let owner: Browserless;
  let admin: Browserless;
  let member: Browserless;
  let viewer: Browserless;
  let token: string;

  beforeAll(async () => {
    server = await startServer({ TZ: 'Europe/Berlin' });
    owner = await setUpHousehold(server.baseUrl);
    admin = (await addMember(owner, 'admin')).browser;
    member = (await addMember(owner, 'member')).browser;
    viewer = (await addMember(owner, 'viewer')).browser;
    token = (await createToken(owner, ['status:read', 'catalog:read', 'stock:read', 'shopping:read', 'shopping:write', 'scans:read', 'scans:write'], 'every scope')).token;
  });
  afterAll(() => server.stop());

  it('answers the overview in the contract shape, for every role, with the default of 6 months', async () => {
    for (const browser of [owner, admin, member, viewer]) {
      const overview = await browser.json<Record<string, unknown>>('GET', OVERVIEW);
      expect(Object.keys(overview).sort()).toEqual(['comparison', 'current_period', 'data_quality', 'generated_at', 'months', 'settings', 'stores']);
      expect(overview.settings).toEqual({ configured: false, warning_percent: 80, currency: 'EUR', monthly_limit: null, updated_at: null });
      expect(overview.months).toHaveLength(6);
      expect(overview.stores).toEqual([]);
      expect(overview.current_period).toMatchObject({ spent: 0, receipt_count: 0, average_receipt: 0, forecast: 0, status: 'unconfigured' });
      expect(overview.data_quality).toEqual({
        confirmed_receipt_count: 0,
        counted_receipt_count: 0,
        pending_receipt_count: 0,
        missing_total_count: 0,
        other_currency_receipt_count: 0,
        coverage_percent: 0,
      });
    }
  });

  it.each([
    { months: '1', status: 200, length: 1 },
    { months: '24', status: 200, length: 24 },
    { months: '0', status: 422 },
    { months: '25', status: 422 },
    { months: 'six', status: 422 },
  ])('months=$months answers $status', async ({ months, status, length }) => {
    const response = await owner.call('GET', `${OVERVIEW}?months=${months}`);
    expect(response.status).toBe(status);
    if (length !== undefined) {
      const body = (await response.json()) as { months: { is_current: boolean }[] };
      expect(body.months).toHaveLength(length);
      expect(body.months.at(-1)?.is_current).toBe(true);
    }
  });

  it('refuses bearer tokens on both routes, even with every scope', async () => {
    for (const [method, path, body] of [
      ['GET', OVERVIEW, undefined],
      ['PUT', SETTINGS, { monthly_limit: 500 }],
    ] as const) {
      const response = await fetch(`${server.baseUrl}${path}`, {
        method,
        headers: { ...bearer(token), 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      expect(response.status, `${method} ${path}`).toBe(403);
    }
  });

  it('lets owner and admin set the limit, refuses member and viewer with 403', async () => {
    for (const browser of [member, viewer]) expect((await browser.call('PUT', SETTINGS, { monthly_limit: 500 })).status).toBe(403);
    const byOwner = await owner.json<Record<string, unknown>>('PUT', SETTINGS, { monthly_limit: 450.5, warning_percent: 90 });
    expect(byOwner).toMatchObject({ configured: true, monthly_limit: 450.5, warning_percent: 90, currency: 'EUR' });
    expect(typeof byOwner.updated_at).toBe('string');
    const byAdmin = await admin.json<Record<string, unknown>>('PUT', SETTINGS, { monthly_limit: 600 });
    expect(byAdmin).toMatchObject({ configured: true, monthly_limit: 600, warning_percent: 80 });
    const overview = await member.json<{ settings: unknown; current_period: Record<string, unknown> }>('GET', OVERVIEW);
    expect(overview.settings).toMatchObject({ configured: true, monthly_limit: 600 });
    expect(overview.current_period).toMatchObject({ status: 'on_track', remaining: 600, percent_used: 0 });
  });

  it.each([
    { body: { monthly_limit: 0 } },
    { body: { monthly_limit: 0.5 } },
    { body: { monthly_limit: 1_000_000.01 } },
    { body: { monthly_limit: '100' } },
    { body: { monthly_limit: 100, warning_percent: 49 } },
    { body: { monthly_limit: 100, warning_percent: 101 } },
    { body: { monthly_limit: 100, warning_percent: 80.5 } },
  ])('refuses $body with 422', async ({ body }) => {
    expect((await owner.call('PUT', SETTINGS, body)).status).toBe(422);
  });

  it('accepts the bounds 1 and 1,000,000 and clears the limit with null', async () => {
    expect(await owner.json('PUT', SETTINGS, { monthly_limit: 1, warning_percent: 50 })).toMatchObject({ monthly_limit: 1, warning_percent: 50 });
    expect(await owner.json('PUT', SETTINGS, { monthly_limit: 1_000_000, warning_percent: 100 })).toMatchObject({ monthly_limit: 1_000_000, warning_percent: 100 });
    expect(await owner.json('PUT', SETTINGS, { monthly_limit: null })).toEqual({ configured: false, warning_percent: 80, currency: 'EUR', monthly_limit: null, updated_at: null });
    const overview = await owner.json<{ settings: unknown; current_period: Record<string, unknown> }>('GET', OVERVIEW);
    expect(overview.settings).toMatchObject({ configured: false, monthly_limit: null });
    expect(overview.current_period).toMatchObject({ status: 'unconfigured', remaining: null, percent_used: null, daily_available: null });
  });

  it('audits settings changes without the amount', async () => {
    await owner.json('PUT', SETTINGS, { monthly_limit: 987.65 });
    await untilAudited(server.dataDir, 'PUT /api/v1/insights/budget/settings 200', 'PUT /api/v1/insights/budget/settings 403');
    const db = new Database(join(server.dataDir, 'app.db'), { readonly: true });
    try {
      const audit = db.prepare("SELECT * FROM audit_events WHERE action LIKE '%/insights/budget%'").all() as Record<string, unknown>[];
      expect(audit.map((row) => `${row.action} ${row.status_code}`)).toEqual(expect.arrayContaining(['PUT /api/v1/insights/budget/settings 200', 'PUT /api/v1/insights/budget/settings 403']));
      // Route template, outcome, status and actor only: nothing of the body (the amount) is kept.
      expect(Object.keys(audit[0] ?? {}).sort()).toEqual(['action', 'actor_user_id', 'category', 'created_at', 'id', 'outcome', 'status_code', 'token_id']);
      for (const row of audit) expect(`${row.category} ${row.action}`).not.toMatch(/987|monthly_limit/);
    } finally {
      db.close();
    }
  });
});
