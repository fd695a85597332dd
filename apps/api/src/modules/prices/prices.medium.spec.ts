import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataSource } from 'typeorm';
import { Clock } from '../../common/clock.js';
import { AppConfig } from '../../config/app-config.js';
import { parseEnvironment } from '../../config/env.js';
import { Database } from '../../database/database.js';
import { dataSourceOptions } from '../../database/data-source-options.js';
import { PricesService } from './prices.service.js';

interface Line {
  product: string | null;
  unit?: number | null;
  total?: number | null;
  quantity?: number;
  imported?: boolean;
}

describe('price insights on a real SQLite file', () => {
  const directory = mkdtempSync(join(tmpdir(), 'hinv-prices-'));
  let dataSource: DataSource;
  let prices: PricesService;
  let receiptCount = 0;

  /** A receipt with its lines; `createdAt` orders receipts of one day. */
  const receipt = async (store: { retailer?: string | null; name?: string | null }, date: string | null, lines: Line[], options: { currency?: string; createdAt?: string } = {}) => {
    receiptCount += 1;
    const id = `receipt-${receiptCount}`;
    const createdAt = options.createdAt ?? `2025-06-01T00:00:${String(receiptCount).padStart(2, '0')}.000Z`;
    await dataSource.query(`INSERT INTO receipts (id, status, store_name, retailer, purchase_date, currency, created_at, updated_at) VALUES (?, 'imported', ?, ?, ?, ?, ?, ?)`, [
      id,
      store.name ?? null,
      store.retailer ?? null,
      date,
      options.currency ?? 'EUR',
      createdAt,
      createdAt,
    ]);
    for (const [index, line] of lines.entries()) {
      await dataSource.query(
        `INSERT INTO receipt_items (id, receipt_id, position, raw_name, product_id, quantity, unit_price, total_price, imported, created_at, updated_at)
         VALUES (?, ?, ?, 'line', ?, ?, ?, ?, ?, 'now', 'now')`,
        [`${id}-${index + 1}`, id, index + 1, line.product, line.quantity ?? 1, line.unit === undefined ? line.total ?? null : line.unit, line.total ?? null, line.imported === false ? 0 : 1],
      );
    }
    return id;
  };

  beforeAll(async () => {
    dataSource = new DataSource(dataSourceOptions(join(directory, 'app.db')));
    await dataSource.initialize();
    await dataSource.runMigrations();
    prices = new PricesService(new Database(dataSource), new Clock(), new AppConfig(parseEnvironment({ DATA_DIR: directory, TZ: 'Europe/Berlin' }), { key: 'k'.repeat(32), source: 'environment' }));
    for (const [id, name] of [
      ['milk', 'Vollmilch'],
      ['butter', 'Butter'],
      ['cheese', 'Gouda'],
      ['free', 'Probe'],
    ]) {
      await dataSource.query(
        `INSERT INTO products (id, name, normalized_name, default_best_before_days, minimum_stock_quantity, shopping_target_quantity, notes, active, created_at, updated_at)
         VALUES (?, ?, ?, 0, 0, 0, '', 1, 'now', 'now')`,
        [id, name, name.toLowerCase()],
      );
    }
    const rewe = { retailer: 'REWE', name: 'REWE Markt GmbH' };
    const reweCity = { retailer: 'REWE', name: 'REWE City' };
    const corner = { name: 'Tante Emma Laden' };
    // Inserted out of date order: the latest is found by date, not by insertion.
    await receipt(rewe, '2025-03-01', [{ product: 'milk', unit: 1.19 }, { product: 'butter', unit: 2.0 }]);
    await receipt(corner, '2025-05-01', [{ product: 'milk', unit: 1.49 }, { product: 'cheese', unit: null, total: 5.0, quantity: 0.5 }]);
    await receipt(reweCity, '2025-04-01', [{ product: 'milk', unit: 0.99 }]);
    await receipt(rewe, '2025-02-01', [{ product: 'milk', unit: 1.09 }]);
    // Not observations: a line in review, an unmapped line, a line without any price, another currency.
    await receipt(rewe, '2025-06-01', [{ product: 'milk', unit: 9.99, imported: false }, { product: null, unit: 3.33 }, { product: 'butter', unit: null, total: null }]);
    await receipt(rewe, '2025-06-02', [{ product: 'milk', unit: 0.1 }], { currency: 'CHF' });
    // Two butter receipts on one day: the one read later is the latest purchase; then a free sample.
    await receipt(rewe, '2025-03-05', [{ product: 'butter', unit: 2.5 }], { createdAt: '2025-03-05T10:00:00.000Z' });
    await receipt(rewe, '2025-03-05', [{ product: 'butter', unit: 2.2 }], { createdAt: '2025-03-05T09:00:00.000Z' });
    await receipt({}, null, [{ product: 'free', unit: 0 }], { createdAt: '2025-01-15T08:00:00.000Z' });
    // Undated, read at 00:30 on 17 January in the household's time zone (23:30 UTC the day before).
    await receipt({}, null, [{ product: 'free', unit: 0.5 }], { createdAt: '2025-01-16T23:30:00.000Z' });
  });
  afterAll(async () => {
    await dataSource?.destroy();
    rmSync(directory, { recursive: true, force: true });
  });

  it('takes the latest and the purchase before it by date for the trend, across stores', async () => {
    const milk = (await prices.insights(100)).products.find((p) => p.product_id === 'milk');
    expect(milk).toMatchObject({
      product_name: 'Vollmilch',
      currency: 'EUR',
      observation_count: 4,
      latest_price: 1.49,
      latest_date: '2025-05-01',
      latest_store: 'Tante Emma Laden',
      previous_price: 0.99,
      change_amount: 0.5,
      change_percent: 50.5,
      lowest_price: 0.99,
      highest_price: 1.49,
      store_count: 2,
    });
  });

  it('groups stores by chain with latest, lowest and average per store', async () => {
    const milk = (await prices.insights(100)).products.find((p) => p.product_id === 'milk');
    expect(milk?.stores).toEqual([
      { store_key: 'tante emma laden', store_name: 'Tante Emma Laden', latest_price: 1.49, latest_date: '2025-05-01', lowest_price: 1.49, average_price: 1.49, observation_count: 1 },
      // REWE Markt GmbH and REWE City are one chain: 1.19, 0.99 and 1.09.
      { store_key: 'rewe', store_name: 'REWE', latest_price: 0.99, latest_date: '2025-04-01', lowest_price: 0.99, average_price: 1.09, observation_count: 3 },
    ]);
  });

  it('breaks a tie on the same day by the receipt read later, and falls back to total ÷ quantity', async () => {
    const { products } = await prices.insights(100);
    expect(products.find((p) => p.product_id === 'butter')).toMatchObject({
      observation_count: 3,
      latest_price: 2.5,
      previous_price: 2.2,
      change_amount: 0.3,
      change_percent: 13.6,
      lowest_price: 2.0,
      highest_price: 2.5,
      stores: [expect.objectContaining({ store_key: 'rewe', average_price: 2.2333 })],
    });
    expect(products.find((p) => p.product_id === 'cheese')).toMatchObject({ latest_price: 10, previous_price: null, change_amount: null, change_percent: null, observation_count: 1 });
  });

  it('has no percentage after a free purchase, puts receipts without a store under *, and dates undated ones in the household time zone', async () => {
    const free = (await prices.insights(100)).products.find((p) => p.product_id === 'free');
    expect(free).toMatchObject({ latest_price: 0.5, previous_price: 0, change_amount: 0.5, change_percent: null, latest_date: '2025-01-17' });
    expect(free?.stores).toEqual([expect.objectContaining({ store_key: '*', store_name: '', observation_count: 2, average_price: 0.25 })]);
  });

  it('counts only imported, mapped, priced EUR lines and lists products by latest purchase within the limit', async () => {
    const all = await prices.insights(100);
    expect(all).toMatchObject({ product_count: 4, store_count: 3, observation_count: 10 });
    // Cheese and milk share the latest receipt; cheese is printed after milk on it.
    expect(all.products.map((p) => p.product_id)).toEqual(['cheese', 'milk', 'butter', 'free']);
    const two = await prices.insights(2);
    expect(two.products.map((p) => p.product_id)).toEqual(['cheese', 'milk']);
    expect(two).toMatchObject({ product_count: 4, observation_count: 10 });
  });

  it('lists a product’s price history newest first with the receipt’s store and date', async () => {
    const history = await prices.history('milk', 100);
    expect(history.map((row) => [row.purchase_date, row.store_name, row.unit_price, row.currency])).toEqual([
      ['2025-06-02', 'REWE Markt GmbH', 0.1, 'CHF'],
      ['2025-05-01', 'Tante Emma Laden', 1.49, 'EUR'],
      ['2025-04-01', 'REWE City', 0.99, 'EUR'],
      ['2025-03-01', 'REWE Markt GmbH', 1.19, 'EUR'],
      ['2025-02-01', 'REWE Markt GmbH', 1.09, 'EUR'],
    ]);
    expect((await prices.history('cheese', 1))[0]).toMatchObject({ quantity: 0.5, unit_price: 10, total_price: 5 });
    await expect(prices.history('nothing', 10)).rejects.toMatchObject({ code: 'product_not_found' });
  });
});
