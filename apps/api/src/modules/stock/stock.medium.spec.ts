import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DataSource } from 'typeorm';
import { Clock } from '../../common/clock.js';
import { ApiException } from '../../common/errors/api-exception.js';
import { Database } from '../../database/database.js';
import { dataSourceOptions } from '../../database/data-source-options.js';
import { StockService, type Cause } from './stock.service.js';

/** A clock that advances one second per reading, so lots get distinct creation times. */
class SteppingClock extends Clock {
  private tick = Date.parse('2026-11-22T08:00:00Z');
  override now(): Date {
    this.tick += 1000;
    return new Date(this.tick);
  }
}

const scan = (type: Cause['movementType']): Cause => ({ movementType: type, source: 'scanner', referenceId: 'scan-1' });

describe('StockService on a real SQLite file', () => {
  const directory = mkdtempSync(join(tmpdir(), 'hinv-stock-'));
  let dataSource: DataSource;
  let database: Database;
  let stock: StockService;
  let productId = '';
  let counter = 0;

  beforeAll(async () => {
    dataSource = new DataSource(dataSourceOptions(join(directory, 'app.db')));
    await dataSource.initialize();
    await dataSource.runMigrations();
    database = new Database(dataSource);
    stock = new StockService(database, new SteppingClock());
  });
  afterAll(async () => {
    await dataSource.destroy();
    rmSync(directory, { recursive: true, force: true });
  });
  beforeEach(async () => {
    counter += 1;
    productId = `product-${counter}`;
    await dataSource.query(
      `INSERT INTO products (id, name, normalized_name, default_best_before_days, minimum_stock_quantity, shopping_target_quantity, notes, active, created_at, updated_at) VALUES (?, ?, ?, 0, 0, 0, '', 1, 'now', 'now')`,
      [productId, `Product ${counter}`, `product ${counter}`],
    );
  });

  const lots = () => dataSource.query('SELECT id, quantity, best_before_date AS bbd, opened_at FROM stock_lots WHERE product_id = ? ORDER BY created_at', [productId]) as Promise<{ id: string; quantity: number; bbd: string | null; opened_at: string | null }[]>;
  const movements = () => dataSource.query('SELECT lot_id, movement_type, quantity_delta FROM stock_movements WHERE product_id = ? ORDER BY rowid', [productId]) as Promise<{ lot_id: string; movement_type: string; quantity_delta: number }[]>;
  const addLot = (quantity: number, bestBeforeDate: string | null) => database.write(async () => stock.add({ productId, quantity, bestBeforeDate, ...scan('scan_add') }).lotId);

  it('consumes the earliest best-before first, undated lots last, then the oldest', async () => {
    const undatedOld = await addLot(2, null);
    const late = await addLot(1, '2026-12-31');
    const early = await addLot(1, '2026-12-01');
    const undatedNew = await addLot(2, null);
    const { movementIds } = await database.write(async () => stock.consume(productId, 4.5, scan('scan_consume')));
    expect(movementIds).toHaveLength(4);
    const byId = new Map((await lots()).map((lot) => [lot.id, lot.quantity]));
    expect([byId.get(early), byId.get(late), byId.get(undatedOld), byId.get(undatedNew)]).toEqual([0, 0, 0, 1.5]);
    expect((await movements()).filter((m) => m.movement_type === 'scan_consume').map((m) => [m.lot_id, m.quantity_delta])).toEqual([
      [early, -1],
      [late, -1],
      [undatedOld, -2],
      [undatedNew, -0.5],
    ]);
  });

  it('refuses to consume more than is in stock and writes nothing', async () => {
    await addLot(1, null);
    await addLot(1.5, '2027-01-01');
    const before = { lots: await lots(), movements: await movements() };
    await expect(database.write(async () => stock.consume(productId, 3, scan('scan_consume')))).rejects.toMatchObject({ code: 'insufficient_stock', params: { available: '2.5' } });
    expect({ lots: await lots(), movements: await movements() }).toEqual(before);
  });

  it('rolls back the lot changes of a consumption when the rest of the request fails', async () => {
    await addLot(3, null);
    const before = await lots();
    await expect(
      database.write(async () => {
        stock.consume(productId, 2, scan('scan_consume'));
        throw new Error('a later step failed');
      }),
    ).rejects.toThrow('a later step failed');
    expect(await lots()).toEqual(before);
  });

  it('opens the earliest unopened lot with stock, with a zero movement', async () => {
    const empty = await addLot(1, '2026-11-30');
    await database.write(async () => stock.consume(productId, 1, scan('scan_consume')));
    const later = await addLot(1, '2027-03-01');
    const sooner = await addLot(1, '2027-02-01');
    const first = await database.write(async () => stock.open(productId, scan('scan_open')));
    expect(first.lotId).toBe(sooner);
    const second = await database.write(async () => stock.open(productId, scan('scan_open')));
    expect(second.lotId).toBe(later);
    await expect(database.write(async () => stock.open(productId, scan('scan_open')))).rejects.toMatchObject({ code: 'no_unopened_lot' });
    expect((await lots()).find((lot) => lot.id === empty)?.opened_at).toBeNull();
    expect((await movements()).filter((m) => m.movement_type === 'scan_open').map((m) => m.quantity_delta)).toEqual([0, 0]);
  });

  it('lets exactly the available quantity through when 50 consumptions race', async () => {
    await addLot(10, null);
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => database.write(async () => stock.consume(productId, 1, scan('scan_consume')))));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refused).toHaveLength(40);
    expect(refused.every((r) => r.reason instanceof ApiException && r.reason.getStatus() === 409)).toBe(true);
    expect(stock.onHand(productId)).toBe(0);
    expect((await movements()).filter((m) => m.movement_type === 'scan_consume')).toHaveLength(10);
  });

  it('refuses to update or delete a movement, at the database', async () => {
    await addLot(1, null);
    await expect(dataSource.query("UPDATE stock_movements SET quantity_delta = 99 WHERE product_id = ?", [productId])).rejects.toThrow(/append-only/);
    await expect(dataSource.query('DELETE FROM stock_movements WHERE product_id = ?', [productId])).rejects.toThrow(/append-only/);
    expect(await movements()).toEqual([expect.objectContaining({ movement_type: 'scan_add', quantity_delta: 1 })]);
  });
});
