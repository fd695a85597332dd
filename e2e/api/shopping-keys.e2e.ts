import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, bearer, createToken, setUpHousehold, type Browserless } from '../support/household.js';
import { startServer, type RunningServer } from '../support/server.js';

interface Item {
  id: string;
  product_id: string | null;
  label: string;
  desired_quantity: number;
  checked: number;
  notes: string;
  updated_at: string;
}

/** Adding by hand and keyed changes (our additions): what a phone replaying its offline queue relies on. */
describe('shopping list: added items and keyed changes', () => {
  let server: RunningServer;
  let owner: Browserless;
  let butter: { id: string };
  let bread: { id: string };

  const list = () => owner.json<Item[]>('GET', '/api/v1/shopping-list');
  const withToken = (token: string, method: string, path: string, body: unknown) =>
    fetch(`${server.baseUrl}${path}`, { method, headers: { ...bearer(token), 'content-type': 'application/json' }, body: JSON.stringify(body) });

  beforeAll(async () => {
    server = await startServer();
    owner = await setUpHousehold(server.baseUrl);
    butter = await owner.json('POST', '/api/v1/catalog/products', { name: 'Butter' });
    bread = await owner.json('POST', '/api/v1/catalog/products', { name: 'Bread' });
  });
  afterAll(() => server.stop());

  it('adds a product, adds more to the open item, and replays a lost answer without doubling', async () => {
    const first = await owner.json<Item>('POST', '/api/v1/shopping-list', { product_id: butter.id, desired_quantity: 2, client_mutation_id: 'add-butter-0001' });
    expect(first).toMatchObject({ product_id: butter.id, label: 'Butter', desired_quantity: 2, checked: 0, notes: '' });
    const more = await owner.json<Item>('POST', '/api/v1/shopping-list', { product_id: butter.id, desired_quantity: 1, notes: 'salted', client_mutation_id: 'add-butter-0002' });
    expect(more).toMatchObject({ id: first.id, desired_quantity: 3, notes: 'salted' });
    const replay = await owner.call('POST', '/api/v1/shopping-list', { product_id: butter.id, desired_quantity: 2, client_mutation_id: 'add-butter-0001' });
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual(first);
    expect((await list()).filter((item) => item.product_id === butter.id).map((item) => item.desired_quantity)).toEqual([3]);
  });

  it('writes concurrent requests with one key once', async () => {
    const body = { product_id: bread.id, desired_quantity: 1, client_mutation_id: 'add-bread-concurrent' };
    const answers = await Promise.all(Array.from({ length: 8 }, () => owner.call('POST', '/api/v1/shopping-list', body)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200));
    const bodies = await Promise.all(answers.map((answer) => answer.text()));
    expect(new Set(bodies).size).toBe(1);
    const [item] = (await list()).filter((open) => open.product_id === bread.id);
    expect(item.desired_quantity).toBe(1);

    const check = { desired_quantity: 1, checked: true, expected_updated_at: item.updated_at, client_mutation_id: 'check-bread-concurrent' };
    const checks = await Promise.all(Array.from({ length: 8 }, () => owner.call('PATCH', `/api/v1/shopping-list/${item.id}`, check)));
    expect(checks.map((answer) => answer.status)).toEqual(Array(8).fill(200));
    expect(new Set(await Promise.all(checks.map((answer) => answer.text()))).size).toBe(1);
    expect((await list()).some((open) => open.id === item.id)).toBe(false);
  });

  it('replays a keyed change after the item changed again: the first answer, nothing overwritten', async () => {
    const [item] = (await list()).filter((open) => open.product_id === butter.id);
    const change = { desired_quantity: 5, notes: 'salted', expected_updated_at: item.updated_at, client_mutation_id: 'patch-butter-0001' };
    const first = await owner.json<Item>('PATCH', `/api/v1/shopping-list/${item.id}`, change);
    const later = await owner.json<Item>('PATCH', `/api/v1/shopping-list/${item.id}`, { desired_quantity: 4, notes: 'unsalted', expected_updated_at: first.updated_at });
    const replay = await owner.call('PATCH', `/api/v1/shopping-list/${item.id}`, change);
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual(first);
    expect((await list()).find((open) => open.id === item.id)).toMatchObject({ desired_quantity: 4, notes: 'unsalted', updated_at: later.updated_at });
    // Without a key a stale timestamp is still a conflict.
    const stale = await owner.call('PATCH', `/api/v1/shopping-list/${item.id}`, { desired_quantity: 9, expected_updated_at: item.updated_at });
    expect(stale.status).toBe(409);
    expect(await stale.json()).toMatchObject({ code: 'stale_update' });
  });

  it('refuses a key used for another item or another kind of change', async () => {
    const [item] = (await list()).filter((open) => open.product_id === butter.id);
    const onOther = await owner.call('PATCH', `/api/v1/shopping-list/${item.id}`, { desired_quantity: 1, expected_updated_at: item.updated_at, client_mutation_id: 'check-bread-concurrent' });
    expect(onOther.status).toBe(409);
    expect(await onOther.json()).toEqual({ code: 'shopping_key_used', detail: 'This key was already used for another shopping list change' });
    const asAdd = await owner.call('POST', '/api/v1/shopping-list', { product_id: butter.id, desired_quantity: 1, client_mutation_id: 'patch-butter-0001' });
    expect(asAdd.status).toBe(409);
    const otherProduct = await owner.call('POST', '/api/v1/shopping-list', { product_id: bread.id, desired_quantity: 1, client_mutation_id: 'add-butter-0001' });
    expect(otherProduct.status).toBe(409);
    expect((await list()).find((open) => open.id === item.id)?.desired_quantity).toBe(item.desired_quantity);
  });

  it('answers 404 for an unknown or archived product and keeps the key free', async () => {
    const unknown = await owner.call('POST', '/api/v1/shopping-list', { product_id: 'no-such-product', desired_quantity: 1, client_mutation_id: 'add-free-0001' });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ code: 'product_not_found' });
    const archived = await owner.json<{ id: string }>('POST', '/api/v1/catalog/products', { name: 'Margarine' });
    await owner.json('DELETE', `/api/v1/catalog/products/${archived.id}`);
    expect((await owner.call('POST', '/api/v1/shopping-list', { product_id: archived.id, desired_quantity: 1, client_mutation_id: 'add-free-0001' })).status).toBe(404);
    expect((await owner.call('POST', '/api/v1/shopping-list', { product_id: bread.id, desired_quantity: 1, client_mutation_id: 'add-free-0001' })).status).toBe(200);
  });

  it.each([
    ['a missing key', { desired_quantity: 1 }, 'client_mutation_id'],
    ['a short key', { desired_quantity: 1, client_mutation_id: 'short' }, 'client_mutation_id'],
    ['a key over 100 characters', { desired_quantity: 1, client_mutation_id: 'k'.repeat(101) }, 'client_mutation_id'],
    ['a zero amount', { desired_quantity: 0, client_mutation_id: 'add-invalid-01' }, 'desired_quantity'],
    ['an amount over a million', { desired_quantity: 1_000_001, client_mutation_id: 'add-invalid-02' }, 'desired_quantity'],
    ['notes over 500 characters', { desired_quantity: 1, notes: 'n'.repeat(501), client_mutation_id: 'add-invalid-03' }, 'notes'],
    ['null notes', { desired_quantity: 1, notes: null, client_mutation_id: 'add-invalid-05' }, 'notes'],
  ])('refuses an add with %s with 422 in the spec’s shape', async (_case, fields, field) => {
    const response = await owner.call('POST', '/api/v1/shopping-list', { product_id: butter.id, ...fields });
    expect(response.status).toBe(422);
    const body = (await response.json()) as { detail: { loc: string[]; msg: string; type: string }[] };
    expect(body.detail).toEqual(expect.arrayContaining([expect.objectContaining({ loc: ['body', field], msg: expect.any(String), type: expect.any(String) })]));
  });

  it('refuses a change with a malformed key with 422', async () => {
    const [item] = (await list()).filter((open) => open.product_id === butter.id);
    // null as well: it must not reach the key lookup (an explicit null is refused, never a 500).
    for (const key of ['short', 'k'.repeat(101), 42, null]) {
      const response = await owner.call('PATCH', `/api/v1/shopping-list/${item.id}`, { desired_quantity: 1, expected_updated_at: item.updated_at, client_mutation_id: key });
      expect(response.status).toBe(422);
      expect(((await response.json()) as { detail: { loc: string[] }[] }).detail[0].loc).toEqual(['body', 'client_mutation_id']);
    }
  });

  it('lets shopping:write tokens add and change, and refuses readers, viewers and strangers', async () => {
    const writer = (await createToken(owner, ['shopping:write'])).token;
    const added = await withToken(writer, 'POST', '/api/v1/shopping-list', { product_id: bread.id, desired_quantity: 2, client_mutation_id: 'token-add-0001' });
    expect(added.status).toBe(200);
    const item = (await added.json()) as Item;
    const changed = await withToken(writer, 'PATCH', `/api/v1/shopping-list/${item.id}`, { desired_quantity: 3, expected_updated_at: item.updated_at, client_mutation_id: 'token-patch-0001' });
    expect(changed.status).toBe(200);

    const reader = (await createToken(owner, ['shopping:read'])).token;
    expect((await withToken(reader, 'POST', '/api/v1/shopping-list', { product_id: bread.id, desired_quantity: 1, client_mutation_id: 'token-add-0002' })).status).toBe(403);
    const viewer = (await addMember(owner, 'viewer')).browser;
    expect((await viewer.call('POST', '/api/v1/shopping-list', { product_id: bread.id, desired_quantity: 1, client_mutation_id: 'viewer-add-0001' })).status).toBe(403);
    expect((await viewer.call('PATCH', `/api/v1/shopping-list/${item.id}`, { desired_quantity: 1, expected_updated_at: item.updated_at, client_mutation_id: 'viewer-patch-01' })).status).toBe(403);
    const member = (await addMember(owner, 'member')).browser;
    expect((await member.call('POST', '/api/v1/shopping-list', { product_id: bread.id, desired_quantity: 1, client_mutation_id: 'member-add-0001' })).status).toBe(200);
    const stranger = await fetch(`${server.baseUrl}/api/v1/shopping-list`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ product_id: bread.id, desired_quantity: 1, client_mutation_id: 'stranger-add-01' }) });
    expect(stranger.status).toBe(401);
    // Nothing of the refused requests was kept: the amount is the token's 3 plus the member's 1.
    expect((await list()).find((open) => open.id === item.id)?.desired_quantity).toBe(4);
  });
});
