import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pixelBomb, rotatedJpeg } from '../support/images.js';
import { textPdf } from '../support/pdfs.js';
import { READING_TIMEOUT_MS } from '../support/receipt-images.js';
import { addMember, bearer, createToken, setUpHousehold, type Browserless } from '../support/household.js';
import { startServer, type RunningServer } from '../support/server.js';

const REWE = [
  'REWE Markt GmbH',
  'Musterstraße 12',
  '50667 Köln',
  'EUR',
  'VOLLMILCH 3,5% 1,19 A',
  'JOGHURT NATUR 2,58 A',
  '2 Stk x 1,29',
  'BANANEN 1,36 A',
  '0,456 kg x 2,99 EUR/kg',
  'PFAND 0,25 EUR A',
  '--------------------------------',
  'SUMME EUR 5,38',
  'Geg. BAR EUR 10,00',
  'Datum: 14.03.2025 Uhrzeit: 18:02:11 Uhr',
  'Markt:1234 Kasse:3 Bed.:123456',
];

interface Item {
  id: string;
  receipt_id: string;
  position: number;
  raw_name: string;
  normalized_name: string | null;
  quantity: number;
  unit_price: number | null;
  total_price: number | null;
  match_status: string;
  match_reason: string;
  catalog_product_id: string | null;
  catalog_product_name: string | null;
  imported: number;
}

interface Receipt {
  id: string;
  status: string;
  store_name: string | null;
  retailer: string | null;
  store_number: string | null;
  purchase_date: string | null;
  currency: string;
  total: number | null;
  item_count: number | null;
  ready_count: number | null;
  review_count: number;
  imported_count: number | null;
  duplicate?: boolean | null;
  items?: Item[] | null;
}

describe('receipt upload and analysis (PDF text layer)', () => {
  let server: RunningServer;
  let owner: Browserless;
  let member: Browserless;
  let viewer: Browserless;
  let milkId: string;
  let reweBytes: Buffer;
  let receiptId: string;

  const receiptDir = () => join(server.dataDir, 'receipts');
  const filesIn = (dir: string) => {
    try {
      return readdirSync(dir).sort();
    } catch {
      return [];
    }
  };
  const storedFiles = () => filesIn(receiptDir()).filter((name) => name !== '.staging');

  const upload = (browser: Browserless | null, bytes: Buffer, name = 'receipt.pdf', type = 'application/pdf', headers: Record<string, string> = {}) => {
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(bytes)], { type }), name);
    return fetch(`${server.baseUrl}/api/v1/receipts/analyze`, {
      method: 'POST',
      body: form,
      headers: { ...(browser?.cookie ? { cookie: browser.cookie } : {}), ...headers },
    });
  };

  beforeAll(async () => {
    server = await startServer({ MAX_UPLOAD_MB: '1' });
    owner = await setUpHousehold(server.baseUrl);
    member = (await addMember(owner, 'member')).browser;
    viewer = (await addMember(owner, 'viewer')).browser;
    milkId = (await owner.json<{ id: string }>('POST', '/api/v1/catalog/products', { name: 'Vollmilch 3,5%' })).id;
    reweBytes = await textPdf([REWE]);
  });
  afterAll(() => server?.stop());

  it('analyses a PDF with a text layer into a receipt in review, matched against the catalog', async () => {
    const response = await upload(member, reweBytes);
    expect(response.status).toBe(200);
    const receipt = (await response.json()) as Receipt;
    receiptId = receipt.id;
    expect(receipt).toMatchObject({
      status: 'review',
      duplicate: false,
      store_name: 'REWE Markt GmbH',
      retailer: 'REWE',
      store_number: '1234',
      purchase_date: '2025-03-14',
      currency: 'EUR',
      total: 5.38,
      item_count: 4,
      ready_count: 1,
      review_count: 3,
      imported_count: 0,
    });
    expect(receipt.items?.map((i) => [i.position, i.normalized_name, i.quantity, i.unit_price, i.total_price, i.match_status])).toEqual([
      [1, 'VOLLMILCH 3,5%', 1, 1.19, 1.19, 'exact'],
      [2, 'JOGHURT NATUR', 2, 1.29, 2.58, 'unresolved'],
      [3, 'BANANEN', 0.456, 2.99, 1.36, 'unresolved'],
      [4, 'PFAND', 1, 0.25, 0.25, 'unresolved'],
    ]);
    expect(receipt.items?.[0]).toMatchObject({ catalog_product_id: milkId, catalog_product_name: 'Vollmilch 3,5%', match_reason: 'exact_name', imported: 0, receipt_id: receipt.id });
    // The source is stored under its receipt's id; nothing is left in staging.
    expect(storedFiles()).toEqual([`${receipt.id}.pdf`]);
    expect(filesIn(join(receiptDir(), '.staging'))).toEqual([]);
  });

  it('lists and fetches the receipt (any role, session only)', async () => {
    const list = await viewer.json<Receipt[]>('GET', '/api/v1/receipts');
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: receiptId, status: 'review', item_count: 4, ready_count: 1, review_count: 3, imported_count: 0 });
    expect(list[0].items ?? null).toBeNull();
    const detail = await viewer.json<Receipt>('GET', `/api/v1/receipts/${receiptId}`);
    expect(detail.items).toHaveLength(4);
    expect(detail.items?.[0].catalog_product_id).toBe(milkId);
    expect((await viewer.call('GET', '/api/v1/receipts/no-such-receipt')).status).toBe(404);
  });

  it('answers the same file again with the stored receipt and duplicate: true', async () => {
    const response = await upload(owner, reweBytes);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: receiptId, duplicate: true });
    expect(await owner.json<Receipt[]>('GET', '/api/v1/receipts')).toHaveLength(1);
    expect(storedFiles()).toEqual([`${receiptId}.pdf`]);
  });

  it('recognises the same purchase in another file (semantic fingerprint)', async () => {
    const again = await textPdf([REWE]);
    expect(again.equals(reweBytes)).toBe(false);
    const response = await upload(member, again);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: receiptId, duplicate: true });
    expect(await owner.json<Receipt[]>('GET', '/api/v1/receipts')).toHaveLength(1);
    expect(storedFiles()).toEqual([`${receiptId}.pdf`]);
  });

  const padded = (head: string, length: number) => Buffer.concat([Buffer.from(head, 'latin1'), Buffer.alloc(Math.max(0, length - head.length), 0x20)]);
  const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(300, 1)]);
  const html = Buffer.from(`<!doctype html><html><body>${'<p>not a photo</p>'.repeat(20)}</body></html>`);
  const fivePages = () => textPdf(Array.from({ length: 5 }, (_, page) => [`Page ${page + 1}`, 'MILCH 1,19 A', 'SUMME EUR 1,19']));
  const noItems = () => textPdf([['Dear customer,', 'thank you for your visit.', 'See you soon!', 'Have a nice day']]);

  it.each([
    ['a zip file named .pdf', () => Promise.resolve(zip), 'archive.pdf', 'application/pdf', 415],
    ['an empty file', () => Promise.resolve(Buffer.alloc(0)), 'empty.pdf', 'application/pdf', 400],
    ['a 99-byte PDF', () => Promise.resolve(padded('%PDF-1.7\n', 99)), 'tiny.pdf', 'application/pdf', 400],
    ['a file over MAX_UPLOAD_MB', () => Promise.resolve(padded('%PDF-1.7\n', 1024 * 1024 + 1)), 'huge.pdf', 'application/pdf', 413],
    ['HTML named .jpg', () => Promise.resolve(html), 'photo.jpg', 'image/jpeg', 415],
    ['a PDF declared as PNG', () => Promise.resolve(reweBytes), 'receipt.png', 'image/png', 415],
    ['a PDF with more than 4 pages', fivePages, 'long.pdf', 'application/pdf', 400],
    ['a PDF whose text holds no receipt lines', noItems, 'letter.pdf', 'application/pdf', 422],
    ['a broken PDF', () => Promise.resolve(padded('%PDF-1.7\n%broken', 400)), 'broken.pdf', 'application/pdf', 400],
    ['a pixel bomb (a PNG claiming 50,000 × 50,000 pixels)', () => Promise.resolve(pixelBomb(50_000, 50_000)), 'bomb.png', 'image/png', 400],
    ['a truncated JPEG', async () => (await rotatedJpeg(300, 200)).subarray(0, 400), 'cut.jpg', 'image/jpeg', 400],
    ['a photo without any text', () => rotatedJpeg(300, 200), 'blank.jpg', 'image/jpeg', 422],
  ])('refuses %s and stores nothing', async (_name, make, fileName, type, status) => {
    const files = storedFiles();
    const response = await upload(member, await make(), fileName, type);
    expect(response.status).toBe(status);
    const body = (await response.json()) as { detail: unknown };
    expect(body.detail).toBeTruthy();
    expect(storedFiles()).toEqual(files);
    expect(filesIn(join(receiptDir(), '.staging'))).toEqual([]);
    expect(await owner.json<Receipt[]>('GET', '/api/v1/receipts')).toHaveLength(1);
    // A PDF without receipt lines in its text and a photo are read by OCR before they are refused.
  }, READING_TIMEOUT_MS);

  it('needs the file in the form field "image"', async () => {
    const send = (form: FormData) => fetch(`${server.baseUrl}/api/v1/receipts/analyze`, { method: 'POST', body: form, headers: { cookie: member.cookie as string } });
    const noFile = new FormData();
    noFile.append('note', 'no file here');
    expect((await send(noFile)).status).toBe(422);
    const otherField = new FormData();
    otherField.append('file', new Blob([new Uint8Array(reweBytes)], { type: 'application/pdf' }), 'receipt.pdf');
    expect((await send(otherField)).status).toBe(400);
    expect(storedFiles()).toEqual([`${receiptId}.pdf`]);
  });

  it('is for signed-in members and above, through a browser session only', async () => {
    const fresh = await textPdf([['LIDL', 'Filiale 0815', 'Gurke 1,58 A', 'Brot 2,00 A', 'SUMME 3,58', 'Datum 01.02.2025']]);
    expect((await upload(null, fresh)).status).toBe(401);
    expect((await upload(viewer, fresh)).status).toBe(403);
    const { token } = await createToken(owner, ['status:read', 'catalog:read', 'stock:read', 'shopping:read', 'shopping:write', 'scans:read', 'scans:write']);
    expect((await upload(null, fresh, 'receipt.pdf', 'application/pdf', bearer(token))).status).toBe(403);
    expect((await fetch(`${server.baseUrl}/api/v1/receipts`, { headers: bearer(token) })).status).toBe(403);
    expect((await fetch(`${server.baseUrl}/api/v1/receipts/${receiptId}`, { headers: bearer(token) })).status).toBe(403);
    expect((await fetch(`${server.baseUrl}/api/v1/receipts`)).status).toBe(401);
    expect(storedFiles()).toEqual([`${receiptId}.pdf`]);
  });
});
