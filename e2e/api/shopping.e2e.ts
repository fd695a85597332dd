import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createToken, setUpHousehold, type Browserless } from '../support/household.js';
import { startServer, type RunningServer } from '../support/server.js';

interface Item {
  id: string;
  label: string;
  desired_quantity: number;
  stock_quantity: number;
  updated_at: string;
}

describe('shopping list', () => {
  let server: RunningServer;
  let owner: Browserless;
  let coffee: { id: string };
  let tea: { id: string };

  beforeAll(async () => {
    server = await startServer();
    owner = await setUpHousehold(server.baseUrl);
    coffee = await owner.json('POST', '/api/v1/catalog/products', { name: 'Coffee', minimum_stock_quantity: 2, shopping_target_quantity: 6 });
    tea = await owner.json('POST', '/api/v1/catalog/products', { name: 'Tea', minimum_stock_quantity: 1, shopping_target_quantity: 3 });
    await owner.json('POST', '/api/v1/stock/counts', {
      client_mutation_id: 'initial-count',
      lines: [
        { product_id: coffee.id, counted_quantity: 1 },
        { product_id: tea.id, counted_quantity: 2 },
      ],
    });
  });
  afterAll(() => server.stop());

  it('proposes refills for products at or below their minimum', async () => {
    const low = await owner.json<{ items: { product_name: string; current_quantity: number; suggested_quantity: number }[] }>('GET', '/api/v1/shopping-list/low-stock');
    expect(low.items.map((i) => [i.product_name, i.current_quantity, i.suggested_quantity])).toEqual([['Coffee', 1, 5]]);
  });

  it('generates reviewed items through a scoped token and replays by key', async () => {
    const { token } = await createToken(owner, ['shopping:write']);
    const body = JSON.stringify({ client_mutation_id: 'refill-0001', product_ids: [coffee.id, tea.id] });
    const post = () => fetch(`${server.baseUrl}/api/v1/shopping-list/generate`, { method: 'POST', headers: { ...bearer(token), 'content-type': 'application/json' }, body });
    const run = (await (await post()).json()) as { id: string; created_count: number; skipped_count: number };
    expect(run).toMatchObject({ created_count: 1, skipped_count: 1 });
    expect(((await (await post()).json()) as { id: string }).id).toBe(run.id);
    const list = await owner.json<Item[]>('GET', '/api/v1/shopping-list');
    expect(list.map((i) => [i.label, i.desired_quantity, i.stock_quantity])).toEqual([['Coffee', 5, 1]]);
    const reader = (await createToken(owner, ['shopping:read'])).token;
    const refused = await fetch(`${server.baseUrl}/api/v1/shopping-list/generate`, { method: 'POST', headers: { ...bearer(reader), 'content-type': 'application/json' }, body });
    expect(refused.status).toBe(403);
  });

  it('refuses a selection with duplicates or unknown products and changes nothing', async () => {
    expect((await owner.call('POST', '/api/v1/shopping-list/generate', { client_mutation_id: 'refill-0002', product_ids: [coffee.id, coffee.id] })).status).toBe(409);
    expect((await owner.call('POST', '/api/v1/shopping-list/generate', { client_mutation_id: 'refill-0003', product_ids: [tea.id, 'missing'] })).status).toBe(404);
    expect((await owner.json<Item[]>('GET', '/api/v1/shopping-list')).map((i) => i.label)).toEqual(['Coffee']);
  });

  it('skips an archived product instead of failing the whole selection', async () => {
    const archived = await owner.json<{ id: string }>('POST', '/api/v1/catalog/products', { name: 'Cocoa', minimum_stock_quantity: 1, shopping_target_quantity: 2 });
    await owner.json('DELETE', `/api/v1/catalog/products/${archived.id}`);
    const run = await owner.json<{ items: { product_id: string; action: string }[] }>('POST', '/api/v1/shopping-list/generate', { client_mutation_id: 'refill-archived', product_ids: [archived.id] });
    expect(run.items).toEqual([expect.objectContaining({ product_id: archived.id, action: 'skipped' })]);
  });

  it('edits with optimistic concurrency and checks items off', async () => {
    const [item] = await owner.json<Item[]>('GET', '/api/v1/shopping-list');
    const edited = await owner.json<Item>('PATCH', `/api/v1/shopping-list/${item.id}`, { desired_quantity: 8, notes: 'the dark roast', expected_updated_at: item.updated_at });
    expect(edited.desired_quantity).toBe(8);
    const stale = await owner.call('PATCH', `/api/v1/shopping-list/${item.id}`, { desired_quantity: 1, expected_updated_at: item.updated_at });
    expect(stale.status).toBe(409);
    const again = await owner.json<{ items: { action: string }[] }>('POST', '/api/v1/shopping-list/generate', { client_mutation_id: 'refill-0004', product_ids: [coffee.id] });
    expect(again.items[0].action).toBe('unchanged');
    await owner.json('PATCH', `/api/v1/shopping-list/${item.id}`, { desired_quantity: 8, checked: true, expected_updated_at: edited.updated_at });
    expect(await owner.json<Item[]>('GET', '/api/v1/shopping-list')).toEqual([]);
    expect((await owner.call('PATCH', '/api/v1/shopping-list/unknown-item', { desired_quantity: 1, expected_updated_at: edited.updated_at })).status).toBe(404);
    expect((await owner.call('PATCH', `/api/v1/shopping-list/${item.id}`, { desired_quantity: 0, expected_updated_at: edited.updated_at })).status).toBe(422);
  });
});
