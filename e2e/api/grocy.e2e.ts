import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeGrocy, type FakeGrocy } from '../support/fake-grocy.js';
import { addMember, bearer, createToken, setUpHousehold, type Browserless } from '../support/household.js';
import { textPdf } from '../support/pdfs.js';
import { startServer, type RunningServer } from '../support/server.js';

const GROCY_KEY = 'grocy-e2e-key-3Fq9xVb27Lm';
/** The server gives Grocy this long here (HINV_TEST_GROCY_TIMEOUT_MS) instead of 20 s. */
const TIMEOUT_MS = 1500;

/** Grocy's catalog as a household that used it for a while has it (sent as Grocy 3.x does: numbers as strings). */
const grocyState = () => ({
  locations: [
    { id: 1, name: 'Kühlschrank', description: 'unten', row_created_timestamp: '2023-01-02 10:00:00' },
    { id: 2, name: 'Vorratsschrank', description: null, row_created_timestamp: '2023-01-02 10:00:00' },
  ],
  quantity_units: [
    { id: 1, name: 'Stück', name_plural: 'Stück', description: null, row_created_timestamp: '2023-01-02 10:00:00' },
    { id: 2, name: 'Packung', name_plural: 'Packungen', description: null, row_created_timestamp: '2023-01-02 10:00:00' },
  ],
  product_groups: [{ id: 1, name: 'Milchprodukte', description: null, row_created_timestamp: '2023-01-02 10:00:00' }],
  shopping_locations: [{ id: 1, name: 'Edeka', description: null, row_created_timestamp: '2023-01-02 10:00:00' }],
  products: [
    { id: 11, name: 'Vollmilch 3,5%', location_id: 1, qu_id_purchase: 2, qu_id_stock: 1, product_group_id: 1, min_stock_amount: 2, default_best_before_days: 10 },
    { id: 12, name: 'Joghurt Natur', location_id: 1, qu_id_purchase: 1, qu_id_stock: 1, product_group_id: 1, min_stock_amount: 0, default_best_before_days: 0 },
    { id: 13, name: 'Bananen', location_id: 2, qu_id_purchase: 1, qu_id_stock: 1, min_stock_amount: 0, default_best_before_days: 0 },
    { id: 14, name: 'Butter', location_id: 1, qu_id_purchase: 2, qu_id_stock: 2, product_group_id: 1, min_stock_amount: 0, default_best_before_days: 30 },
    { id: 15, name: '   ', location_id: 2, qu_id_purchase: 1, qu_id_stock: 1 },
  ],
  stock: [
    // Aggregated amount (product with sub-products): it wins over the plain amount.
    { product_id: 11, amount: 2, amount_aggregated: 3, amount_opened: 0, amount_opened_aggregated: 0, best_before_date: '2025-03-20', is_aggregated_amount: 1 },
    // Two rows of one product, no aggregate: the amounts add up; 2999-12-31 means "never".
    { product_id: 12, amount: 1.5, best_before_date: '2999-12-31' },
    { product_id: 12, amount: 2, best_before_date: '2025-04-01' },
    // Only the nested product carries the id.
    { amount: 4, best_before_date: '2999-12-31', product: { id: 13, name: 'Bananen', location_id: 2, qu_id_stock: 1 } },
  ],
});

interface Preview {
  items: { product_id: string; product_name: string; grocy_product_id: number; current_quantity: number; proposed_quantity: number; quantity_delta: number; default_location_name: string | null; quantity_unit_name: string | null; best_before_date: string | null }[];
  unmapped: { grocy_product_id: number; product_name: string | null; quantity: number }[];
  generated_at: string;
}
interface ImportAnswer {
  imported: { locations: number; quantity_units: number; product_groups: number; products: number };
  catalog: { products: number; variants: number; barcodes: number; stock_lots: number };
}
interface ReceiptItem {
  id: string;
  normalized_name: string | null;
  catalog_product_id: string | null;
  grocy_product_id?: number | null;
  match_status: string;
}
interface Receipt {
  id: string;
  store_name: string | null;
  items?: ReceiptItem[] | null;
}
interface ImportResult {
  imported: number;
  failed: number;
  grocy_exported: number;
  grocy_failed: number;
  details: { item_id: string; ok: boolean; grocy: string; grocy_error?: string }[];
}

describe('the Grocy connector against a local Grocy', () => {
  let server: RunningServer;
  let grocy: FakeGrocy;
  let owner: Browserless;
  let admin: Browserless;
  let member: Browserless;
  let db: Database.Database;
  /** Every response body the tests saw, to prove the key never leaves the server. */
  const seen: string[] = [];

  const call = async (browser: Browserless, method: string, path: string, body?: unknown) => {
    const response = await browser.call(method, path, body);
    const text = await response.text();
    seen.push(text);
    return { status: response.status, body: (text ? JSON.parse(text) : null) as Record<string, unknown> };
  };
  const ok = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const answer = await call(owner, method, path, body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body as T;
  };
  const saveGrocy = (grocySettings: Record<string, unknown>) =>
    ok('PUT', '/api/v1/settings', {
      provider: { type: 'cortecs', base_url: 'https://api.cortecs.ai/v1', model: '' },
      grocy: { enabled: true, url: grocy.url, ...grocySettings },
      privacy: { delete_image_after_analysis: false, retention_days: 7 },
    });
  const catalogSnapshot = () => ({
    products: db.prepare('SELECT name, normalized_name, default_location_id, default_quantity_unit_id, product_group_id, default_best_before_days, grocy_product_id, active FROM products ORDER BY name').all(),
    variants: db.prepare('SELECT COUNT(*) AS n FROM product_variants').get(),
    locations: db.prepare('SELECT id, name, grocy_id, is_freezer FROM locations ORDER BY id').all(),
    units: db.prepare('SELECT id, name, name_plural, grocy_id FROM quantity_units ORDER BY id').all(),
    groups: db.prepare('SELECT id, name, grocy_id FROM product_groups ORDER BY id').all(),
  });
  const upload = async (lines: string[]): Promise<Receipt> => {
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(await textPdf([lines]))], { type: 'application/pdf' }), 'receipt.pdf');
    const response = await fetch(`${server.baseUrl}/api/v1/receipts/analyze`, { method: 'POST', body: form, headers: { cookie: member.cookie ?? '' } });
    const text = await response.text();
    seen.push(text);
    expect(response.status, text).toBe(200);
    return JSON.parse(text) as Receipt;
  };
  const line = (receipt: Receipt, name: string) => {
    const found = receipt.items?.find((item) => item.normalized_name === name);
    if (!found) throw new Error(`no line ${name} in ${JSON.stringify(receipt.items)}`);
    return found;
  };

  beforeAll(async () => {
    grocy = await startFakeGrocy({ apiKey: GROCY_KEY, legacy: true, state: grocyState() });
    server = await startServer({ HINV_TEST_GROCY_TIMEOUT_MS: String(TIMEOUT_MS) });
    owner = await setUpHousehold(server.baseUrl);
    admin = (await addMember(owner, 'admin')).browser;
    member = (await addMember(owner, 'member')).browser;
    db = new Database(join(server.dataDir, 'app.db'), { readonly: true, timeout: 5000 });
  });
  afterAll(async () => {
    db?.close();
    await server?.stop();
    await grocy?.close();
  });

  it('answers 409 "not connected" before an address and a key are saved, and asks Grocy nothing', async () => {
    for (const [method, path] of [
      ['POST', '/api/v1/settings/test-grocy'],
      ['POST', '/api/v1/integrations/grocy/import-catalog'],
      ['GET', '/api/v1/integrations/grocy/stock-preview'],
      ['GET', '/api/v1/grocy/master-data'],
      ['GET', '/api/v1/grocy/products'],
    ]) {
      const answer = await call(owner, method, path);
      expect([path, answer.status, answer.body.code]).toEqual([path, 409, 'grocy_not_connected']);
    }
    expect(grocy.requests).toEqual([]);
  });

  it('tests the saved connection (also while switched off) and shows the Grocy version; the key is only ever "configured"', async () => {
    const saved = await saveGrocy({ enabled: false, api_key: GROCY_KEY });
    expect(saved).toMatchObject({ grocy: { enabled: false, url: grocy.url, api_key_configured: true } });
    const test = await ok<{ connected: boolean; info: Record<string, unknown> }>('POST', '/api/v1/settings/test-grocy');
    expect(test).toEqual({ connected: true, info: { grocy_version: '3.3.2', grocy_release_date: '2024-10-01', php_version: '8.2.24', sqlite_version: '3.46.1' } });
    // Switched off, the status does not ask Grocy.
    const asked = grocy.requests.length;
    expect(await ok('GET', '/api/v1/status')).toMatchObject({ grocy_configured: true, grocy_enabled: false, grocy_connected: false });
    expect(grocy.requests.length).toBe(asked);
    const request = grocy.requests.at(-1);
    expect(request?.url).toBe('/api/system/info');
    expect(request?.headers['grocy-api-key']).toBe(GROCY_KEY);
    expect(request?.headers.accept).toBe('application/json');
  });

  it('refuses the stock preview and the Grocy lists while the connector is switched off', async () => {
    for (const path of ['/api/v1/integrations/grocy/stock-preview', '/api/v1/grocy/master-data', '/api/v1/grocy/products?q=milch']) {
      const answer = await call(owner, 'GET', path);
      expect([path, answer.status, answer.body.code]).toEqual([path, 409, 'grocy_disabled']);
    }
  });

  it('keeps the connector to the owner, from a browser session', async () => {
    const token = await createToken(owner, ['catalog:read', 'stock:read']);
    for (const [method, path] of [
      ['POST', '/api/v1/settings/test-grocy'],
      ['POST', '/api/v1/integrations/grocy/import-catalog'],
      ['GET', '/api/v1/integrations/grocy/stock-preview'],
      ['GET', '/api/v1/grocy/master-data'],
      ['GET', '/api/v1/grocy/products'],
    ]) {
      for (const browser of [admin, member]) expect((await call(browser, method, path)).status, `${method} ${path}`).toBe(403);
      const byToken = await fetch(`${server.baseUrl}${path}`, { method, headers: bearer(token.token) });
      expect(byToken.status, `${method} ${path} by token`).toBe(403);
    }
  });

  let firstImport: ImportAnswer;

  it('imports the catalog additively: existing entries are linked, empty defaults filled, nothing doubled', async () => {
    // A product and a location the household already had here, under Grocy's names.
    const butter = await ok<{ id: string }>('POST', '/api/v1/catalog/products', { name: 'butter', default_best_before_days: 5 });
    await ok('POST', '/api/v1/catalog/master-data/locations', { name: 'kühlschrank' });
    const before = catalogSnapshot();

    firstImport = await ok<ImportAnswer>('POST', '/api/v1/integrations/grocy/import-catalog');
    expect(firstImport.imported).toEqual({ locations: 2, quantity_units: 2, product_groups: 1, products: 4 });
    // Grocy's products carry no brand or barcode here: no variants, as the reference imports them.
    expect(firstImport.catalog).toEqual({ products: 4, variants: 0, barcodes: 0, stock_lots: 0 });

    const after = catalogSnapshot();
    const location = (grocyId: number) => (after.locations as { id: number; grocy_id: number | null }[]).find((row) => row.grocy_id === grocyId)?.id;
    const unit = (grocyId: number) => (after.units as { id: number; grocy_id: number | null }[]).find((row) => row.grocy_id === grocyId)?.id;
    const group = (after.groups as { id: number; grocy_id: number | null }[]).find((row) => row.grocy_id === 1)?.id;
    // The household's own "kühlschrank" is Grocy's "Kühlschrank" now, not a second one.
    expect((after.locations as { name: string }[]).filter((row) => row.name.toLowerCase() === 'kühlschrank')).toHaveLength(1);
    expect(after.locations.length).toBe((before.locations as unknown[]).length + 1);
    expect(after.products).toEqual([
      // Butter: linked, its name follows Grocy, its own best-before days (5) kept, the empty ones filled (unit from qu_id_stock).
      { name: 'Bananen', normalized_name: 'bananen', default_location_id: location(2), default_quantity_unit_id: unit(1), product_group_id: null, default_best_before_days: 0, grocy_product_id: 13, active: 1 },
      { name: 'Butter', normalized_name: 'butter', default_location_id: location(1), default_quantity_unit_id: unit(2), product_group_id: group, default_best_before_days: 5, grocy_product_id: 14, active: 1 },
      { name: 'Joghurt Natur', normalized_name: 'joghurt natur', default_location_id: location(1), default_quantity_unit_id: unit(1), product_group_id: group, default_best_before_days: 0, grocy_product_id: 12, active: 1 },
      { name: 'Vollmilch 3,5%', normalized_name: 'vollmilch 3 5', default_location_id: location(1), default_quantity_unit_id: unit(1), product_group_id: group, default_best_before_days: 10, grocy_product_id: 11, active: 1 },
    ]);
    expect((await ok<{ id: string; name: string }>('GET', `/api/v1/catalog/products/${butter.id}`)).name).toBe('Butter');
    expect(grocy.violations).toEqual([]);
  });

  it('imports the same catalog a second time without changing anything', async () => {
    const before = catalogSnapshot();
    const second = await ok<ImportAnswer>('POST', '/api/v1/integrations/grocy/import-catalog');
    expect(second).toEqual(firstImport);
    expect(catalogSnapshot()).toEqual(before);
  });

  it('links an entry archived here instead of making a second one, and leaves it archived', async () => {
    const archived = await ok<{ id: number }>('POST', '/api/v1/catalog/master-data/locations', { name: 'Gefriertruhe' });
    await ok('DELETE', `/api/v1/catalog/master-data/locations/${archived.id}`);
    grocy.state.locations.push({ id: 3, name: 'Gefriertruhe', description: null, row_created_timestamp: '2023-01-02 10:00:00' });
    try {
      await ok('POST', '/api/v1/integrations/grocy/import-catalog');
      await ok('POST', '/api/v1/integrations/grocy/import-catalog');
      const rows = db.prepare("SELECT id, grocy_id, active FROM locations WHERE name = 'Gefriertruhe'").all();
      expect(rows).toEqual([{ id: archived.id, grocy_id: 3, active: 0 }]);
    } finally {
      grocy.state.locations.pop();
    }
  });

  let preview: Preview;

  it('previews Grocy stock for every linked product, reading string numbers, aggregates, nested ids and "never"', async () => {
    await saveGrocy({ enabled: true });
    // A product Grocy got after the import: its stock is listed as unmapped, with Grocy's name.
    grocy.state.products.push({ id: 16, name: 'Hafermilch', location_id: 2, qu_id_purchase: 1, qu_id_stock: 1 });
    grocy.state.stock.push({ product_id: 16, amount: 6, best_before_date: '2025-06-01' }, { product_id: 17, amount: 0 });
    const movementsBefore = db.prepare('SELECT COUNT(*) AS n FROM stock_movements').get();

    expect(await ok('GET', '/api/v1/status')).toMatchObject({ grocy_configured: true, grocy_enabled: true, grocy_connected: true });
    preview = await ok<Preview>('GET', '/api/v1/integrations/grocy/stock-preview');
    expect(preview.items.map((item) => [item.product_name, item.grocy_product_id, item.current_quantity, item.proposed_quantity, item.quantity_delta, item.best_before_date])).toEqual([
      ['Bananen', 13, 0, 4, 4, null],
      ['Butter', 14, 0, 0, 0, null],
      ['Joghurt Natur', 12, 0, 3.5, 3.5, '2025-04-01'],
      ['Vollmilch 3,5%', 11, 0, 3, 3, '2025-03-20'],
    ]);
    // The household's own location keeps its name; it is linked to Grocy's "Kühlschrank".
    expect(preview.items[3]).toMatchObject({ default_location_name: 'kühlschrank', quantity_unit_name: 'Stück' });
    expect(preview.unmapped).toEqual([{ grocy_product_id: 16, product_name: 'Hafermilch', quantity: 6 }]);
    expect(Date.parse(preview.generated_at)).not.toBeNaN();
    // Read-only.
    expect(db.prepare('SELECT COUNT(*) AS n FROM stock_movements').get()).toEqual(movementsBefore);
    expect(grocy.violations).toEqual([]);
  });

  it('applies the preview as one reviewed stock count: stock here equals Grocy, once, however often it is sent', async () => {
    const chosen = preview.items.filter((item) => item.quantity_delta !== 0);
    const body = {
      client_mutation_id: 'grocy-review-0001',
      source: 'grocy_review',
      note: 'Grocy stock preview',
      lines: chosen.map((item) => ({ product_id: item.product_id, counted_quantity: item.proposed_quantity, best_before_date: item.best_before_date })),
    };
    const session = await ok<{ id: string; source: string; line_count: number; changed_count: number; lines: { movement_count: number }[] }>('POST', '/api/v1/stock/counts', body);
    expect(session).toMatchObject({ source: 'grocy_review', line_count: 3, changed_count: 3 });
    expect(session.lines.map((entry) => entry.movement_count)).toEqual([1, 1, 1]);
    const replay = await ok<{ id: string }>('POST', '/api/v1/stock/counts', body);
    expect(replay.id).toBe(session.id);
    expect(db.prepare("SELECT COUNT(*) AS n FROM stock_movements WHERE reference_id = ?").get(session.id)).toEqual({ n: 3 });

    const again = await ok<Preview>('GET', '/api/v1/integrations/grocy/stock-preview');
    expect(again.items.map((item) => [item.product_name, item.current_quantity, item.quantity_delta])).toEqual([
      ['Bananen', 4, 0],
      ['Butter', 0, 0],
      ['Joghurt Natur', 3.5, 0],
      ['Vollmilch 3,5%', 3, 0],
    ]);
  });

  it("lists Grocy's own master data and products (Grocy's ids)", async () => {
    const master = await ok<{ locations: { id: number; name: string; grocy_id: number }[]; quantity_units: { name: string; name_plural: string }[]; product_groups: unknown[] }>('GET', '/api/v1/grocy/master-data');
    expect(master.locations.map((entry) => [entry.id, entry.name, entry.grocy_id])).toEqual([
      [1, 'Kühlschrank', 1],
      [2, 'Vorratsschrank', 2],
    ]);
    expect(master.quantity_units.map((entry) => [entry.name, entry.name_plural])).toEqual([
      ['Packung', 'Packungen'],
      ['Stück', 'Stück'],
    ]);
    expect(await ok('GET', '/api/v1/grocy/products?q=MILCH')).toEqual([
      { id: 16, name: 'Hafermilch' },
      { id: 11, name: 'Vollmilch 3,5%' },
    ]);
    expect((await call(owner, 'GET', `/api/v1/grocy/products?q=${'x'.repeat(201)}`)).status).toBe(422);
  });

  describe('when Grocy fails', () => {
    const failing = async (path: string, method = 'POST') => {
      const before = catalogSnapshot();
      const answer = await call(owner, method, path);
      expect(answer.status, JSON.stringify(answer.body)).toBe(502);
      expect(answer.body.code).toBe('grocy_failed');
      expect(catalogSnapshot()).toEqual(before);
      return String(answer.body.detail);
    };

    it('passes on a 500 with Grocy\'s message, at most 500 characters of it and never the key', async () => {
      grocy.override = (_request, path) => (path === '/objects/products' ? { status: 500, body: { error_message: `SQLSTATE[HY000] database is locked; key ${GROCY_KEY} ${'x'.repeat(2000)}` } } : undefined);
      const detail = await failing('/api/v1/integrations/grocy/import-catalog');
      expect(detail).toContain('answered 500: SQLSTATE[HY000] database is locked');
      expect(detail).not.toContain(GROCY_KEY);
      const reason = detail.slice('Grocy did not work: '.length);
      expect(reason.length).toBeLessThanOrEqual(500);
      grocy.override = null;
    });

    it('gives up on a slow answer after the timeout', async () => {
      // Grocy would answer long after the timeout: an answer before that is the server giving up.
      grocy.override = (_request, path) => (path === '/stock' ? { status: 200, body: [], delayMs: TIMEOUT_MS + 20_000 } : undefined);
      const started = Date.now();
      expect(await failing('/api/v1/integrations/grocy/stock-preview', 'GET')).toContain(`no answer within ${TIMEOUT_MS / 1000} s`);
      expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 20_000);
      grocy.override = null;
    });

    it('does not follow a redirect (the key must not travel elsewhere)', async () => {
      grocy.override = (_request, path) => (path === '/system/info' ? { status: 302, headers: { location: `${grocy.url}/elsewhere/api/system/info` } } : undefined);
      expect(await failing('/api/v1/settings/test-grocy')).toContain('answered with a redirect (302)');
      expect(grocy.requests.some((request) => request.url.startsWith('/elsewhere'))).toBe(false);
      grocy.override = null;
    });

    it('says clearly when Grocy refuses the key (401 → 502)', async () => {
      await saveGrocy({ api_key: 'not-the-right-key' });
      expect(await failing('/api/v1/settings/test-grocy')).toContain('refused the API key (401)');
      expect(await ok('GET', '/api/v1/status')).toMatchObject({ grocy_configured: true, grocy_enabled: true, grocy_connected: false });
      await saveGrocy({ api_key: GROCY_KEY });
      expect((await call(owner, 'POST', '/api/v1/settings/test-grocy')).status).toBe(200);
    });

    it('answers 502 when Grocy is not there at all', async () => {
      const closed = await startFakeGrocy({ apiKey: GROCY_KEY });
      const url = closed.url;
      await closed.close();
      await ok('PUT', '/api/v1/settings', {
        provider: { type: 'cortecs', base_url: 'https://api.cortecs.ai/v1', model: '' },
        // Another address: the key is entered again (a stored key never follows a new address).
        grocy: { enabled: true, url, api_key: GROCY_KEY },
        privacy: { delete_image_after_analysis: false, retention_days: 7 },
      });
      expect(await failing('/api/v1/settings/test-grocy')).toContain('not reachable');
      await saveGrocy({ api_key: GROCY_KEY });
    });
  });

  describe('receipts', () => {
    const rewe = (lines: string[], total: string) => [
      'REWE Markt GmbH',
      'Musterstraße 12',
      '50667 Köln',
      'EUR',
      ...lines,
      '--------------------------------',
      `SUMME EUR ${total}`,
      'Datum: 14.03.2025 Uhrzeit: 18:02:11 Uhr',
    ];

    it('creates a Grocy product from a receipt line, with the store mapping learned, and maps the line to it', async () => {
      const receipt = await upload(rewe(['HALLOUMI 2,99 A', 'SAHNEBUTTER 2,19 A', 'VOLLMILCH 3,5% 1,19 A'], '6,37'));
      const halloumi = line(receipt, 'HALLOUMI');
      expect(halloumi.catalog_product_id).toBeNull();
      const body = { name: 'Halloumi', new_location_name: 'kühlschrank', new_quantity_unit_name: 'Stück', new_product_group_name: 'Käse', default_best_before_days: 21 };

      expect((await call(member, 'POST', `/api/v1/receipts/${receipt.id}/items/${halloumi.id}/create-product`, { ...body, new_location_name: null })).status).toBe(422);
      expect((await call(member, 'POST', `/api/v1/receipts/${receipt.id}/items/unknown/create-product`, body)).status).toBe(404);
      expect((await call(member, 'POST', `/api/v1/receipts/${receipt.id}/items/${halloumi.id}/create-product`, { ...body, location_id: 99, new_location_name: null })).status).toBe(404);

      const updated = await call(member, 'POST', `/api/v1/receipts/${receipt.id}/items/${halloumi.id}/create-product`, body);
      expect(updated.status, JSON.stringify(updated.body)).toBe(200);
      // The location was found by name (case-insensitively), the group created, then the product.
      const created = grocy.state.products.find((product) => product.name === 'Halloumi');
      const cheese = grocy.state.product_groups.find((entry) => entry.name === 'Käse');
      expect(created).toMatchObject({ location_id: 1, qu_id_purchase: 1, qu_id_stock: 1, min_stock_amount: 0, default_best_before_days: 21, product_group_id: cheese?.id });
      expect(grocy.state.locations).toHaveLength(2);
      const mapped = line(updated.body as unknown as Receipt, 'HALLOUMI');
      expect(mapped).toMatchObject({ match_status: 'manual', grocy_product_id: created?.id });
      const product = db.prepare('SELECT name, grocy_product_id, default_best_before_days FROM products WHERE id = ?').get(mapped.catalog_product_id);
      expect(product).toEqual({ name: 'Halloumi', grocy_product_id: created?.id, default_best_before_days: 21 });

      // A name Grocy has already: that product is taken, not a second one created.
      const productsBefore = grocy.state.products.length;
      const butterLine = line(receipt, 'SAHNEBUTTER');
      const taken = await call(member, 'POST', `/api/v1/receipts/${receipt.id}/items/${butterLine.id}/create-product`, { name: 'butter', location_id: 1, quantity_unit_id: 2, remember: false });
      expect(taken.status, JSON.stringify(taken.body)).toBe(200);
      expect(grocy.state.products).toHaveLength(productsBefore);
      const butter = line(taken.body as unknown as Receipt, 'SAHNEBUTTER');
      expect(butter.grocy_product_id).toBe(14);
      expect(db.prepare('SELECT name FROM products WHERE id = ?').get(butter.catalog_product_id)).toEqual({ name: 'Butter' });
      expect(grocy.violations).toEqual([]);
    });

    it('exports one purchase per line on import, with the price and the store (created first); a Grocy failure on one line fails only that line', async () => {
      const receipt = await upload(rewe(['VOLLMILCH 3,5% 1,19 A', 'JOGHURT NATUR 2,58 A', '2 Stk x 1,29', 'BANANEN 1,36 A', '0,456 kg x 2,99 EUR/kg'], '5,13'));
      const milk = line(receipt, 'VOLLMILCH 3,5%');
      const yoghurt = line(receipt, 'JOGHURT NATUR');
      const bananas = line(receipt, 'BANANEN');
      for (const item of [milk, yoghurt, bananas]) expect(item.catalog_product_id).not.toBeNull();
      const purchasesBefore = grocy.purchases.length;
      grocy.override = (_request, path) => (path === '/stock/products/13/add' ? { status: 400, body: { error_message: 'Product does not exist or is inactive' } } : undefined);

      const result = await ok<ImportResult>('POST', `/api/v1/receipts/${receipt.id}/import`, {});
      grocy.override = null;
      expect(result).toMatchObject({ imported: 3, failed: 0, grocy_exported: 2, grocy_failed: 1 });
      expect(result.details.map((detail) => [detail.item_id, detail.ok, detail.grocy])).toEqual([
        [milk.id, true, 'exported'],
        [yoghurt.id, true, 'exported'],
        [bananas.id, true, 'failed'],
      ]);
      expect(result.details[2].grocy_error).toBe('answered 400: Product does not exist or is inactive');

      const store = grocy.state.shopping_locations.find((entry) => entry.name === receipt.store_name);
      expect(store).toBeDefined();
      const sent = grocy.purchases.slice(purchasesBefore);
      expect(sent.map((purchase) => [purchase.productId, purchase.body])).toEqual([
        [11, { amount: 1, transaction_type: 'purchase', price: 1.19, purchased_date: '2025-03-14', best_before_date: '2025-03-24', shopping_location_id: store?.id }],
        [12, { amount: 2, transaction_type: 'purchase', price: 1.29, purchased_date: '2025-03-14', shopping_location_id: store?.id }],
      ]);
      const run = db.prepare('SELECT grocy_exported, grocy_failed FROM import_runs WHERE receipt_id = ?').get(receipt.id);
      expect(run).toEqual({ grocy_exported: 2, grocy_failed: 1 });
      expect(db.prepare('SELECT grocy_exported FROM receipt_items WHERE id IN (?, ?, ?) ORDER BY position').all(milk.id, yoghurt.id, bananas.id)).toEqual([
        { grocy_exported: 1 },
        { grocy_exported: 1 },
        { grocy_exported: 0 },
      ]);
      // The store exists now and is found, not created again, next time.
      const again = await upload(rewe(['BUTTER 2,19 A'], '2,19'));
      const second = await ok<ImportResult>('POST', `/api/v1/receipts/${again.id}/import`, {});
      expect(second).toMatchObject({ imported: 1, grocy_exported: 1, grocy_failed: 0 });
      expect(grocy.state.shopping_locations.filter((entry) => entry.name === receipt.store_name)).toHaveLength(1);
      expect(grocy.purchases.at(-1)).toMatchObject({ productId: 14, body: { amount: 1, price: 2.19, shopping_location_id: store?.id } });
      expect(grocy.violations).toEqual([]);
    });

    it('imports without exporting while the connector is switched off', async () => {
      await saveGrocy({ enabled: false });
      // Another purchase (its own total): the same store, date and total would be the same purchase.
      const receipt = await upload(rewe(['BUTTER 2,19 A', 'PFAND 0,25 A'], '2,44'));
      const before = grocy.requests.length;
      const result = await ok<ImportResult>('POST', `/api/v1/receipts/${receipt.id}/import`, {});
      expect(result).toMatchObject({ imported: 1, grocy_exported: 0, grocy_failed: 0 });
      expect(result.details[0].grocy).toBe('skipped');
      expect(grocy.requests.length).toBe(before);
      await saveGrocy({ enabled: true });
    });
  });

  it('never shows the key: not in any answer, not in the log, not in the database files', async () => {
    expect(seen.length).toBeGreaterThan(20);
    for (const text of seen) expect(text).not.toContain(GROCY_KEY);
    expect(server.output()).not.toContain(GROCY_KEY);
    expect(server.output()).toContain('grocy call failed');
    for (const file of readdirSync(server.dataDir).filter((name) => name.startsWith('app.db'))) {
      expect(readFileSync(join(server.dataDir, file)).includes(Buffer.from(GROCY_KEY)), file).toBe(false);
    }
    const stored = db.prepare('SELECT grocy_api_key FROM instance_settings').get() as { grocy_api_key: string };
    expect(stored.grocy_api_key).toMatch(/^v1\./);
  });
});

describe('the Grocy timeouts without a test override', () => {
  let server: RunningServer;
  let grocy: FakeGrocy;
  let owner: Browserless;

  beforeAll(async () => {
    grocy = await startFakeGrocy({ apiKey: GROCY_KEY, state: grocyState() });
    server = await startServer();
    owner = await setUpHousehold(server.baseUrl);
    await owner.json('PUT', '/api/v1/settings', {
      provider: { type: 'cortecs', base_url: 'https://api.cortecs.ai/v1', model: '' },
      grocy: { enabled: true, url: grocy.url, api_key: GROCY_KEY },
      privacy: { delete_image_after_analysis: false, retention_days: 7 },
    });
  });
  afterAll(async () => {
    await server?.stop();
    await grocy?.close();
  });

  it('gives the connection test 3 s, and every other call longer', async () => {
    // The connection test's Grocy answers long after 3 s; the stock, a little after them.
    grocy.override = (_request, path) => (path === '/system/info' ? { status: 200, body: { grocy_version: { Version: '4.2.0' } }, delayMs: 20_000 } : path === '/stock' ? { status: 200, body: [], delayMs: 3600 } : undefined);
    let started = Date.now();
    const test = await owner.call('POST', '/api/v1/settings/test-grocy');
    const testTook = Date.now() - started;
    expect(test.status).toBe(502);
    expect(((await test.json()) as { detail: string }).detail).toContain('no answer within 3 s');
    expect(testTook).toBeGreaterThanOrEqual(2900);
    expect(testTook).toBeLessThan(20_000);

    started = Date.now();
    const preview = await owner.call('GET', '/api/v1/integrations/grocy/stock-preview');
    expect(preview.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(3500);
    grocy.override = null;
  });
});
