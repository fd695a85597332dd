import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { API_TOKEN_SCOPES } from '@hinv/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { untilAudited } from '../support/audit.js';
import { addMember, bearer, Browserless, createToken, OWNER_PASSWORD, setUpHousehold } from '../support/household.js';
import { startServer, tempDataDir, type RunningServer } from '../support/server.js';

const PROVIDER_KEY = 'sk-e2e-provider-key-7f3a9c';
const GROCY_KEY = 'grocy-e2e-key-b81d44';

const DEFAULTS = {
  provider: { type: 'cortecs', base_url: 'https://api.cortecs.ai/v1', model: '', api_key_configured: false },
  grocy: { enabled: false, url: 'http://grocy:80', api_key_configured: false },
  privacy: { delete_image_after_analysis: false, retention_days: 7 },
};

interface Issue {
  loc: (string | number)[];
  msg: string;
  type: string;
}

/** A valid body with every section present; `patch` replaces fields section by section. */
function body(patch: { provider?: Record<string, unknown>; grocy?: Record<string, unknown>; privacy?: Record<string, unknown> } = {}): Record<string, unknown> {
  return {
    provider: { type: 'cortecs', base_url: 'https://api.cortecs.ai/v1', model: '', ...patch.provider },
    grocy: { enabled: false, url: 'http://grocy:80', ...patch.grocy },
    privacy: { delete_image_after_analysis: false, retention_days: 7, ...patch.privacy },
  };
}

describe('settings', () => {
  let server: RunningServer;
  let clockFile: string;
  let owner: Browserless;
  const others = new Map<'admin' | 'member' | 'viewer', Browserless>();
  /** Every response body the tests saw, to prove the keys never leave the server. */
  const seen: string[] = [];
  const moveClock = (ms: number) => writeFileSync(clockFile, String(ms));

  const put = async (payload: unknown) => {
    const response = await owner.call('PUT', '/api/v1/settings', payload);
    const text = await response.text();
    seen.push(text);
    return { status: response.status, body: JSON.parse(text) as Record<string, unknown> };
  };
  const refused = async (payload: unknown): Promise<Issue[]> => {
    const answer = await put(payload);
    expect(answer.status, JSON.stringify(payload).slice(0, 200)).toBe(422);
    expect(answer.body.code).toBe('validation_failed');
    return answer.body.detail as Issue[];
  };
  const get = async () => {
    const text = await (await owner.call('GET', '/api/v1/settings')).text();
    seen.push(text);
    return JSON.parse(text) as typeof DEFAULTS;
  };

  beforeAll(async () => {
    const dataDir = tempDataDir();
    clockFile = join(dataDir, 'clock-offset');
    moveClock(0);
    server = await startServer({ DATA_DIR: dataDir, HINV_TEST_CLOCK_FILE: clockFile });
    owner = await setUpHousehold(server.baseUrl);
    for (const role of ['admin', 'member', 'viewer'] as const) others.set(role, (await addMember(owner, role)).browser);
  });
  afterAll(() => server.stop());

  it('answers the defaults before anything is saved', async () => {
    expect(await get()).toEqual(DEFAULTS);
    const status = await owner.json('GET', '/api/v1/status');
    expect(status).toMatchObject({ provider: 'cortecs', provider_configured: false, grocy_configured: false, grocy_enabled: false, grocy_connected: false });
  });

  it('saves all three sections, normalises the addresses and reads them back', async () => {
    const saved = await put(
      body({
        provider: { type: 'openai', base_url: 'https://API.openai.com/v1/', model: 'gpt-4o-mini', api_key: PROVIDER_KEY },
        grocy: { enabled: true, url: 'http://192.168.178.20:9283/', api_key: GROCY_KEY },
        privacy: { delete_image_after_analysis: true, retention_days: 30 },
      }),
    );
    expect(saved.status).toBe(200);
    const expected = {
      provider: { type: 'openai', base_url: 'https://api.openai.com/v1', model: 'gpt-4o-mini', api_key_configured: true },
      grocy: { enabled: true, url: 'http://192.168.178.20:9283', api_key_configured: true },
      privacy: { delete_image_after_analysis: true, retention_days: 30 },
    };
    expect(saved.body).toEqual(expected);
    expect(await get()).toEqual(expected);
    const statusText = await (await owner.call('GET', '/api/v1/status')).text();
    seen.push(statusText);
    expect(JSON.parse(statusText)).toMatchObject({ provider: 'openai', provider_configured: true, grocy_configured: true, grocy_enabled: true, grocy_connected: false });
  });

  it('keeps a key that is left out or null, replaces it with a new value and removes it with an empty string', async () => {
    // The same destinations (type, origin), the key left out or null: kept.
    const kept = await put(body({ provider: { type: 'openai', base_url: 'https://api.openai.com/v1/', model: 'gpt-4o-mini' }, grocy: { url: 'http://192.168.178.20:9283', api_key: null } }));
    expect(kept.body).toMatchObject({ provider: { api_key_configured: true }, grocy: { api_key_configured: true, enabled: false, url: 'http://192.168.178.20:9283' } });
    // A section sent without its fields takes the defaults: another type and address, so the keys do not follow.
    expect((await put({ provider: {}, grocy: {}, privacy: {} })).body).toEqual(DEFAULTS);
    expect((await put(body({ provider: { api_key: PROVIDER_KEY }, grocy: { api_key: 'grocy-e2e-second-key' } }))).body).toMatchObject({
      provider: { api_key_configured: true },
      grocy: { api_key_configured: true },
    });
    // Left out on the same (default) destinations: kept.
    expect((await put({ provider: {}, grocy: {}, privacy: {} })).body).toMatchObject({ provider: { api_key_configured: true }, grocy: { api_key_configured: true } });
    const cleared = await put(body({ provider: { api_key: '' }, grocy: { api_key: '' } }));
    expect(cleared.body).toEqual(DEFAULTS);
    expect(await get()).toEqual(DEFAULTS);
    expect(await owner.json('GET', '/api/v1/status')).toMatchObject({ provider_configured: false, grocy_configured: false });
  });

  it('counts Ollama on a local address as configured without a key', async () => {
    const saved = await put(body({ provider: { type: 'ollama', base_url: 'http://127.0.0.1:11434/v1', model: 'llava' } }));
    expect(saved.status).toBe(200);
    expect(await owner.json('GET', '/api/v1/status')).toMatchObject({ provider: 'ollama', provider_configured: true });
  });

  it('holds every bound, refusing one past it', async () => {
    const url = (length: number) => `http://grocy/${'a'.repeat(length - 'http://grocy/'.length)}`;
    const providerUrl = (length: number) => `https://api.example.org/${'v'.repeat(length - 'https://api.example.org/'.length)}`;
    const accepted = [
      body({ privacy: { retention_days: 0 } }),
      body({ privacy: { retention_days: 365 } }),
      body({ grocy: { url: url(500) } }),
      body({ provider: { base_url: providerUrl(500) } }),
      body({ provider: { model: 'm'.repeat(300) } }),
      body({ grocy: { api_key: 'k'.repeat(1000) } }),
      body({ provider: { api_key: 'k'.repeat(2000) } }),
    ];
    for (const payload of accepted) expect((await put(payload)).status, JSON.stringify(payload).slice(0, 120)).toBe(200);
    const lastSaved = await get();

    const cases: [Record<string, unknown>, (string | number)[], string][] = [
      [body({ privacy: { retention_days: -1 } }), ['body', 'privacy', 'retention_days'], 'greater_than_equal'],
      [body({ privacy: { retention_days: 366 } }), ['body', 'privacy', 'retention_days'], 'less_than_equal'],
      [body({ privacy: { retention_days: 1.5 } }), ['body', 'privacy', 'retention_days'], 'int_type'],
      [body({ grocy: { url: url(501) } }), ['body', 'grocy', 'url'], 'string_length'],
      [body({ grocy: { url: 'a:b' } }), ['body', 'grocy', 'url'], 'string_length'],
      [body({ provider: { base_url: providerUrl(501) } }), ['body', 'provider', 'base_url'], 'string_length'],
      [body({ provider: { base_url: 'h:/' } }), ['body', 'provider', 'base_url'], 'string_length'],
      [body({ provider: { model: 'm'.repeat(301) } }), ['body', 'provider', 'model'], 'string_too_long'],
      [body({ grocy: { api_key: 'k'.repeat(1001) } }), ['body', 'grocy', 'api_key'], 'string_too_long'],
      [body({ provider: { api_key: 'k'.repeat(2001) } }), ['body', 'provider', 'api_key'], 'string_too_long'],
      [body({ provider: { type: 'gemini' } }), ['body', 'provider', 'type'], 'enum'],
      [body({ grocy: { enabled: 'yes' } }), ['body', 'grocy', 'enabled'], 'bool_type'],
      [body({ privacy: { delete_image_after_analysis: null } }), ['body', 'privacy', 'delete_image_after_analysis'], 'bool_type'],
      [body({ grocy: { url: null } }), ['body', 'grocy', 'url'], 'string_type'],
      [body({ grocy: { api_key: 42 } }), ['body', 'grocy', 'api_key'], 'string_type'],
      [{ ...body(), privacy: undefined }, ['body', 'privacy'], 'missing'],
      [{ ...body(), grocy: 'http://grocy' }, ['body', 'grocy'], 'dict_type'],
    ];
    for (const [payload, loc, type] of cases) {
      const issues = await refused(payload);
      expect(issues, JSON.stringify(loc)).toContainEqual(expect.objectContaining({ loc, type }));
    }
    // A refused body changes nothing.
    expect(await get()).toEqual(lastSaved);
  });

  it('takes back the whole object it answered, read-only and unknown fields included, and stores none of them', async () => {
    const saved = await put(body({ provider: { type: 'openai', base_url: 'https://api.openai.com/v1', model: 'gpt-4o-mini', api_key: PROVIDER_KEY } }));
    expect(saved.status).toBe(200);
    // What the reference's client does: GET, change one field, PUT the whole object back.
    const echoed = await get();
    const answer = await put({
      ...echoed,
      theme: 'dark',
      provider: { ...echoed.provider, api_key_configured: false, model: 'gpt-4o' },
      grocy: { ...echoed.grocy, password: 'x' },
      privacy: { ...echoed.privacy, retention_days: 14 },
    });
    expect(answer.status).toBe(200);
    // The echoed `api_key_configured: false` is read-only: the key stays.
    expect(answer.body).toEqual({ ...echoed, provider: { ...echoed.provider, model: 'gpt-4o', api_key_configured: true }, privacy: { ...echoed.privacy, retention_days: 14 } });
    expect(await get()).toEqual(answer.body);
    const db = new Database(join(server.dataDir, 'app.db'), { readonly: true });
    try {
      const stored = JSON.stringify(db.prepare('SELECT * FROM instance_settings').all());
      expect(stored).not.toMatch(/theme|password|api_key_configured/);
    } finally {
      db.close();
    }
    await put(body());
  });

  it('words validation messages in the caller language, type and code unchanged', async () => {
    await owner.json('PATCH', '/api/v1/auth/preferences', { preferred_locale: 'de' });
    try {
      const issues = await refused(body({ privacy: { retention_days: 366 } }));
      expect(issues).toContainEqual({ loc: ['body', 'privacy', 'retention_days'], msg: 'retention_days darf nicht größer als 365 sein', type: 'less_than_equal' });
    } finally {
      await owner.json('PATCH', '/api/v1/auth/preferences', { preferred_locale: 'en' });
    }
    expect(await refused(body({ privacy: { retention_days: 366 } }))).toContainEqual({ loc: ['body', 'privacy', 'retention_days'], msg: 'retention_days must not be greater than 365', type: 'less_than_equal' });
  });

  it('refuses addresses with credentials, a query or fragment, another scheme or a forbidden IP literal', async () => {
    const grocyUrls = [
      'http://admin:secret@grocy:80',
      'http://admin@grocy',
      'http://grocy/?apikey=1',
      'http://grocy/#stock',
      'ftp://grocy',
      'grocy:80',
      'http://169.254.169.254/latest',
      'http://[fe80::1]:9283',
      'http://224.0.0.251',
      'http://[ff02::1]',
      'http://0.0.0.0:9283',
      'http://240.0.0.1',
      'http://gro cy',
    ];
    for (const url of grocyUrls) {
      const issues = await refused(body({ grocy: { url } }));
      expect(issues, url).toEqual([expect.objectContaining({ loc: ['body', 'grocy', 'url'], type: 'value_error' })]);
    }
    for (const base_url of ['http://api.cortecs.ai/v1', 'https://key:x@api.cortecs.ai/v1', 'https://169.254.1.1/v1']) {
      const issues = await refused(body({ provider: { base_url } }));
      expect(issues, base_url).toEqual([expect.objectContaining({ loc: ['body', 'provider', 'base_url'], type: 'value_error' })]);
    }
    const http = await refused(body({ provider: { type: 'anthropic', base_url: 'http://api.anthropic.com' } }));
    expect(http[0].msg).toMatch(/https/);
    // Local providers may use plain http, private and loopback addresses stay allowed.
    expect((await put(body({ provider: { type: 'openai-compatible', base_url: 'http://[::1]:8000/v1' }, grocy: { url: 'http://10.0.0.5' } }))).status).toBe(200);
  });

  it('is for the owner only, from a browser session, and saving needs a recent sign-in', async () => {
    for (const [role, browser] of others) {
      for (const [method, payload] of [['GET', undefined], ['PUT', body()]] as const) {
        const response = await browser.call(method, '/api/v1/settings', payload);
        expect(response.status, `${role} ${method}`).toBe(403);
        expect(await response.json()).toMatchObject({ code: 'role_not_allowed' });
      }
    }
    const { token } = await createToken(owner, [...API_TOKEN_SCOPES], 'every scope');
    for (const method of ['GET', 'PUT'] as const) {
      const response = await fetch(`${server.baseUrl}/api/v1/settings`, { method, headers: { ...bearer(token), 'content-type': 'application/json' }, body: method === 'PUT' ? JSON.stringify(body()) : undefined });
      expect(response.status, `token ${method}`).toBe(403);
      expect(await response.json()).toMatchObject({ code: 'token_not_allowed' });
    }
    const anonymous = await new Browserless(server.baseUrl).call('GET', '/api/v1/settings');
    expect(anonymous.status).toBe(401);

    moveClock(10 * 60_000 + 5_000);
    try {
      const before = await get();
      const stale = await owner.call('PUT', '/api/v1/settings', body({ grocy: { api_key: GROCY_KEY } }));
      expect(stale.status).toBe(428);
      expect(await stale.json()).toMatchObject({ code: 'recent_authentication_required', detail: expect.any(String) });
      expect(await get()).toEqual(before);
      await owner.json('POST', '/api/v1/auth/reauthenticate', { password: OWNER_PASSWORD });
      expect((await put(body({ grocy: { api_key: GROCY_KEY } }))).status).toBe(200);
    } finally {
      moveClock(0);
    }
  });

  it('never lets a key out: not in any answer, the audit log or the database file in plain text', async () => {
    await put(body({ provider: { type: 'openai', base_url: 'https://api.openai.com/v1', model: 'gpt', api_key: PROVIDER_KEY }, grocy: { api_key: GROCY_KEY } }));
    await get();
    const everything = seen.join('\n');
    expect(everything).toContain('api_key_configured');
    expect(everything).not.toContain(PROVIDER_KEY);
    expect(everything).not.toContain(GROCY_KEY);
    expect(everything).not.toMatch(/"api_key"\s*:/);

    await untilAudited(server.dataDir, 'PUT /api/v1/settings 200', 'PUT /api/v1/settings 422', 'PUT /api/v1/settings 428');
    const db = new Database(join(server.dataDir, 'app.db'), { readonly: true });
    try {
      const audit = db.prepare("SELECT * FROM audit_events WHERE action LIKE '%/settings%'").all() as Record<string, unknown>[];
      expect(audit.map((row) => `${row.action} ${row.status_code}`)).toEqual(expect.arrayContaining(['PUT /api/v1/settings 200', 'PUT /api/v1/settings 422', 'PUT /api/v1/settings 428']));
      expect(JSON.stringify(audit)).not.toMatch(/sk-e2e|grocy-e2e|api\.openai|192\.168/);
      const sealed = db.prepare('SELECT provider_api_key, grocy_api_key FROM instance_settings').get() as Record<string, string>;
      expect(sealed.provider_api_key).toMatch(/^v1\./);
      expect(sealed.grocy_api_key).toMatch(/^v1\./);
    } finally {
      db.close();
    }
    for (const file of ['app.db', 'app.db-wal'].map((name) => join(server.dataDir, name)).filter(existsSync)) {
      const bytes = readFileSync(file);
      expect(bytes.includes(PROVIDER_KEY), file).toBe(false);
      expect(bytes.includes(GROCY_KEY), file).toBe(false);
    }
  });
});
