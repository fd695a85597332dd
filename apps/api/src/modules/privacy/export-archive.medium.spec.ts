import { execFileSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import Sqlite from 'better-sqlite3';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataSourceOptions } from '../../database/data-source-options.js';
import { exportContents, writeExport, type ExportSources } from './export-archive.js';

const MOVEMENTS = 3_000;

describe('the export archive on a real database', () => {
  const root = mkdtempSync(join(tmpdir(), 'hinv-export-archive-'));
  const sources: ExportSources = { databaseFile: join(root, 'app.db'), receiptsDir: join(root, 'receipts'), productImagesDir: join(root, 'product-images') };
  let productIds: string[] = [];

  beforeAll(async () => {
    const dataSource = new DataSource(dataSourceOptions(sources.databaseFile));
    await dataSource.initialize();
    await dataSource.runMigrations();
    await dataSource.destroy();
    const db = new Sqlite(sources.databaseFile);
    const now = '2026-01-01T00:00:00.000Z';
    db.transaction(() => {
      db.prepare("INSERT INTO households (id, name, created_at) VALUES ('h1', 'Haus \"Ü\" \\\\ \n zwei', ?)").run(now);
      for (let i = 0; i < 40; i += 1) {
        const id = randomUUID();
        productIds.push(id);
        // Names with quotes, backslashes, line breaks and non-ASCII: the JSON must stay valid.
        db.prepare("INSERT INTO products (id, name, normalized_name, notes, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)").run(id, `Prod "${i}" \\ ü`, `prod ${i}`, 'line\nbreak', now, now);
      }
      const movement = db.prepare("INSERT INTO stock_movements (id, product_id, movement_type, quantity_delta, source, created_at) VALUES (?, ?, 'manual_add', 1.5, 'manual', ?)");
      for (let i = 0; i < MOVEMENTS; i += 1) movement.run(randomUUID(), productIds[i % productIds.length], now);
      db.prepare("INSERT INTO receipts (id, status, currency, created_at, updated_at, image_path) VALUES ('r-in', 'review', 'EUR', ?, ?, 'r-in.pdf')").run(now, now);
      db.prepare("INSERT INTO receipts (id, status, currency, created_at, updated_at, image_path) VALUES ('r-out', 'review', 'EUR', ?, ?, '/etc/hostname')").run(now, now);
      db.prepare("INSERT INTO receipts (id, status, currency, created_at, updated_at, image_path) VALUES ('r-gone', 'review', 'EUR', ?, ?, 'gone.jpg')").run(now, now);
      db.prepare("INSERT INTO catalog_external_refs (source, external_id, found, suggestion, fetched_at) VALUES ('open_facts', '4006381333931', 1, ?, ?)").run(
        JSON.stringify({ name: 'Stift', nested: { z: [1, { b: 2, a: 'x' }], a: {} }, empty: [] }),
        now,
      );
      db.prepare("INSERT INTO audit_events (created_at, category, action, outcome, status_code, actor_user_id, token_id) VALUES (?, 'api', ?, 'success', 200, NULL, NULL)").run(now, `DELETE /api/v1/catalog/products/${productIds[0]}?x=1`);
    })();
    db.close();
    mkdirSync(sources.receiptsDir);
    mkdirSync(sources.productImagesDir);
    writeFileSync(join(sources.receiptsDir, 'r-in.pdf'), randomBytes(300_000));
    writeFileSync(join(sources.productImagesDir, `${productIds[0]}.webp`), randomBytes(200_000));
    writeFileSync(join(sources.productImagesDir, `${productIds[1]}.webp`), Buffer.alloc(0));
    mkdirSync(join(sources.productImagesDir, 'not-a-file'));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('counts rows and sizes only the files inside their folders', async () => {
    const db = new Sqlite(sources.databaseFile, { readonly: true });
    const contents = await exportContents(db, sources);
    db.close();
    expect(contents.counts).toMatchObject({ households: 1, products: 40, stock_movements: MOVEMENTS, receipts: 3, audit_events: 1 });
    expect(contents.receiptFiles.map((file) => [file.path, file.bytes])).toEqual([['receipt-files/r-in.pdf', 300_000]]);
    expect(contents.productImages.map((file) => file.bytes).sort()).toEqual([0, 200_000]);
  });

  it('writes sections that parse, hold every row in order, and a manifest that matches the entries', async () => {
    const download = await writeExport(sources, { includeReceiptFiles: true, generatedAt: new Date('2026-02-03T04:05:06Z'), householdName: 'Haus', serviceVersion: 'test' });
    expect(download.fileName).toBe('household-inventory-export-20260203T040506Z.zip');
    const chunks: Buffer[] = [];
    await pipeline(download.stream, new Writable({ write: (chunk: Buffer, _encoding, done) => (chunks.push(chunk), done()) }));
    const zipFile = join(root, 'export.zip');
    writeFileSync(zipFile, Buffer.concat(chunks));
    const unpacked = join(root, 'unpacked');
    execFileSync('unzip', ['-q', zipFile, '-d', unpacked]);
    execFileSync('sha256sum', ['-c', '--quiet', 'SHA256SUMS'], { cwd: unpacked });

    const stock = JSON.parse(readFileSync(join(unpacked, 'data/stock.json'), 'utf8')) as { movements: { id: string; quantity_delta: number }[]; lots: unknown[] };
    expect(stock.movements).toHaveLength(MOVEMENTS);
    expect(stock.lots).toEqual([]);
    expect(stock.movements[0].quantity_delta).toBe(1.5);
    expect(Object.keys(stock.movements[0])).toEqual([...Object.keys(stock.movements[0])].sort());
    const household = JSON.parse(readFileSync(join(unpacked, 'data/household.json'), 'utf8')) as { households: { name: string }[] };
    expect(household.households[0].name).toBe('Haus "Ü" \\\\ \n zwei');
    // Every section is exactly JSON.stringify(…, null, 2) with a trailing newline, keys sorted at every depth.
    const sortedEverywhere = (value: unknown): boolean =>
      Array.isArray(value)
        ? value.every(sortedEverywhere)
        : value === null || typeof value !== 'object' || (Object.keys(value).join('\n') === Object.keys(value).sort().join('\n') && Object.values(value).every(sortedEverywhere));
    for (const file of readdirSync(join(unpacked, 'data'))) {
      const text = readFileSync(join(unpacked, 'data', file), 'utf8');
      const parsed: unknown = JSON.parse(text);
      expect(text, file).toBe(`${JSON.stringify(parsed, null, 2)}\n`);
      expect(sortedEverywhere(parsed), file).toBe(true);
    }
    const catalog = JSON.parse(readFileSync(join(unpacked, 'data/catalog.json'), 'utf8')) as { products: { name: string; notes: string; active: boolean }[] };
    expect(catalog.products).toHaveLength(40);
    expect(catalog.products[0]).toMatchObject({ notes: 'line\nbreak', active: true });
    const audit = JSON.parse(readFileSync(join(unpacked, 'data/audit.json'), 'utf8')) as { events: { action: string }[] };
    expect(audit.events[0].action).toBe('DELETE /api/v1/catalog/products/{id}');
    const receipts = JSON.parse(readFileSync(join(unpacked, 'data/receipts.json'), 'utf8')) as { receipts: { id: string; image_path: string }[] };
    expect(receipts.receipts.find((receipt) => receipt.id === 'r-out')?.image_path).toBe('hostname');

    const manifest = JSON.parse(readFileSync(join(unpacked, 'manifest.json'), 'utf8')) as { counts: Record<string, number>; files: { path: string; bytes: number }[]; generated_at: string };
    expect(manifest.generated_at).toBe('2026-02-03T04:05:06.000Z');
    expect(manifest.counts.stock_movements).toBe(MOVEMENTS);
    expect(manifest.files.map((file) => file.path)).toEqual(
      expect.arrayContaining(['receipt-files/r-in.pdf', `product-images/${productIds[0]}.webp`, `product-images/${productIds[1]}.webp`, 'SHA256SUMS']),
    );
    expect(manifest.files.find((file) => file.path === 'receipt-files/r-in.pdf')?.bytes).toBe(300_000);
    expect(readdirSync(unpacked).sort()).toEqual(['SHA256SUMS', 'data', 'manifest.json', 'product-images', 'receipt-files']);
  });

  it('releases its snapshot when the download is abandoned half-way', async () => {
    const download = await writeExport(sources, { includeReceiptFiles: true, generatedAt: new Date(), householdName: 'Haus', serviceVersion: 'test' });
    await new Promise<void>((resolveRead) => download.stream.once('data', () => resolveRead()));
    // The export ends its snapshot when its stream closes (a listener registered before this one).
    await new Promise((closed) => {
      download.stream.once('close', closed);
      download.stream.destroy();
    });
    // No read snapshot is left open: a checkpoint can take the whole WAL back into the database.
    const db = new Sqlite(sources.databaseFile, { timeout: 100 });
    db.prepare("INSERT INTO audit_events (created_at, category, action, outcome, status_code) VALUES ('now', 'api', 'x', 'success', 200)").run();
    expect(db.pragma('wal_checkpoint(TRUNCATE)')).toEqual([{ busy: 0, log: 0, checkpointed: 0 }]);
    db.close();
  });
});
