// The portable export of a large household: 5,000 products, 100,000 stock movements and 300 MB of
// files (2,000 product images of 100 KiB, 200 receipt files of 500 KiB: 307 MB), downloaded once with the
// receipt files. The server's VmRSS is sampled every 100 ms during the download; the export is
// streamed, so the peak must stay below 250 MB. The archive is read to the end and counted, not
// kept.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Sqlite from 'better-sqlite3';
import { freePort, report, startBuiltServer } from './lib.mjs';

const PRODUCTS = 5_000;
const MOVEMENTS = 100_000;
const IMAGES = 2_000;
const IMAGE_BYTES = 100 * 1024;
const RECEIPTS = 200;
const RECEIPT_BYTES = 500 * 1024;
const RSS_LIMIT_MB = 250;

/** Decimal megabytes (10^6 bytes), for file sizes and the RSS limit alike: the stricter reading of "250 MB". */
const mb = (bytes) => Number((bytes / 1_000_000).toFixed(1));

function rssKb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return { rss: Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]), hwm: Number(/VmHWM:\s+(\d+)/.exec(status)?.[1]) };
}

/** Fills the database and DATA_DIR directly: the export is measured, not the way data got there. */
function seed(dataDir) {
  const db = new Sqlite(join(dataDir, 'app.db'), { timeout: 30_000 });
  const now = new Date().toISOString();
  const location = db.prepare('SELECT id FROM locations LIMIT 1').get().id;
  const products = [];
  db.transaction(() => {
    const product = db.prepare(
      "INSERT INTO products (id, name, normalized_name, default_location_id, notes, created_at, updated_at) VALUES (?, ?, ?, ?, 'bench', ?, ?)",
    );
    const variant = db.prepare('INSERT INTO product_variants (id, product_id, brand, created_at, updated_at) VALUES (?, ?, ?, ?, ?)');
    const lot = db.prepare('INSERT INTO stock_lots (id, product_id, location_id, quantity, best_before_date, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)');
    for (let i = 0; i < PRODUCTS; i += 1) {
      const id = randomUUID();
      product.run(id, `Bench product ${i}`, `bench product ${i}`, location, now, now);
      variant.run(randomUUID(), id, `Brand ${i % 50}`, now, now);
      lot.run(randomUUID(), id, location, 5, '2031-01-01', now, now);
      products.push(id);
    }
    const movement = db.prepare(
      "INSERT INTO stock_movements (id, product_id, location_id, movement_type, quantity_delta, source, reference_id, created_at) VALUES (?, ?, ?, 'manual_add', ?, 'manual', ?, ?)",
    );
    for (let i = 0; i < MOVEMENTS; i += 1) movement.run(randomUUID(), products[i % PRODUCTS], location, 1 + (i % 3), randomUUID(), now);
    const receipt = db.prepare("INSERT INTO receipts (id, status, store_name, currency, total, created_at, updated_at, image_path) VALUES (?, 'imported', 'REWE', 'EUR', 42.5, ?, ?, ?)");
    mkdirSync(join(dataDir, 'receipts'), { recursive: true });
    for (let i = 0; i < RECEIPTS; i += 1) {
      const id = randomUUID();
      receipt.run(id, now, now, `${id}.jpg`);
      writeFileSync(join(dataDir, 'receipts', `${id}.jpg`), randomBytes(RECEIPT_BYTES));
    }
  })();
  db.close();
  mkdirSync(join(dataDir, 'product-images'), { recursive: true });
  for (let i = 0; i < IMAGES; i += 1) writeFileSync(join(dataDir, 'product-images', `${products[i]}.webp`), randomBytes(IMAGE_BYTES));
}

export async function run() {
  const dataDir = mkdtempSync(join(tmpdir(), 'hinv-bench-export-'));
  const server = await startBuiltServer(await freePort(), { DATA_DIR: dataDir, OFF_ENABLED: 'false' });
  try {
    const setup = await fetch(`${server.url}/api/v1/auth/setup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ password: 'benchmark owner password', display_name: 'Bench' }),
    });
    if (!setup.ok) throw new Error(`setup: ${setup.status}`);
    const cookie = setup.headers.getSetCookie()[0].split(';', 1)[0];
    seed(dataDir);
    await new Promise((r) => setTimeout(r, 2000));
    const idle = rssKb(server.pid);

    const previewStarted = performance.now();
    const preview = await (await fetch(`${server.url}/api/v1/privacy/export/preview`, { headers: { cookie } })).json();
    const previewMs = performance.now() - previewStarted;

    let peak = 0;
    let peakAtMb = 0;
    const sampler = setInterval(() => {
      try {
        const { rss } = rssKb(server.pid);
        if (rss > peak) peakAtMb = mb(bytes);
        peak = Math.max(peak, rss);
      } catch {
        // the server has gone; the download fails on its own
      }
    }, 100);
    let bytes = 0;
    const started = performance.now();
    let firstByteMs = 0;
    try {
      const response = await fetch(`${server.url}/api/v1/privacy/export`, { headers: { cookie } });
      if (response.status !== 200) throw new Error(`export: ${response.status} ${await response.text()}`);
      for await (const chunk of response.body) {
        if (bytes === 0) firstByteMs = performance.now() - started;
        bytes += chunk.length;
      }
    } finally {
      clearInterval(sampler);
    }
    const seconds = (performance.now() - started) / 1000;
    const after = rssKb(server.pid);
    const peakMb = mb(Math.max(peak, after.hwm) * 1024);
    const fileBytes = preview.receipt_file_bytes + preview.product_image_file_bytes;
    report(
      'export',
      {
        household: {
          products: preview.counts.products,
          stockMovements: preview.counts.stock_movements,
          files: preview.receipt_file_count + preview.product_image_file_count,
          fileMb: mb(fileBytes),
        },
        preview: { ms: Math.round(previewMs) },
        download: {
          seconds: Number(seconds.toFixed(1)),
          archiveMb: mb(bytes),
          mbPerSecond: Number((mb(bytes) / seconds).toFixed(1)),
          firstByteMs: Math.round(firstByteMs),
        },
        'server RSS': {
          idleMb: mb(idle.rss * 1024),
          peakDuringExportMb: peakMb,
          peakAfterArchiveMb: peakAtMb,
          afterMb: mb(after.rss * 1024),
          limitMb: RSS_LIMIT_MB,
          withinLimit: peakMb < RSS_LIMIT_MB,
        },
      },
      { note: 'peak = max(VmRSS sampled every 100 ms, VmHWM after the download)' },
    );
    if (peakMb >= RSS_LIMIT_MB) process.exitCode = 1;
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
