import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textPdf } from '../support/pdfs.js';
import { addMember, bearer, createToken, setUpHousehold, type Browserless } from '../support/household.js';
import { startServer, type RunningServer } from '../support/server.js';

/** A REWE receipt as the till prints it, with the given article lines, total and date. */
const rewe = (lines: string[], total: string, date: string) => [
  'REWE Markt GmbH',
  'Musterstraße 12',
  '50667 Köln',
  'EUR',
  ...lines,
  '--------------------------------',
  `SUMME EUR ${total}`,
  'Geg. BAR EUR 20,00',
  `Datum: ${date} Uhrzeit: 18:02:11 Uhr`,
  'Markt:1234 Kasse:3 Bed.:123456',
];

interface Item {
  id: string;
  normalized_name: string | null;
  catalog_product_id: string | null;
  imported: number;
  import_error?: string | null;
}
interface Receipt {
  id: string;
  status: string;
  imported_count: number | null;
  ready_count: number | null;
  review_count: number;
  items?: Item[] | null;
}
interface ImportResult {
  run_id: string;
  requested: number;
  imported: number;
  failed: number;
  grocy_exported: number;
  grocy_failed: number;
  details: { item_id: string; ok: boolean; grocy: string; error?: string; lot_id?: string }[];
  receipt: Receipt;
}
interface Lot {
  id: string;
  product_id: string;
  variant_id: string | null;
  location_id: number | null;
  quantity: number;
  best_before_date: string | null;
  purchased_date: string | null;
  unit_price: number | null;
}
interface Movement {
  product_id: string;
  lot_id: string | null;
  movement_type: string;
  quantity_delta: number;
  source: string;
  reference_id: string | null;
}
interface PriceRow {
  receipt_item_id: string;
  receipt_id: string;
  purchase_date: string | null;
  retailer: string | null;
  store_name: string | null;
  currency: string;
  quantity: number;
  unit_price: number | null;
  total_price: number | null;
}

describe('importing a receipt into stock', () => {
  let server: RunningServer;
  let owner: Browserless;
  let member: Browserless;
  let viewer: Browserless;
  let db: Database.Database;
  const product: Record<'milk' | 'yoghurt' | 'bananas' | 'butter', string> = { milk: '', yoghurt: '', bananas: '', butter: '' };
  let fridge: number;

  const upload = async (lines: string[]): Promise<Receipt> => {
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(await textPdf([lines]))], { type: 'application/pdf' }), 'receipt.pdf');
    const response = await fetch(`${server.baseUrl}/api/v1/receipts/analyze`, { method: 'POST', body: form, headers: { cookie: member.cookie ?? '' } });
    expect(response.status).toBe(200);
    return (await response.json()) as Receipt;
  };
  const line = (receipt: Receipt, name: string) => {
    const found = receipt.items?.find((item) => item.normalized_name === name);
    if (!found) throw new Error(`no line ${name} in ${JSON.stringify(receipt.items)}`);
    return found;
  };
  const lots = (productId: string) => owner.json<Lot[]>('GET', `/api/v1/stock/lots?product_id=${productId}`);
  const movements = async (receiptId: string) =>
    (await owner.json<{ items: Movement[] }>('GET', `/api/v1/stock/movements?limit=500`)).items.filter((movement) => movement.reference_id === receiptId);
  const runs = (receiptId: string) => db.prepare('SELECT requested, imported, failed, details FROM import_runs WHERE receipt_id = ?').all(receiptId) as { requested: number; imported: number; failed: number; details: string }[];
  const importReceipt = (browser: Browserless, receiptId: string, body: unknown = {}) => browser.call('POST', `/api/v1/receipts/${receiptId}/import`, body);

  beforeAll(async () => {
    server = await startServer();
    owner = await setUpHousehold(server.baseUrl);
    member = (await addMember(owner, 'member')).browser;
    viewer = (await addMember(owner, 'viewer')).browser;
    const milk = await owner.json<{ id: string; default_location_id: number }>('POST', '/api/v1/catalog/products', { name: 'Vollmilch 3,5%', new_location_name: 'Kühlschrank', default_best_before_days: 10 });
    product.milk = milk.id;
    fridge = milk.default_location_id;
    product.yoghurt = (await owner.json<{ id: string }>('POST', '/api/v1/catalog/products', { name: 'Joghurt Natur' })).id;
    product.bananas = (await owner.json<{ id: string }>('POST', '/api/v1/catalog/products', { name: 'Bananen' })).id;
    product.butter = (await owner.json<{ id: string }>('POST', '/api/v1/catalog/products', { name: 'Butter' })).id;
    db = new Database(join(server.dataDir, 'app.db'), { readonly: true, timeout: 5000 });
  });
  afterAll(async () => {
    db?.close();
    await server?.stop();
  });

  let first: Receipt;

  it('puts every mapped line into stock: one lot and one purchase movement each, priced and dated by the receipt', async () => {
    first = await upload(rewe(['VOLLMILCH 3,5% 1,19 A', 'JOGHURT NATUR 2,58 A', '2 Stk x 1,29', 'BANANEN 1,36 A', '0,456 kg x 2,99 EUR/kg', 'PFAND 0,25 EUR A'], '5,38', '14.03.2025'));
    expect(first).toMatchObject({ status: 'review', ready_count: 3, review_count: 1 });

    const response = await importReceipt(member, first.id);
    expect(response.status).toBe(200);
    const result = (await response.json()) as ImportResult;
    const mapped = ['VOLLMILCH 3,5%', 'JOGHURT NATUR', 'BANANEN'].map((name) => line(first, name).id);
    expect(result).toMatchObject({ requested: 3, imported: 3, failed: 0, grocy_exported: 0, grocy_failed: 0 });
    expect(result.run_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(result.details.map((detail) => [detail.item_id, detail.ok, detail.grocy])).toEqual(mapped.map((id) => [id, true, 'skipped']));
    expect(result.receipt).toMatchObject({ id: first.id, status: 'imported', imported_count: 3, ready_count: 0, review_count: 1 });
    expect(result.receipt.items?.filter((item) => item.imported === 1).map((item) => item.id)).toEqual(mapped);

    // Milk: the product's default location and best-before days counted from the purchase date.
    expect(await lots(product.milk)).toEqual([
      expect.objectContaining({ quantity: 1, unit_price: 1.19, location_id: fridge, purchased_date: '2025-03-14', best_before_date: '2025-03-24' }),
    ]);
    // Yoghurt: 2 × 1,29, no default location and no best-before days on the product.
    expect(await lots(product.yoghurt)).toEqual([expect.objectContaining({ quantity: 2, unit_price: 1.29, location_id: null, best_before_date: null, purchased_date: '2025-03-14' })]);
    expect(await lots(product.bananas)).toEqual([expect.objectContaining({ quantity: 0.456, unit_price: 2.99 })]);

    const moved = await movements(first.id);
    expect(moved.map((m) => [m.product_id, m.movement_type, m.source, m.quantity_delta]).sort()).toEqual(
      [
        [product.milk, 'purchase', 'receipt', 1],
        [product.yoghurt, 'purchase', 'receipt', 2],
        [product.bananas, 'purchase', 'receipt', 0.456],
      ].sort(),
    );
    expect(new Set(moved.map((m) => m.lot_id))).toEqual(new Set(result.details.map((d) => d.lot_id)));
    expect(runs(first.id)).toEqual([{ requested: 3, imported: 3, failed: 0, details: expect.any(String) }]);

    const history = await member.json<PriceRow[]>('GET', `/api/v1/catalog/products/${product.yoghurt}/price-history`);
    expect(history).toEqual([
      expect.objectContaining({
        receipt_item_id: line(first, 'JOGHURT NATUR').id,
        receipt_id: first.id,
        purchase_date: '2025-03-14',
        retailer: 'REWE',
        store_name: 'REWE Markt GmbH',
        currency: 'EUR',
        quantity: 2,
        unit_price: 1.29,
        total_price: 2.58,
      }),
    ]);
  });

  it('a replay imports nothing more (409) and changes no stock', async () => {
    const before = { lots: (await lots(product.milk)).length, movements: (await movements(first.id)).length };
    const again = await importReceipt(member, first.id);
    expect(again.status).toBe(409);
    expect(((await again.json()) as { code: string }).code).toBe('receipt_nothing_to_import');
    expect((await lots(product.milk)).length).toBe(before.lots);
    expect((await movements(first.id)).length).toBe(before.movements);
    expect(runs(first.id)).toHaveLength(1);
    expect((await owner.json<Receipt>('GET', `/api/v1/receipts/${first.id}`)).status).toBe('imported');
  });

  it('imports a selection: without failures the receipt is imported, a failed line makes it partial', async () => {
    const receipt = await upload(rewe(['VOLLMILCH 3,5% 1,29 A', 'BUTTER 1,99 A', 'PFAND 0,25 EUR A'], '3,53', '02.04.2025'));
    const milk = line(receipt, 'VOLLMILCH 3,5%');
    const butter = line(receipt, 'BUTTER');
    const deposit = line(receipt, 'PFAND');
    expect(butter.catalog_product_id).toBe(product.butter);

    // Only lines outside the selection, an unmapped one or another receipt's line: nothing to take.
    expect((await importReceipt(member, receipt.id, { item_ids: [deposit.id] })).status).toBe(409);
    expect((await importReceipt(member, receipt.id, { item_ids: [line(first, 'BANANEN').id] })).status).toBe(409);
    expect(runs(receipt.id)).toHaveLength(0);

    const selected = (await (await importReceipt(member, receipt.id, { item_ids: [milk.id] })).json()) as ImportResult;
    expect(selected).toMatchObject({ requested: 1, imported: 1, failed: 0 });
    expect(selected.receipt).toMatchObject({ status: 'imported', imported_count: 1, ready_count: 1 });
    expect((await lots(product.milk)).length).toBe(2);

    // Butter was archived after the line was mapped: that line fails, nothing of it reaches stock.
    await owner.json('DELETE', `/api/v1/catalog/products/${product.butter}`);
    const rest = (await (await importReceipt(member, receipt.id, { item_ids: null })).json()) as ImportResult;
    expect(rest).toMatchObject({ requested: 1, imported: 0, failed: 1 });
    expect(rest.details).toEqual([{ item_id: butter.id, ok: false, grocy: 'skipped', error: 'product_inactive' }]);
    expect(rest.receipt.status).toBe('partial');
    expect(rest.receipt.items?.find((item) => item.id === butter.id)).toMatchObject({ imported: 0, import_error: 'product_inactive' });
    expect(await lots(product.butter)).toEqual([]);
    expect(runs(receipt.id).map((run) => [run.requested, run.imported, run.failed])).toEqual([
      [1, 1, 0],
      [1, 0, 1],
    ]);
  });

  it('two imports of one receipt at once import each line once', async () => {
    const receipt = await upload(rewe(['VOLLMILCH 3,5% 0,99 A', 'JOGHURT NATUR 2,58 A', '2 Stk x 1,29', 'BANANEN 1,36 A', '0,456 kg x 2,99 EUR/kg'], '4,93', '10.05.2025'));
    const before = await Promise.all([lots(product.milk), lots(product.yoghurt), lots(product.bananas)]);
    const responses = await Promise.all([importReceipt(member, receipt.id), importReceipt(owner, receipt.id), importReceipt(member, receipt.id, { item_ids: receipt.items?.map((i) => i.id) })]);
    expect(responses.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    const after = await Promise.all([lots(product.milk), lots(product.yoghurt), lots(product.bananas)]);
    expect(after.map((list, index) => list.length - before[index].length)).toEqual([1, 1, 1]);
    expect(await movements(receipt.id)).toHaveLength(3);
    expect(runs(receipt.id)).toHaveLength(1);
  });

  it('summarises prices per product and store from imported lines', async () => {
    const insights = await viewer.json<{
      products: { product_id: string; latest_price: number; previous_price: number | null; lowest_price: number; highest_price: number; change_amount: number | null; change_percent: number | null; observation_count: number; latest_store: string; latest_date: string; stores: { store_key: string; average_price: number; observation_count: number }[] }[];
      product_count: number;
      store_count: number;
      observation_count: number;
    }>('GET', '/api/v1/insights/prices');
    // Milk 1,19 → 1,29 → 0,99; yoghurt twice, bananas twice; butter never reached stock.
    expect(insights).toMatchObject({ product_count: 3, store_count: 1, observation_count: 7 });
    const milk = insights.products.find((p) => p.product_id === product.milk);
    expect(milk).toMatchObject({
      observation_count: 3,
      latest_price: 0.99,
      latest_date: '2025-05-10',
      latest_store: 'REWE',
      previous_price: 1.29,
      lowest_price: 0.99,
      highest_price: 1.29,
      change_amount: -0.3,
      change_percent: -23.3,
      stores: [expect.objectContaining({ store_key: 'rewe', average_price: 1.1567, observation_count: 3 })],
    });
    expect(insights.products.some((p) => p.product_id === product.butter)).toBe(false);
    expect((await viewer.json<{ products: unknown[] }>('GET', '/api/v1/insights/prices?limit=1')).products).toHaveLength(1);
    expect((await viewer.call('GET', '/api/v1/insights/prices?limit=0')).status).toBe(422);
    expect((await viewer.call('GET', '/api/v1/insights/prices?limit=501')).status).toBe(422);

    const history = await viewer.json<PriceRow[]>('GET', `/api/v1/catalog/products/${product.milk}/price-history`);
    expect(history.map((row) => [row.purchase_date, row.unit_price])).toEqual([
      ['2025-05-10', 0.99],
      ['2025-04-02', 1.29],
      ['2025-03-14', 1.19],
    ]);
    expect(await viewer.json<PriceRow[]>('GET', `/api/v1/catalog/products/${product.milk}/price-history?limit=1`)).toHaveLength(1);
    expect((await viewer.call('GET', `/api/v1/catalog/products/${product.milk}/price-history?limit=501`)).status).toBe(422);
    expect((await viewer.call('GET', '/api/v1/catalog/products/no-such-product/price-history')).status).toBe(404);
  });

  it('refuses viewers, API tokens, strangers and unknown receipts', async () => {
    const receipt = await upload(rewe(['BANANEN 1,36 A', '0,456 kg x 2,99 EUR/kg', 'PFAND 0,25 EUR A'], '1,61', '11.05.2025'));
    expect((await importReceipt(viewer, receipt.id)).status).toBe(403);
    const token = await createToken(owner, ['scans:write', 'catalog:read']);
    const tokenCall = (method: string, path: string, body?: unknown) =>
      fetch(`${server.baseUrl}${path}`, { method, headers: { ...bearer(token.token), 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    expect((await tokenCall('POST', `/api/v1/receipts/${receipt.id}/import`, {})).status).toBe(403);
    expect((await tokenCall('GET', '/api/v1/insights/prices')).status).toBe(403);
    expect((await tokenCall('GET', `/api/v1/catalog/products/${product.milk}/price-history`)).status).toBe(200);
    const readOnlyStock = await createToken(owner, ['stock:read'], 'stock reader');
    expect((await fetch(`${server.baseUrl}/api/v1/catalog/products/${product.milk}/price-history`, { headers: bearer(readOnlyStock.token) })).status).toBe(403);
    expect((await fetch(`${server.baseUrl}/api/v1/receipts/${receipt.id}/import`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status).toBe(401);
    expect((await importReceipt(member, 'no-such-receipt')).status).toBe(404);
    expect((await importReceipt(member, receipt.id, { item_ids: 'all' })).status).toBe(422);
    expect((await owner.json<Receipt>('GET', `/api/v1/receipts/${receipt.id}`)).status).toBe('review');
    expect(await lots(product.bananas)).toHaveLength(2);
  });
});
