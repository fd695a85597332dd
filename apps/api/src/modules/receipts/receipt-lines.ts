import type { ParsedReceiptLine } from './parser/receipt-text.js';

/**
 * The parsed lines a receipt keeps, as the reference does: adjustments (discounts, returned
 * deposits) and other negative lines are dropped, and so is a line without a name.
 */
export function storedLines<T extends Pick<ParsedReceiptLine, 'kind' | 'totalPrice' | 'name'>>(lines: readonly T[]): T[] {
  return lines.filter((line) => line.kind !== 'discount' && line.totalPrice >= 0 && line.name.trim() !== '');
}
