// A long household history for the insight benchmarks: 24 months with 150 receipts a month, 25
// imported lines each (90,000 lines, 400 products, 6 stores), written straight into a real SQLite file.
export const MONTHS = 24;
export const RECEIPTS_PER_MONTH = 150;
export const LINES = 25;
export const PRODUCTS = 400;
const STORES = [
  ['REWE', 'REWE Markt GmbH'],
  ['REWE', 'REWE City'],
  ['ALDI', 'ALDI SÜD'],
  ['Lidl', 'Lidl Dienstleistung'],
  ['dm', 'dm-drogerie markt'],
  [null, 'Hofladen Sonnenblume'],
];

/** Seeds the history into `database` (months from January 2024 on); returns the receipts' EUR total. */
export async function seedReceiptHistory(database) {
  let spent = 0;
  await database.write(() => {
    const sqlite = database.sqlite;
    const product = sqlite.prepare(
      `INSERT INTO products (id, name, normalized_name, default_best_before_days, minimum_stock_quantity, shopping_target_quantity, notes, active, created_at, updated_at)
       VALUES (?, ?, ?, 0, 0, 0, '', 1, 'now', 'now')`,
    );
    for (let p = 0; p < PRODUCTS; p += 1) product.run(`product-${p}`, `Product ${p}`, `product ${p}`);
    const receipt = sqlite.prepare(
      `INSERT INTO receipts (id, status, store_name, retailer, purchase_date, total, currency, created_at, updated_at) VALUES (?, 'imported', ?, ?, ?, ?, 'EUR', ?, ?)`,
    );
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
        const lines = [];
        for (let position = 1; position <= LINES; position += 1) {
          const p = Math.floor(random() * PRODUCTS);
          const quantity = 1 + Math.floor(random() * 3);
          const unit = Math.round((0.5 + (p % 40) * 0.2 + random() * 0.5 + month * 0.01) * 100) / 100;
          lines.push({ position, p, quantity, unit, total: Math.round(unit * quantity * 100) / 100 });
        }
        const total = Math.round(lines.reduce((sum, l) => sum + l.total, 0) * 100) / 100;
        spent += total;
        receipt.run(id, storeName, retailer, day, total, `${day}T12:00:00.000Z`, `${day}T12:00:00.000Z`);
        for (const l of lines) {
          // Every fifth line printed only its total: the unit price is total ÷ quantity.
          line.run(`${id}-${l.position}`, id, l.position, `product-${l.p}`, l.quantity, l.position % 5 === 0 ? null : l.unit, l.total);
        }
      }
    }
  });
  database.sqlite.exec('ANALYZE');
  return spent;
}
