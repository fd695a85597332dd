import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataSource } from 'typeorm';
import type { Principal } from '../../common/access/principal.js';
import { Clock } from '../../common/clock.js';
import { Database } from '../../database/database.js';
import { dataSourceOptions } from '../../database/data-source-options.js';
import { ShoppingItemEntity } from './shopping-item.entity.js';
import { refillSuggestion, ShoppingService } from './shopping.service.js';
import { LiveEvents } from '../live/live-events.js';
import { ShoppingTripsService } from '../shopping-trips/shopping-trips.service.js';

const principal: Principal = { kind: 'session', userId: 'u', householdId: 'h', role: 'member', locale: 'en' };

describe('refillSuggestion', () => {
  it.each([
    [1, 2, 6, 5],
    [2, 2, 6, 4],
    [3, 2, 6, null],
    [0, 0, 0, null],
    [0.5, 1, 1.25, 0.75],
  ])('current %d, minimum %d, target %d → %s', (current, minimum, target, expected) => {
    expect(refillSuggestion(current, minimum, target)).toBe(expected);
  });
});

describe('ShoppingService on a real SQLite file', () => {
  const directory = mkdtempSync(join(tmpdir(), 'hinv-shopping-'));
  let dataSource: DataSource;
  let shopping: ShoppingService;
  let database: Database;

  beforeAll(async () => {
    dataSource = new DataSource(dataSourceOptions(join(directory, 'app.db')));
    await dataSource.initialize();
    await dataSource.runMigrations();
    database = new Database(dataSource);
    shopping = new ShoppingService(database, new Clock(), new ShoppingTripsService(database, new Clock(), new LiveEvents()), new LiveEvents());
    await dataSource.query(
      `INSERT INTO products (id, name, normalized_name, default_best_before_days, minimum_stock_quantity, shopping_target_quantity, notes, active, created_at, updated_at)
       VALUES ('rice', 'Rice', 'rice', 0, 2, 6, '', 1, 'now', 'now')`,
    );
  });
  afterAll(async () => {
    await dataSource.destroy();
    rmSync(directory, { recursive: true, force: true });
  });

  it('never lowers a larger quantity somebody asked for', async () => {
    await database.write((manager) => shopping.addForProduct(manager, { id: 'rice', name: 'Rice' }, 9));
    const run = await shopping.generate(principal, { client_mutation_id: 'generate-1', product_ids: ['rice'] });
    expect(run.items.map((item) => [item.action, item.suggested_quantity])).toEqual([['unchanged', 6]]);
    expect((await dataSource.manager.find(ShoppingItemEntity)).map((item) => item.desiredQuantity)).toEqual([9]);
  });

  it('raises a smaller open item to the suggestion and replays by key', async () => {
    const [item] = await dataSource.manager.find(ShoppingItemEntity);
    await dataSource.manager.update(ShoppingItemEntity, { id: item.id }, { desiredQuantity: 1 });
    const run = await shopping.generate(principal, { client_mutation_id: 'generate-2', product_ids: ['rice'] });
    expect(run).toMatchObject({ updated_count: 1, items: [{ action: 'updated', shopping_item_id: item.id }] });
    const replay = await shopping.generate(principal, { client_mutation_id: 'generate-2', product_ids: ['rice'] });
    expect(replay.id).toBe(run.id);
    expect((await dataSource.manager.find(ShoppingItemEntity)).map((i) => i.desiredQuantity)).toEqual([6]);
  });

  it('scanning in shopping mode raises the open item instead of adding another', async () => {
    await database.write((manager) => shopping.addForProduct(manager, { id: 'rice', name: 'Rice' }, 2));
    const items = await dataSource.manager.find(ShoppingItemEntity);
    expect(items.map((i) => i.desiredQuantity)).toEqual([8]);
  });
  it('lists open items with their product group, so the list can be walked aisle by aisle', async () => {
    await dataSource.query(`INSERT INTO product_groups (name, description, active, created_at, updated_at) VALUES ('Grains', '', 1, 'now', 'now')`);
    await dataSource.query(`UPDATE products SET product_group_id = (SELECT id FROM product_groups WHERE name = 'Grains') WHERE id = 'rice'`);
    expect((await shopping.list()).map((item) => [item.label, item.product_group_name, item.desired_quantity])).toEqual([['Rice', 'Grains', 8]]);
  });
});

describe('shopping list changes with idempotency keys, on a real SQLite file', () => {
  const directory = mkdtempSync(join(tmpdir(), 'hinv-shopping-keys-'));
  let dataSource: DataSource;
  let shopping: ShoppingService;
  let database: Database;
  const keyRows = async (key: string): Promise<number> => (await dataSource.query('SELECT COUNT(*) AS n FROM shopping_mutations WHERE client_mutation_id = ?', [key]))[0].n;
  const item = (id: string) => dataSource.manager.findOneByOrFail(ShoppingItemEntity, { id });

  beforeAll(async () => {
    dataSource = new DataSource(dataSourceOptions(join(directory, 'app.db')));
    await dataSource.initialize();
    await dataSource.runMigrations();
    database = new Database(dataSource);
    shopping = new ShoppingService(database, new Clock(), new ShoppingTripsService(database, new Clock(), new LiveEvents()), new LiveEvents());
    for (const [id, name, active] of [
      ['milk', 'Milk', 1],
      ['eggs', 'Eggs', 1],
      ['flour', 'Flour', 1],
      ['old', 'Old', 0],
    ] as const) {
      await dataSource.query(
        `INSERT INTO products (id, name, normalized_name, default_best_before_days, minimum_stock_quantity, shopping_target_quantity, notes, active, created_at, updated_at)
         VALUES (?, ?, ?, 0, 0, 0, '', ?, 'now', 'now')`,
        [id, name, name.toLowerCase(), active],
      );
    }
  });
  afterAll(async () => {
    await dataSource.destroy();
    rmSync(directory, { recursive: true, force: true });
  });

  it('adds a product as a new item, then adds to the open item instead of a second one', async () => {
    const first = await shopping.add(principal, { product_id: 'milk', desired_quantity: 2, notes: 'oat', client_mutation_id: 'add-milk-1' });
    expect(first).toMatchObject({ product_id: 'milk', label: 'Milk', desired_quantity: 2, notes: 'oat', checked: 0 });
    const second = await shopping.add(principal, { product_id: 'milk', desired_quantity: 1.5, notes: 'barista', client_mutation_id: 'add-milk-2' });
    expect(second).toMatchObject({ id: first.id, desired_quantity: 3.5, notes: 'oat\nbarista' });
    expect(second.updated_at > first.updated_at).toBe(true);
    expect(await dataSource.manager.countBy(ShoppingItemEntity, { productId: 'milk' })).toBe(1);
  });

  it('replays an add by key: the first answer again, the quantity added once', async () => {
    const first = await shopping.add(principal, { product_id: 'eggs', desired_quantity: 6, client_mutation_id: 'add-eggs-1' });
    const replay = await shopping.add(principal, { product_id: 'eggs', desired_quantity: 6, client_mutation_id: 'add-eggs-1' });
    expect(replay).toEqual(first);
    expect((await item(first.id)).desiredQuantity).toBe(6);
    expect(await keyRows('add-eggs-1')).toBe(1);
  });

  it('writes concurrent adds with one key once', async () => {
    const input = { product_id: 'flour', desired_quantity: 1, client_mutation_id: 'add-flour-concurrent' };
    const answers = await Promise.all(Array.from({ length: 5 }, () => shopping.add(principal, { ...input })));
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    expect((await item(answers[0].id)).desiredQuantity).toBe(1);
    expect(await keyRows('add-flour-concurrent')).toBe(1);
  });

  it('refuses an unknown or archived product and keeps the key free', async () => {
    await expect(shopping.add(principal, { product_id: 'missing', desired_quantity: 1, client_mutation_id: 'add-free-key' })).rejects.toMatchObject({ status: 404, code: 'product_not_found' });
    await expect(shopping.add(principal, { product_id: 'old', desired_quantity: 1, client_mutation_id: 'add-free-key' })).rejects.toMatchObject({ status: 404, code: 'product_not_found' });
    expect(await keyRows('add-free-key')).toBe(0);
    expect((await shopping.add(principal, { product_id: 'milk', desired_quantity: 1, client_mutation_id: 'add-free-key' })).desired_quantity).toBe(4.5);
  });

  it('replays a keyed change after the item moved on: the first answer, nothing changed again', async () => {
    const [eggs] = (await shopping.list()).filter((open) => open.product_id === 'eggs');
    const input = { desired_quantity: 12, notes: 'free range', expected_updated_at: eggs.updated_at, client_mutation_id: 'patch-eggs-1' };
    const first = await shopping.update(principal, eggs.id, input);
    expect(first).toMatchObject({ desired_quantity: 12, notes: 'free range' });
    // Somebody else changes the item afterwards; the lost answer's retry must not undo that.
    const later = await shopping.update(principal, eggs.id, { desired_quantity: 10, notes: 'any', expected_updated_at: first.updated_at });
    const replay = await shopping.update(principal, eggs.id, input);
    expect(replay).toEqual(first);
    expect(await item(eggs.id)).toMatchObject({ desiredQuantity: 10, notes: 'any', updatedAt: later.updated_at });
    expect(await keyRows('patch-eggs-1')).toBe(1);
  });

  it('refuses a stale change without a key as before', async () => {
    const [eggs] = (await shopping.list()).filter((open) => open.product_id === 'eggs');
    const stale = '2000-01-01T00:00:00.000Z';
    await expect(shopping.update(principal, eggs.id, { desired_quantity: 1, expected_updated_at: stale })).rejects.toMatchObject({ status: 409, code: 'stale_update' });
    await expect(shopping.update(principal, eggs.id, { desired_quantity: 1, expected_updated_at: stale, client_mutation_id: 'patch-stale-1' })).rejects.toMatchObject({
      status: 409,
      code: 'stale_update',
    });
    // A refused change keeps nothing, so its key stays free.
    expect(await keyRows('patch-stale-1')).toBe(0);
    await expect(shopping.update(principal, 'missing-item', { desired_quantity: 1, expected_updated_at: stale, client_mutation_id: 'patch-stale-1' })).rejects.toMatchObject({ status: 404 });
  });

  it('refuses a key reused for another item or another kind of change with 409', async () => {
    const [milk] = (await shopping.list()).filter((open) => open.product_id === 'milk');
    await expect(shopping.update(principal, milk.id, { desired_quantity: 1, expected_updated_at: milk.updated_at, client_mutation_id: 'patch-eggs-1' })).rejects.toMatchObject({
      status: 409,
      code: 'shopping_key_used',
    });
    await expect(shopping.add(principal, { product_id: 'milk', desired_quantity: 1, client_mutation_id: 'patch-eggs-1' })).rejects.toMatchObject({ status: 409, code: 'shopping_key_used' });
    await expect(shopping.add(principal, { product_id: 'eggs', desired_quantity: 1, client_mutation_id: 'add-milk-1' })).rejects.toMatchObject({ status: 409, code: 'shopping_key_used' });
    expect((await item(milk.id)).desiredQuantity).toBe(milk.desired_quantity);
  });

  it('writes concurrent check-offs with one key once, and each answers as the first', async () => {
    const [flour] = (await shopping.list()).filter((open) => open.product_id === 'flour');
    const input = { desired_quantity: 1, checked: true, expected_updated_at: flour.updated_at, client_mutation_id: 'check-flour-1' };
    const answers = await Promise.all(Array.from({ length: 5 }, () => shopping.update(principal, flour.id, { ...input })));
    expect(answers.every((answer) => answer.checked === 1 && answer.updated_at === answers[0].updated_at)).toBe(true);
    expect(await keyRows('check-flour-1')).toBe(1);
    expect((await shopping.list()).some((open) => open.id === flour.id)).toBe(false);
  });
});
