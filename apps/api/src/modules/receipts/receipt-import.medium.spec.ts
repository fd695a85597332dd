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
import { CatalogService } from '../catalog/catalog.service.js';
import { MasterDataService } from '../catalog/master-data/master-data.service.js';
import type { GrocyService } from '../grocy/grocy.service.js';
import { StockService, type AddStock } from '../stock/stock.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { ReceiptReaders } from './reading/receipt-readers.js';
import { ReceiptImportService } from './receipt-import.service.js';
import { ReceiptReconcileService } from './receipt-reconcile.service.js';
import { ReceiptsService } from './receipts.service.js';

/** The real stock service, except that adding a lot of product `broken` fails after the lot is written. */
class StockFailingHalfway extends StockService {
  override add(input: AddStock): { lotId: string; movementId: string } {
    const added = super.add(input);
    if (input.productId === 'broken') throw new Error('the disk said no');
    return added;
  }
}

interface Row {
  [column: string]: unknown;
}

describe('ReceiptImportService on a real SQLite file', () => {
  const directory = mkdtempSync(join(tmpdir(), 'hinv-receipt-import-'));
  let dataSource: DataSource;
  let imports: ReceiptImportService;
  let receipts = 0;

  const query = (sql: string, parameters: unknown[] = []) => dataSource.query(sql, parameters) as Promise<Row[]>;
  const receipt = async (date: string | null, lines: { product: string; quantity?: number; unit?: number | null; total?: number | null; bestBefore?: string | null }[]) => {
    receipts += 1;
    const id = `receipt-${receipts}`;
    await query(`INSERT INTO receipts (id, status, purchase_date, currency, created_at, updated_at) VALUES (?, 'review', ?, 'EUR', 'now', 'now')`, [id, date]);
    for (const [index, line] of lines.entries()) {
      await query(
        `INSERT INTO receipt_items (id, receipt_id, position, raw_name, product_id, quantity, unit_price, total_price, best_before_date, match_status, match_reason, imported, created_at, updated_at)
         VALUES (?, ?, ?, 'LINE', ?, ?, ?, ?, ?, 'exact', 'exact_name', 0, 'now', 'now')`,
        [`${id}-${index + 1}`, id, index + 1, line.product, line.quantity ?? 1, line.unit ?? null, line.total ?? null, line.bestBefore ?? null],
      );
    }
    return id;
  };

  beforeAll(async () => {
    dataSource = new DataSource(dataSourceOptions(join(directory, 'app.db')));
    await dataSource.initialize();
    await dataSource.runMigrations();
    const database = new Database(dataSource);
    const clock = new Clock();
    const config = new AppConfig(parseEnvironment({ DATA_DIR: directory, TZ: 'Europe/Berlin' }), { key: 'k'.repeat(32), source: 'environment' });
    const reconcile = new ReceiptReconcileService(new CatalogService(database, clock, new MasterDataService(database, clock)), clock);
    // Reading files is not part of an import; the readers are never asked.
    const readers = { current: () => Promise.reject(new Error('no reading in this test')) } as unknown as ReceiptReaders;
    // No Grocy connection here: the export is covered by the e2e test against the fake Grocy.
    const grocy = { exportConnection: () => Promise.resolve(null) } as unknown as GrocyService;
    // Nor are the settings (they only matter when a file is analysed).
    const settings = { read: () => Promise.reject(new Error('no settings in this test')) } as unknown as SettingsService;
    imports = new ReceiptImportService(database, clock, config, new StockFailingHalfway(database, clock), new ReceiptsService(config, database, clock, reconcile, readers, settings), grocy);
    await query(`INSERT INTO locations (name, description, active, created_at, updated_at) VALUES ('Pantry', '', 1, 'now', 'now')`);
    for (const [id, days, location] of [
      ['flour', 0, 1],
      ['eggs', 14, null],
      ['broken', 0, null],
    ] as const) {
      await query(
        `INSERT INTO products (id, name, normalized_name, default_best_before_days, default_location_id, minimum_stock_quantity, shopping_target_quantity, notes, active, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, 0, 0, '', 1, 'now', 'now')`,
        [id, id, id, days, location],
      );
    }
  });
  afterAll(async () => {
    await dataSource?.destroy();
    rmSync(directory, { recursive: true, force: true });
  });

  it('writes lot fields from the line and the product: quantity, unit price, best-before, location, purchase date', async () => {
    const id = await receipt('2025-02-26', [
      { product: 'flour', quantity: 3, unit: null, total: 2.97 },
      { product: 'eggs', quantity: 0, unit: 2.49, total: 2.49 },
      { product: 'flour', unit: 0.99, total: 0.99, bestBefore: '2026-01-01' },
    ]);
    const result = await imports.import(id, null, 'user-1');
    expect(result).toMatchObject({ requested: 3, imported: 3, failed: 0, receipt: { status: 'imported', imported_count: 3 } });
    const lots = await query(`SELECT product_id, location_id, quantity, unit_price, best_before_date, purchased_date FROM stock_lots WHERE id IN (SELECT value FROM json_each(?)) ORDER BY rowid`, [
      JSON.stringify(result.details.map((detail) => detail.lot_id)),
    ]);
    expect(lots).toEqual([
      { product_id: 'flour', location_id: 1, quantity: 3, unit_price: 0.99, best_before_date: null, purchased_date: '2025-02-26' },
      // No quantity on the line counts as 1; 14 days from the purchase date (across February's end).
      { product_id: 'eggs', location_id: null, quantity: 1, unit_price: 2.49, best_before_date: '2025-03-12', purchased_date: '2025-02-26' },
      { product_id: 'flour', location_id: 1, quantity: 1, unit_price: 0.99, best_before_date: '2026-01-01', purchased_date: '2025-02-26' },
    ]);
    const [run] = await query(`SELECT receipt_id, user_id, requested, imported, failed, details FROM import_runs WHERE id = ?`, [result.run_id]);
    expect(run).toMatchObject({ receipt_id: id, user_id: 'user-1', requested: 3, imported: 3, failed: 0 });
    expect(JSON.parse(String(run.details))).toEqual(result.details);
  });

  it('rolls a line that fails halfway back to nothing and marks the receipt partial', async () => {
    const id = await receipt('2025-03-01', [{ product: 'flour', unit: 1 }, { product: 'broken', unit: 5 }, { product: 'eggs', unit: 2 }]);
    const result = await imports.import(id, null, null);
    expect(result).toMatchObject({ requested: 3, imported: 2, failed: 1, receipt: { status: 'partial', imported_count: 2, ready_count: 1 } });
    expect(result.details.map((detail) => [detail.item_id, detail.ok, detail.error ?? null])).toEqual([
      [`${id}-1`, true, null],
      [`${id}-2`, false, 'stock_write_failed'],
      [`${id}-3`, true, null],
    ]);
    expect(await query(`SELECT COUNT(*) AS n FROM stock_lots WHERE product_id = 'broken'`)).toEqual([{ n: 0 }]);
    expect(await query(`SELECT COUNT(*) AS n FROM stock_movements WHERE product_id = 'broken'`)).toEqual([{ n: 0 }]);
    expect(await query(`SELECT COUNT(*) AS n FROM stock_movements WHERE reference_id = ? AND movement_type = 'purchase'`, [id])).toEqual([{ n: 2 }]);
    expect(await query(`SELECT imported, import_error FROM receipt_items WHERE id = ?`, [`${id}-2`])).toEqual([{ imported: 0, import_error: 'stock_write_failed' }]);
  });

  it('lets only one of two parallel imports of a receipt take its lines', async () => {
    const id = await receipt('2025-03-02', [{ product: 'flour', unit: 1 }, { product: 'eggs', unit: 2 }]);
    const outcomes = await Promise.allSettled([imports.import(id, null, null), imports.import(id, [`${id}-1`], null), imports.import(id, null, null)]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'rejected']);
    expect(outcomes.filter((o) => o.status === 'rejected').map((o) => (o as PromiseRejectedResult).reason)).toEqual([
      expect.objectContaining({ code: 'receipt_nothing_to_import' }),
      expect.objectContaining({ code: 'receipt_nothing_to_import' }),
    ]);
    expect(await query(`SELECT COUNT(*) AS n FROM stock_movements WHERE reference_id = ?`, [id])).toEqual([{ n: 2 }]);
    expect(await query(`SELECT COUNT(*) AS n FROM import_runs WHERE receipt_id = ?`, [id])).toEqual([{ n: 1 }]);
  });

  it('answers 404 for an unknown receipt', async () => {
    await expect(imports.import('nothing', null, null)).rejects.toMatchObject({ code: 'receipt_not_found' });
  });
});
