/**
 * Barcode normalisation and GTIN rules (reference §1), shared by the API (scanning, catalog
 * barcodes) and the PWA (camera, offline queue), so both accept and refuse exactly the same codes.
 */

/** Symbology names as the reference reports them (internal codes: "Interner Code"). */
export type Symbology = 'EAN-8' | 'UPC-A' | 'EAN-13' | 'GTIN-14' | 'Interner Code';
export const INTERNAL_CODE: Symbology = 'Interner Code';

export type BarcodeCheck =
  | { valid: true; code: string; symbology: Symbology; /** Only GTINs may be looked up outside the box. */ retail: boolean }
  | { valid: false; code: string; reason: 'format' | 'placeholder' | 'checksum' };

const GTIN_LENGTHS: Record<number, Exclude<Symbology, 'Interner Code'>> = { 8: 'EAN-8', 12: 'UPC-A', 13: 'EAN-13', 14: 'GTIN-14' };

/** Trims and drops every run of whitespace or hyphens; nothing else is changed (no padding). */
export function stripSeparators(raw: string): string {
  return raw.trim().replace(/[\s-]+/g, '');
}

/** The GTIN check digit of the payload: weights 3,1,3,… from the right. */
export function gtinCheckDigit(payload: string): number {
  let sum = 0;
  for (let index = 0; index < payload.length; index += 1) {
    const digit = payload.charCodeAt(payload.length - 1 - index) - 48;
    sum += digit * (index % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

export function checkBarcode(raw: string): BarcodeCheck {
  const code = stripSeparators(raw);
  if (!/^\d{4,18}$/.test(code)) return { valid: false, code, reason: 'format' };
  // All-same-digit codes (0000, 00000000, 1111111111111) are placeholders, whatever their length:
  // the service spec rejects them before any draft, internal codes included.
  if (/^(\d)\1*$/.test(code)) return { valid: false, code, reason: 'placeholder' };
  const symbology = GTIN_LENGTHS[code.length];
  if (!symbology) return { valid: true, code, symbology: INTERNAL_CODE, retail: false };
  if (gtinCheckDigit(code.slice(0, -1)) !== Number(code.at(-1))) return { valid: false, code, reason: 'checksum' };
  return { valid: true, code, symbology, retail: true };
}
