import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { untilAudited } from '../support/audit.js';
import { pngOf } from '../support/images.js';
import { addMember, Browserless, createToken, OWNER_PASSWORD, setUpHousehold } from '../support/household.js';
import { ERASE_CONFIRMATION, filesBelow, openDatabase, plantReceipt } from '../support/privacy.js';
import { startServer, type RunningServer } from '../support/server.js';

/** Rows per table, bookkeeping of the schema (migrations) aside. */
function rowCounts(dataDir: string): Record<string, number> {
  const db = openDatabase(dataDir);
  try {
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name != 'migrations'").all() as { name: string }[];
    return Object.fromEntries(tables.map(({ name }) => [name, (db.prepare(`SELECT COUNT(*) AS n FROM "${name}"`).get() as { n: number }).n]));
  } finally {
    db.close();
  }
}

async function fillHousehold(server: RunningServer, owner: Browserless): Promise<void> {
  await addMember(owner, 'member');
  await createToken(owner, ['catalog:read'], 'erase me');
  const product = await owner.json<{ id: string }>('POST', '/api/v1/catalog/products', { name: 'Honey', barcode: '4006381333931' });
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(await pngOf(40, 40))], { type: 'image/png' }), 'honey.png');
  expect((await fetch(`${server.baseUrl}/api/v1/catalog/products/${product.id}/image`, { method: 'POST', body: form, headers: { cookie: owner.cookie as string } })).status).toBe(200);
  await owner.json('POST', '/api/v1/stock/counts', { client_mutation_id: 'erase-count-1', lines: [{ product_id: product.id, counted_quantity: 2 }] });
  await owner.json('POST', '/api/v1/stock/counts', { client_mutation_id: 'erase-count-2', lines: [{ product_id: product.id, counted_quantity: 1 }] });
  const item = await owner.json<{ id: string; updated_at: string }>('POST', '/api/v1/shopping-list', { product_id: product.id, desired_quantity: 1, client_mutation_id: 'erase-shop-1' });
  // A shopping trip with a check-off and a place set by hand: the trip history goes too.
  const trip = await owner.json<{ id: string; store_id: string }>('POST', '/api/v1/shopping-trips', { store_name: 'Erase market' }, 201);
  await owner.json('PATCH', `/api/v1/shopping-list/${item.id}`, { desired_quantity: 1, checked: true, expected_updated_at: item.updated_at, trip_id: trip.id });
  await owner.json('PUT', `/api/v1/shopping-stores/${trip.store_id}/placements`, { kind: 'product', product_id: product.id, position: 0.5 });
  await owner.json('PUT', '/api/v1/insights/budget/settings', { monthly_limit: 300 });
  await owner.json('PUT', '/api/v1/settings', {
    provider: { type: 'openai', base_url: 'https://api.openai.com/v1', model: 'gpt', api_key: 'sk-erase-me-123456' },
    grocy: { enabled: false, url: 'http://grocy:80' },
    privacy: { delete_image_after_analysis: false, retention_days: 7 },
  });
  await new Browserless(server.baseUrl).call('POST', '/api/v1/auth/login', { identifier: 'owner@example.org', password: 'wrong password 9' });
  plantReceipt(server.dataDir, 'kept.jpg', { file: randomBytes(700) });
  // Copies of the data other tools leave behind: a key rotation's database backup, a restore's replaced data.
  writeFileSync(join(server.dataDir, 'app.db.backup_before_secret_rotation_20260101T000000Z'), 'old database');
  mkdirSync(join(server.dataDir, '.pre-restore-20260101T000000Z', 'receipts'), { recursive: true });
  writeFileSync(join(server.dataDir, '.pre-restore-20260101T000000Z', 'receipts', 'old.jpg'), 'old receipt');
  // The last audited answer's row is stored, so no row of the household lands after the erasure.
  await untilAudited(server.dataDir, 'PUT /api/v1/settings 200');
}

describe('erasure', () => {
  let server: RunningServer;
  let owner: Browserless;

  beforeAll(async () => {
    server = await startServer();
    owner = await setUpHousehold(server.baseUrl);
    await fillHousehold(server, owner);
  });
  afterAll(() => server.stop());

  it('leaves no row in any table and no file, and returns to first-run setup', async () => {
    const before = rowCounts(server.dataDir);
    for (const table of ['users', 'sessions', 'api_tokens', 'products', 'product_barcodes', 'stock_movements', 'stock_lots', 'shopping_list_items', 'shopping_stores', 'shopping_trips', 'shopping_trip_checkoffs', 'shopping_store_placements', 'receipts', 'receipt_items', 'audit_events', 'login_failures', 'instance_settings', 'budget_settings', 'locations']) {
      expect(before[table], table).toBeGreaterThan(0);
    }
    const imageFiles = filesBelow(join(server.dataDir, 'product-images'));
    expect(imageFiles).toHaveLength(1);
    const member = new Browserless(server.baseUrl, owner.cookie);

    const response = await owner.call('DELETE', '/api/v1/privacy/household', { confirmation: ERASE_CONFIRMATION });
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith('hinv_session=;'))).toBe(true);
    const body = (await response.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['completed_at', 'deleted', 'deleted_product_image_bytes', 'deleted_product_image_files', 'deleted_receipt_bytes', 'deleted_receipt_files']);
    expect(body).toMatchObject({ deleted: true, deleted_receipt_files: 1, deleted_receipt_bytes: 700, deleted_product_image_files: 1 });
    expect(body.deleted_product_image_bytes).toBeGreaterThan(0);

    const after = rowCounts(server.dataDir);
    expect(Object.entries(after).filter(([, count]) => count > 0)).toEqual([]);
    expect(filesBelow(join(server.dataDir, 'receipts'))).toEqual([]);
    expect(filesBelow(join(server.dataDir, 'product-images'))).toEqual([]);
    expect(readdirSync(server.dataDir).filter((name) => name.startsWith('app.db.backup') || name.startsWith('.pre-restore'))).toEqual([]);
    // Nothing of the household lingers in the database file or its WAL either.
    const raw = Buffer.concat(['app.db', 'app.db-wal'].filter((name) => existsSync(join(server.dataDir, name))).map((name) => readFileSync(join(server.dataDir, name))));
    for (const trace of ['Honey', 'owner@example.org', '4006381333931', 'Olivia Owner']) expect(raw.includes(trace), trace).toBe(false);
    // The installation key stays: the erased installation keeps running with it.
    expect(existsSync(join(server.dataDir, 'secret.key'))).toBe(true);

    // The stock history is append-only again.
    const db = openDatabase(server.dataDir);
    expect((db.prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' ORDER BY name").all() as { name: string }[]).map((row) => row.name)).toEqual([
      'stock_movements_no_delete',
      'stock_movements_no_update',
    ]);
    db.close();

    expect((await member.call('GET', '/api/v1/auth/me')).status).toBe(401);
    expect(await new Browserless(server.baseUrl).json('GET', '/api/v1/auth/state')).toMatchObject({ authenticated: false, needs_setup: true, identifier_required: null, user: null });
    // Setup works again and brings the master data back.
    const again = await setUpHousehold(server.baseUrl);
    const master = await again.json<{ locations: unknown[]; quantity_units: unknown[]; product_groups: unknown[] }>('GET', '/api/v1/catalog/master-data');
    expect([master.locations.length, master.quantity_units.length, master.product_groups.length]).toEqual([4, 6, 6]);
    expect((await again.json<unknown[]>('GET', '/api/v1/catalog/products')).length).toBe(0);
  });
});

describe('erasure with APP_PASSWORD', () => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await startServer({ APP_PASSWORD: OWNER_PASSWORD });
  });
  afterAll(() => server.stop());

  it('creates the household and its owner again at once, signed in with APP_PASSWORD', async () => {
    const owner = new Browserless(server.baseUrl);
    await owner.json('POST', '/api/v1/auth/login', { password: OWNER_PASSWORD });
    await owner.json('POST', '/api/v1/catalog/products', { name: 'Before' });
    await owner.json('DELETE', '/api/v1/privacy/household', { confirmation: ERASE_CONFIRMATION });
    const counts = rowCounts(server.dataDir);
    expect(counts).toMatchObject({ households: 1, users: 1, products: 0, sessions: 0, audit_events: 0, locations: 4 });
    const fresh = new Browserless(server.baseUrl);
    expect(await fresh.json('GET', '/api/v1/auth/state')).toMatchObject({ needs_setup: false });
    await fresh.json('POST', '/api/v1/auth/login', { password: OWNER_PASSWORD });
    expect(await fresh.json<unknown[]>('GET', '/api/v1/catalog/products')).toEqual([]);
  });
});
