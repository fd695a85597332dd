import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_TOKEN_SCOPES } from '@hinv/shared';
import { untilAudited } from '../support/audit.js';
import { addMember, bearer, createToken, setUpHousehold, type Browserless } from '../support/household.js';
import { startServer, type RunningServer } from '../support/server.js';

interface StockAction {
  id: string;
  client_mutation_id: string;
  product_id: string;
  action: 'add' | 'consume' | 'open';
  quantity: number;
  movement_ids: string[];
  lot_id: string | null;
  opened_at: string | null;
  location_id: number | null;
  best_before_date: string | null;
  stock_quantity: number;
  created_at: string;
}

interface Movement {
  id: string;
  movement_type: string;
  quantity_delta: number;
  source: string;
  reference_id: string;
}

const actionsOf = (productId: string) => `/api/v1/stock/products/${productId}/actions`;

describe('quick stock actions on products, with or without a barcode', () => {
  let server: RunningServer;
  let owner: Browserless;
  let member: Browserless;
  let viewer: Browserless;
  let readToken: string;
  let jam: { id: string; barcode_count: number; default_location_id: number };
  let eggs: { id: string };

  beforeAll(async () => {
    server = await startServer();
    owner = await setUpHousehold(server.baseUrl);
    member = (await addMember(owner, 'member')).browser;
    viewer = (await addMember(owner, 'viewer')).browser;
    // Home-made jam has no barcode: the scanner cannot reach it, these actions can.
    jam = await owner.json('POST', '/api/v1/catalog/products', { name: 'Home-made jam', new_location_name: 'Cellar' });
    eggs = await owner.json('POST', '/api/v1/catalog/products', { name: 'Eggs' });
    readToken = (await createToken(owner, ['stock:read'])).token;
  });
  afterAll(() => server.stop());

  const movementsOf = async (productId: string): Promise<Movement[]> => {
    const response = await fetch(`${server.baseUrl}/api/v1/stock/movements?product_id=${productId}&limit=500`, { headers: bearer(readToken) });
    return ((await response.json()) as { items: Movement[] }).items.reverse();
  };

  it('adds, opens and consumes a product without a barcode from a browser session', async () => {
    expect(jam.barcode_count).toBe(0);
    const added = await member.json<StockAction>('POST', actionsOf(jam.id), { action: 'add', quantity: 4, best_before_date: '2027-06-30', client_mutation_id: 'jam-add-0001' });
    expect(added).toMatchObject({ action: 'add', product_id: jam.id, quantity: 4, location_id: jam.default_location_id, best_before_date: '2027-06-30', stock_quantity: 4, client_mutation_id: 'jam-add-0001' });
    const opened = await member.json<StockAction>('POST', actionsOf(jam.id), { action: 'open', client_mutation_id: 'jam-open-0001' });
    expect(opened).toMatchObject({ action: 'open', quantity: 0, lot_id: added.lot_id, stock_quantity: 4 });
    const consumed = await member.json<StockAction>('POST', actionsOf(jam.id), { action: 'consume', quantity: 1.5, client_mutation_id: 'jam-use-0001' });
    expect(consumed).toMatchObject({ action: 'consume', quantity: 1.5, stock_quantity: 2.5 });

    const movements = await movementsOf(jam.id);
    expect(movements.map((m) => [m.movement_type, m.quantity_delta, m.source, m.reference_id])).toEqual([
      ['manual_add', 4, 'manual', added.id],
      ['manual_open', 0, 'manual', opened.id],
      ['manual_consume', -1.5, 'manual', consumed.id],
    ]);
    expect(movements.map((m) => m.id)).toEqual([...added.movement_ids, ...opened.movement_ids, ...consumed.movement_ids]);
    const product = await owner.json<{ stock_quantity: number }>('GET', `/api/v1/catalog/products/${jam.id}`);
    expect(product.stock_quantity).toBe(2.5);
  });

  it('replays a retry with the same status and body and changes nothing', async () => {
    const body = { action: 'consume', quantity: 0.5, client_mutation_id: 'jam-use-0002' };
    const first = await member.call('POST', actionsOf(jam.id), body);
    const firstText = await first.text();
    expect((JSON.parse(firstText) as StockAction).stock_quantity).toBe(2);
    // Stock moves on in between; the retry still answers what the first request did.
    await member.json('POST', actionsOf(jam.id), { action: 'add', quantity: 1, client_mutation_id: 'jam-add-0002' });
    const before = await movementsOf(jam.id);
    const retry = await member.call('POST', actionsOf(jam.id), body);
    expect(retry.status).toBe(first.status);
    expect(await retry.text()).toBe(firstText);
    expect(await movementsOf(jam.id)).toEqual(before);
  });

  it('refuses the same key for another product or action with 409, and too little stock with 409', async () => {
    const before = await movementsOf(jam.id);
    const otherProduct = await member.call('POST', actionsOf(eggs.id), { action: 'consume', quantity: 0.5, client_mutation_id: 'jam-use-0002' });
    expect(otherProduct.status).toBe(409);
    expect(await otherProduct.json()).toEqual({ detail: 'This key was already used for another stock action', code: 'action_key_used' });
    const otherAction = await member.call('POST', actionsOf(jam.id), { action: 'open', client_mutation_id: 'jam-use-0002' });
    expect(otherAction.status).toBe(409);
    const tooMuch = await member.call('POST', actionsOf(jam.id), { action: 'consume', quantity: 4, client_mutation_id: 'jam-use-0003' });
    expect(tooMuch.status).toBe(409);
    expect(await tooMuch.json()).toEqual({ detail: 'Not enough in stock: only 3 left', code: 'insufficient_stock' });
    const nothingToOpen = await member.call('POST', actionsOf(eggs.id), { action: 'open', client_mutation_id: 'eggs-open-0001' });
    expect(nothingToOpen.status).toBe(409);
    expect(((await nothingToOpen.json()) as { code: string }).code).toBe('no_unopened_lot');
    expect(await movementsOf(jam.id)).toEqual(before);
    expect(await movementsOf(eggs.id)).toEqual([]);
  });

  it('answers 404 for an unknown or archived product', async () => {
    const unknown = await member.call('POST', actionsOf('00000000-0000-4000-8000-000000000000'), { action: 'add', quantity: 1, client_mutation_id: 'unknown-0001' });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ detail: 'Product not found', code: 'product_not_found' });
    const archived = await owner.json<{ id: string }>('POST', '/api/v1/catalog/products', { name: 'Old cordial' });
    await owner.json('DELETE', `/api/v1/catalog/products/${archived.id}`);
    const refused = await member.call('POST', actionsOf(archived.id), { action: 'add', quantity: 1, client_mutation_id: 'archived-0001' });
    expect(refused.status).toBe(404);
  });

  it('refuses bearer tokens exactly as stock counts do, even with every scope', async () => {
    const { token } = await createToken(owner, [...API_TOKEN_SCOPES], 'every scope');
    const init = (body: unknown) => ({ method: 'POST', headers: { ...bearer(token), 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const action = await fetch(`${server.baseUrl}${actionsOf(jam.id)}`, init({ action: 'add', quantity: 1, client_mutation_id: 'token-0001' }));
    const count = await fetch(`${server.baseUrl}/api/v1/stock/counts`, init({ client_mutation_id: 'token-0002', lines: [{ product_id: jam.id, counted_quantity: 9 }] }));
    expect(action.status).toBe(403);
    expect([action.status, await action.json()]).toEqual([count.status, await count.json()]);
    expect(await movementsOf(jam.id)).toHaveLength(5);
  });

  it('refuses viewers and accepts members', async () => {
    const refused = await viewer.call('POST', actionsOf(eggs.id), { action: 'add', quantity: 12, client_mutation_id: 'viewer-0001' });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ detail: 'Your role does not allow this action', code: 'role_not_allowed' });
    expect(await movementsOf(eggs.id)).toEqual([]);
    expect((await member.call('POST', actionsOf(eggs.id), { action: 'add', quantity: 12, client_mutation_id: 'member-0001' })).status).toBe(200);
  });

  it.each<[string, Record<string, unknown>, (string | number)[], string]>([
    ['a zero quantity', { action: 'consume', quantity: 0 }, ['body', 'quantity'], 'greater_than'],
    ['a negative quantity', { action: 'add', quantity: -1 }, ['body', 'quantity'], 'greater_than'],
    ['a quantity above 10000', { action: 'add', quantity: 10_001 }, ['body', 'quantity'], 'less_than_equal'],
    ['a quantity as text', { action: 'add', quantity: '2' }, ['body', 'quantity'], 'float_type'],
    ['a null quantity', { action: 'consume', quantity: null }, ['body', 'quantity'], 'float_type'],
    ['no quantity to add', { action: 'add' }, ['body', 'quantity'], 'missing'],
    ['no quantity to consume', { action: 'consume' }, ['body', 'quantity'], 'missing'],
    ['an unknown action', { action: 'eat', quantity: 1 }, ['body', 'action'], 'enum'],
    ['no action', { quantity: 1 }, ['body', 'action'], 'missing'],
    ['a short key', { action: 'add', quantity: 1, client_mutation_id: 'short' }, ['body', 'client_mutation_id'], 'string_length'],
    ['a long key', { action: 'add', quantity: 1, client_mutation_id: 'k'.repeat(101) }, ['body', 'client_mutation_id'], 'string_length'],
    ['no key', { action: 'add', quantity: 1, client_mutation_id: undefined }, ['body', 'client_mutation_id'], 'missing'],
    ['a bad date', { action: 'add', quantity: 1, best_before_date: '2027-02-30' }, ['body', 'best_before_date'], 'date_parsing'],
    ['a bad location id', { action: 'add', quantity: 1, location_id: 0 }, ['body', 'location_id'], 'greater_than_equal'],
  ])('refuses %s with 422 in the validation shape and writes nothing', async (_name, fields, loc, type) => {
    const before = await movementsOf(eggs.id);
    const response = await member.call('POST', actionsOf(eggs.id), { client_mutation_id: 'invalid-0001', ...fields });
    expect(response.status).toBe(422);
    const body = (await response.json()) as { detail: { loc: (string | number)[]; msg: string; type: string }[] };
    expect(body.detail).toContainEqual({ loc, msg: expect.any(String), type });
    expect(await movementsOf(eggs.id)).toEqual(before);
  });

  it('records an audit row per action with the route template and no amounts', async () => {
    // The last answer before this test was a 422: once its row is stored, every earlier one is.
    await untilAudited(server.dataDir, 'POST /api/v1/stock/products/{product_id}/actions 422');
    const db = new Database(join(server.dataDir, 'app.db'), { readonly: true });
    try {
      const rows = db.prepare(`SELECT * FROM audit_events WHERE action LIKE 'POST /api/v1/stock/products/%'`).all() as Record<string, unknown>[];
      expect(rows.map((row) => `${row.action} ${row.status_code} ${row.outcome}`)).toContain('POST /api/v1/stock/products/{product_id}/actions 200 success');
      expect(rows.map((row) => row.status_code)).toEqual(expect.arrayContaining([200, 403, 404, 409, 422]));
      expect(JSON.stringify(rows)).not.toContain(jam.id);
      expect(Object.keys(rows[0]).sort()).toEqual(['action', 'actor_user_id', 'category', 'created_at', 'id', 'outcome', 'status_code', 'token_id']);
    } finally {
      db.close();
    }
  });
});
