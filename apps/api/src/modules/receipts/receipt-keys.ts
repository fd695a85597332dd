import { normalizeKey } from '@hinv/shared';

// A price closing the line, as tills print it: "1,19", "-0,50", "2.49 EUR", "1,19 € A", "0,99B".
const TRAILING_PRICE = /\s+-?\d+[.,]\d{2}(?:\s*(?:eur|€))?(?:\s*[a-z])?\s*$/i;
// A count closing what is left: "2 x", "2x", "x 2", "3 Stk.", "6 Stück", or a lone "x"/"Stk".
const TRAILING_QUANTITY = /\s+(?:\d+(?:[.,]\d+)?\s*(?:x|stk\.?|stück)|x\s*\d+(?:[.,]\d+)?|stk\.?|x)\s*$/i;

/**
 * The key of a receipt line's name: the same text bought again at another price or in another
 * amount gets the same key. It uses the catalog's `normalizeKey`, so a line whose name is a
 * product's name has that product's `normalized_name` as its key.
 */
export function canonicalReceiptKey(name: string): string {
  return normalizeKey(name.replace(TRAILING_PRICE, '').replace(TRAILING_QUANTITY, ''));
}
