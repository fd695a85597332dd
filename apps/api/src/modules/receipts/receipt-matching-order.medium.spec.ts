import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DataSource } from 'typeorm';
import { Clock } from '../../common/clock.js';
import { Database } from '../../database/database.js';
import { dataSourceOptions } from '../../database/data-source-options.js';
import { CatalogService } from '../catalog/catalog.service.js';
import { MasterDataService } from '../catalog/master-data/master-data.service.js';
import { ReceiptItemEntity } from './receipt-item.entity.js';
import { ReceiptReconcileService } from './receipt-reconcile.service.js';

const MILK_CODE = '4006381333931';

/** What can speak for a line; each rule names the product it would choose. */
interface Setup {
  /** The line carries the code of the milk's 1 l package. */
  barcode?: boolean;
  /** Store mappings by retailer key ("rewe", "*") → product. */
  mappings?: Record<string, string>;
  /** Confirmed aliases of the line's key → products. */
  aliases?: string[];
  /** The printed line; "SPAGHETTI …" is the spaghetti product's exact name, "SPAGETTI …" only similar. */
  rawName?: string;
  /** The receipt's store. */
  store?: 'REWE Markt GmbH' | 'Lidl' | null;
}

interface Expected {
  productId: string | null;
  variantId?: string | null;
  matchStatus: string;
  matchReason: string;
  suggestedProductId?: string | null;
}

const EXACT_NAME = 'SPAGHETTI 0,99 A';
const SIMILAR_NAME = 'SPAGETTI 0,99 A';
const LINE_KEY = 'spaghetti';
const SIMILAR_KEY = 'spagetti';

describe('the local matching order on a real SQLite file', () => {
  const directory = mkdtempSync(join(tmpdir(), 'hinv-matching-'));
  let dataSource: DataSource;
  let database: Database;
  let reconciler: ReceiptReconcileService;

  const product = (id: string, name: string, key: string, active = true) =>
    dataSource.query(
      `INSERT INTO products (id, name, normalized_name, default_best_before_days, minimum_stock_quantity, shopping_target_quantity, notes, active, created_at, updated_at)
       VALUES (?, ?, ?, 0, 0, 0, '', ?, 'now', 'now')`,
      [id, name, key, active ? 1 : 0],
    );
  const variant = (id: string, productId: string) =>
    dataSource.query(`INSERT INTO product_variants (id, product_id, created_at, updated_at) VALUES (?, ?, 'now', 'now')`, [id, productId]);
  const mapping = (retailer: string, key: string, productId: string, variantId: string | null = null) =>
    dataSource.query(`INSERT INTO receipt_store_mappings (retailer_key, line_key, product_id, variant_id, created_at, updated_at) VALUES (?, ?, ?, ?, 'now', 'now')`, [
      retailer,
      key,
      productId,
      variantId,
    ]);
  const alias = (key: string, productId: string) =>
    dataSource.query(`INSERT INTO product_aliases (alias_key, product_id, alias, created_at) VALUES (?, ?, ?, 'now')`, [key, productId, key.toUpperCase()]);
  const receipt = (id: string, store: string | null) =>
    dataSource.query(`INSERT INTO receipts (id, status, store_name, currency, created_at, updated_at) VALUES (?, 'review', ?, 'EUR', 'then', 'then')`, [id, store]);
  const lineOn = async (receiptId: string, id: string, rawName: string, barcode: string | null = null) =>
    dataSource.query(
      `INSERT INTO receipt_items (id, receipt_id, position, raw_name, barcode, imported, created_at, updated_at) VALUES (?, ?, 1, ?, ?, 0, 'then', 'then')`,
      [id, receiptId, rawName, barcode],
    );
  const reconcile = () => database.write((manager) => reconciler.reconcile(manager));
  const line = (id: string) => dataSource.manager.findOneByOrFail(ReceiptItemEntity, { id });

  /** One receipt with one line, set up as `setup` says; answers the line after a reconcile. */
  const matched = async (setup: Setup) => {
    await receipt('receipt-1', setup.store === undefined ? 'REWE Markt GmbH' : setup.store);
    const rawName = setup.rawName ?? EXACT_NAME;
    const key = rawName === SIMILAR_NAME ? SIMILAR_KEY : LINE_KEY;
    await lineOn('receipt-1', 'line-1', rawName, setup.barcode ? MILK_CODE : null);
    for (const [retailer, productId] of Object.entries(setup.mappings ?? {})) await mapping(retailer, key, productId, productId === 'noodles' ? 'noodles-500g' : null);
    for (const productId of setup.aliases ?? []) await alias(key, productId);
    await reconcile();
    return line('line-1');
  };

  beforeAll(async () => {
    dataSource = new DataSource(dataSourceOptions(join(directory, 'app.db')));
    await dataSource.initialize();
    await dataSource.runMigrations();
    database = new Database(dataSource);
    const clock = new Clock();
    reconciler = new ReceiptReconcileService(new CatalogService(database, clock, new MasterDataService(database, clock)), clock);
    await product('milk', 'Vollmilch', 'vollmilch');
    await variant('milk-1l', 'milk');
    await dataSource.query(`INSERT INTO product_barcodes (barcode, variant_id, symbology, is_primary, created_at, updated_at) VALUES (?, 'milk-1l', 'EAN-13', 1, 'now', 'now')`, [MILK_CODE]);
    await product('noodles', 'Nudeln', 'nudeln');
    await variant('noodles-500g', 'noodles');
    await product('store-noodles', 'Hausmarke Nudeln', 'hausmarke nudeln');
    await product('pasta', 'Pasta', 'pasta');
    await product('macaroni', 'Makkaroni', 'makkaroni');
    await product('spaghetti', 'Spaghetti', 'spaghetti');
    await product('archived', 'Alte Nudeln', 'alte nudeln', false);
  });
  afterAll(async () => {
    await dataSource.destroy();
    rmSync(directory, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await dataSource.query('DELETE FROM receipt_items');
    await dataSource.query('DELETE FROM receipts');
    await dataSource.query('DELETE FROM receipt_store_mappings');
    await dataSource.query('DELETE FROM product_aliases');
  });

  // Each row offers its rule and every rule after it (each pointing elsewhere): the first one wins.
  const everyRule: Setup = { barcode: true, mappings: { rewe: 'noodles' }, aliases: ['pasta'], rawName: EXACT_NAME };
  it.each<[string, Setup, Expected]>([
    ['the barcode', everyRule, { productId: 'milk', variantId: 'milk-1l', matchStatus: 'barcode', matchReason: 'barcode' }],
    ['the learned store mapping', { ...everyRule, barcode: false }, { productId: 'noodles', variantId: 'noodles-500g', matchStatus: 'learned', matchReason: 'learned_store' }],
    ['the confirmed alias', { aliases: ['pasta'], rawName: EXACT_NAME }, { productId: 'pasta', variantId: null, matchStatus: 'alias', matchReason: 'confirmed_alias' }],
    ['the exact normalised name', { rawName: EXACT_NAME }, { productId: 'spaghetti', variantId: null, matchStatus: 'exact', matchReason: 'exact_name' }],
    ['a similar name, as a suggestion only', { rawName: SIMILAR_NAME }, { productId: null, variantId: null, matchStatus: 'suggested', matchReason: 'fuzzy_name', suggestedProductId: 'spaghetti' }],
    ['nothing', { rawName: 'TOMATEN 1,49 A' }, { productId: null, variantId: null, matchStatus: 'unresolved', matchReason: 'unresolved', suggestedProductId: null }],
  ])('%s wins over the rules after it', async (_rule, setup, expected) => {
    expect(await matched(setup)).toMatchObject(expected);
  });

  it.each<[string, Setup, Partial<Expected>]>([
    ['a mapping of this store wins over one for any store', { store: 'REWE Markt GmbH', mappings: { '*': 'store-noodles', rewe: 'noodles' } }, { productId: 'noodles', matchStatus: 'learned', matchReason: 'learned_store' }],
    ['the any-store mapping serves another store', { store: 'Lidl', mappings: { '*': 'store-noodles', rewe: 'noodles' } }, { productId: 'store-noodles', matchStatus: 'learned' }],
    ['the any-store mapping serves a receipt without a store', { store: null, mappings: { '*': 'store-noodles', rewe: 'noodles' } }, { productId: 'store-noodles', matchStatus: 'learned' }],
    ['another store’s mapping is not used', { store: 'Lidl', mappings: { rewe: 'noodles' } }, { productId: 'spaghetti', matchStatus: 'exact' }],
    ['a mapping to an archived product is not used', { mappings: { rewe: 'archived' } }, { productId: 'spaghetti', matchStatus: 'exact' }],
    ['an alias naming two products is not used', { aliases: ['pasta', 'macaroni'] }, { productId: 'spaghetti', matchStatus: 'exact', matchReason: 'exact_name' }],
    ['an alias naming one active and one archived product names the active one', { aliases: ['pasta', 'archived'] }, { productId: 'pasta', matchStatus: 'alias' }],
    ['a similar name never maps, even with an alias naming two products', { rawName: SIMILAR_NAME, aliases: ['pasta', 'macaroni'] }, { productId: null, matchStatus: 'suggested', suggestedProductId: 'spaghetti' }],
  ])('%s', async (_case, setup, expected) => {
    expect(await matched(setup)).toMatchObject(expected);
  });

  it('uses the analysed name’s key as well as the printed one’s', async () => {
    await receipt('receipt-1', 'REWE Markt GmbH');
    await dataSource.query(
      `INSERT INTO receipt_items (id, receipt_id, position, raw_name, normalized_name, imported, created_at, updated_at) VALUES ('line-1', 'receipt-1', 1, 'NDL. HAUSM. 0,79 A', 'Nudeln Hausmarke', 0, 'then', 'then')`,
    );
    await mapping('rewe', 'nudeln hausmarke', 'store-noodles');
    expect(await reconcile()).toEqual({ scanned: 1, resolved: 1, suggested: 0 });
    expect(await line('line-1')).toMatchObject({ productId: 'store-noodles', matchStatus: 'learned', matchScore: 100 });
  });

  it('counts learned and alias matches as resolved, and leaves the excepted line alone', async () => {
    await receipt('receipt-1', 'REWE Markt GmbH');
    await lineOn('receipt-1', 'line-1', EXACT_NAME);
    await dataSource.query(`INSERT INTO receipt_items (id, receipt_id, position, raw_name, imported, created_at, updated_at) VALUES ('line-2', 'receipt-1', 2, 'PASTA BLA 1,00 A', 0, 'then', 'then')`);
    await mapping('rewe', LINE_KEY, 'noodles');
    await alias('pasta bla', 'pasta');
    expect(await database.write((manager) => reconciler.reconcile(manager, { except: 'line-1' }))).toEqual({ scanned: 1, resolved: 1, suggested: 0 });
    expect(await line('line-1')).toMatchObject({ productId: null, matchStatus: 'unresolved', updatedAt: 'then' });
    expect(await line('line-2')).toMatchObject({ productId: 'pasta', matchStatus: 'alias', matchReason: 'confirmed_alias' });
  });
});
