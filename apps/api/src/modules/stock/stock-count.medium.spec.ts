import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataSource } from 'typeorm';
import type { Principal } from '../../common/access/principal.js';
import { Clock } from '../../common/clock.js';
import { Database } from '../../database/database.js';
import { dataSourceOptions } from '../../database/data-source-options.js';
import { StockCountService } from './stock-count.service.js';
import { StockService } from './stock.service.js';

const principal: Principal = { kind: 'session', userId: 'u', householdId: 'h', role: 'member', locale: 'en' };

describe('StockCountService on a real SQLite file', () => {
  const directory = mkdtempSync(join(tmpdir(), 'hinv-count-'));
  let dataSource: DataSource;
  let counts: StockCountService;
  let stock: StockService;

  beforeAll(async () => {
    dataSource = new DataSource(dataSourceOptions(join(directory, 'app.db')));
    await dataSource.initialize();
    await dataSource.runMigrations();
    const database = new Database(dataSource);
    stock = new StockService(database, new Clock());
    counts = new StockCountService(database, new Clock(), stock);
    for (const id of ['flour', 'sugar']) {
      await dataSource.query(
        `INSERT INTO products (id, name, normalized_name, default_best_before_days, minimum_stock_quantity, shopping_target_quantity, notes, active, created_at, updated_at)
         VALUES (?, ?, ?, 0, 0, 0, '', 1, 'now', 'now')`,
        [id, id, id],
      );
    }
  });
  afterAll(async () => {
    await dataSource.destroy();
    rmSync(directory, { recursive: true, force: true });
  });

  const movementTypes = async () => ((await dataSource.query('SELECT movement_type AS type, quantity_delta AS delta FROM stock_movements ORDER BY rowid')) as { type: string; delta: number }[]).map((m) => `${m.type} ${m.delta}`);

  it('turns an increase into one lot and one movement', async () => {
    const session = await counts.create(principal, { client_mutation_id: 'count-increase', lines: [{ product_id: 'flour', counted_quantity: 2.5 }] });
    expect(session.lines[0]).toMatchObject({ previous_quantity: 0, quantity_delta: 2.5, movement_count: 1 });
    expect(stock.onHand('flour')).toBe(2.5);
    expect(await movementTypes()).toEqual(['stock_count_increase 2.5']);
  });

  it('takes a decrease from the oldest lots first, one movement per lot', async () => {
    await counts.create(principal, { client_mutation_id: 'count-second-lot', lines: [{ product_id: 'flour', counted_quantity: 4 }] });
    const session = await counts.create(principal, { client_mutation_id: 'count-decrease', lines: [{ product_id: 'flour', counted_quantity: 1 }] });
    expect(session.lines[0]).toMatchObject({ previous_quantity: 4, quantity_delta: -3, movement_count: 2 });
    expect((await movementTypes()).slice(-2)).toEqual(['stock_count_decrease -2.5', 'stock_count_decrease -0.5']);
  });

  it('replays by key without applying anything again, and leaves unlisted products alone', async () => {
    const before = await movementTypes();
    const replay = await counts.create(principal, { client_mutation_id: 'count-decrease', lines: [{ product_id: 'sugar', counted_quantity: 9 }] });
    expect(replay.lines.map((l) => l.product_id)).toEqual(['flour']);
    expect(await movementTypes()).toEqual(before);
    expect(stock.onHand('sugar')).toBe(0);
  });

  it('rolls the whole count back when one line fails', async () => {
    const before = await movementTypes();
    await expect(
      counts.create(principal, { client_mutation_id: 'count-broken', lines: [{ product_id: 'sugar', counted_quantity: 3 }, { product_id: 'salt', counted_quantity: 1 }] }),
    ).rejects.toMatchObject({ code: 'product_not_found' });
    expect(await movementTypes()).toEqual(before);
    expect(stock.onHand('sugar')).toBe(0);
  });
});
