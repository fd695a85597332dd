import type { ReceiptLineKind } from '../parser/receipt-text.js';
import type { ReceiptReading } from '../reading/receipt-reading.js';

/** What the model is asked for. Dates, amounts and categories are spelled out: models guess otherwise. */
export const RECEIPT_SYSTEM_PROMPT = [
  'You read shopping receipts (German or English) and answer with exactly one JSON object, no prose and no code fences.',
  'The object has these fields:',
  '"store_name": the store or chain as printed at the top, or null;',
  '"store_number": the store or branch number if printed, as a string, or null;',
  '"purchase_date": the date of purchase as "YYYY-MM-DD", or null;',
  '"currency": the ISO 4217 code such as "EUR";',
  '"total": the amount to pay as a number, or null;',
  '"items": one entry per purchased line, in printed order, each an object with',
  '"name" (the article as printed, without amounts, counts or tax letters),',
  '"quantity" (pieces, or the weight in kg for weighed goods; 1 when none is printed),',
  '"unit_price" (number or null), "total_price" (the line amount as a number; negative for discounts),',
  '"category" ("item" for goods, "deposit" for bottle deposits such as Pfand, "adjustment" for discounts, coupons and returned deposits),',
  '"barcode" (a printed EAN/UPC, or null).',
  'Numbers use a dot as decimal separator. Leave out payment, change, card, tax summary and loyalty lines.',
].join('\n');

export const RECEIPT_IMAGE_PROMPT = 'Read this receipt and answer with the JSON object.';
export const receiptTextPrompt = (lines: readonly string[]): string => `Read this receipt, given as its printed text line by line, and answer with the JSON object.\n\n${lines.join('\n')}`;

/** The answer is not a receipt object at all (the caller answers 502). */
export class MalformedAnswer extends Error {}

const MAX_ITEMS = 500;
const MAX_NAME = 300;
const MAX_AMOUNT = 1_000_000;

const CATEGORY_KIND: Record<string, ReceiptLineKind> = { item: 'item', deposit: 'deposit', adjustment: 'discount' };

/** The JSON object in the model's text: as it is, inside a ```json fence, or between the outer braces. */
function jsonObject(text: string): Record<string, unknown> {
  const candidates = [text.trim()];
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(text);
  if (fenced) candidates.push(fenced[1].trim());
  const first = text.indexOf('{');
  const last = text.lastIndexOf('}');
  if (first >= 0 && last > first) candidates.push(text.slice(first, last + 1));
  for (const candidate of candidates) {
    try {
      const value: unknown = JSON.parse(candidate);
      if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
    } catch {
      // the next candidate
    }
  }
  throw new MalformedAnswer('the answer is not a JSON object');
}

/** A number, also when written as a string ("1,19", "€ 2.58"); null when there is none. */
function amount(value: unknown): number | null {
  let number: number | null = null;
  if (typeof value === 'number') number = value;
  else if (typeof value === 'string') {
    const cleaned = value.replace(/[^\d,.\-]/g, '');
    // "1.234,56", "0,456" and "1,234.56": the last separator is the decimal one.
    const comma = cleaned.lastIndexOf(',');
    const normal =
      comma > cleaned.lastIndexOf('.') ? `${cleaned.slice(0, comma).replace(/[.,]/g, '')}.${cleaned.slice(comma + 1)}` : cleaned.replace(/,/g, '');
    number = normal === '' || normal === '.' ? null : Number(normal);
  }
  if (number === null || !Number.isFinite(number) || Math.abs(number) > MAX_AMOUNT) return null;
  return number;
}

const round = (value: number, digits: number) => Number(value.toFixed(digits));

function text(value: unknown, max: number): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return null;
  const trimmed = value.replace(/\s+/g, ' ').trim();
  return trimmed === '' ? null : trimmed.slice(0, max);
}

function isoDate(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  if (!match) return null;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value.trim() ? value.trim() : null;
}

/**
 * The provider's answer checked and turned into what the analysis stores. The shape must hold
 * (an object with an `items` array of objects), else `MalformedAnswer`; within it, a field that
 * cannot be used is left empty (a date that is no date, a currency that is no code) and a line
 * without a usable amount or name is left out. Adjustments become discount lines, which the
 * analysis drops as the reference does.
 */
export function readProviderAnswer(answer: string): ReceiptReading {
  const receipt = jsonObject(answer);
  const items = receipt.items;
  if (!Array.isArray(items)) throw new MalformedAnswer('the answer has no "items" list');
  if (items.length > MAX_ITEMS) throw new MalformedAnswer(`the answer has more than ${MAX_ITEMS} items`);
  const lines: ReceiptReading['lines'][number][] = [];
  for (const entry of items) {
    if (!entry || typeof entry !== 'object' || Array.isArray(entry)) throw new MalformedAnswer('an item is not an object');
    const item = entry as Record<string, unknown>;
    const name = text(item.name, MAX_NAME);
    const quantityRead = amount(item.quantity);
    const quantity = quantityRead !== null && quantityRead > 0 ? round(quantityRead, 3) : 1;
    const unitPriceRead = amount(item.unit_price);
    const unitPrice = unitPriceRead === null ? null : round(unitPriceRead, 2);
    const totalRead = amount(item.total_price) ?? (unitPrice !== null ? unitPrice * quantity : null);
    if (name === null || totalRead === null) continue;
    const category = typeof item.category === 'string' ? item.category.trim().toLowerCase() : 'item';
    const digits = typeof item.barcode === 'string' || typeof item.barcode === 'number' ? String(item.barcode).replace(/\D/g, '') : '';
    lines.push({
      kind: CATEGORY_KIND[category] ?? 'item',
      rawText: name,
      name,
      quantity,
      unitPrice,
      totalPrice: round(totalRead, 2),
      barcode: digits.length >= 8 && digits.length <= 14 ? digits : null,
    });
  }
  const currency = typeof receipt.currency === 'string' && /^[a-z]{3}$/i.test(receipt.currency.trim()) ? receipt.currency.trim().toUpperCase() : 'EUR';
  const total = amount(receipt.total);
  return {
    storeName: text(receipt.store_name, 200),
    storeNumber: text(receipt.store_number, 50),
    purchaseDate: isoDate(receipt.purchase_date),
    currency,
    total: total === null ? null : round(total, 2),
    lines,
  };
}
