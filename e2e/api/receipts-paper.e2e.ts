import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: the generator is plain JavaScript without types.
import { receipts } from '../../scripts/receipt-corpus/layouts.mjs';
// @ts-expect-error: as above.
import { renderPdf } from '../../scripts/receipt-corpus/render.mjs';
import { setUpHousehold, type Browserless } from '../support/household.js';
import { corpusReceipt, READING_TIMEOUT_MS, type ReceiptTruth } from '../support/receipt-images.js';
import { startServer, type RunningServer } from '../support/server.js';

interface Receipt {
  id: string;
  purchase_date: string | null;
  total: number | null;
  duplicate?: boolean | null;
  items?: Array<{ normalized_name: string | null; total_price: number | null }> | null;
}

/**
 * Paper as people scan it, made from the project's own generated receipts (the real receipts in
 * ../shared/receipts-real are measured by `bench/run.mjs receipts-real`, never copied here): a scan
 * lying at 90° without an EXIF flag, an A4 page with the receipt in a corner on grey cardboard,
 * a receipt in wide columns, and the same purchase uploaded as its PDF and then as a photo.
 */
describe('receipts on real paper: turned, on an A4 page, another capture of the same purchase', { timeout: READING_TIMEOUT_MS }, () => {
  let server: RunningServer;
  let owner: Browserless;

  const upload = async (bytes: Buffer, name: string, type: string) => {
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(bytes)], { type }), name);
    const response = await fetch(`${server.baseUrl}/api/v1/receipts/analyze`, { method: 'POST', body: form, headers: { cookie: owner.cookie as string } });
    return { status: response.status, body: (await response.json()) as Receipt };
  };
  /** How many of the truth's (non-negative) lines came back with name and amount. */
  const found = (receipt: Receipt, truth: ReceiptTruth) => {
    const read = new Set((receipt.items ?? []).map((item) => `${item.normalized_name}|${item.total_price?.toFixed(2)}`));
    const wanted = truth.lines.filter((line) => line.total >= 0);
    return wanted.filter((line) => read.has(`${line.name}|${line.total.toFixed(2)}`)).length / wanted.length;
  };

  beforeAll(async () => {
    server = await startServer();
    owner = await setUpHousehold(server.baseUrl);
  });
  afterAll(() => server?.stop());

  it('reads a scan lying at 90° like the upright one', async () => {
    const { png, truth } = await corpusReceipt('de-supermarket-02');
    const turned = await sharp(png).rotate(90).jpeg({ quality: 92 }).toBuffer();
    const { status, body } = await upload(turned, 'scan.jpg', 'image/jpeg');
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ purchase_date: truth.date, total: truth.total });
    expect(found(body, truth)).toBeGreaterThanOrEqual(0.9);
  });

  it('reads a receipt lying in the corner of an A4 page on grey cardboard', async () => {
    const { png, truth } = await corpusReceipt('de-drugstore-02');
    const receipt = await sharp(png).resize({ width: 760 }).toBuffer();
    const { height = 0 } = await sharp(receipt).metadata();
    // A4 at 300 dpi: light grey cardboard, a dark strip at the lid's edge, the receipt top right.
    const page = await sharp({ create: { width: 2480, height: Math.max(3508, height + 200), channels: 3, background: { r: 182, g: 178, b: 170 } } })
      .composite([
        { input: { create: { width: 60, height: Math.max(3508, height + 200), channels: 3, background: { r: 25, g: 25, b: 25 } } }, left: 0, top: 0 },
        { input: receipt, left: 2480 - 760 - 120, top: 100 },
      ])
      .jpeg({ quality: 90 })
      .toBuffer();
    const { status, body } = await upload(page, 'scan.jpg', 'image/jpeg');
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ purchase_date: truth.date, total: truth.total });
    expect(found(body, truth)).toBeGreaterThanOrEqual(0.9);
  });

  it('reads every column of a receipt whose quantity, price and amount stand far from the names, scanned and photographed', async () => {
    // The receipt's cut must keep the columns right of the names: cut to its heaviest column of
    // ink, the page lost its prices and total.
    // Two receipts: a photo of the one scanned first would be answered as the same purchase.
    const scanned = await corpusReceipt('de-table-01');
    const photographed = await corpusReceipt('de-table-02');
    for (const [bytes, truth, name, type] of [
      [scanned.png, scanned.truth, 'scan.png', 'image/png'],
      [photographed.photo, photographed.truth, 'photo.jpg', 'image/jpeg'],
    ] as const) {
      const { status, body } = await upload(bytes, name, type);
      expect(status, JSON.stringify(body)).toBe(200);
      expect(body, name).toMatchObject({ purchase_date: truth.date, total: truth.total });
      expect(found(body, truth), name).toBeGreaterThanOrEqual(0.9);
    }
  });

  it('answers a photo of a receipt already uploaded as PDF as the same purchase, and keeps one receipt', async () => {
    const model = (receipts(20_260_314, 7) as Array<{ id: string }>).find((candidate) => candidate.id === 'de-supermarket-03');
    const pdf = (await renderPdf(model)) as Buffer;
    const first = await upload(pdf, 'receipt.pdf', 'application/pdf');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.duplicate).toBe(false);
    const { otherPhoto } = await corpusReceipt('de-supermarket-03');
    const second = await upload(otherPhoto, 'IMG_0815.jpg', 'image/jpeg');
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body).toMatchObject({ id: first.body.id, duplicate: true });
    const all = (await (await fetch(`${server.baseUrl}/api/v1/receipts`, { headers: { cookie: owner.cookie as string } })).json()) as Receipt[];
    // The earlier tests' receipts are there too; of this purchase, one.
    expect(all.filter((receipt) => receipt.total === first.body.total && receipt.purchase_date === first.body.purchase_date).map((receipt) => receipt.id)).toEqual([first.body.id]);
  });
});
