import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataSource, type EntityManager } from 'typeorm';
import type { Principal } from '../../common/access/principal.js';
import { Clock } from '../../common/clock.js';
import { AppConfig } from '../../config/app-config.js';
import { parseEnvironment } from '../../config/env.js';
import { Database } from '../../database/database.js';
import { dataSourceOptions } from '../../database/data-source-options.js';
import { CatalogService } from '../catalog/catalog.service.js';
import { MasterDataService } from '../catalog/master-data/master-data.service.js';
import { ExternalRefsService } from '../open-food-facts/external-refs.service.js';
import { OpenFoodFactsClient } from '../open-food-facts/open-food-facts.client.js';
import { ReceiptReconcileService } from '../receipts/receipt-reconcile.service.js';
import { ShoppingService } from '../shopping/shopping.service.js';
import { LiveEvents } from '../live/live-events.js';
import { ShoppingTripsService } from '../shopping-trips/shopping-trips.service.js';
import { StockService } from '../stock/stock.service.js';
import { ScanDraftEntity } from './scan-draft.entity.js';
import { ScanDraftsRepository } from './scan-drafts.repository.js';
import { ScansService } from './scans.service.js';

const KNOWN_CODE = '4006381333931';
const UNKNOWN_CODE = '4000417025005';

/**
 * The write path as the service sees it, except that the next unit's transaction does not commit
 * (a COMMIT that fails on a full disk, a batch of units rolled back as a whole): its work runs,
 * then it waits until the test lets it fail, so other requests can run while it is still open.
 */
class CommitThatFails extends Database {
  private armed = false;
  private opened!: () => void;
  private release!: () => void;
  ranUntilCommit!: Promise<void>;

  arm(): void {
    this.armed = true;
    this.ranUntilCommit = new Promise((resolve) => (this.opened = resolve));
  }

  fail(): void {
    this.release();
  }

  override write<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    if (!this.armed) return super.write(work);
    this.armed = false;
    const released = new Promise<void>((resolve) => (this.release = resolve));
    return super.write(async (manager) => {
      await work(manager);
      this.opened();
      await released;
      throw new Error('COMMIT failed: database or disk is full');
    });
  }
}

describe('resolving a scan while another resolve of the same key is uncommitted (real SQLite file)', () => {
  const directory = mkdtempSync(join(tmpdir(), 'hinv-scans-'));
  const principal: Principal = { kind: 'session', userId: 'user-1', householdId: 'household-1', role: 'owner', locale: 'en' };
  let dataSource: DataSource;
  let database: CommitThatFails;
  let scans: ScansService;

  beforeAll(async () => {
    dataSource = new DataSource(dataSourceOptions(join(directory, 'app.db')));
    await dataSource.initialize();
    await dataSource.runMigrations();
    database = new CommitThatFails(dataSource);
    const clock = new Clock();
    const config = new AppConfig(parseEnvironment({ DATA_DIR: directory, OFF_ENABLED: 'false' }), { key: 'k'.repeat(32), source: 'environment' });
    const masterData = new MasterDataService(database, clock);
    const catalog = new CatalogService(database, clock, masterData);
    scans = new ScansService(
      config,
      database,
      clock,
      catalog,
      masterData,
      new StockService(database, clock),
      new ShoppingService(database, clock, new ShoppingTripsService(database, clock, new LiveEvents()), new LiveEvents()),
      new OpenFoodFactsClient(config, clock),
      new ExternalRefsService(database, clock),
      new ScanDraftsRepository(database),
      new ReceiptReconcileService(catalog, clock),
    );
    await dataSource.query(
      `INSERT INTO products (id, name, normalized_name, default_best_before_days, minimum_stock_quantity, shopping_target_quantity, notes, active, created_at, updated_at)
       VALUES ('pencils', 'Pencil lead', 'pencil lead', 0, 0, 0, '', 1, 'now', 'now')`,
    );
    await dataSource.query(`INSERT INTO product_variants (id, product_id, created_at, updated_at) VALUES ('pencils-1', 'pencils', 'now', 'now')`);
    await dataSource.query(`INSERT INTO product_barcodes (barcode, variant_id, symbology, is_primary, created_at, updated_at) VALUES (?, 'pencils-1', 'EAN-13', 1, 'now', 'now')`, [KNOWN_CODE]);
  });

  afterAll(async () => {
    await dataSource.destroy();
    rmSync(directory, { recursive: true, force: true });
  });

  // A device's overlapping syncs (the offline shell's and the signed-in screen's) send the same
  // queued entry at once; the device drops the entry on the first success it gets.
  it.each([
    ['a local hit', KNOWN_CODE, 'offline_local'],
    ['an unknown code', UNKNOWN_CODE, 'offline_unknown'],
  ])('never answers with a draft that is not committed (%s)', async (_case, barcode, key) => {
    const input = { barcode, mode: 'add' as const, client_mutation_id: key };
    database.arm();
    const first = scans.resolve(principal, input);
    await database.ranUntilCommit;
    const second = scans.resolve(principal, input);
    // Give the second resolve every chance to answer while the first one's draft is uncommitted.
    const early = await Promise.race([second.then(() => 'answered'), new Promise((resolve) => setTimeout(resolve, 50, 'waiting'))]);
    database.fail();
    await expect(first).rejects.toThrow('COMMIT failed');
    const answer = await second;

    // Whatever the device was told is in the database: it may drop its queued scan.
    expect(await dataSource.manager.findOneBy(ScanDraftEntity, { id: answer.id })).toMatchObject({ resolveKey: key, barcodeNormalized: barcode });
    expect(await dataSource.manager.countBy(ScanDraftEntity, { resolveKey: key })).toBe(1);
    expect(early).toBe('waiting');
  });
});
