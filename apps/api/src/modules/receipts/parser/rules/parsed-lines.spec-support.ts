import type { ParsedReceiptLine } from '../receipt-text.js';

/**
 * A parsed article line for the arithmetic's specs: named after its position, read from the input
 * line of that index, a discount when its amount is negative. Test support only: the build leaves
 * `*.spec-support.ts` out.
 */
export const parsedLine = (position: number, totalPrice: number, quantity = 1, unitPrice: number | null = totalPrice): ParsedReceiptLine => ({
  position,
  kind: totalPrice < 0 ? 'discount' : 'item',
  rawText: '',
  name: `item ${position}`,
  quantity,
  unit: 'piece',
  unitPrice,
  totalPrice,
  taxCode: null,
  barcode: null,
  sourceLines: [position],
});
