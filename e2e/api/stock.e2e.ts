import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createToken, setUpHousehold, type Browserless } from '../support/household.js';
import { startServer, type RunningServer } from '../support/server.js';

interface Session {
  id: string;
  line_count: number;
  changed_count: number;
  lines: { product_name: string; previous_quantity: number; counted_quantity: number; quantity_delta: number; movement_count: number }[];
}

describe('stock counts and stock reads', () => {
  let server: RunningServer;
  let owner: Browserless;
  let milk: { id: string; variants: { id: string }[] };
  let bread: { id: string; variants: { id: string }[] };
  let token: string;

  beforeAll(async () => {
    server = await startServer();
    owner = await setUpHousehold(server.baseUrl);
    milk = await owner.json('POST', '/api/v1/catalog/products', { name: 'Milk', new_location_name: 'Fridge' });
    // With a brand, so it has a variant (a product without brand or barcode has none).
    bread = await owner.json('POST', '/api/v1/catalog/products', { name: 'Bread', brand: 'Baker Jones' });
    token = (await createToken(owner, ['stock:read'])).token;
  });
  afterAll(() => server.stop());

  const readStock = async <T>(path: string): Promise<T> => (await (await fetch(`${server.baseUrl}${path}`, { headers: bearer(token) })).json()) as T;

  it('applies a count in one go: increases become a lot, decreases take from the oldest lots', async () => {
    const first = await owner.json<Session>('POST', '/api/v1/stock/counts', {
      client_mutation_id: 'count-0001',
      lines: [
        { product_id: milk.id, counted_quantity: 3, best_before_date: '2026-12-01' },
        { product_id: bread.id, counted_quantity: 1 },
      ],
    });
    expect(first).toMatchObject({ line_count: 2, changed_count: 2 });
    expect(first.lines.map((l) => [l.product_name, l.previous_quantity, l.quantity_delta, l.movement_count])).toEqual([
      ['Bread', 0, 1, 1],
      ['Milk', 0, 3, 1],
    ]);
    await owner.json('POST', '/api/v1/stock/counts', { client_mutation_id: 'count-0002', lines: [{ product_id: milk.id, counted_quantity: 5, best_before_date: '2026-11-28' }] });
    const decrease = await owner.json<Session>('POST', '/api/v1/stock/counts', { client_mutation_id: 'count-0003', lines: [{ product_id: milk.id, counted_quantity: 1 }] });
    expect(decrease.lines[0]).toMatchObject({ previous_quantity: 5, counted_quantity: 1, quantity_delta: -4, movement_count: 2 });
    const lots = await readStock<{ quantity: number; best_before_date: string }[]>(`/api/v1/stock/lots?product_id=${milk.id}`);
    expect(lots).toEqual([expect.objectContaining({ quantity: 1, best_before_date: '2026-12-01' })]);
  });

  it('returns the original count for a replayed key, whatever the body', async () => {
    const replay = await owner.json<Session>('POST', '/api/v1/stock/counts', { client_mutation_id: 'count-0001', lines: [{ product_id: milk.id, counted_quantity: 99 }] });
    expect(replay.lines.map((l) => l.counted_quantity)).toEqual([1, 3]);
    const stock = await readStock<{ product_name: string; quantity: number }[]>('/api/v1/stock');
    expect(stock.map((s) => [s.product_name, s.quantity])).toEqual([
      ['Bread', 1],
      ['Milk', 1],
    ]);
  });

  it('refuses a bad count as a whole and changes nothing', async () => {
    const before = await readStock<unknown>('/api/v1/stock/movements?limit=500');
    const cases: [unknown, number][] = [
      [{ client_mutation_id: 'bad-00001', lines: [{ product_id: milk.id, counted_quantity: 4 }, { product_id: 'no-such-product', counted_quantity: 1 }] }, 404],
      [{ client_mutation_id: 'bad-00002', lines: [{ product_id: milk.id, counted_quantity: 4 }, { product_id: milk.id, counted_quantity: 2 }] }, 409],
      [{ client_mutation_id: 'bad-00003', lines: [{ product_id: milk.id, variant_id: bread.variants[0].id, counted_quantity: 4 }] }, 409],
      [{ client_mutation_id: 'bad-00004', lines: [{ product_id: milk.id, counted_quantity: -1 }] }, 422],
      [{ client_mutation_id: 'short', lines: [{ product_id: milk.id, counted_quantity: 1 }] }, 422],
      [{ client_mutation_id: 'bad-00005', lines: [] }, 422],
      [{ client_mutation_id: 'bad-00006', lines: [{ product_id: milk.id, counted_quantity: 1, best_before_date: '2026-13-01' }] }, 422],
    ];
    for (const [body, status] of cases) {
      expect((await owner.call('POST', '/api/v1/stock/counts', body)).status, JSON.stringify(body)).toBe(status);
    }
    expect(await readStock<unknown>('/api/v1/stock/movements?limit=500')).toEqual(before);
  });

  it('pages through movements with an opaque cursor, newest first', async () => {
    const first = await readStock<{ items: { id: string; created_at: string }[]; next_cursor: string | null }>('/api/v1/stock/movements?limit=2');
    expect(first.items).toHaveLength(2);
    const second = await readStock<{ items: { id: string }[]; next_cursor: string | null }>(`/api/v1/stock/movements?limit=2&cursor=${first.next_cursor}`);
    const all = await readStock<{ items: { id: string }[]; next_cursor: string | null }>('/api/v1/stock/movements?limit=500');
    expect(all.items.length).toBe(5);
    expect([...first.items, ...second.items].map((m) => m.id)).toEqual(all.items.slice(0, 4).map((m) => m.id));
    expect(all.next_cursor).toBeNull();
  });

  it('lists counts and count products for automation', async () => {
    const counts = await readStock<Session[]>('/api/v1/stock/counts?limit=2');
    expect(counts).toHaveLength(2);
    const products = await readStock<{ name: string; variants: unknown[] }[]>('/api/v1/stock/count/products?q=mil');
    expect(products.map((p) => p.name)).toEqual(['Milk']);
    // Made without brand or barcode: no variant, as in the reference.
    expect(products[0]).toMatchObject({ variants: [], grocy_product_id: null });
  });
});
