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
    shopping = new ShoppingService(database, new Clock());
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
