import type { ReceiptTextLine, ReceiptWord } from '../parser/receipt-text.js';

/** A word's box on the page, y growing downwards. */
export type Box = NonNullable<ReceiptWord['box']>;

/** The middle value (the upper one of an even count); null for none. */
export function median(values: readonly number[]): number | null {
  return values.length === 0 ? null : [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
}

/** Where a line lies up and down on the page: the middle of its first word's box. */
export function lineMiddle(line: ReceiptTextLine): number | null {
  const box = line.words?.[0]?.box;
  return box ? (box.y0 + box.y1) / 2 : null;
}
