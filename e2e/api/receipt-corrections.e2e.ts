import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, bearer, Browserless, createToken, setUpHousehold } from '../support/household.js';
import { receiptLine, receiptPdf as tillReceipt, REWE, uploadReceipt } from '../support/receipts.js';
import { startServer, type RunningServer } from '../support/server.js';

const TZ = 'Europe/Berlin';

interface Item {
  id: string;
  position: number;
  raw_name: string;
  normalized_name: string | null;
  quantity: number;
  unit_price: number | null;
  total_price: number | null;
  match_status: string;
  match_reason: string;
  catalog_product_id: string | null;
  check_reasons: string[];
  corrected: boolean;
  imported: number;
}

interface Receipt {
  id: string;
  status: string;
  store_name: string | null;
  retailer: string | null;
  purchase_date: string | null;
  currency: string;
  total: number | null;
  item_count: number;
  lines_sum: number;
  lines_difference: number | null;
  items?: Item[] | null;
}

const today = new Intl.DateTimeFormat('en-CA', { timeZone: TZ }).format(new Date());
const printed = (day: string) => day.split('-').reverse().join('.');
/** A till receipt as a PDF with a text layer; the date and total keep each one a purchase of its own. */
const receiptPdf = (lines: readonly string[], total: string, day: string, store: readonly string[] = REWE) => tillReceipt(store, lines, total, printed(day));
const longText = (length: number) => 'K'.repeat(length);

describe('correcting a receipt before it is imported', () => {
  let server: RunningServer;
  let owner: Browserless;
  let member: Browserless;
  let viewer: Browserless;
  let db: Database.Database;
  let milk: string;
  let yoghurt: string;

  const upload = (browser: Browserless, bytes: Buffer) => uploadReceipt<Receipt>(server.baseUrl, browser, bytes);
  const line = (receipt: Receipt, name: string): Item => receiptLine(receipt, name);
  const correctReceipt = (browser: Browserless, receipt: Receipt, body: unknown) => browser.call('PATCH', `/api/v1/receipts/${receipt.id}`, body);
  const correctItem = (browser: Browserless, receipt: Receipt, item: Item, body: unknown) => browser.call('PATCH', `/api/v1/receipts/${receipt.id}/items/${item.id}/correction`, body);
  const addItem = (browser: Browserless, receipt: Receipt, body: unknown) => browser.call('POST', `/api/v1/receipts/${receipt.id}/items`, body);
  const removeItem = (browser: Browserless, receipt: Receipt, item: Item) => browser.call('DELETE', `/api/v1/receipts/${receipt.id}/items/${item.id}`);
  const fetchReceipt = (id: string) => owner.json<Receipt>('GET', `/api/v1/receipts/${id}`);
  const statuses = async (calls: Array<() => Promise<Response>>) => {
    const answers: number[] = [];
    for (const call of calls) answers.push((await call()).status);
    return answers;
  };

  beforeAll(async () => {
    server = await startServer({ TZ });
    owner = await setUpHousehold(server.baseUrl);
    member = (await addMember(owner, 'member')).browser;
    viewer = (await addMember(owner, 'viewer')).browser;
    db = new Database(join(server.dataDir, 'app.db'), { timeout: 5000 });
    milk = (await owner.json<{ id: string }>('POST', '/api/v1/catalog/products', { name: 'Vollmilch 3,5%' })).id;
    yoghurt = (await owner.json<{ id: string }>('POST', '/api/v1/catalog/products', { name: 'Naturjoghurt' })).id;
  });
  afterAll(async () => {
    db?.close();
    await server?.stop();
  });

  it('answers the sum of the lines, the difference to the total and why each line may be wrong', async () => {
    const receipt = await upload(member, await receiptPdf(['VOLLMILCH 3,5% 1,19 A', 'BROT 2,99 A'], '4,18', '2025-02-03'));
    expect(receipt).toMatchObject({ total: 4.18, lines_sum: 4.18, lines_difference: 0 });
    expect(receipt.items?.map((item) => item.check_reasons)).toEqual([[], []]);
    // A 1 read as 7: the lines are over by 6,00 and only the milk's digit explains it.
    let after = (await (await correctItem(member, receipt, line(receipt, 'VOLLMILCH 3,5%'), { total_price: 7.19 })).json()) as Receipt;
    expect(after).toMatchObject({ lines_sum: 10.18, lines_difference: -6 });
    // The unit price still says 1,19 as well.
    expect(line(after, 'VOLLMILCH 3,5%').check_reasons).toEqual(['sum_mismatch', 'quantity_price_mismatch']);
    expect(line(after, 'BROT').check_reasons).toEqual([]);
    // Two at 1,50 cannot make 3,50.
    after = (await (await correctItem(member, receipt, line(receipt, 'BROT'), { quantity: 2, unit_price: 1.5, total_price: 3.5 })).json()) as Receipt;
    expect(line(after, 'BROT').check_reasons).toEqual(['quantity_price_mismatch']);
    after = (await (await correctItem(member, receipt, line(receipt, 'BROT'), { total_price: 3 })).json()) as Receipt;
    after = (await (await correctItem(member, receipt, line(receipt, 'VOLLMILCH 3,5%'), { total_price: 1.18, unit_price: 1.18 })).json()) as Receipt;
    expect(after).toMatchObject({ lines_sum: 4.18, lines_difference: 0 });
    expect(after.items?.map((item) => [item.check_reasons, item.corrected])).toEqual([
      [[], true],
      [[], true],
    ]);
    // The list answers the same sums.
    const listed = (await owner.json<Receipt[]>('GET', '/api/v1/receipts')).find((entry) => entry.id === receipt.id);
    expect(listed).toMatchObject({ lines_sum: 4.18, lines_difference: 0 });
  });

  it('corrects the store, date, total and currency, each bound checked one either side', async () => {
    const receipt = await upload(member, await receiptPdf(['BUTTER 2,29 A'], '2,29', '2025-02-04'));
    const ok = (body: unknown) => correctReceipt(member, receipt, body).then((response) => response.status);
    expect(await ok({ store_name: '' })).toBe(422);
    expect(await ok({ store_name: '   ' })).toBe(422);
    expect(await ok({ store_name: 'A' })).toBe(200);
    expect(await ok({ store_name: longText(300) })).toBe(200);
    expect(await ok({ store_name: longText(301) })).toBe(422);
    expect(await ok({ store_name: 42 })).toBe(422);
    expect(await ok({ purchase_date: '2025-02-1' })).toBe(422);
    expect(await ok({ purchase_date: '2025-02-011' })).toBe(422);
    expect(await ok({ purchase_date: '2025-02-30' })).toBe(422);
    expect(await ok({ purchase_date: '2025-02-28T10:00' })).toBe(422);
    expect(await ok({ total: -0.01 })).toBe(422);
    expect(await ok({ total: 0 })).toBe(200);
    expect(await ok({ total: 1_000_000 })).toBe(200);
    expect(await ok({ total: 1_000_000.01 })).toBe(422);
    expect(await ok({ total: 2.295 })).toBe(422);
    expect(await ok({ total: '2.29' })).toBe(422);
    expect(await ok({ currency: 'EU' })).toBe(422);
    expect(await ok({ currency: 'EURO' })).toBe(422);
    expect(await ok({ currency: 'eur' })).toBe(422);
    expect(await ok({ currency: null })).toBe(422);
    // Nothing refused changed anything.
    expect(await fetchReceipt(receipt.id)).toMatchObject({ store_name: longText(300), purchase_date: '2025-02-04', total: 1_000_000, currency: 'EUR' });

    const corrected = await member.json<Receipt>('PATCH', `/api/v1/receipts/${receipt.id}`, { store_name: ' EDEKA Center ', purchase_date: '2025-02-05', total: 2.29, currency: 'USD' });
    expect(corrected).toMatchObject({ store_name: 'EDEKA Center', retailer: 'EDEKA', purchase_date: '2025-02-05', total: 2.29, currency: 'USD', lines_difference: 0 });
    // Left out stays; null clears.
    expect(await member.json<Receipt>('PATCH', `/api/v1/receipts/${receipt.id}`, { total: null })).toMatchObject({ store_name: 'EDEKA Center', total: null, lines_difference: null });
    expect(await member.json<Receipt>('PATCH', `/api/v1/receipts/${receipt.id}`, { store_name: null, purchase_date: null })).toMatchObject({ store_name: null, retailer: null, purchase_date: null });
    expect((await correctReceipt(member, { ...receipt, id: 'nope' }, { total: 1 })).status).toBe(404);
  });

  it('corrects a line’s name, quantity, unit price and amount, each bound checked one either side', async () => {
    const receipt = await upload(member, await receiptPdf(['SAHNE 0,99 A'], '0,99', '2025-02-06'));
    const item = line(receipt, 'SAHNE');
    const ok = (body: unknown) => correctItem(member, receipt, item, body).then((response) => response.status);
    expect(await ok({ name: '' })).toBe(422);
    expect(await ok({ name: ' ' })).toBe(422);
    expect(await ok({ name: 'S' })).toBe(200);
    expect(await ok({ name: longText(300) })).toBe(200);
    expect(await ok({ name: longText(301) })).toBe(422);
    expect(await ok({ name: null })).toBe(422);
    expect(await ok({ quantity: 0 })).toBe(422);
    expect(await ok({ quantity: 0.001 })).toBe(200);
    expect(await ok({ quantity: 0.0005 })).toBe(422);
    expect(await ok({ quantity: 10_000 })).toBe(200);
    expect(await ok({ quantity: 10_000.001 })).toBe(422);
    expect(await ok({ quantity: null })).toBe(422);
    expect(await ok({ unit_price: -0.01 })).toBe(422);
    expect(await ok({ unit_price: 0 })).toBe(200);
    expect(await ok({ unit_price: 1_000_000 })).toBe(200);
    expect(await ok({ unit_price: 1_000_000.01 })).toBe(422);
    expect(await ok({ unit_price: 0.999 })).toBe(422);
    expect(await ok({ unit_price: null })).toBe(200);
    expect(await ok({ total_price: -0.01 })).toBe(422);
    expect(await ok({ total_price: 0 })).toBe(200);
    expect(await ok({ total_price: 1_000_000 })).toBe(200);
    expect(await ok({ total_price: 1_000_000.01 })).toBe(422);
    expect(await ok({ total_price: null })).toBe(422);
    expect(line(await fetchReceipt(receipt.id), longText(300))).toMatchObject({ quantity: 10_000, unit_price: null, total_price: 1_000_000, corrected: true });
    expect((await correctItem(member, receipt, { ...item, id: 'nope' }, { total_price: 1 })).status).toBe(404);
  });

  it('keeps a fuel line’s litres and amount but no price per litre in tenths of a cent, so the line is corrected as it is sent back', async () => {
    const receipt = await upload(member, await receiptPdf(['SUPER E10 SAEULE 3', '42,18 l x 1,789 EUR/l 75,46 A'], '75,46', '2025-02-08'));
    const item = line(receipt, 'SUPER E10 SAEULE 3');
    expect(item).toMatchObject({ quantity: 42.18, unit_price: null, total_price: 75.46 });
    const sent = { name: 'Super E10', quantity: item.quantity, unit_price: item.unit_price, total_price: item.total_price };
    expect((await correctItem(member, receipt, item, sent)).status).toBe(200);
  });

  it('adds a missing line after the last one and removes a line that is no purchase, bounds checked', async () => {
    const receipt = await upload(member, await receiptPdf(['KAFFEE 4,99 A', 'BONUSPUNKTE 6,48 A'], '6,48', '2025-02-07'));
    expect(receipt.lines_difference).toBe(-4.99);
    const ok = (body: unknown) => addItem(member, receipt, body).then((response) => response.status);
    expect(await ok({ total_price: 1 })).toBe(422);
    expect(await ok({ name: '', total_price: 1 })).toBe(422);
    expect(await ok({ name: longText(301), total_price: 1 })).toBe(422);
    expect(await ok({ name: 'Milch' })).toBe(422);
    expect(await ok({ name: 'Milch', total_price: -0.01 })).toBe(422);
    expect(await ok({ name: 'Milch', total_price: 1_000_000.01 })).toBe(422);
    expect(await ok({ name: 'Milch', total_price: 1, quantity: 0 })).toBe(422);
    expect(await ok({ name: 'Milch', total_price: 1, quantity: 10_000.001 })).toBe(422);
    expect(await ok({ name: 'Milch', total_price: 1, unit_price: -0.01 })).toBe(422);
    expect((await fetchReceipt(receipt.id)).item_count).toBe(2);

    const added = await member.json<Receipt>('POST', `/api/v1/receipts/${receipt.id}/items`, { name: ' Vollmilch 3,5% ', total_price: 1.49 });
    expect(added.items?.map((item) => [item.position, item.normalized_name, item.quantity, item.total_price])).toEqual([
      [1, 'KAFFEE', 1, 4.99],
      [2, 'BONUSPUNKTE', 1, 6.48],
      [3, 'Vollmilch 3,5%', 1, 1.49],
    ]);
    // Matched at once: the catalog holds a product of that name.
    expect(line(added, 'Vollmilch 3,5%')).toMatchObject({ catalog_product_id: milk, match_reason: 'exact_name', corrected: true });
    // The card slip alone explains the difference.
    expect(line(added, 'BONUSPUNKTE').check_reasons).toEqual(['sum_mismatch']);

    const removed = (await (await removeItem(member, receipt, line(added, 'BONUSPUNKTE'))).json()) as Receipt;
    expect(removed.items?.map((item) => item.normalized_name)).toEqual(['KAFFEE', 'Vollmilch 3,5%']);
    expect(removed).toMatchObject({ lines_sum: 6.48, lines_difference: 0 });
    expect((await removeItem(member, receipt, line(added, 'BONUSPUNKTE'))).status).toBe(404);
    // The next line after a removal goes after the last one still there.
    const again = await member.json<Receipt>('POST', `/api/v1/receipts/${receipt.id}/items`, { name: 'Brot', quantity: 2, unit_price: 1.5, total_price: 3 });
    expect(line(again, 'Brot')).toMatchObject({ position: 4, quantity: 2, unit_price: 1.5 });
  });

  it('holds at most 500 lines', async () => {
    const receipt = await upload(member, await receiptPdf(['ZUCKER 1,09 A'], '1,09', '2025-02-08'));
    const insert = db.prepare(
      `INSERT INTO receipt_items (id, receipt_id, position, raw_name, normalized_name, quantity, total_price, created_at, updated_at) VALUES (?, ?, ?, 'X', 'X', 1, 0.01, '2025-02-08T00:00:00.000Z', '2025-02-08T00:00:00.000Z')`,
    );
    db.transaction(() => {
      for (let position = 2; position <= 499; position += 1) insert.run(`filler-${position}`, receipt.id, position);
    })();
    expect((await addItem(member, receipt, { name: 'Fünfhundert', total_price: 1 })).status).toBe(200);
    const over = await addItem(member, receipt, { name: 'Fünfhunderteins', total_price: 1 });
    expect(over.status).toBe(409);
    expect(await over.json()).toMatchObject({ code: 'receipt_items_limit' });
    expect((await fetchReceipt(receipt.id)).item_count).toBe(500);
    expect((await owner.call('DELETE', `/api/v1/receipts/${receipt.id}`)).status).toBe(204);
  });

  it('runs the matching again for a corrected name, and a store mapping learns the corrected name from then on', async () => {
    const receipt = await upload(member, await receiptPdf(['V0LLMILCH 3,5% 1,19 A', 'J0GHURT NAT 0,89 A'], '2,08', '2025-02-10'));
    expect(line(receipt, 'V0LLMILCH 3,5%').catalog_product_id).toBeNull();
    const renamed = await member.json<Receipt>('PATCH', `/api/v1/receipts/${receipt.id}/items/${line(receipt, 'V0LLMILCH 3,5%').id}/correction`, { name: 'Vollmilch 3,5%' });
    expect(line(renamed, 'Vollmilch 3,5%')).toMatchObject({ catalog_product_id: milk, match_reason: 'exact_name', raw_name: 'Vollmilch 3,5%' });

    // Mapped by hand under the misread name, then the name put right.
    const misread = line(renamed, 'J0GHURT NAT');
    await member.json('PATCH', `/api/v1/receipts/${receipt.id}/items/${misread.id}`, { product_id: yoghurt });
    const corrected = await member.json<Receipt>('PATCH', `/api/v1/receipts/${receipt.id}/items/${misread.id}/correction`, { name: 'JOGHURT NATUR' });
    expect(line(corrected, 'JOGHURT NATUR')).toMatchObject({ catalog_product_id: yoghurt, match_status: 'manual' });
    const mappings = db.prepare('SELECT line_key FROM receipt_store_mappings WHERE product_id = ?').all(yoghurt) as { line_key: string }[];
    expect(mappings.map((row) => row.line_key)).toEqual(['joghurt natur']);

    const next = await upload(member, await receiptPdf(['JOGHURT NATUR 0,89 A', 'J0GHURT NAT 0,89 A'], '1,78', '2025-02-11'));
    expect(line(next, 'JOGHURT NATUR')).toMatchObject({ catalog_product_id: yoghurt, match_reason: 'learned_store' });
    expect(line(next, 'J0GHURT NAT').match_reason).not.toBe('learned_store');
  });

  it('forgets what the misread store taught this receipt when the store is put right, and matches only its own lines again', async () => {
    const butter = (await owner.json<{ id: string }>('POST', '/api/v1/catalog/products', { name: 'Markenbutter' })).id;
    const taught = await upload(member, await receiptPdf(['BUTTER MB 2,29 A'], '2,29', '2025-02-20'));
    await member.json('PATCH', `/api/v1/receipts/${taught.id}/items/${line(taught, 'BUTTER MB').id}`, { product_id: butter });
    const misread = await upload(member, await receiptPdf(['BUTTER MB 2,29 A'], '2,29', '2025-02-22'));
    expect(line(misread, 'BUTTER MB')).toMatchObject({ catalog_product_id: butter, match_reason: 'learned_store' });
    // Another receipt's open line, whose name a product made since would match: a correction of this receipt leaves it alone.
    const other = await upload(member, await receiptPdf(['SENF SCHARF 0,79 A'], '0,79', '2025-02-21'));
    await owner.json('POST', '/api/v1/catalog/products', { name: 'SENF SCHARF' });
    expect(line(await fetchReceipt(other.id), 'SENF SCHARF').catalog_product_id).toBeNull();
    const corrected = await member.json<Receipt>('PATCH', `/api/v1/receipts/${misread.id}`, { store_name: 'Hofladen Berger' });
    // The store's mapping goes; the alias the hand mapping taught holds in any store.
    expect(line(corrected, 'BUTTER MB')).toMatchObject({ catalog_product_id: butter, match_reason: 'confirmed_alias' });
    expect(line(await fetchReceipt(other.id), 'SENF SCHARF').catalog_product_id).toBeNull();
  });

  it('moves a hand mapping to the corrected name only when the misread name had taught one', async () => {
    const honey = (await owner.json<{ id: string }>('POST', '/api/v1/catalog/products', { name: 'Blütenhonig' })).id;
    const receipt = await upload(member, await receiptPdf(['BLUET HON1G 3,99 A'], '3,99', '2025-02-23'));
    await member.json('PATCH', `/api/v1/receipts/${receipt.id}/items/${line(receipt, 'BLUET HON1G').id}`, { product_id: honey, remember: false });
    const corrected = await member.json<Receipt>('PATCH', `/api/v1/receipts/${receipt.id}/items/${line(receipt, 'BLUET HON1G').id}/correction`, { name: 'BLUET HONIG' });
    expect(line(corrected, 'BLUET HONIG')).toMatchObject({ catalog_product_id: honey, match_status: 'manual' });
    expect(db.prepare('SELECT COUNT(*) AS n FROM receipt_store_mappings WHERE product_id = ?').get(honey)).toEqual({ n: 0 });
    expect(db.prepare('SELECT COUNT(*) AS n FROM product_aliases WHERE product_id = ?').get(honey)).toEqual({ n: 0 });
  });

  it('is for members and up in a browser: viewers read only, tokens and strangers are refused', async () => {
    const receipt = await upload(member, await receiptPdf(['HONIG 4,49 A'], '4,49', '2025-02-12'));
    const item = line(receipt, 'HONIG');
    const writes = (browser: Browserless, headers: Record<string, string> = {}) => [
      () => browser.call('PATCH', `/api/v1/receipts/${receipt.id}`, { total: 1 }, headers),
      () => browser.call('PATCH', `/api/v1/receipts/${receipt.id}/items/${item.id}/correction`, { total_price: 1 }, headers),
      () => browser.call('POST', `/api/v1/receipts/${receipt.id}/items`, { name: 'X', total_price: 1 }, headers),
      () => browser.call('DELETE', `/api/v1/receipts/${receipt.id}/items/${item.id}`, undefined, headers),
      () => browser.call('DELETE', `/api/v1/receipts/${receipt.id}`, undefined, headers),
    ];
    expect(await statuses(writes(viewer))).toEqual([403, 403, 403, 403, 403]);
    expect((await viewer.call('GET', `/api/v1/receipts/${receipt.id}`)).status).toBe(200);
    const { token } = await createToken(owner, ['status:read', 'catalog:read', 'stock:read', 'shopping:read', 'shopping:write', 'scans:read', 'scans:write']);
    const tokenCaller = new Browserless(server.baseUrl);
    expect(await statuses(writes(tokenCaller, bearer(token)))).toEqual([403, 403, 403, 403, 403]);
    const stranger = new Browserless(server.baseUrl);
    expect(await statuses(writes(stranger))).toEqual([401, 401, 401, 401, 401]);
    expect(await fetchReceipt(receipt.id)).toMatchObject({ total: 4.49, item_count: 1, items: [expect.objectContaining({ total_price: 4.49, corrected: false })] });
    // Audited by route, never with the values sent.
    const audit = db.prepare(`SELECT action, status_code FROM audit_events WHERE action LIKE '% /api/v1/receipts/%' ORDER BY id`).all() as { action: string; status_code: number }[];
    expect(audit.map((row) => row.action)).toEqual(expect.arrayContaining(['PATCH /api/v1/receipts/{receipt_id}/items/{item_id}/correction', 'PATCH /api/v1/receipts/{receipt_id}', 'DELETE /api/v1/receipts/{receipt_id}']));
    expect(JSON.stringify(db.prepare('SELECT * FROM audit_events').all())).not.toMatch(/EDEKA|Vollmilch|JOGHURT|1000000/);
  });

  it('imports an edited line with the corrected amount into stock, prices and the budget, and refuses changes afterwards (409)', async () => {
    const receipt = await upload(member, await receiptPdf(['VOLLMILCH 3,5% 7,19 A', 'ZWIEBELN 0,99 A', 'BONUSPUNKTE 1,00 A'], '2,18', today));
    const milkLine = line(receipt, 'VOLLMILCH 3,5%');
    // Two misreadings: no single line explains the difference.
    expect(receipt.lines_difference).toBe(-7);
    expect(receipt.items?.flatMap((item) => item.check_reasons)).toEqual([]);
    const withoutFooter = await member.json<Receipt>('DELETE', `/api/v1/receipts/${receipt.id}/items/${line(receipt, 'BONUSPUNKTE').id}`);
    expect(line(withoutFooter, 'VOLLMILCH 3,5%').check_reasons).toEqual(['sum_mismatch']);
    await member.json('PATCH', `/api/v1/receipts/${receipt.id}/items/${milkLine.id}/correction`, { total_price: 1.19, unit_price: 1.19 });
    const ready = await fetchReceipt(receipt.id);
    expect(ready).toMatchObject({ lines_sum: 2.18, lines_difference: 0 });

    const imported = await member.json<{ imported: number }>('POST', `/api/v1/receipts/${receipt.id}/import`, { item_ids: [milkLine.id] });
    expect(imported.imported).toBe(1);
    expect(await owner.json<{ unit_price: number; quantity: number }[]>('GET', `/api/v1/stock/lots?product_id=${milk}`)).toEqual([expect.objectContaining({ quantity: 1, unit_price: 1.19 })]);
    const history = await owner.json<{ receipt_item_id: string; total_price: number; unit_price: number }[]>('GET', `/api/v1/catalog/products/${milk}/price-history`);
    expect(history).toEqual([expect.objectContaining({ receipt_item_id: milkLine.id, total_price: 1.19, unit_price: 1.19 })]);
    const budget = await owner.json<{ current_period: { spent: number } }>('GET', '/api/v1/insights/budget?months=1');
    expect(budget.current_period.spent).toBe(2.18);
    const csv = parse(await (await owner.call('GET', `/api/v1/insights/budget/export?month=${today.slice(0, 7)}&locale=en`)).text(), { bom: true }) as string[][];
    // The month's lines: the corrected amount, not the 7,19 read, and no footer line.
    expect(csv.slice(1).map((row) => [row[2], Number(row[5])])).toEqual([
      ['Vollmilch 3,5%', 1.19],
      ['ZWIEBELN', 0.99],
    ]);

    const onion = line(ready, 'ZWIEBELN');
    const refused = await statuses([
      () => member.call('PATCH', `/api/v1/receipts/${receipt.id}/items/${milkLine.id}/correction`, { total_price: 9 }),
      () => member.call('DELETE', `/api/v1/receipts/${receipt.id}/items/${milkLine.id}`),
      () => member.call('PATCH', `/api/v1/receipts/${receipt.id}`, { total: 9 }),
      () => member.call('POST', `/api/v1/receipts/${receipt.id}/items`, { name: 'X', total_price: 1 }),
      () => member.call('DELETE', `/api/v1/receipts/${receipt.id}`),
    ]);
    expect(refused).toEqual([409, 409, 409, 409, 409]);
    // A line not imported yet can still be put right.
    expect((await correctItem(member, receipt, onion, { total_price: 0.99, name: 'Zwiebeln' })).status).toBe(200);
    expect(await fetchReceipt(receipt.id)).toMatchObject({ total: 2.18, items: [expect.objectContaining({ total_price: 1.19, imported: 1 }), expect.objectContaining({ normalized_name: 'Zwiebeln' })] });
  });

  it('deletes a receipt that was not imported with its file; an imported one stays', async () => {
    const receipt = await upload(member, await receiptPdf(['SALZ 0,49 A'], '0,49', '2025-02-14'));
    const file = join(server.dataDir, 'receipts', `${receipt.id}.pdf`);
    expect(existsSync(file)).toBe(true);
    const response = await member.call('DELETE', `/api/v1/receipts/${receipt.id}`);
    expect(response.status).toBe(204);
    expect((await owner.call('GET', `/api/v1/receipts/${receipt.id}`)).status).toBe(404);
    expect(existsSync(file)).toBe(false);
    expect(db.prepare('SELECT COUNT(*) AS n FROM receipt_items WHERE receipt_id = ?').get(receipt.id)).toEqual({ n: 0 });
    expect((await member.call('DELETE', `/api/v1/receipts/${receipt.id}`)).status).toBe(404);

    const kept = await upload(member, await receiptPdf(['VOLLMILCH 3,5% 1,19 A'], '1,19', '2025-02-15'));
    await member.json('POST', `/api/v1/receipts/${kept.id}/import`, {});
    const refused = await member.call('DELETE', `/api/v1/receipts/${kept.id}`);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ code: 'receipt_imported' });
    expect(existsSync(join(server.dataDir, 'receipts', `${kept.id}.pdf`))).toBe(true);
    expect((await owner.call('GET', `/api/v1/receipts/${kept.id}`)).status).toBe(200);
  });
});
