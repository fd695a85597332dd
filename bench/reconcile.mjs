// Server-side time of the receipt reconcile that runs at analysis, after every scan confirmation
// and mapping, and on POST /catalog/reconcile: 200 open receipt lines against 5,000 catalog
// products with 2,000 learned store mappings and 2,000 confirmed aliases (none of which match, so
// every rule is tried for every line), on a real SQLite file, inside Database.write(). It holds
// the write lock, so every other write in the household waits for it. Goal: < 200 ms.
import { dist, openBenchDatabase, quantile, report } from './lib.mjs';

const PRODUCTS = 5_000;
const LINES = 200;
const LEARNED = 2_000;
const WORDS = ['milch', 'vollmilch', 'bio', 'butter', 'gouda', 'eier', 'brot', 'vollkorn', 'apfel', 'saft', 'tomaten', 'passiert', 'nudeln', 'reis', 'basmati', 'hafer', 'drink', 'joghurt', 'quark', 'kaffee'];

export async function run() {
  const { MasterDataService } = await dist('modules/catalog/master-data/master-data.service.js');
  const { CatalogService } = await dist('modules/catalog/catalog.service.js');
  const { ReceiptReconcileService } = await dist('modules/receipts/receipt-reconcile.service.js');

  const { database, clock, close } = await openBenchDatabase('reconcile');
  const reconcile = new ReceiptReconcileService(new CatalogService(database, clock, new MasterDataService(database, clock)), clock);
  const word = (i) => WORDS[i % WORDS.length];
  const timings = [];
  try {
    await database.write(async (manager) => {
      for (let i = 0; i < PRODUCTS; i += 1) {
        const name = `${word(i)} ${word(i * 7 + 3)} ${i}`;
        await manager.query(
          `INSERT INTO products (id, name, normalized_name, default_best_before_days, minimum_stock_quantity, shopping_target_quantity, notes, active, created_at, updated_at)
           VALUES (?, ?, ?, 0, 0, 0, '', 1, 'now', 'now')`,
          [`product-${i}`, name, name],
        );
      }
      for (let i = 0; i < LEARNED; i += 1) {
        await manager.query(`INSERT INTO receipt_store_mappings (retailer_key, line_key, product_id, created_at, updated_at) VALUES (?, ?, ?, 'now', 'now')`, [i % 2 ? 'rewe' : '*', `learned ${i}`, `product-${i}`]);
        await manager.query(`INSERT INTO product_aliases (alias_key, product_id, alias, created_at) VALUES (?, ?, ?, 'now')`, [`alias ${i}`, `product-${i}`, `ALIAS ${i}`]);
      }
      await manager.query(`INSERT INTO receipts (id, status, store_name, currency, created_at, updated_at) VALUES ('receipt', 'review', 'REWE Markt', 'EUR', 'now', 'now')`);
      for (let line = 0; line < LINES; line += 1) {
        // Printed till text: never a product's exact name, so every line stays open round after round.
        await manager.query(
          `INSERT INTO receipt_items (id, receipt_id, position, raw_name, imported, created_at, updated_at) VALUES (?, 'receipt', ?, ?, 0, 'now', 'now')`,
          [`line-${line}`, line + 1, `${word(line * 3).toUpperCase()} ${word(line + 5).toUpperCase()} ART${line} 1,29 A`],
        );
      }
    });
    for (let round = 0; round < 25; round += 1) {
      const started = process.hrtime.bigint();
      const counts = await database.write((manager) => reconcile.reconcile(manager));
      if (counts.scanned !== LINES) throw new Error(`expected ${LINES} open lines, got ${counts.scanned}`);
      if (round >= 5) timings.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
  } finally {
    await close();
  }
  const p95 = quantile(timings, 0.95, 1);
  report('reconcile', { [`reconcile ${LINES} open lines × ${PRODUCTS} products (ms)`]: { median: quantile(timings, 0.5, 1), p95 } }, {
    note: 'runs inside the caller\'s write; fuzzy names only scored against products that share text with the line',
    goal: `p95 < 200 ms: ${p95 < 200 ? 'met' : 'NOT met'}`,
  });
}
