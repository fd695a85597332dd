// Installs the IndexedDB globals (IDBRequest, …) idb wraps; each test still gets a fresh factory.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import { CHANGE_LIMIT, openShoppingDatabase, QueueFullError, ShoppingQueue, type Item, type ItemLook, type QueuedChange, type SendOutcome } from './shopping-queue';
import { applyWaiting } from './shopping-view';

const look = (label: string, productId = label.toLowerCase()): ItemLook => ({
  label,
  product_id: productId,
  product_name: label,
  product_image_url: null,
  quantity_unit_name: null,
  product_group_name: null,
});

/**
 * The server's rules for list changes, in memory: `expected_updated_at` must match, a key
 * replays its first answer (even once the timestamp moved on), a key reused elsewhere is 409.
 */
class FakeServer {
  items = new Map<string, Item>();
  answers = new Map<string, { target: string; item: Item }>();
  writes = 0;
  private clock = 0;
  private ids = 0;

  constructor() {
    for (const label of ['Milk', 'Eggs', 'Rice']) this.put(label);
  }

  put(label: string): Item {
    // As the server: a new item's created_at and updated_at are the same moment.
    const at = this.stamp();
    const item: Item = { ...look(label), id: label.toLowerCase(), desired_quantity: 1, checked: 0, notes: '', created_at: at, updated_at: at };
    this.items.set(item.id, item);
    return item;
  }

  stamp(): string {
    return new Date(Date.UTC(2026, 0, 1) + (this.clock += 1000)).toISOString();
  }

  send = async (change: QueuedChange): Promise<SendOutcome> => {
    const target = change.kind === 'add' ? `add:${change.productId}` : 'itemId' in change.target ? change.target.itemId : '?';
    const earlier = this.answers.get(change.clientMutationId);
    if (earlier) return earlier.target === target ? { ok: true, item: earlier.item } : { ok: false, kind: 'refused', status: 409, code: 'shopping_key_used', detail: null };
    let item: Item;
    if (change.kind === 'add') {
      const open = [...this.items.values()].find((candidate) => candidate.product_id === change.productId && !candidate.checked);
      item = open
        ? { ...open, desired_quantity: open.desired_quantity + change.desiredQuantity, updated_at: this.stamp() }
        : (() => {
            const at = this.stamp();
            return { ...change.look, id: `new-${(this.ids += 1)}`, desired_quantity: change.desiredQuantity, checked: 0, notes: change.notes, created_at: at, updated_at: at };
          })();
    } else {
      const existing = this.items.get(target);
      if (!existing) return { ok: false, kind: 'refused', status: 404, code: 'shopping_item_not_found', detail: 'Shopping list item not found' };
      if (existing.updated_at !== change.baseUpdatedAt) return { ok: false, kind: 'refused', status: 409, code: 'stale_update', detail: 'Someone else changed this' };
      item = { ...existing, ...change.body, checked: Number(change.body.checked), updated_at: this.stamp() };
    }
    this.items.set(item.id, item);
    this.answers.set(change.clientMutationId, { target, item });
    this.writes += 1;
    return { ok: true, item };
  };
}

describe('ShoppingQueue (fake IndexedDB)', () => {
  let queue: ShoppingQueue;
  let server: FakeServer;
  let factory: IDBFactory;
  let clock = 0;
  let ids = 0;

  const item = (id: string) => server.items.get(id) as Item;
  const update = (id: string, action: 'check' | 'uncheck' | 'amount' | 'notes', body: Partial<{ desired_quantity: number; checked: boolean; notes: string }>, base = item(id).updated_at) =>
    queue.enqueueUpdate({
      action,
      target: { itemId: id },
      baseUpdatedAt: base,
      body: { desired_quantity: item(id).desired_quantity, checked: false, notes: item(id).notes, ...body },
      look: look(item(id).label),
      madeOnline: false,
    });

  beforeEach(async () => {
    clock = 1_000;
    ids = 0;
    server = new FakeServer();
    factory = new IDBFactory();
    queue = new ShoppingQueue(await openShoppingDatabase(factory), () => (clock += 10), () => `id-${(ids += 1)}`);
  });

  it('replays in the order the changes were made, each with its own stable key', async () => {
    await update('rice', 'check', { checked: true });
    await update('milk', 'amount', { desired_quantity: 3 });
    await queue.enqueueAdd({ productId: 'bread', desiredQuantity: 2, notes: '', look: look('Bread'), madeOnline: false });
    const sent: string[] = [];
    const report = await queue.sync((change) => {
      sent.push(`${change.action}:${change.look.label}:${change.clientMutationId}`);
      return server.send(change);
    });
    expect(sent).toEqual(['check:Rice:shop_id-1', 'amount:Milk:shop_id-2', 'add:Bread:shop_id-3']);
    expect(report).toMatchObject({ remaining: 0, stoppedBy: null, refused: [] });
    expect(report.applied.map(({ item: answer }) => [answer.label, answer.desired_quantity, answer.checked])).toEqual([
      ['Rice', 1, 1],
      ['Milk', 3, 0],
      ['Bread', 2, 0],
    ]);
  });

  it('refuses new changes at 100 waiting, as the scan queue does, and keeps every one already waiting', async () => {
    expect(CHANGE_LIMIT).toBe(100);
    for (let i = 0; i < CHANGE_LIMIT / 2; i += 1) {
      await queue.enqueueAdd({ productId: `p${i}`, desiredQuantity: 1, notes: '', look: look(`Product ${i}`), madeOnline: false });
      await update('milk', 'amount', { desired_quantity: i + 2 });
    }
    await expect(queue.enqueueAdd({ productId: 'one-more', desiredQuantity: 1, notes: '', look: look('One more'), madeOnline: false })).rejects.toBeInstanceOf(QueueFullError);
    await expect(update('rice', 'check', { checked: true })).rejects.toBeInstanceOf(QueueFullError);
    const waiting = await queue.list();
    expect(waiting).toHaveLength(CHANGE_LIMIT);
    expect([waiting[0].look.label, waiting.at(-1)?.look.label]).toEqual(['Product 0', 'Milk']);
    // Once some are sent, there is room again.
    await queue.sync(server.send);
    expect(await queue.size()).toBe(0);
    await update('rice', 'check', { checked: true });
    expect(await queue.size()).toBe(1);
  });

  it('sends a change whose answer was lost again with the same key: written once', async () => {
    await queue.enqueueAdd({ productId: 'eggs', desiredQuantity: 6, notes: '', look: look('Eggs'), madeOnline: false });
    await update('milk', 'check', { checked: true });
    // The server takes the add, but the answer never arrives (the signal drops on the way back).
    const lost = await queue.sync(async (change) => {
      await server.send(change);
      return { ok: false, kind: 'network' };
    });
    expect(lost).toMatchObject({ remaining: 2, stoppedBy: 'network', applied: [] });
    expect((await queue.list())[0]).toMatchObject({ attempts: 1, lastError: 'network' });

    const again = await queue.sync(server.send);
    expect(again).toMatchObject({ remaining: 0, stoppedBy: null });
    expect(item('eggs').desired_quantity).toBe(7);
    expect(item('milk').checked).toBe(1);
    expect(server.writes).toBe(2);
    // Nothing is left to send twice.
    expect(await queue.sync(server.send)).toMatchObject({ applied: [], remaining: 0 });
  });

  it('stops on 401 and keeps every change, the one that met it included', async () => {
    await update('milk', 'check', { checked: true });
    await update('eggs', 'check', { checked: true });
    await update('rice', 'check', { checked: true });
    let calls = 0;
    const report = await queue.sync(async (change) => (++calls === 1 ? server.send(change) : { ok: false, kind: 'unauthorized' }));
    expect(report).toMatchObject({ remaining: 2, stoppedBy: 'unauthorized', refused: [] });
    expect(calls).toBe(2);
    expect((await queue.list()).map((change) => [change.look.label, change.attempts, change.lastError])).toEqual([
      ['Eggs', 1, 'unauthorized'],
      ['Rice', 0, null],
    ]);
    expect(await queue.refused()).toEqual([]);
  });

  it('keeps a change that met a network failure for the next attempt and sends nothing after it', async () => {
    await update('milk', 'amount', { desired_quantity: 2 });
    await update('eggs', 'amount', { desired_quantity: 12 });
    const sent: string[] = [];
    const report = await queue.sync(async (change) => {
      sent.push(change.look.label);
      return { ok: false, kind: 'network' };
    });
    expect(sent).toEqual(['Milk']);
    expect(report).toMatchObject({ remaining: 2, stoppedBy: 'network' });
    expect(await queue.sync(server.send)).toMatchObject({ remaining: 0, stoppedBy: null });
    expect([item('milk').desired_quantity, item('eggs').desired_quantity]).toEqual([2, 12]);
  });

  it('drops a refused change, records which item and why, and goes on with the rest', async () => {
    await update('milk', 'check', { checked: true });
    await update('eggs', 'amount', { desired_quantity: 10 });
    // Meanwhile somebody else checks the milk off in the shop next door.
    server.items.set('milk', { ...item('milk'), checked: 1, updated_at: server.stamp() });
    const report = await queue.sync(server.send);
    expect(report.remaining).toBe(0);
    expect(report.refused).toEqual([
      { id: 'id-1', action: 'check', label: 'Milk', quantity: null, status: 409, code: 'stale_update', detail: 'Someone else changed this', madeOnline: false, at: expect.any(Number) },
    ]);
    expect(item('eggs').desired_quantity).toBe(10);
    // The record outlives the run (a reload) until the person dismisses it.
    expect((await queue.refused()).map((record) => record.label)).toEqual(['Milk']);
    await queue.dismissRefused(['id-1']);
    expect(await queue.refused()).toEqual([]);
  });

  it('chains changes to one item: each is sent on the timestamp the previous one produced', async () => {
    const base = item('rice').updated_at;
    await update('rice', 'amount', { desired_quantity: 4 }, base);
    await update('rice', 'notes', { desired_quantity: 4, notes: 'basmati' }, base);
    await update('rice', 'check', { desired_quantity: 4, notes: 'basmati', checked: true }, base);
    const report = await queue.sync(server.send);
    expect(report).toMatchObject({ remaining: 0, refused: [] });
    expect(item('rice')).toMatchObject({ desired_quantity: 4, notes: 'basmati', checked: 1 });
    expect(server.writes).toBe(3);
  });

  it('keeps the chain across a run that stopped between two changes to the same item (a reload)', async () => {
    const base = item('milk').updated_at;
    await update('milk', 'amount', { desired_quantity: 2 }, base);
    await update('milk', 'check', { desired_quantity: 2, checked: true }, base);
    let calls = 0;
    await queue.sync(async (change) => (++calls === 1 ? server.send(change) : { ok: false, kind: 'network' }));
    // A new page opens the same database: the waiting check-off was re-based when the amount landed.
    const reopened = new ShoppingQueue(await openShoppingDatabase(factory));
    const [waiting] = await reopened.list();
    expect(waiting).toMatchObject({ action: 'check', baseUpdatedAt: item('milk').updated_at, attempts: 1 });
    expect(await reopened.sync(server.send)).toMatchObject({ remaining: 0, refused: [] });
    expect(item('milk')).toMatchObject({ desired_quantity: 2, checked: 1 });
  });

  it('starts a change from the newest answer even if the list on screen was older (undo after a check-off)', async () => {
    const seen = item('eggs').updated_at;
    await update('eggs', 'check', { checked: true }, seen);
    await queue.sync(server.send);
    // The undo is made on the row as it was drawn, before the check-off's answer.
    await update('eggs', 'uncheck', { checked: false }, seen);
    expect(await queue.sync(server.send)).toMatchObject({ remaining: 0, refused: [] });
    expect(item('eggs').checked).toBe(0);
  });

  it('points changes to an item added offline at the item the add created', async () => {
    const added = await queue.enqueueAdd({ productId: 'bread', desiredQuantity: 1, notes: '', look: look('Bread'), madeOnline: false });
    await queue.enqueueUpdate({ action: 'amount', target: { addId: added.id }, baseUpdatedAt: '', body: { desired_quantity: 3, checked: false, notes: '' }, look: look('Bread'), madeOnline: false });
    await queue.enqueueUpdate({ action: 'check', target: { addId: added.id }, baseUpdatedAt: '', body: { desired_quantity: 3, checked: true, notes: '' }, look: look('Bread'), madeOnline: false });
    expect(await queue.sync(server.send)).toMatchObject({ remaining: 0, refused: [] });
    expect(server.items.get('new-1')).toMatchObject({ label: 'Bread', desired_quantity: 3, checked: 1 });
  });

  it('does not let a change to an add the server merged into someone else’s item overwrite their edit', async () => {
    // At home, someone else has put milk on the list and written a note meanwhile.
    const theirs = server.items.get('milk')!;
    server.items.set('milk', { ...theirs, notes: 'Bio', updated_at: server.stamp() });
    const added = await queue.enqueueAdd({ productId: theirs.product_id!, desiredQuantity: 2, notes: '', look: look('Milk'), madeOnline: false });
    await queue.enqueueUpdate({ action: 'amount', target: { addId: added.id }, baseUpdatedAt: '', body: { desired_quantity: 5, checked: false, notes: '' }, look: look('Milk'), madeOnline: false });
    const report = await queue.sync(server.send);
    // The add is merged (1 + 2); the amount change is refused and reported, their note stays.
    expect(report.refused.map((record) => [record.label, record.action, record.code])).toEqual([['Milk', 'amount', 'stale_update']]);
    expect(server.items.get('milk')).toMatchObject({ desired_quantity: 3, notes: 'Bio' });
  });

  it('takes the changes to an added item along when the add is refused, and reports each', async () => {
    const added = await queue.enqueueAdd({ productId: 'gone', desiredQuantity: 2, notes: '', look: look('Gone'), madeOnline: false });
    await queue.enqueueUpdate({ action: 'check', target: { addId: added.id }, baseUpdatedAt: '', body: { desired_quantity: 2, checked: true, notes: '' }, look: look('Gone'), madeOnline: false });
    await update('milk', 'amount', { desired_quantity: 5 });
    const report = await queue.sync(async (change) => (change.kind === 'add' ? { ok: false, kind: 'refused', status: 404, code: 'product_not_found', detail: 'Product not found' } : server.send(change)));
    expect(report.refused.map((record) => [record.label, record.action, record.quantity, record.code])).toEqual([
      ['Gone', 'add', 2, 'product_not_found'],
      ['Gone', 'check', null, 'product_not_found'],
    ]);
    expect(report).toMatchObject({ remaining: 0 });
    expect(item('milk').desired_quantity).toBe(5);
  });

  it('runs one sync at a time: a second request joins instead of sending the same change twice', async () => {
    await update('milk', 'check', { checked: true });
    await update('eggs', 'check', { checked: true });
    const [first, second, third] = await Promise.all([queue.sync(server.send), queue.sync(server.send), queue.sync(server.send)]);
    expect(first.applied).toHaveLength(2);
    expect([...second.applied, ...third.applied]).toEqual([]);
    expect(server.writes).toBe(2);
  });

  it('keeps the last list for reading without a signal', async () => {
    expect(await queue.loadList()).toBeNull();
    await queue.saveList([item('milk')]);
    expect((await queue.loadList())?.items.map((saved) => saved.label)).toEqual(['Milk']);
  });
});

describe('applyWaiting', () => {
  const server = new FakeServer();
  const milk = server.items.get('milk') as Item;
  const eggs = server.items.get('eggs') as Item;
  const base = { madeOnline: false, createdAt: 0, attempts: 0, lastError: null };

  it('shows the list as it will be: checked rows ticked and waiting, amounts changed, adds merged or new', () => {
    const changes: QueuedChange[] = [
      { ...base, kind: 'update', id: 'c1', clientMutationId: 'shop_c1', action: 'check', target: { itemId: 'milk' }, baseUpdatedAt: milk.updated_at, body: { desired_quantity: 1, checked: true, notes: '' }, look: look('Milk') },
      { ...base, kind: 'add', id: 'c2', clientMutationId: 'shop_c2', action: 'add', productId: 'eggs', desiredQuantity: 5, notes: '', look: look('Eggs') },
      { ...base, kind: 'add', id: 'c3', clientMutationId: 'shop_c3', action: 'add', productId: 'bread', desiredQuantity: 2, notes: '', look: look('Bread') },
      { ...base, kind: 'update', id: 'c4', clientMutationId: 'shop_c4', action: 'amount', target: { addId: 'c3' }, baseUpdatedAt: '', body: { desired_quantity: 3, checked: false, notes: '' }, look: look('Bread') },
    ];
    expect(applyWaiting([milk, eggs], changes).map((row) => [row.item.label, row.item.desired_quantity, row.checked, row.waiting, row.itemId])).toEqual([
      ['Milk', 1, true, 1, 'milk'],
      ['Eggs', 6, false, 1, 'eggs'],
      ['Bread', 3, false, 2, null],
    ]);
  });
});

describe('ShoppingQueue on a shared device', () => {
  it('sends only the signed-in person’s changes; another person’s wait for them, and are deleted only by them', async () => {
    let owner: string | null = 'anna';
    const queue = new ShoppingQueue(await openShoppingDatabase(new IDBFactory()), undefined, undefined, () => owner);
    await queue.enqueueAdd({ productId: 'bread', desiredQuantity: 2, notes: '', look: look('Bread'), madeOnline: false });
    owner = 'ben';
    await queue.enqueueAdd({ productId: 'milk', desiredQuantity: 1, notes: '', look: look('Milk'), madeOnline: false });
    const sent: string[] = [];
    const report = await queue.sync(async (change) => {
      sent.push(`${change.owner}:${change.kind === 'add' ? change.productId : ''}`);
      return { ok: false, kind: 'network' };
    });
    expect(sent).toEqual(['ben:milk']);
    expect(report.remaining).toBe(1);
    await queue.clear();
    expect(await queue.size()).toBe(0);
    owner = 'anna';
    expect((await queue.list()).map((change) => change.owner)).toEqual(['anna']);
  });
});
