import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DataSource, type Logger } from 'typeorm';
import { Clock } from '../../common/clock.js';
import { Database } from '../../database/database.js';
import { dataSourceOptions } from '../../database/data-source-options.js';
import { CatalogService } from '../catalog/catalog.service.js';
import { MasterDataService } from '../catalog/master-data/master-data.service.js';
import { ReceiptItemEntity } from './receipt-item.entity.js';
import { ReceiptReconcileService } from './receipt-reconcile.service.js';

const MILK_CODE = '4006381333931';
const OATS_CODE = '4000417025005';

/** Every SELECT on receipt_items the service sends, so its plan can be checked. */
class ReceiptQueries implements Logger {
  readonly seen: string[] = [];
  logQuery(query: string): void {
    if (/^SELECT .* FROM "receipt_items"/s.test(query)) this.seen.push(query);
  }
  logQueryError(): void {}
  logQuerySlow(): void {}
  logSchemaBuild(): void {}
  logMigration(): void {}
  log(): void {}
}

interface Line {
  id: string;
  raw_name?: string;
  normalized_name?: string | null;
  barcode?: string | null;
  product_id?: string | null;
  imported?: boolean;
}

describe('ReceiptReconcileService on a real SQLite file', () => {
  const directory = mkdtempSync(join(tmpdir(), 'hinv-receipts-'));
  const queries = new ReceiptQueries();
  let dataSource: DataSource;
  let database: Database;
  let reconciler: ReceiptReconcileService;
  let position = 0;

  const reconcile = () => database.write((manager) => reconciler.reconcile(manager));
  const line = (id: string) => dataSource.manager.findOneByOrFail(ReceiptItemEntity, { id });
  const insertLine = async ({ id, raw_name = 'Unknown thing', normalized_name = null, barcode = null, product_id = null, imported = false }: Line) => {
    position += 1;
    await dataSource.query(
      `INSERT INTO receipt_items (id, receipt_id, position, raw_name, normalized_name, barcode, product_id, imported, created_at, updated_at)
       VALUES (?, 'receipt-1', ?, ?, ?, ?, ?, ?, 'then', 'then')`,
      [id, position, raw_name, normalized_name, barcode, product_id, imported ? 1 : 0],
    );
  };

  beforeAll(async () => {
    dataSource = new DataSource({ ...dataSourceOptions(join(directory, 'app.db')), logging: ['query'], logger: queries });
    await dataSource.initialize();
    await dataSource.runMigrations();
    database = new Database(dataSource);
    const clock = new Clock();
    reconciler = new ReceiptReconcileService(new CatalogService(database, clock, new MasterDataService(database, clock)), clock);
    const product = (id: string, name: string, key: string, active: boolean) =>
      dataSource.query(
        `INSERT INTO products (id, name, normalized_name, default_best_before_days, minimum_stock_quantity, shopping_target_quantity, notes, active, created_at, updated_at)
         VALUES (?, ?, ?, 0, 0, 0, '', ?, 'now', 'now')`,
        [id, name, key, active ? 1 : 0],
      );
    const variantWithCode = async (id: string, productId: string, code: string) => {
      await dataSource.query(`INSERT INTO product_variants (id, product_id, created_at, updated_at) VALUES (?, ?, 'now', 'now')`, [id, productId]);
      await dataSource.query(`INSERT INTO product_barcodes (barcode, variant_id, symbology, is_primary, created_at, updated_at) VALUES (?, ?, 'EAN-13', 1, 'now', 'now')`, [code, id]);
    };
    await product('milk', 'Vollmilch 3,5 %', 'vollmilch 3 5', true);
    await variantWithCode('milk-1l', 'milk', MILK_CODE);
    await product('spaghetti', 'Spaghetti', 'spaghetti', true);
    await product('oats', 'Haferflocken', 'haferflocken', false);
    await variantWithCode('oats-500g', 'oats', OATS_CODE);
  });
  afterAll(async () => {
    await dataSource.destroy();
    rmSync(directory, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await dataSource.query('DELETE FROM receipt_items');
    await dataSource.query('DELETE FROM receipts');
    await dataSource.query(`INSERT INTO receipts (id, status, currency, created_at, updated_at) VALUES ('receipt-1', 'review', 'EUR', 'then', 'then')`);
  });

  it('scans nothing and changes nothing while there are no receipt lines', async () => {
    expect(await reconcile()).toEqual({ scanned: 0, resolved: 0, suggested: 0 });
  });

  it('maps a line by its barcode to the product and the variant holding the code', async () => {
    await insertLine({ id: 'by-code', raw_name: 'MILCH 1,19 A', barcode: MILK_CODE });
    expect(await reconcile()).toEqual({ scanned: 1, resolved: 1, suggested: 0 });
    expect(await line('by-code')).toMatchObject({
      productId: 'milk',
      variantId: 'milk-1l',
      matchStatus: 'barcode',
      matchReason: 'barcode',
      matchScore: 100,
      matchEvidence: [{ source: 'barcode', label: 'Barcode matches', confidence: 1, automatic: true }],
    });
  });

  it('maps a line whose name (raw or analysed) is a product’s normalised name, without a variant', async () => {
    await insertLine({ id: 'raw-name', raw_name: 'VOLLMILCH 3,5% 1,19 A' });
    await insertLine({ id: 'analysed-name', raw_name: 'SPAG. N5 0,99 B', normalized_name: 'Spaghetti' });
    expect(await reconcile()).toEqual({ scanned: 2, resolved: 2, suggested: 0 });
    expect(await line('raw-name')).toMatchObject({ productId: 'milk', variantId: null, matchStatus: 'exact', matchReason: 'exact_name', matchScore: 100 });
    expect(await line('analysed-name')).toMatchObject({ productId: 'spaghetti', variantId: null, matchStatus: 'exact', matchReason: 'exact_name' });
  });

  it('only suggests a product for a near-miss name, and leaves the line open', async () => {
    await insertLine({ id: 'near-miss', raw_name: 'Spagetti 0,99 A' });
    await insertLine({ id: 'stranger', raw_name: 'Tomaten 1,49 A' });
    expect(await reconcile()).toEqual({ scanned: 2, resolved: 0, suggested: 1 });
    const suggested = await line('near-miss');
    expect(suggested).toMatchObject({
      productId: null,
      variantId: null,
      matchStatus: 'suggested',
      matchReason: 'fuzzy_name',
      suggestedProductId: 'spaghetti',
      suggestedProductScore: 94,
      matchEvidence: [{ source: 'fuzzy_name', label: '94% similar – please check', confidence: 0.94, automatic: false }],
    });
    expect(await line('stranger')).toMatchObject({ productId: null, matchStatus: 'unresolved', suggestedProductId: null, updatedAt: 'then' });

    // Still open, so scanned and suggested again; the row is not rewritten when nothing changed.
    expect(await reconcile()).toEqual({ scanned: 2, resolved: 0, suggested: 1 });
    expect((await line('near-miss')).updatedAt).toBe(suggested.updatedAt);
  });

  it('keeps evidence from elsewhere and drops the suggestion once the line is mapped', async () => {
    await insertLine({ id: 'later-known', raw_name: 'Spagetti 0,99 A' });
    await dataSource.query(`UPDATE receipt_items SET match_evidence = ? WHERE id = 'later-known'`, [JSON.stringify([{ source: 'analysis', label: 'Pasta', confidence: 0.7, automatic: false }])]);
    await reconcile();
    await dataSource.query(`UPDATE receipt_items SET barcode = ? WHERE id = 'later-known'`, [MILK_CODE]);
    expect(await reconcile()).toEqual({ scanned: 1, resolved: 1, suggested: 0 });
    expect(await line('later-known')).toMatchObject({
      productId: 'milk',
      suggestedProductId: null,
      suggestedProductScore: null,
      matchEvidence: [
        { source: 'analysis', label: 'Pasta', confidence: 0.7, automatic: false },
        { source: 'barcode', label: 'Barcode matches', confidence: 1, automatic: true },
      ],
    });
  });

  it('does not scan imported lines or lines that already have a product', async () => {
    await insertLine({ id: 'imported', raw_name: 'Vollmilch 3,5 %', barcode: MILK_CODE, imported: true });
    await insertLine({ id: 'mapped', raw_name: 'Vollmilch 3,5 %', barcode: MILK_CODE, product_id: 'spaghetti' });
    expect(await reconcile()).toEqual({ scanned: 0, resolved: 0, suggested: 0 });
    expect(await line('imported')).toMatchObject({ productId: null, matchStatus: 'unresolved', updatedAt: 'then' });
    expect(await line('mapped')).toMatchObject({ productId: 'spaghetti', variantId: null, matchStatus: 'unresolved', updatedAt: 'then' });
  });

  it('matches no archived product: not by barcode, name or similarity', async () => {
    await insertLine({ id: 'archived-code', raw_name: 'HAFER 500G', barcode: OATS_CODE });
    await insertLine({ id: 'archived-name', raw_name: 'Haferflocken 1,29 A' });
    await insertLine({ id: 'archived-similar', raw_name: 'Haferflocke' });
    expect(await reconcile()).toEqual({ scanned: 3, resolved: 0, suggested: 0 });
    for (const id of ['archived-code', 'archived-name', 'archived-similar']) {
      expect(await line(id)).toMatchObject({ productId: null, suggestedProductId: null, matchStatus: 'unresolved' });
    }
  });

  it('writes inside the caller’s transaction: a failing caller leaves the lines open', async () => {
    await insertLine({ id: 'rolled-back', barcode: MILK_CODE });
    const failing = database.write(async (manager) => {
      expect(await reconciler.reconcile(manager)).toMatchObject({ resolved: 1 });
      throw new Error('the confirmation failed after reconciling');
    });
    await expect(failing).rejects.toThrow('the confirmation failed');
    expect(await line('rolled-back')).toMatchObject({ productId: null, matchStatus: 'unresolved' });
  });

  it('reads open lines through the partial index, not the whole table', async () => {
    queries.seen.length = 0;
    await reconcile();
    const [select] = queries.seen;
    const plan = (await dataSource.query(`EXPLAIN QUERY PLAN ${select}`)) as { detail: string }[];
    expect(plan.map((step) => step.detail)).toEqual(['SCAN item USING INDEX idx_receipt_items_open']);
  });
});
