// Server-side time of GET /insights/prices over a long household history: 24 months with 150
// receipts a month, 25 imported lines each (90,000 lines, 400 products, 6 stores), on a real
// SQLite file, with the built server's PricesService. A read: it never holds the write lock.
import { dist, openBenchDatabase, quantile, report } from './lib.mjs';
import { LINES, MONTHS, PRODUCTS, RECEIPTS_PER_MONTH, seedReceiptHistory } from './receipt-history.mjs';

export async function run() {
  const { PricesService } = await dist('modules/prices/prices.service.js');
  const { database, clock, close } = await openBenchDatabase('price-insights');
  const prices = new PricesService(database, clock, { env: { TZ: 'Europe/Berlin' } });
  const timings = [];
  let answer;
  try {
    await seedReceiptHistory(database);
    for (let round = 0; round < 40; round += 1) {
      const started = process.hrtime.bigint();
      answer = await prices.insights(100);
      if (round >= 5) timings.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
  } finally {
    await close();
  }
  const lines = MONTHS * RECEIPTS_PER_MONTH * LINES;
  if (answer.observation_count !== lines) throw new Error(`expected ${lines} observations, got ${answer.observation_count}`);
  report(
    'price-insights',
    { [`insights over ${lines.toLocaleString('en')} imported lines, ${PRODUCTS} products (ms)`]: { median: quantile(timings, 0.5, 1), p95: quantile(timings, 0.95, 1), max: quantile(timings, 1, 1) } },
    { note: `${MONTHS} months × ${RECEIPTS_PER_MONTH} receipts × ${LINES} lines; goal < 100 ms; limit 100 products in the answer`, products: answer.product_count, stores: answer.store_count },
  );
}
