import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenFoodFacts } from '../support/fake-open-food-facts.js';
import type { FakeHttpServer } from '../support/fake-http.js';
import { setUpHousehold, type Browserless } from '../support/household.js';
import { startServer, type RunningServer } from '../support/server.js';

const PASTA = '8076800195057';

interface Draft {
  id: string;
  product_id: string | null;
  action_result: Record<string, unknown> | null;
}

interface LineRow {
  product_id: string | null;
  variant_id: string | null;
  match_status: string;
}

// Receipts have no endpoints yet, so the line is written into the server's own database file.
describe('confirming a scan reconciles open receipt lines', () => {
  let off: FakeHttpServer;
  let server: RunningServer;
  let owner: Browserless;
  let db: Database.Database;

  const scanAndConfirm = async (key: string) => {
    const draft = await owner.json<Draft>('POST', '/api/v1/scans/resolve', { barcode: PASTA, mode: 'identify' });
    return owner.json<Draft>('POST', `/api/v1/scans/${draft.id}/confirm`, { client_mutation_id: key });
  };

  beforeAll(async () => {
    off = await startFakeOpenFoodFacts({ [PASTA]: { product_name: 'Spaghetti n.5', brands: 'Barilla', quantity: '500 g' } });
    server = await startServer({ OFF_BASE_URL: off.url });
    owner = await setUpHousehold(server.baseUrl);
    db = new Database(join(server.dataDir, 'app.db'), { timeout: 5000 });
  });
  afterAll(async () => {
    db?.close();
    await server?.stop();
    await off?.close();
  });

  it('maps a line carrying the scanned barcode to the new product and its variant', async () => {
    const now = new Date().toISOString();
    db.prepare(`INSERT INTO receipts (id, status, currency, created_at, updated_at) VALUES ('receipt-1', 'review', 'EUR', ?, ?)`).run(now, now);
    db.prepare(
      `INSERT INTO receipt_items (id, receipt_id, position, raw_name, barcode, imported, created_at, updated_at)
       VALUES ('line-1', 'receipt-1', 1, 'BARILLA SPAGH. 1,29 A', ?, 0, ?, ?)`,
    ).run(PASTA, now, now);

    const confirmed = await scanAndConfirm('reconcile-confirm-1');
    expect(confirmed.action_result).toMatchObject({ mode: 'identify', reconciled_receipt_items: 1, suggested_receipt_items: 0 });
    const product = await owner.json<{ variants: { id: string; barcodes: { barcode: string }[] }[] }>('GET', `/api/v1/catalog/products/${confirmed.product_id}`);
    const variant = product.variants.find((v) => v.barcodes.some((b) => b.barcode === PASTA));
    const row = db.prepare(`SELECT product_id, variant_id, match_status FROM receipt_items WHERE id = 'line-1'`).get() as LineRow;
    expect(row).toEqual({ product_id: confirmed.product_id, variant_id: variant?.id, match_status: 'barcode' });

    // The line is no longer open, so the next confirmation has nothing to reconcile.
    expect((await scanAndConfirm('reconcile-confirm-2')).action_result).toMatchObject({ reconciled_receipt_items: 0, suggested_receipt_items: 0 });
  });
});
