import { createHash } from 'node:crypto';
import { normalizeKey } from '@hinv/shared';
import { canonicalReceiptKey, knownRetailer } from './receipt-keys.js';

export interface FingerprintInput {
  storeName: string | null;
  storeNumber: string | null;
  purchaseDate: string | null;
  currency: string;
  total: number | null;
  lines: ReadonlyArray<{ name: string; quantity: number; totalPrice: number | null }>;
}

type Row = [name: string, quantity: string, total: string];

const compareRows = (a: Row, b: Row): number => {
  for (let i = 0; i < 3; i += 1) if (a[i] !== b[i]) return a[i] < b[i] ? -1 : 1;
  return 0;
};

/** Serialises with sorted object keys and no spaces, as the reference's canonical JSON. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, inner]) => `${JSON.stringify(key)}:${canonicalJson(inner)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * The semantic fingerprint of a purchase: the same receipt uploaded as another file (a second
 * scan, the e-mailed PDF) gets the same value. SHA-256 over store, store number, date, currency,
 * total and the sorted (name key, quantity, line total) rows. Null when the store, date or total
 * is missing or fewer than two named lines exist: too little to tell two purchases apart.
 */
export function receiptFingerprint(receipt: FingerprintInput): string | null {
  const store = receipt.storeName ? (knownRetailer(receipt.storeName) ?? normalizeKey(receipt.storeName)) : '';
  const rows: Row[] = receipt.lines
    .map((line): Row => [canonicalReceiptKey(line.name), line.quantity.toFixed(3), line.totalPrice === null ? '' : line.totalPrice.toFixed(2)])
    .filter(([name]) => name !== '');
  if (!store || !receipt.purchaseDate || receipt.total === null || rows.length < 2) return null;
  const document = {
    store,
    store_number: receipt.storeNumber ? normalizeKey(receipt.storeNumber) : '',
    purchase_date: receipt.purchaseDate,
    currency: receipt.currency.toUpperCase(),
    total: receipt.total.toFixed(2),
    lines: rows.sort(compareRows),
  };
  return createHash('sha256').update(canonicalJson(document)).digest('hex');
}
