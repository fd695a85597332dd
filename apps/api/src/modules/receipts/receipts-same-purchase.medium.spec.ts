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
import type { SettingsService } from '../settings/settings.service.js';
import type { ReceiptReading } from './reading/receipt-reading.js';
import type { ReceiptReaders } from './reading/receipt-readers.js';
import { ReceiptReconcileService } from './receipt-reconcile.service.js';
import { ReceiptsService } from './receipts.service.js';

/** A reading with the given store and lines, on one day, the total being the lines' sum. */
const reading = (storeName: string | null, lines: Array<[string, number]>): ReceiptReading => ({
  storeName,
  storeNumber: null,
  purchaseDate: '2026-03-14',
  currency: 'EUR',
  total: Math.round(lines.reduce((sum, [, price]) => sum + price, 0) * 100) / 100,
  lines: lines.map(([name, price]) => ({ kind: 'item', rawText: `${name} ${price.toFixed(2)}`, name, quantity: 1, unitPrice: price, totalPrice: price, barcode: null })),
});

describe('ReceiptsService: another capture of the same purchase, and two purchases that only look alike', () => {
  const directory = mkdtempSync(join(tmpdir(), 'hinv-same-purchase-'));
  let dataSource: DataSource;
  let receipts: ReceiptsService;
  /** What the fake reader answers for the next file. */
  let next: ReceiptReading;
  let files = 0;

  /** A distinct small PDF each time, so the same-file check never decides. */
  const upload = () => {
    files += 1;
    const buffer = Buffer.from(`%PDF-1.4\n% capture ${files}\n${'x'.repeat(120)}`);
    return receipts.analyze({ buffer, mimetype: 'application/pdf', size: buffer.length } as Parameters<ReceiptsService['analyze']>[0]);
  };

  beforeAll(async () => {
    dataSource = new DataSource(dataSourceOptions(join(directory, 'app.db')));
    await dataSource.initialize();
    await dataSource.runMigrations();
    const database = new Database(dataSource);
    const clock = new Clock();
    const config = new AppConfig(parseEnvironment({ DATA_DIR: directory, TZ: 'Europe/Berlin' }), { key: 'k'.repeat(32), source: 'environment' });
    const reconcile = new ReceiptReconcileService(new CatalogService(database, clock, new MasterDataService(database, clock)), clock);
    const reader = { analysisVersion: 'test-1', read: () => Promise.resolve(next) };
    const readers = { current: () => Promise.resolve(reader) } as unknown as ReceiptReaders;
    const settings = { read: () => Promise.resolve({ privacyDeleteImageAfterAnalysis: true }) } as unknown as SettingsService;
    receipts = new ReceiptsService(config, database, clock, reconcile, readers, settings);
  });
  afterAll(async () => {
    await dataSource?.destroy();
    rmSync(directory, { recursive: true, force: true });
  });

  it('keeps two €2.50 purchases at two stores of no known chain on one day apart', async () => {
    next = reading('Bäckerei Sonnenschein', [['Kaffee', 2.5]]);
    const bakery = await upload();
    next = reading('Kiosk am Markt', [['Zeitung', 2.5]]);
    const kiosk = await upload();
    expect([bakery.duplicate, kiosk.duplicate]).toEqual([false, false]);
    expect(kiosk.id).not.toBe(bakery.id);
  });

  it('takes the same chain under another spelling, whatever OCR made of the lines, as the same purchase', async () => {
    next = reading('REWE Markt GmbH', [['Milch', 1.19], ['Brot', 2.49]]);
    const pdf = await upload();
    next = reading('REWE', [['MiIch', 1.19], ['Br0t', 2.49]]);
    const photo = await upload();
    expect(photo).toMatchObject({ id: pdf.id, duplicate: true });
  });

  it('takes a capture without a store name as the same purchase only when its lines add up alike', async () => {
    next = reading('Hofladen Berger', [['Eier', 3.2], ['Honig', 5.9]]);
    const named = await upload();
    next = reading(null, [['Eier', 9.1]]);
    const fewer = await upload();
    expect(fewer.duplicate).toBe(false);
    next = reading(null, [['Eler', 3.2], ['Honlg', 5.9]]);
    const same = await upload();
    expect(same).toMatchObject({ id: named.id, duplicate: true });
  });
});
