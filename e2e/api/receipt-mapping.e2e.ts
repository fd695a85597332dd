import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, bearer, createToken, setUpHousehold, type Browserless } from '../support/household.js';
import { receiptLine, receiptPdf, REWE, uploadReceipt } from '../support/receipts.js';
import { startServer, type RunningServer } from '../support/server.js';

interface Item {
  id: string;
  position: number;
  normalized_name: string | null;
  match_status: string;
  match_reason: string;
  match_score: number | null;
  catalog_product_id: string | null;
  catalog_variant_id: string | null;
}

interface Receipt {
  id: string;
  review_count: number;
  items?: Item[] | null;
}

interface Product {
  id: string;
  variants: { id: string }[];
}

const REWE_CITY = ['REWE City', 'Hauptstraße 1', '10115 Berlin'];
const LIDL = ['LIDL', 'Filiale 0815'];
const NET_CODE = '4006381333931';

describe('mapping receipt lines by hand, and what the matcher learns from it', () => {
  let server: RunningServer;
  let owner: Browserless;
  let member: Browserless;
  let viewer: Browserless;
  let db: Database.Database;
  let yoghurt: Product;
  let fruit: Product;
  let first: Receipt;
  let second: Receipt;

  const upload = (browser: Browserless, bytes: Buffer) => uploadReceipt<Receipt>(server.baseUrl, browser, bytes);
  const line = (receipt: Receipt, name: string): Item => receiptLine(receipt, name);
  const map = (browser: Browserless, receipt: Receipt, item: Item, body: unknown) => browser.call('PATCH', `/api/v1/receipts/${receipt.id}/items/${item.id}`, body);
  const fetchReceipt = (id: string) => owner.json<Receipt>('GET', `/api/v1/receipts/${id}`);

  beforeAll(async () => {
    server = await startServer();
    owner = await setUpHousehold(server.baseUrl);
    member = (await addMember(owner, 'member')).browser;
    viewer = (await addMember(owner, 'viewer')).browser;
    db = new Database(join(server.dataDir, 'app.db'), { timeout: 5000 });
    // Named unlike the printed lines, so only a mapping (never the exact name) can match them.
    // With a brand each, so each has one variant (without brand or barcode a product has none).
    yoghurt = await owner.json<Product>('POST', '/api/v1/catalog/products', { name: 'Naturjoghurt 3,5 %', brand: 'Weihenstephan' });
    fruit = await owner.json<Product>('POST', '/api/v1/catalog/products', { name: 'Obst lose', brand: 'Hofladen' });
    first = await upload(member, await receiptPdf(REWE, ['JOGHURT NATUR 1,29 A', 'BANANEN 1,36 A', 'KAFFEE CREMA 4,99 A'], '7,64', '14.03.2025'));
    second = await upload(member, await receiptPdf(REWE, ['JOGHURT NATUR 1,29 A', 'BROT 2,00 A'], '3,29', '21.03.2025'));
  });
  afterAll(async () => {
    db?.close();
    await server?.stop();
  });

  it('starts with the lines open: no product is named like them', () => {
    expect(line(first, 'JOGHURT NATUR')).toMatchObject({ match_status: 'unresolved', catalog_product_id: null });
    expect(line(second, 'JOGHURT NATUR')).toMatchObject({ match_status: 'unresolved', catalog_product_id: null });
  });

  it('maps a line by hand (manual, score 100, the product’s only variant) and maps the same line on other open receipts of the store', async () => {
    const response = await map(member, first, line(first, 'JOGHURT NATUR'), { product_id: yoghurt.id });
    expect(response.status).toBe(200);
    const receipt = (await response.json()) as Receipt;
    expect(receipt.id).toBe(first.id);
    expect(line(receipt, 'JOGHURT NATUR')).toMatchObject({
      match_status: 'manual',
      match_reason: 'manual',
      match_score: 100,
      catalog_product_id: yoghurt.id,
      catalog_variant_id: yoghurt.variants[0].id,
    });
    expect(line(receipt, 'BANANEN')).toMatchObject({ match_status: 'unresolved', catalog_product_id: null });
    expect(line(await fetchReceipt(second.id), 'JOGHURT NATUR')).toMatchObject({
      match_status: 'learned',
      match_reason: 'learned_store',
      match_score: 100,
      catalog_product_id: yoghurt.id,
      catalog_variant_id: yoghurt.variants[0].id,
    });
  });

  it('maps without remembering when asked: the next receipt does not learn that line', async () => {
    const response = await map(member, first, line(first, 'BANANEN'), { product_id: fruit.id, remember: false });
    expect(response.status).toBe(200);
    expect(line((await response.json()) as Receipt, 'BANANEN')).toMatchObject({ match_status: 'manual', catalog_product_id: fruit.id });
  });

  it('a later receipt from the same chain maps the remembered line by itself (learned); another store knows it as a confirmed alias', async () => {
    const third = await upload(member, await receiptPdf(REWE_CITY, ['JOGHURT NATUR 1,29 A', 'BANANEN 0,99 A'], '2,28', '28.03.2025'));
    expect(line(third, 'JOGHURT NATUR')).toMatchObject({ match_status: 'learned', match_reason: 'learned_store', catalog_product_id: yoghurt.id });
    expect(line(third, 'BANANEN')).toMatchObject({ match_status: 'unresolved', catalog_product_id: null });

    const lidl = await upload(member, await receiptPdf(LIDL, ['JOGHURT NATUR 0,99 A', 'GURKE 0,79 A'], '1,78', '29.03.2025'));
    expect(line(lidl, 'JOGHURT NATUR')).toMatchObject({ match_status: 'alias', match_reason: 'confirmed_alias', match_score: 100, catalog_product_id: yoghurt.id });
  });

  it('takes the given variant, else the one holding the line’s barcode, else the only one', async () => {
    const withTwo = await owner.json<Product>('POST', `/api/v1/catalog/products/${fruit.id}/variants`, { name: 'Netz 1 kg' });
    const net = withTwo.variants.find((variant) => variant.id !== fruit.variants[0].id);
    const response = await map(member, second, line(second, 'BROT'), { product_id: fruit.id, variant_id: net?.id, remember: false });
    expect(response.status).toBe(200);
    expect(line((await response.json()) as Receipt, 'BROT')).toMatchObject({ catalog_product_id: fruit.id, catalog_variant_id: net?.id });
    // Two variants and none given: the line gets the product only.
    const again = await map(member, second, line(second, 'BROT'), { product_id: fruit.id, remember: false });
    expect(line((await again.json()) as Receipt, 'BROT')).toMatchObject({ catalog_product_id: fruit.id, catalog_variant_id: null });
    // None given, but the line carries a barcode of one of them: that one.
    await owner.json('POST', `/api/v1/catalog/variants/${net?.id}/barcodes`, { barcode: NET_CODE });
    db.prepare('UPDATE receipt_items SET barcode = ? WHERE id = ?').run(NET_CODE, line(second, 'BROT').id);
    const byCode = await map(member, second, line(second, 'BROT'), { product_id: fruit.id, remember: false });
    expect(line((await byCode.json()) as Receipt, 'BROT')).toMatchObject({ catalog_product_id: fruit.id, catalog_variant_id: net?.id });
  });

  it('unmaps a line with product_id null and forgets what it taught, so nothing maps it back', async () => {
    const response = await map(member, first, line(first, 'JOGHURT NATUR'), { product_id: null });
    expect(response.status).toBe(200);
    const receipt = (await response.json()) as Receipt;
    expect(line(receipt, 'JOGHURT NATUR')).toMatchObject({ match_status: 'unresolved', match_reason: 'unresolved', match_score: null, catalog_product_id: null, catalog_variant_id: null });
    expect(line(receipt, 'BANANEN')).toMatchObject({ match_status: 'manual', catalog_product_id: fruit.id });
    // Lines mapped before keep their product; an explicit reconcile and a new receipt find nothing learned.
    expect(line(await fetchReceipt(second.id), 'JOGHURT NATUR')).toMatchObject({ match_status: 'learned', catalog_product_id: yoghurt.id });
    await owner.json('POST', '/api/v1/catalog/reconcile');
    expect(line(await fetchReceipt(first.id), 'JOGHURT NATUR')).toMatchObject({ match_status: 'unresolved', catalog_product_id: null });
    const later = await upload(member, await receiptPdf(REWE, ['JOGHURT NATUR 1,29 A', 'MEHL 0,89 A'], '2,18', '04.04.2025'));
    expect(line(later, 'JOGHURT NATUR')).toMatchObject({ match_status: 'unresolved', catalog_product_id: null });
  });

  it('answers 404 for an unknown receipt, line, product, archived product or another product’s variant', async () => {
    const joghurt = line(first, 'JOGHURT NATUR');
    const status = async (path: string, body: unknown) => (await member.call('PATCH', path, body)).status;
    expect(await status(`/api/v1/receipts/no-such-receipt/items/${joghurt.id}`, { product_id: yoghurt.id })).toBe(404);
    expect(await status(`/api/v1/receipts/${first.id}/items/no-such-item`, { product_id: yoghurt.id })).toBe(404);
    // A line of another receipt is not a line of this one.
    expect(await status(`/api/v1/receipts/${first.id}/items/${line(second, 'BROT').id}`, { product_id: yoghurt.id })).toBe(404);
    expect(await status(`/api/v1/receipts/${first.id}/items/${joghurt.id}`, { product_id: 'no-such-product' })).toBe(404);
    expect(await status(`/api/v1/receipts/${first.id}/items/${joghurt.id}`, { product_id: yoghurt.id, variant_id: fruit.variants[0].id })).toBe(404);
    const archived = await owner.json<Product>('POST', '/api/v1/catalog/products', { name: 'Alter Joghurt' });
    await owner.json('DELETE', `/api/v1/catalog/products/${archived.id}`);
    expect(await status(`/api/v1/receipts/${first.id}/items/${joghurt.id}`, { product_id: archived.id })).toBe(404);
    expect(line(await fetchReceipt(first.id), 'JOGHURT NATUR')).toMatchObject({ match_status: 'unresolved', catalog_product_id: null });
  });

  it('refuses a malformed body with 422 (an unknown field is ignored, as the reference does)', async () => {
    const joghurt = line(first, 'JOGHURT NATUR');
    for (const body of [{ product_id: 42 }, { product_id: yoghurt.id, remember: 'yes' }, { product_id: yoghurt.id, remember: null }]) {
      expect((await map(member, first, joghurt, body)).status).toBe(422);
    }
  });

  it('refuses to remap a line already imported into stock (409)', async () => {
    const coffee = line(first, 'KAFFEE CREMA');
    db.prepare('UPDATE receipt_items SET imported = 1 WHERE id = ?').run(coffee.id);
    const response = await map(member, first, coffee, { product_id: yoghurt.id });
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ code: 'receipt_item_imported' });
    expect(line(await fetchReceipt(first.id), 'KAFFEE CREMA')).toMatchObject({ catalog_product_id: null, match_status: 'unresolved' });
  });

  it('reconciles every open line on request and reports what it did', async () => {
    const receipts = await owner.json<Receipt[]>('GET', '/api/v1/receipts');
    const open = receipts.reduce((sum, receipt) => sum + receipt.review_count, 0);
    expect(await owner.json('POST', '/api/v1/catalog/reconcile')).toEqual({ scanned: open, resolved: 0, suggested: 0 });

    // A product named like an open line (BANANEN on the third receipt; the first one's is mapped) resolves it.
    await owner.json('POST', '/api/v1/catalog/products', { name: 'Bananen' });
    expect(await owner.json('POST', '/api/v1/catalog/reconcile')).toEqual({ scanned: open, resolved: 1, suggested: 0 });
    expect(await owner.json('POST', '/api/v1/catalog/reconcile')).toEqual({ scanned: open - 1, resolved: 0, suggested: 0 });
  });

  it('maps for members and up and reconciles for admins and up, through a browser session only', async () => {
    const joghurt = line(first, 'JOGHURT NATUR');
    expect((await map(viewer, first, joghurt, { product_id: yoghurt.id })).status).toBe(403);
    expect((await viewer.call('POST', '/api/v1/catalog/reconcile')).status).toBe(403);
    // A catalog write: the reference allows it to admins only, as every non-GET under /catalog.
    const refused = await member.call('POST', '/api/v1/catalog/reconcile');
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'role_not_allowed' });
    const { token } = await createToken(owner, ['status:read', 'catalog:read', 'stock:read', 'shopping:read', 'shopping:write', 'scans:read', 'scans:write']);
    const withToken = (method: string, path: string, body?: unknown) =>
      fetch(`${server.baseUrl}${path}`, { method, headers: { ...bearer(token), 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    expect((await withToken('PATCH', `/api/v1/receipts/${first.id}/items/${joghurt.id}`, { product_id: yoghurt.id })).status).toBe(403);
    expect((await withToken('POST', '/api/v1/catalog/reconcile')).status).toBe(403);
    expect((await fetch(`${server.baseUrl}/api/v1/catalog/reconcile`, { method: 'POST' })).status).toBe(401);
    expect(line(await fetchReceipt(first.id), 'JOGHURT NATUR')).toMatchObject({ match_status: 'unresolved', catalog_product_id: null });
  });
});
