// Server-side time to consume across 1,000 lots of one product: the StockService of the built API
// on a real SQLite file (WAL), inside Database.write(), as a scan confirm or stock count runs it.
import { dist, openBenchDatabase, quantile, report } from './lib.mjs';

export async function run() {
  const { StockService } = await dist('modules/stock/stock.service.js');
  const { dataSource, database, clock, close } = await openBenchDatabase('consume');
  const stock = new StockService(database, clock);
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
    await close();
  }
  const at = (q) => quantile(timings, q);
  report('consume', { 'consume 1,000 of 1,000 lots (ms)': { median: at(0.5), p95: at(0.95), max: at(1), runs: timings.length } }, {
    note: 'one transaction: availability check, 1,000 lot updates, 1,000 movements',
  });
}
