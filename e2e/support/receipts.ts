/** Receipts for the API tests: till receipts as PDFs with a text layer, their upload, and their lines. */
import { expect } from 'vitest';
import type { Browserless } from './household.js';
import { textPdf } from './pdfs.js';

export const REWE = ['REWE Markt GmbH', 'Musterstraße 12', '50667 Köln'] as const;

/** A till receipt as a PDF with a text layer; the date (as printed, `03.04.2025`) and total keep each one a purchase of its own. */
export const receiptPdf = (store: readonly string[], lines: readonly string[], total: string, printedDate: string): Promise<Buffer> =>
  textPdf([[...store, 'EUR', ...lines, '--------------------------------', `SUMME EUR ${total}`, `Datum: ${printedDate} Uhrzeit: 18:02:11 Uhr`]]);

/** Uploads a PDF receipt for analysis as `browser`; the analysis must succeed. */
export async function uploadReceipt<R>(baseUrl: string, browser: Browserless, bytes: Buffer): Promise<R> {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), 'receipt.pdf');
  const response = await fetch(`${baseUrl}/api/v1/receipts/analyze`, { method: 'POST', body: form, headers: { cookie: browser.cookie as string } });
  expect(response.status).toBe(200);
  return (await response.json()) as R;
}

/** The receipt's line read as `name`; throws with the names there are when there is none. */
export function receiptLine<I extends { normalized_name: string | null }>(receipt: { items?: I[] | null }, name: string): I {
  const found = receipt.items?.find((item) => item.normalized_name === name);
  if (!found) throw new Error(`no line ${name} in ${JSON.stringify(receipt.items?.map((item) => item.normalized_name))}`);
  return found;
}
