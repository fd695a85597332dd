import { symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, bearer, Browserless, createToken, setUpHousehold } from '../support/household.js';
import { textPdf } from '../support/pdfs.js';
import { corpusReceipt, READING_TIMEOUT_MS } from '../support/receipt-images.js';
import { startServer, type RunningServer } from '../support/server.js';

interface Box {
  page: number;
  x: number;
  y: number;
  w: number;
  h: number;
}
interface Receipt {
  id: string;
  file_url: string | null;
  file_type: string | null;
  items?: Array<{ position: number; normalized_name: string | null; box?: Box | null; ocr_confidence?: number | null }> | null;
}

/** The receipt beside its lines: the stored file, and where each OCR'd line stands in it. */
describe('a receipt’s stored file and its lines’ boxes', { timeout: READING_TIMEOUT_MS }, () => {
  let server: RunningServer;
  let owner: Browserless;
  let viewer: Browserless;
  let db: Database.Database;
  let photo: Buffer;
  let photoReceipt: Receipt;
  let pdfReceipt: Receipt;
  let pdf: Buffer;

  const upload = async (bytes: Buffer, type: string): Promise<Receipt> => {
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(bytes)], { type }), 'receipt');
    const response = await fetch(`${server.baseUrl}/api/v1/receipts/analyze`, { method: 'POST', body: form, headers: { cookie: owner.cookie as string } });
    const body = (await response.json()) as Receipt;
    expect(response.status, JSON.stringify(body)).toBe(200);
    return body;
  };

  beforeAll(async () => {
    server = await startServer();
    owner = await setUpHousehold(server.baseUrl);
    viewer = (await addMember(owner, 'viewer')).browser;
    db = new Database(join(server.dataDir, 'app.db'), { timeout: 5000 });
    photo = (await corpusReceipt('de-bakery-01')).photo;
    photoReceipt = await upload(photo, 'image/jpeg');
    pdf = await textPdf([['REWE Markt GmbH', 'EUR', 'BUTTER 2,29 A', '--------', 'SUMME EUR 2,29', 'Datum: 03.03.2025 Uhrzeit: 18:02:11 Uhr']]);
    pdfReceipt = await upload(pdf, 'application/pdf');
    // OCR on a loaded machine: a ceiling, the hook ends with the server's answer.
  }, READING_TIMEOUT_MS);
  afterAll(async () => {
    db?.close();
    await server?.stop();
  });

  it('serves the stored photo privately to the household, as uploaded', async () => {
    expect(photoReceipt).toMatchObject({ file_url: `/api/v1/receipts/${photoReceipt.id}/file`, file_type: 'image/jpeg' });
    for (const browser of [owner, viewer]) {
      const response = await browser.call('GET', photoReceipt.file_url as string);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/jpeg');
      expect(response.headers.get('cache-control')).toBe('private, no-cache');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(Buffer.from(await response.arrayBuffer()).equals(photo)).toBe(true);
    }
    const fromPdf = await owner.call('GET', pdfReceipt.file_url as string);
    expect(fromPdf.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await fromPdf.arrayBuffer()).equals(pdf)).toBe(true);
  });

  it('keeps each OCR’d line’s box in the photo’s pixels, top to bottom over the printed text; a PDF’s text layer has none', async () => {
    const { width, height } = await sharp(photo).metadata();
    const items = photoReceipt.items ?? [];
    expect(items.length).toBeGreaterThan(0);
    let previousTop = -1;
    for (const item of items) {
      const box = item.box as Box;
      expect(box, item.normalized_name ?? '').toMatchObject({ page: 1 });
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.w).toBeGreaterThan(0);
      expect(box.h).toBeGreaterThan(0);
      expect(box.x + box.w).toBeLessThanOrEqual(width as number);
      expect(box.y + box.h).toBeLessThanOrEqual(height as number);
      expect(box.y).toBeGreaterThan(previousTop);
      previousTop = box.y;
      expect(item.ocr_confidence).toBeGreaterThan(0);
      // Ink where the box says: the crop is darker somewhere than paper.
      const crop = await sharp(photo).extract({ left: box.x, top: box.y, width: box.w, height: box.h }).greyscale().stats();
      expect(crop.channels[0].min).toBeLessThan(crop.channels[0].max - 60);
    }
    // A line is about one printed line high: far less than the photo.
    expect(Math.max(...items.map((item) => (item.box as Box).h))).toBeLessThan((height as number) / 8);
    expect(pdfReceipt.items?.map((item) => item.box ?? null)).toEqual([null]);
  });

  it('refuses API tokens and strangers, and unknown receipts', async () => {
    const { token } = await createToken(owner, ['status:read', 'catalog:read', 'stock:read']);
    expect((await new Browserless(server.baseUrl).call('GET', photoReceipt.file_url as string, undefined, bearer(token))).status).toBe(403);
    expect((await new Browserless(server.baseUrl).call('GET', photoReceipt.file_url as string)).status).toBe(401);
    expect((await owner.call('GET', '/api/v1/receipts/nope/file')).status).toBe(404);
  });

  it('never serves a stored path outside the installation’s receipt folder, nor a link out of it', async () => {
    const secret = join(server.dataDir, 'secret.jpg');
    writeFileSync(secret, photo);
    symlinkSync(secret, join(server.dataDir, 'receipts', 'linked.jpg'));
    const setPath = db.prepare('UPDATE receipts SET image_path = ? WHERE id = ?');
    for (const path of ['../secret.jpg', secret, 'sub/../../secret.jpg', '../app.db', 'linked.jpg', '/etc/passwd']) {
      setPath.run(path, photoReceipt.id);
      const response = await owner.call('GET', photoReceipt.file_url as string);
      expect(response.status, path).toBe(404);
      expect(await response.json()).toMatchObject({ code: 'receipt_file_not_found' });
    }
    // A file removed by retention: no link, and 404.
    setPath.run(null, photoReceipt.id);
    expect(await owner.json<Receipt>('GET', `/api/v1/receipts/${photoReceipt.id}`)).toMatchObject({ file_url: null, file_type: null });
    expect((await owner.call('GET', `/api/v1/receipts/${photoReceipt.id}/file`)).status).toBe(404);
  });
});
