import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DataSource } from 'typeorm';
import type { Principal } from '../../common/access/principal.js';
import { Clock } from '../../common/clock.js';
import { AppConfig } from '../../config/app-config.js';
import { parseEnvironment } from '../../config/env.js';
import { Database } from '../../database/database.js';
import { dataSourceOptions } from '../../database/data-source-options.js';
import { MasterDataService } from '../catalog/master-data/master-data.service.js';
import type { StockActionCreateInput } from './dto/stock-action.dto.js';
import { StockActionService } from './stock-action.service.js';
import { StockService } from './stock.service.js';

/** A clock that advances one second per reading, so lots get distinct creation times. */
class SteppingClock extends Clock {
  private tick = Date.parse('2026-11-22T08:00:00Z');
  override now(): Date {
    this.tick += 1000;
    return new Date(this.tick);
  }
}

const principal: Principal = { kind: 'session', userId: 'user-1', householdId: 'household-1', role: 'member', locale: 'en' };

interface Snapshot {
  actions: unknown[];
  lots: unknown[];
  movements: unknown[];
}

describe('quick stock actions on a real SQLite file', () => {
  const directory = mkdtempSync(join(tmpdir(), 'hinv-stock-actions-'));
  let dataSource: DataSource;
  let stock: StockService;
  let actions: StockActionService;
  let productId = '';
  let locationId = 0;
  let counter = 0;

  const insertProduct = async (fields: { active?: boolean; bestBeforeDays?: number } = {}): Promise<string> => {
    counter += 1;
    const id = `product-${counter}`;
    // No variant and no barcode: the products the scanner cannot reach.
    await dataSource.query(
      `INSERT INTO products (id, name, normalized_name, default_best_before_days, default_location_id, minimum_stock_quantity, shopping_target_quantity, notes, active, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, 0, 0, '', ?, 'now', 'now')`,
      [id, `Product ${counter}`, `product ${counter}`, fields.bestBeforeDays ?? 0, locationId, fields.active === false ? 0 : 1],
    );
    return id;
  };

  beforeAll(async () => {
    dataSource = new DataSource(dataSourceOptions(join(directory, 'app.db')));
    await dataSource.initialize();
    await dataSource.runMigrations();
    const database = new Database(dataSource);
    const clock = new SteppingClock();
    const config = new AppConfig(parseEnvironment({ DATA_DIR: directory, TZ: 'Europe/Berlin' }), { key: 'k'.repeat(32), source: 'environment' });
    stock = new StockService(database, clock);
    actions = new StockActionService(config, database, clock, stock, new MasterDataService(database, clock));
    await dataSource.query(`INSERT INTO locations (name, description, active, created_at, updated_at) VALUES ('Pantry', '', 1, 'now', 'now'), ('Old shelf', '', 0, 'now', 'now')`);
    locationId = ((await dataSource.query(`SELECT id FROM locations WHERE name = 'Pantry'`)) as { id: number }[])[0].id;
  });
  afterAll(async () => {
    await dataSource.destroy();
    rmSync(directory, { recursive: true, force: true });
  });
  beforeEach(async () => {
    productId = await insertProduct();
  });

  let keys = 0;
  const key = () => `action-key-${++keys}`;
  const apply = (input: Partial<StockActionCreateInput> & Pick<StockActionCreateInput, 'action'>, product = productId) =>
    actions.apply(principal, product, { client_mutation_id: key(), ...input });

  const snapshot = async (): Promise<Snapshot> => ({
    actions: await dataSource.query('SELECT * FROM stock_actions ORDER BY rowid'),
    lots: await dataSource.query('SELECT * FROM stock_lots ORDER BY rowid'),
    movements: await dataSource.query('SELECT * FROM stock_movements ORDER BY rowid'),
  });
  const movementsOf = (product: string) =>
    dataSource.query('SELECT id, lot_id, movement_type, quantity_delta, source, reference_id FROM stock_movements WHERE product_id = ? ORDER BY rowid', [product]) as Promise<
      { id: string; lot_id: string; movement_type: string; quantity_delta: number; source: string; reference_id: string }[]
    >;

  it('adds, consumes and opens a product that has no barcode, with manual movements referencing the action', async () => {
    const added = await apply({ action: 'add', quantity: 3, best_before_date: '2026-12-24' });
    expect(added).toMatchObject({ product_id: productId, action: 'add', quantity: 3, location_id: locationId, best_before_date: '2026-12-24', variant_id: null, stock_quantity: 3 });
    expect(added.lot_id).toEqual(expect.any(String));
    const opened = await apply({ action: 'open' });
    expect(opened).toMatchObject({ action: 'open', quantity: 0, lot_id: added.lot_id, stock_quantity: 3 });
    expect(opened.opened_at).toEqual(expect.any(String));
    const consumed = await apply({ action: 'consume', quantity: 1.25 });
    expect(consumed).toMatchObject({ action: 'consume', quantity: 1.25, lot_id: null, opened_at: null, stock_quantity: 1.75 });

    const movements = await movementsOf(productId);
    expect(movements.map((m) => [m.movement_type, m.quantity_delta, m.source, m.reference_id])).toEqual([
      ['manual_add', 3, 'manual', added.id],
      ['manual_open', 0, 'manual', opened.id],
      ['manual_consume', -1.25, 'manual', consumed.id],
    ]);
    expect([added.movement_ids, opened.movement_ids, consumed.movement_ids]).toEqual(movements.map((m) => [m.id]));
    expect(stock.onHand(productId)).toBe(1.75);
  });

  it('gives an added lot the product location and best-before days, and the household day as purchase date', async () => {
    const product = await insertProduct({ bestBeforeDays: 5 });
    const added = await apply({ action: 'add', quantity: 1 }, product);
    expect(added).toMatchObject({ location_id: locationId, best_before_date: '2026-11-27' });
    const [lot] = (await dataSource.query('SELECT location_id, best_before_date, purchased_date FROM stock_lots WHERE id = ?', [added.lot_id])) as Record<string, unknown>[];
    expect(lot).toEqual({ location_id: locationId, best_before_date: '2026-11-27', purchased_date: '2026-11-22' });
  });

  it('consumes the earliest best-before first, undated lots last, then the oldest', async () => {
    const undated = await apply({ action: 'add', quantity: 2 });
    const late = await apply({ action: 'add', quantity: 1, best_before_date: '2027-01-31' });
    const early = await apply({ action: 'add', quantity: 1, best_before_date: '2026-12-01' });
    const consumed = await apply({ action: 'consume', quantity: 3 });
    const movements = await movementsOf(productId);
    const taken = movements.filter((m) => m.reference_id === consumed.id).map((m) => [m.lot_id, m.quantity_delta]);
    expect(taken).toEqual([
      [early.lot_id, -1],
      [late.lot_id, -1],
      [undated.lot_id, -1],
    ]);
    expect(consumed.movement_ids).toEqual(movements.filter((m) => m.reference_id === consumed.id).map((m) => m.id));
    expect(consumed.stock_quantity).toBe(1);
    const opened = await apply({ action: 'open' });
    expect(opened.lot_id).toBe(undated.lot_id);
  });

  it('replays a retry with the same key: the same answer, written once', async () => {
    await apply({ action: 'add', quantity: 5 });
    const input: StockActionCreateInput = { action: 'consume', quantity: 2, client_mutation_id: 'retry-consume-1' };
    const first = await actions.apply(principal, productId, input);
    // Stock moves on in between; a retry still answers what the first request did.
    await apply({ action: 'add', quantity: 1 });
    const before = await snapshot();
    const again = await actions.apply(principal, productId, input);
    // The stored answer wins over a changed body, as with stock counts.
    const changed = await actions.apply(principal, productId, { ...input, quantity: 1 });
    expect(again).toEqual(first);
    expect(changed).toEqual(first);
    expect(await snapshot()).toEqual(before);
    expect(first.stock_quantity).toBe(3);
    expect(stock.onHand(productId)).toBe(4);
    expect((await dataSource.query('SELECT COUNT(*) AS n FROM stock_actions WHERE client_mutation_id = ?', ['retry-consume-1']))[0].n).toBe(1);
  });

  it('refuses the same key for another product or another action with 409 and writes nothing', async () => {
    await apply({ action: 'add', quantity: 1, client_mutation_id: 'shared-key-1' });
    const other = await insertProduct();
    const before = await snapshot();
    await expect(actions.apply(principal, other, { action: 'add', quantity: 1, client_mutation_id: 'shared-key-1' })).rejects.toMatchObject({ code: 'action_key_used', status: 409 });
    await expect(actions.apply(principal, productId, { action: 'consume', quantity: 1, client_mutation_id: 'shared-key-1' })).rejects.toMatchObject({ code: 'action_key_used', status: 409 });
    expect(await snapshot()).toEqual(before);
    expect(stock.onHand(other)).toBe(0);
  });

  it('refuses too little stock or no unopened package with 409, writes nothing and leaves the key free', async () => {
    await apply({ action: 'add', quantity: 1.5 });
    await apply({ action: 'open' });
    const before = await snapshot();
    await expect(apply({ action: 'consume', quantity: 2, client_mutation_id: 'too-much-1' })).rejects.toMatchObject({ code: 'insufficient_stock', status: 409, params: { available: '1.5' } });
    await expect(apply({ action: 'open' })).rejects.toMatchObject({ code: 'no_unopened_lot', status: 409 });
    expect(await snapshot()).toEqual(before);
    // Nothing was kept of the refusal, so the same key works once there is enough.
    await apply({ action: 'add', quantity: 1 });
    expect((await apply({ action: 'consume', quantity: 2, client_mutation_id: 'too-much-1' })).stock_quantity).toBe(0.5);
  });

  it('refuses unknown or archived products, foreign variants and archived locations, writing nothing', async () => {
    const archived = await insertProduct({ active: false });
    const other = await insertProduct();
    await dataSource.query(`INSERT INTO product_variants (id, product_id, created_at, updated_at) VALUES ('variant-of-other', ?, 'now', 'now'), ('variant-own', ?, 'now', 'now')`, [other, productId]);
    const archivedLocation = ((await dataSource.query(`SELECT id FROM locations WHERE name = 'Old shelf'`)) as { id: number }[])[0].id;
    const before = await snapshot();
    await expect(apply({ action: 'add', quantity: 1 }, 'no-such-product')).rejects.toMatchObject({ code: 'product_not_found', status: 404 });
    await expect(apply({ action: 'add', quantity: 1 }, archived)).rejects.toMatchObject({ code: 'product_not_found', status: 404 });
    await expect(apply({ action: 'add', quantity: 1, variant_id: 'variant-of-other' })).rejects.toMatchObject({ code: 'variant_mismatch', status: 409 });
    await expect(apply({ action: 'add', quantity: 1, variant_id: 'no-such-variant' })).rejects.toMatchObject({ code: 'variant_not_found', status: 404 });
    await expect(apply({ action: 'add', quantity: 1, location_id: archivedLocation })).rejects.toMatchObject({ code: 'master_data_not_found', status: 404 });
    await expect(apply({ action: 'add', quantity: 0.0000001 })).rejects.toMatchObject({ status: 422 });
    expect(await snapshot()).toEqual(before);
    expect(await apply({ action: 'add', quantity: 1, variant_id: 'variant-own' })).toMatchObject({ variant_id: 'variant-own', stock_quantity: 1 });
  });

  it('writes exactly once when duplicates with the same key arrive together', async () => {
    await apply({ action: 'add', quantity: 10 });
    const input: StockActionCreateInput = { action: 'consume', quantity: 1, client_mutation_id: 'concurrent-key-1' };
    // Both are queued before either is awaited, so they share one batch of the write path.
    const pending = [actions.apply(principal, productId, input), actions.apply(principal, productId, input), actions.apply(principal, productId, { ...input })];
    const results = await Promise.all(pending);
    expect(results[1]).toEqual(results[0]);
    expect(results[2]).toEqual(results[0]);
    expect(stock.onHand(productId)).toBe(9);
    expect((await movementsOf(productId)).filter((m) => m.movement_type === 'manual_consume')).toHaveLength(1);
    expect((await dataSource.query('SELECT COUNT(*) AS n FROM stock_actions WHERE client_mutation_id = ?', ['concurrent-key-1']))[0].n).toBe(1);
  });
});
