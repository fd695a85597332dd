import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenFoodFacts } from '../support/fake-open-food-facts.js';
import type { FakeHttpServer } from '../support/fake-http.js';
import { bearer, createToken, setUpHousehold, type Browserless } from '../support/household.js';
import { startServer, type RunningServer } from '../support/server.js';

const PASTA = '8076800195057';
const BEANS = '5000157024671';

interface Draft {
  id: string;
  status: string;
  product_id: string | null;
  resolution_source: string;
  stock_quantity: number;
  action_result: Record<string, unknown> | null;
}

describe('confirming scans: every mode end to end', () => {
  let off: FakeHttpServer;
  let server: RunningServer;
  let owner: Browserless;
  let keys = 0;
  const key = () => `confirm-key-${(keys += 1).toString().padStart(4, '0')}`;
  const resolve = (barcode: string, mode: string) => owner.json<Draft>('POST', '/api/v1/scans/resolve', { barcode, mode });
  const confirm = (id: string, body: Record<string, unknown> = {}) => owner.call('POST', `/api/v1/scans/${id}/confirm`, { client_mutation_id: key(), ...body });
  const stockOf = async (productId: string) => (await owner.json<{ stock_quantity: number }>('GET', `/api/v1/catalog/products/${productId}`)).stock_quantity;
  let pastaId = '';

  beforeAll(async () => {
    off = await startFakeOpenFoodFacts({ [PASTA]: { product_name: 'Spaghetti n.5', brands: 'Barilla', quantity: '500 g', image_front_url: 'https://images.example/spaghetti.jpg' } });
    server = await startServer({ OFF_BASE_URL: off.url });
    owner = await setUpHousehold(server.baseUrl);
  });
  afterAll(async () => {
    await server.stop();
    await off.close();
  });

  it('identify: creates product, variant and barcode from the suggestion and changes no stock', async () => {
    const draft = await resolve(PASTA, 'identify');
    const response = await confirm(draft.id);
    expect(response.status).toBe(200);
    const confirmed = (await response.json()) as Draft;
    expect(confirmed).toMatchObject({ status: 'confirmed', action_result: { mode: 'identify', quantity: 1 } });
    pastaId = confirmed.product_id as string;
    const product = await owner.json<{ name: string; image_url: string; stock_quantity: number; variants: { brand: string; package_amount: number; package_unit: string; barcodes: { barcode: string }[] }[] }>(
      'GET',
      `/api/v1/catalog/products/${pastaId}`,
    );
    expect(product).toMatchObject({ name: 'Spaghetti n.5', image_url: 'https://images.example/spaghetti.jpg', stock_quantity: 0 });
    expect(product.variants).toEqual([expect.objectContaining({ brand: 'Barilla', package_amount: 500, package_unit: 'g', barcodes: [expect.objectContaining({ barcode: PASTA })] })]);
    expect((await resolve(PASTA, 'add')).resolution_source).toBe('local');
    // A variant that an open draft points at cannot be deleted (the draft would break later).
    const withSecond = await owner.json<{ variants: { id: string; barcodes: unknown[] }[] }>('POST', `/api/v1/catalog/products/${pastaId}/variants`, { brand: 'Other brand' });
    const scanned = withSecond.variants.find((v) => v.barcodes.length > 0) as { id: string };
    expect((await owner.call('DELETE', `/api/v1/catalog/variants/${scanned.id}`)).status).toBe(409);
    const spare = withSecond.variants.find((v) => v.barcodes.length === 0) as { id: string };
    expect((await owner.call('DELETE', `/api/v1/catalog/variants/${spare.id}`)).status).toBe(200);
  });

  it('add: one lot and one scan_add movement', async () => {
    const draft = await resolve(PASTA, 'add');
    const confirmed = (await (await confirm(draft.id, { quantity: 10, best_before_date: '2027-05-01' })).json()) as Draft;
    expect(confirmed.action_result).toMatchObject({ mode: 'add', quantity: 10, lot_id: expect.any(String) });
    expect(await stockOf(pastaId)).toBe(10);
    const { token } = await createToken(owner, ['stock:read']);
    const movements = (await (await fetch(`${server.baseUrl}/api/v1/stock/movements?product_id=${pastaId}`, { headers: bearer(token) })).json()) as { items: { movement_type: string; quantity_delta: number }[] };
    expect(movements.items.map((m) => [m.movement_type, m.quantity_delta])).toEqual([['scan_add', 10]]);
  });

  it('consume: 50 parallel consumptions of 1 against a stock of 10 → exactly 10 succeed', async () => {
    const drafts = await Promise.all(Array.from({ length: 50 }, () => resolve(PASTA, 'consume')));
    const results = await Promise.all(drafts.map((draft) => confirm(draft.id, { quantity: 1 })));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(40);
    expect(await stockOf(pastaId)).toBe(0);
    const { token } = await createToken(owner, ['stock:read']);
    const movements = (await (await fetch(`${server.baseUrl}/api/v1/stock/movements?product_id=${pastaId}&limit=500`, { headers: bearer(token) })).json()) as { items: { movement_type: string }[] };
    expect(movements.items.filter((m) => m.movement_type === 'scan_consume')).toHaveLength(10);
    const refused = (await results.find((r) => r.status === 409)?.json()) as { code: string };
    expect(refused.code).toBe('insufficient_stock');
  });

  it('open: marks the earliest unopened lot, then refuses when none is left', async () => {
    await confirm((await resolve(PASTA, 'add')).id, { quantity: 1, best_before_date: '2027-01-01' });
    const opened = (await (await confirm((await resolve(PASTA, 'open')).id)).json()) as Draft;
    expect(opened.action_result).toMatchObject({ mode: 'open', quantity: 1, opened_at: expect.any(String) });
    const none = await confirm((await resolve(PASTA, 'open')).id);
    expect(none.status).toBe(409);
    expect(((await none.json()) as { code: string }).code).toBe('no_unopened_lot');
  });

  it('shopping: reuses the open item and raises its quantity', async () => {
    await confirm((await resolve(PASTA, 'shopping')).id, { quantity: 2 });
    await confirm((await resolve(PASTA, 'shopping')).id, { quantity: 1 });
    const list = await owner.json<{ label: string; desired_quantity: number }[]>('GET', '/api/v1/shopping-list');
    expect(list).toEqual([expect.objectContaining({ label: 'Spaghetti n.5', desired_quantity: 3 })]);
  });

  it('replays a confirmation by its key without a second mutation, and refuses another key', async () => {
    const draft = await resolve(PASTA, 'add');
    const body = { client_mutation_id: 'replayed-confirmation', quantity: 2 };
    const first = await owner.json<Draft>('POST', `/api/v1/scans/${draft.id}/confirm`, body);
    const replay = await owner.json<Draft>('POST', `/api/v1/scans/${draft.id}/confirm`, body);
    expect(replay.action_result).toEqual(first.action_result);
    expect(await stockOf(pastaId)).toBe(3);
    expect((await confirm(draft.id)).status).toBe(409);
    const other = await resolve(PASTA, 'identify');
    expect((await owner.call('POST', `/api/v1/scans/${other.id}/confirm`, body)).status).toBe(409);
  });

  it('needs a name for an unknown code, and keeps drafts that are discarded', async () => {
    const unknown = await resolve(BEANS, 'add');
    const nameless = await confirm(unknown.id);
    expect(nameless.status).toBe(422);
    expect(await owner.json<{ name: string }[]>('GET', '/api/v1/catalog/products?q=bean')).toEqual([]);
    const discarded = await owner.json<Draft>('DELETE', `/api/v1/scans/${unknown.id}`);
    expect(discarded.status).toBe('discarded');
    expect((await confirm(unknown.id, { name: 'Baked beans' })).status).toBe(409);
    expect((await owner.call('PATCH', `/api/v1/scans/${unknown.id}`, { mode: 'consume' })).status).toBe(409);
    // A draft that never existed is a 409 too (as the reference answers), but says so.
    const missing = await owner.call('DELETE', '/api/v1/scans/00000000-0000-4000-8000-000000000000');
    expect(missing.status).toBe(409);
    expect(await missing.json()).toMatchObject({ code: 'scan_not_found' });
    const named = await resolve(BEANS, 'add');
    const created = (await (await confirm(named.id, { name: 'Baked beans', quantity: 4 })).json()) as Draft;
    expect(await stockOf(created.product_id as string)).toBe(4);
  });

  it('maps a draft to an existing product with PATCH', async () => {
    const draft = await resolve('2001234', 'identify');
    expect(draft.resolution_source).toBe('unresolved');
    const mapped = await owner.json<Draft>('PATCH', `/api/v1/scans/${draft.id}`, { product_id: pastaId, mode: 'add', name: 'ignored for mapping' });
    expect(mapped).toMatchObject({ status: 'resolved', product_id: pastaId, resolution_source: 'local' });
    await confirm(draft.id, { quantity: 1 });
    expect(await stockOf(pastaId)).toBe(4);
  });
});
