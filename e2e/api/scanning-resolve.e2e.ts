import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenFoodFacts, v3Reply } from '../support/fake-open-food-facts.js';
import type { FakeHttpServer } from '../support/fake-http.js';
import { bearer, createToken, setUpHousehold, type Browserless } from '../support/household.js';
import { startServer, type RunningServer } from '../support/server.js';

const NUTELLA = '3017620422003';
const OATLY = '7394376616037';
const MISSING = '4006381333931';
const REDIRECTED = '5449000000996';
const LIMITED = '8710398500014';
const OTHER = '4000417025005';
/** Known nowhere: its drafts stay in the inbox. */
const STATION_CODE = '4260123456788';
/** Put in the catalog by the station test, and scanned only there. */
const STATION_KNOWN = '4260123456795';

interface Draft {
  id: string;
  status: string;
  mode: string;
  resolution_source: string;
  suggestion: Record<string, unknown> | null;
  upstream_error: string | null;
}

describe('resolving scans against a fake Open Food Facts', () => {
  let off: FakeHttpServer;
  let mirror: FakeHttpServer;
  let server: RunningServer;
  let owner: Browserless;
  const clockFile = join(mkdtempSync(join(tmpdir(), 'hinv-off-clock-')), 'offset');
  const asked = (code: string) => [...off.requests, ...mirror.requests].filter((r) => r.url.includes(`/product/${code}`)).length;
  const resolve = (barcode: string, mode = 'identify', client_mutation_id?: string) =>
    owner.call('POST', '/api/v1/scans/resolve', { barcode, mode, ...(client_mutation_id ? { client_mutation_id } : {}) });

  beforeAll(async () => {
    mirror = await startFakeOpenFoodFacts({ [REDIRECTED]: { product_name: 'Coca-Cola', brands: 'Coca-Cola', quantity: '330 ml' } });
    off = await startFakeOpenFoodFacts(
      {
        [NUTELLA]: { product_name: 'Nutella', product_name_de: 'Nutella Nuss-Nougat-Creme', brands: 'Ferrero', quantity: '400 g', image_front_url: 'https://images.example/nutella.jpg', categories: 'Spreads', product_type: 'food' },
        [OATLY]: { product_name: 'Oat drink', brands: 'Oatly', quantity: '1 l' },
      },
      {
        [REDIRECTED]: (request) => ({ status: 302, headers: { location: `${mirror.url}${request.url}` } }),
        [LIMITED]: () => ({ status: 429, headers: { 'retry-after': '120' }, body: { status: 'failure' } }),
      },
    );
    server = await startServer({ OFF_BASE_URL: off.url, WEB_PUSH_SUBJECT: 'mailto:owner@example.org', HINV_TEST_CLOCK_FILE: clockFile });
    owner = await setUpHousehold(server.baseUrl);
  });
  afterAll(async () => {
    await server.stop();
    await off.close();
    await mirror.close();
  });

  it('refuses malformed codes, placeholders and bad check digits with 422 and creates no draft', async () => {
    for (const barcode of ['12ab', '0000000000000', '0000', '3017620422004', '12']) {
      expect((await resolve(barcode)).status, barcode).toBe(422);
    }
    // Optional is not nullable: a null mode is refused rather than taken as the default.
    expect((await owner.call('POST', '/api/v1/scans/resolve', { barcode: NUTELLA, mode: null })).status).toBe(422);
    expect(await owner.json('GET', '/api/v1/scans/unresolved')).toEqual([]);
  });

  it('keeps internal codes on the box', async () => {
    const draft = await owner.json<Draft>('POST', '/api/v1/scans/resolve', { barcode: '2345678' });
    expect(draft).toMatchObject({ status: 'unresolved', resolution_source: 'unresolved', upstream_error: null });
    expect(off.requests.filter((r) => r.url.includes('2345678'))).toEqual([]);
  });

  it('suggests Open Food Facts data with attribution, asked politely', async () => {
    const draft = await owner.json<Draft>('POST', '/api/v1/scans/resolve', { barcode: `${NUTELLA.slice(0, 6)} ${NUTELLA.slice(6)}`, mode: 'add' });
    expect(draft).toMatchObject({ status: 'unresolved', resolution_source: 'open_facts', upstream_error: null });
    expect(draft.suggestion).toMatchObject({
      name: 'Nutella Nuss-Nougat-Creme',
      brand: 'Ferrero',
      quantity: '400 g',
      source: 'Open Facts',
      database_license: 'ODbL-1.0',
      image_license: 'CC-BY-SA',
      attribution: 'Open Food Facts contributors',
    });
    const request = off.requests.find((r) => r.url.includes(NUTELLA));
    expect(request?.headers['user-agent']).toBe('HouseholdInventory/0.1.0 (mailto:owner@example.org)');
    expect(request?.url).toContain('product_type=all');
  });

  it('answers from the cache and reuses the open draft for the same code and mode', async () => {
    const before = asked(NUTELLA);
    const again = await owner.json<Draft>('POST', '/api/v1/scans/resolve', { barcode: NUTELLA, mode: 'add' });
    const first = (await owner.json<Draft[]>('GET', '/api/v1/scans/unresolved')).filter((d) => d.mode === 'add');
    expect(first.map((d) => d.id)).toEqual([again.id]);
    expect(again.resolution_source).toBe('cache');
    const otherMode = await owner.json<Draft>('POST', '/api/v1/scans/resolve', { barcode: NUTELLA, mode: 'shopping' });
    expect(otherMode.id).not.toBe(again.id);
    expect(asked(NUTELLA)).toBe(before);
  });

  it('caches a miss for 24 hours instead of asking again', async () => {
    const miss = await owner.json<Draft>('POST', '/api/v1/scans/resolve', { barcode: MISSING });
    expect(miss).toMatchObject({ resolution_source: 'unresolved', suggestion: {}, upstream_error: null });
    await owner.json('POST', '/api/v1/scans/resolve', { barcode: MISSING, mode: 'consume' });
    expect(asked(MISSING)).toBe(1);
  });

  it('follows a redirect to another Open Facts instance', async () => {
    const draft = await owner.json<Draft>('POST', '/api/v1/scans/resolve', { barcode: REDIRECTED });
    expect(draft.suggestion).toMatchObject({ name: 'Coca-Cola' });
    expect(mirror.requests).toHaveLength(1);
  });

  it('looks codes up stand-alone without creating drafts', async () => {
    expect(await owner.json('GET', `/api/v1/catalog/barcodes/${OATLY}/lookup`)).toMatchObject({ found: true, local: false, product: { brand: 'Oatly' } });
    expect(await owner.json('GET', '/api/v1/catalog/barcodes/2345678/lookup')).toEqual({ found: false, local: false, product: null });
    const product = await owner.json<{ id: string }>('POST', '/api/v1/catalog/products', { name: 'Pencil lead', barcode: '4006381333931', brand: 'Faber' });
    const local = await owner.json<{ found: boolean; local: boolean; product: Record<string, unknown> }>('GET', '/api/v1/catalog/barcodes/4006381333931/lookup');
    // The reference's flat shape: the product's fields and the variant that holds the code.
    expect(local).toMatchObject({ found: true, local: true, product: { id: product.id, name: 'Pencil lead', barcode: '4006381333931', variant_id: expect.any(String) } });
    expect(local.product).toHaveProperty('brand');
    expect(local.product).toHaveProperty('package_amount');
  });

  it('backs off after a 429, honouring Retry-After, and still answers with a draft', async () => {
    const limited = await resolve(LIMITED);
    expect(limited.status).toBe(200);
    expect(((await limited.json()) as Draft).upstream_error).toMatch(/429/);
    const during = await owner.json<Draft>('POST', '/api/v1/scans/resolve', { barcode: OTHER });
    expect(during.upstream_error).toMatch(/wait/);
    expect(asked(OTHER)).toBe(0);
    // The stand-alone lookup has no draft to fall back on: it reports the upstream failure.
    expect((await owner.call('GET', `/api/v1/catalog/barcodes/${OTHER}/lookup`)).status).toBe(502);
    expect(asked(OTHER)).toBe(0);
    // Retry-After said 120 s: a minute in nothing is asked, after it reads resume.
    writeFileSync(clockFile, String(60_000));
    expect((await owner.json<Draft>('POST', '/api/v1/scans/resolve', { barcode: OTHER, mode: 'open' })).upstream_error).toMatch(/wait/);
    writeFileSync(clockFile, String(121_000));
    const after = await owner.json<Draft>('POST', '/api/v1/scans/resolve', { barcode: OTHER, mode: 'consume' });
    expect(after).toMatchObject({ upstream_error: null, resolution_source: 'unresolved' });
    expect(asked(OTHER)).toBe(1);
  });

  it('returns one draft for 100 parallel resolves with one key, also through a scans:write token', async () => {
    const { token } = await createToken(owner, ['scans:write']);
    const call = () =>
      fetch(`${server.baseUrl}/api/v1/scans/resolve`, {
        method: 'POST',
        headers: { ...bearer(token), 'content-type': 'application/json' },
        body: JSON.stringify({ barcode: OATLY, mode: 'add', client_mutation_id: 'offline-queue-key-1' }),
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as Draft }));
    const results = await Promise.all(Array.from({ length: 100 }, call));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
    const reader = (await createToken(owner, ['scans:read'])).token;
    expect((await fetch(`${server.baseUrl}/api/v1/scans/${results[0].body.id}`, { headers: bearer(reader) })).status).toBe(200);
    expect((await fetch(`${server.baseUrl}/api/v1/scans/${results[0].body.id}`, { headers: bearer(token) })).status).toBe(403);
    expect((await fetch(`${server.baseUrl}/api/v1/scans/resolve`, { method: 'POST', headers: { ...bearer(reader), 'content-type': 'application/json' }, body: '{}' })).status).toBe(403);
  });

  it('names the scanner station a scan came from in the draft and the inbox, and no station for a browser scan', async () => {
    const { token, station } = await createToken(owner, ['scans:read', 'scans:write', 'catalog:read'], 'Pantry door', { station: true });
    expect(station).toBe(true);
    const fromStation = (await (
      await fetch(`${server.baseUrl}/api/v1/scans/resolve`, {
        method: 'POST',
        headers: { ...bearer(token), 'content-type': 'application/json' },
        body: JSON.stringify({ barcode: STATION_CODE, mode: 'consume', client_mutation_id: 'station-scan-1' }),
      })
    ).json()) as Draft & { station_name: string | null };
    expect(fromStation).toMatchObject({ mode: 'consume', station_name: 'Pantry door', status: 'unresolved' });
    const fromBrowser = (await (await resolve(STATION_CODE, 'add', 'browser-scan-1')).json()) as Draft & { station_name: string | null };
    expect(fromBrowser.station_name).toBeNull();
    const inbox = await owner.json<(Draft & { station_name: string | null })[]>('GET', '/api/v1/scans/unresolved');
    expect(inbox.find((draft) => draft.id === fromStation.id)?.station_name).toBe('Pantry door');
    expect(inbox.find((draft) => draft.id === fromBrowser.id)?.station_name).toBeNull();

    // A product of the catalog scanned at the station is resolved: it waits in the station list, not in the unresolved inbox.
    await owner.json('POST', '/api/v1/catalog/products', { name: 'Pfefferminztee', barcode: STATION_KNOWN });
    const known = (await (
      await fetch(`${server.baseUrl}/api/v1/scans/resolve`, {
        method: 'POST',
        headers: { ...bearer(token), 'content-type': 'application/json' },
        body: JSON.stringify({ barcode: STATION_KNOWN, mode: 'add', client_mutation_id: 'station-scan-2' }),
      })
    ).json()) as Draft;
    expect(known).toMatchObject({ status: 'resolved', station_name: 'Pantry door' });
    const waiting = (await owner.json<(Draft & { station_name: string | null })[]>('GET', '/api/v1/scans/from-stations')).filter((draft) => draft.station_name === 'Pantry door');
    expect(waiting.map((draft) => [draft.id, draft.station_name])).toEqual([
      [known.id, 'Pantry door'],
      [fromStation.id, 'Pantry door'],
    ]);
    expect((await fetch(`${server.baseUrl}/api/v1/scans/from-stations`, { headers: bearer(token) })).status).toBe(200);
    expect((await owner.call('DELETE', `/api/v1/scans/${known.id}`)).status).toBe(200);
    const after = await owner.json<(Draft & { station_name: string | null })[]>('GET', '/api/v1/scans/from-stations');
    expect(after.map((draft) => draft.id)).toContain(fromStation.id);
    expect(after.map((draft) => draft.id)).not.toContain(known.id);
    expect(after.every((draft) => draft.station_name !== null && ['resolved', 'unresolved'].includes(draft.status))).toBe(true);

    // A token not created as a station (Home Assistant, with the same scopes) names no station.
    const automation = await createToken(owner, ['scans:read', 'scans:write', 'catalog:read'], 'Home Assistant');
    expect(automation.station).toBe(false);
    const fromAutomation = (await (
      await fetch(`${server.baseUrl}/api/v1/scans/resolve`, {
        method: 'POST',
        headers: { ...bearer(automation.token), 'content-type': 'application/json' },
        body: JSON.stringify({ barcode: STATION_CODE, mode: 'add', client_mutation_id: 'automation-scan-1' }),
      })
    ).json()) as Draft & { station_name: string | null };
    expect(fromAutomation.station_name).toBeNull();
    expect((await owner.json<Draft[]>('GET', '/api/v1/scans/from-stations')).map((draft) => draft.id)).not.toContain(fromAutomation.id);
    const listed = await owner.json<{ name: string; station: boolean }[]>('GET', '/api/v1/auth/api-tokens');
    expect(listed.filter((listedToken) => ['Pantry door', 'Home Assistant'].includes(listedToken.name)).map((listedToken) => [listedToken.name, listedToken.station]).sort()).toEqual([
      ['Home Assistant', false],
      ['Pantry door', true],
    ]);
  });
});

describe('Open Food Facts switched off or too slow', () => {
  it('answers with an unresolved draft when lookups are off, without asking', async () => {
    const off = await startFakeOpenFoodFacts({ [NUTELLA]: { product_name: 'Nutella' } });
    const server = await startServer({ OFF_BASE_URL: off.url, OFF_ENABLED: 'false' });
    try {
      const owner = await setUpHousehold(server.baseUrl);
      const draft = await owner.json<Draft>('POST', '/api/v1/scans/resolve', { barcode: NUTELLA });
      expect(draft).toMatchObject({ status: 'unresolved', suggestion: {}, upstream_error: expect.stringMatching(/turned off/) });
      // Nothing failed upstream: the stand-alone lookup just finds nothing.
      expect(await owner.json('GET', `/api/v1/catalog/barcodes/${NUTELLA}/lookup`)).toEqual({ found: false, local: false, product: null });
      expect(off.requests).toEqual([]);
    } finally {
      await server.stop();
      await off.close();
    }
  });

  it('asks once when several phones scan the same new code at the same time', async () => {
    const slowish = await startFakeOpenFoodFacts({}, { [NUTELLA]: () => ({ ...v3Reply(NUTELLA, { product_name: 'Nutella' }), delayMs: 3_000 }) });
    const server = await startServer({ OFF_BASE_URL: slowish.url });
    try {
      const owner = await setUpHousehold(server.baseUrl);
      const drafts = await Promise.all(Array.from({ length: 20 }, () => owner.json<Draft>('POST', '/api/v1/scans/resolve', { barcode: NUTELLA })));
      expect(slowish.requests).toHaveLength(1);
      expect(drafts.every((draft) => draft.resolution_source === 'open_facts' && draft.upstream_error === null)).toBe(true);
      // Same code, same mode, still unresolved: one draft for all of them.
      expect(new Set(drafts.map((draft) => draft.id)).size).toBe(1);
    } finally {
      await server.stop();
      await slowish.close();
    }
  });

  it('gives up after 8 seconds and still answers', async () => {
    // Open Food Facts would answer long after the 8 s: an answer before that is the server giving up.
    const slow = await startFakeOpenFoodFacts({}, { [NUTELLA]: () => ({ ...v3Reply(NUTELLA, { product_name: 'Late' }), delayMs: 30_000 }) });
    const server = await startServer({ OFF_BASE_URL: slow.url });
    try {
      const owner = await setUpHousehold(server.baseUrl);
      const started = Date.now();
      const draft = await owner.json<Draft>('POST', '/api/v1/scans/resolve', { barcode: NUTELLA });
      expect(Date.now() - started).toBeGreaterThanOrEqual(7_900);
      expect(Date.now() - started).toBeLessThan(30_000);
      expect(draft).toMatchObject({ status: 'unresolved', upstream_error: expect.stringMatching(/in time/) });
    } finally {
      await server.stop();
      await slow.close();
    }
  });
});
