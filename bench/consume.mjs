// Server-side time to consume across 1,000 lots of one product: the StockService of the built API
// on a real SQLite file (WAL), inside Database.write(), as a scan confirm or stock count runs it.
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, report } from './lib.mjs';

const dist = (path) => import(join(ROOT, 'apps/api/dist', path));
/** The API's own dependencies, resolved from the API package (the bench package does not repeat them). */
const fromApi = (name) => import(pathToFileURL(createRequire(join(ROOT, 'apps/api/package.json')).resolve(name)).href);

export async function run() {
  await fromApi('reflect-metadata');
  const { DataSource } = await fromApi('typeorm');
  const { dataSourceOptions } = await dist('database/data-source-options.js');
  const { Database } = await dist('database/database.js');
  const { Clock } = await dist('common/clock.js');
  const { StockService } = await dist('modules/stock/stock.service.js');

  const directory = mkdtempSync(join(tmpdir(), 'hinv-bench-consume-'));
  const dataSource = new DataSource(dataSourceOptions(join(directory, 'app.db')));
  await dataSource.initialize();
  await dataSource.runMigrations();
  const database = new Database(dataSource);
  const stock = new StockService(database, new Clock());
  const cause = { movementType: 'scan_consume', source: 'scanner', referenceId: 'bench' };
  const timings = [];
  try {
    for (let round = 0; round < 25; round += 1) {
      const productId = `bench-${round}`;
      await dataSource.query(
        `INSERT INTO products (id, name, normalized_name, default_best_before_days, minimum_stock_quantity, shopping_target_quantity, notes, active, created_at, updated_at)
         VALUES (?, ?, ?, 0, 0, 0, '', 1, 'now', 'now')`,
        [productId, productId, productId],
      );
      await database.write(async () => {
        for (let lot = 0; lot < 1000; lot += 1) {
          const day = String(1 + (lot % 28)).padStart(2, '0');
          stock.add({ productId, quantity: 1, bestBeforeDate: lot % 5 === 0 ? null : `2027-01-${day}`, ...cause, movementType: 'scan_add' });
        }
      });
      const started = process.hrtime.bigint();
      await database.write(async () => stock.consume(productId, 1000, cause));
      if (round >= 5) timings.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
  } finally {
    await dataSource.destroy();
    rmSync(directory, { recursive: true, force: true });
  }
  timings.sort((a, b) => a - b);
  const at = (q) => timings[Math.min(timings.length - 1, Math.floor(q * timings.length))].toFixed(2);
  report('consume', { 'consume 1,000 of 1,000 lots (ms)': { median: at(0.5), p95: at(0.95), max: at(1), runs: timings.length } }, {
    note: 'one transaction: availability check, 1,000 lot updates, 1,000 movements',
  });
}
