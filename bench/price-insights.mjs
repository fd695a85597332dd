// Server-side time of GET /insights/prices over a long household history: 24 months with 150
// receipts a month, 25 imported lines each (90,000 lines, 400 products, 6 stores), on a real
// SQLite file, with the built server's PricesService. A read: it never holds the write lock.
import { dist, openBenchDatabase, quantile, report } from './lib.mjs';

const MONTHS = 24;
const RECEIPTS_PER_MONTH = 150;
const LINES = 25;
const PRODUCTS = 400;
const STORES = [
  ['REWE', 'REWE Markt GmbH'],
  ['REWE', 'REWE City'],
  ['ALDI', 'ALDI SÜD'],
  ['Lidl', 'Lidl Dienstleistung'],
  ['dm', 'dm-drogerie markt'],
  [null, 'Hofladen Sonnenblume'],
];

export async function run() {
  const { PricesService } = await dist('modules/prices/prices.service.js');
  const { database, clock, close } = await openBenchDatabase('price-insights');
  const prices = new PricesService(database, clock);
  const timings = [];
  let answer;
  try {
    await database.write(() => {
      const sqlite = database.sqlite;
      const product = sqlite.prepare(
        `INSERT INTO products (id, name, normalized_name, default_best_before_days, minimum_stock_quantity, shopping_target_quantity, notes, active, created_at, updated_at)
         VALUES (?, ?, ?, 0, 0, 0, '', 1, 'now', 'now')`,
      );
      for (let p = 0; p < PRODUCTS; p += 1) product.run(`product-${p}`, `Product ${p}`, `product ${p}`);
      const receipt = sqlite.prepare(`INSERT INTO receipts (id, status, store_name, retailer, purchase_date, currency, created_at, updated_at) VALUES (?, 'imported', ?, ?, ?, 'EUR', ?, ?)`);
      const line = sqlite.prepare(
        `INSERT INTO receipt_items (id, receipt_id, position, raw_name, product_id, quantity, unit_price, total_price, imported, created_at, updated_at)
         VALUES (?, ?, ?, 'LINE', ?, ?, ?, ?, 1, 'now', 'now')`,
      );
      let seed = 7;
      const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
      for (let month = 0; month < MONTHS; month += 1) {
        for (let r = 0; r < RECEIPTS_PER_MONTH; r += 1) {
          const id = `receipt-${month}-${r}`;
          const day = new Date(Date.UTC(2024, month, 1 + (r % 28))).toISOString().slice(0, 10);
          const [retailer, storeName] = STORES[r % STORES.length];
          receipt.run(id, storeName, retailer, day, `${day}T12:00:00.000Z`, `${day}T12:00:00.000Z`);
          for (let position = 1; position <= LINES; position += 1) {
            const p = Math.floor(random() * PRODUCTS);
            const quantity = 1 + Math.floor(random() * 3);
            const unit = Math.round((0.5 + (p % 40) * 0.2 + random() * 0.5 + month * 0.01) * 100) / 100;
            // Every fifth line printed only its total: the unit price is total ÷ quantity.
            line.run(`${id}-${position}`, id, position, `product-${p}`, quantity, position % 5 === 0 ? null : unit, Math.round(unit * quantity * 100) / 100);
          }
        }
      }
    });
    database.sqlite.exec('ANALYZE');
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
