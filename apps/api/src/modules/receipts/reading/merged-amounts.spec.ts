import { describe, expect, it } from 'vitest';
import type { ReceiptTextLine } from '../parser/receipt-text.js';
import { mergedAmounts, splitMerged } from './merged-amounts.js';

const isAmount = (text: string) => /^\D{0,3}\d{1,4}[.,]\d{2}\D{0,4}$/.test(text);
/** A line of words at `y`, 30 px high, the last one in the price column at x 500 (its own top and bottom when given). */
function line(text: string, y: number, amountBox?: { y0: number; y1: number }): ReceiptTextLine {
  const words = text.split(' ').map((word, i, all) => {
    const last = i === all.length - 1 && (isAmount(word) || /^\d+$/.test(word));
    const box = last ? { x0: 500, x1: 580, y0: amountBox?.y0 ?? y, y1: amountBox?.y1 ?? y + 30 } : { x0: 10 + i * 90, x1: 90 + i * 90, y0: y, y1: y + 30 };
    return { text: word, box, confidence: 0.9 };
  });
  return { text, words };
}

describe('an amount word read over two rows of the price column', () => {
  // "INDISCHES CHICKEN" lost its 3,99 to the word "3,70" OCR drew over both rows.
  const lines = [
    line('MILCH 1,19', 0),
    line('INDISCHES CHICKEN', 40),
    line('MARZIPAN BROT 3,70', 80, { y0: 40, y1: 110 }),
    line('KIWI 1,99', 120),
    line('SUMME 7,17', 160),
  ];

  it('is found by its height and the neighbour row without an amount that it reaches into', () => {
    const [merged, ...rest] = mergedAmounts(lines, isAmount);
    expect(rest).toHaveLength(0);
    expect(merged).toMatchObject({ line: lines[2], neighbour: lines[1], neighbourAbove: true });
    // Cut between the two rows' middles (55 and 95).
    expect(merged.halves.map((half) => [half.y0, half.y1])).toEqual([
      [40, 75],
      [75, 110],
    ]);
  });

  it('gives each line the part of its row, when both parts read as amounts', () => {
    const merged = mergedAmounts(lines, isAmount);
    const readings = new Map([
      [merged[0].halves[0], '3,99'],
      [merged[0].halves[1], '3,10'],
    ]);
    const out = splitMerged(lines, merged, readings, isAmount);
    expect(out.map((l) => l.text)).toEqual(['MILCH 1,19', 'INDISCHES CHICKEN 3,99', 'MARZIPAN BROT 3,10', 'KIWI 1,99', 'SUMME 7,17']);
    expect(out[1].words!.at(-1)!.box).toEqual(merged[0].halves[0]);
    // Nothing else changes.
    expect(out[0]).toBe(lines[0]);
  });

  it('stays as read when a part does not read as an amount', () => {
    const merged = mergedAmounts(lines, isAmount);
    const readings = new Map([
      [merged[0].halves[0], '3,99'],
      [merged[0].halves[1], 'Ii'],
    ]);
    expect(splitMerged(lines, merged, readings, isAmount)).toEqual(lines);
  });

  it('is found also when it lost its decimal sign, where the price column ends', () => {
    const digits = lines.map((l, i) => (i === 2 ? line('MARZIPAN BROT 370', 80, { y0: 40, y1: 110 }) : l));
    expect(mergedAmounts(digits, isAmount)).toHaveLength(1);
    // Digits elsewhere on the line are no amount.
    const inName = lines.map((l, i) => (i === 2 ? { ...l, words: l.words!.map((w, j) => (j === 2 ? { ...w, text: '370', box: { ...w.box!, x0: 200, x1: 280 } } : w)) } : l));
    expect(mergedAmounts(inName, isAmount)).toHaveLength(0);
  });

  it('is not found where the row beside it has its own amount, or the word is not tall', () => {
    const priced = [line('MILCH 1,19', 0), line('BROT 2,49', 40), line('MARZIPAN BROT 3,70', 80, { y0: 40, y1: 110 }), line('KIWI 1,99', 120)];
    expect(mergedAmounts(priced, isAmount)).toHaveLength(0);
    const plain = [line('MILCH 1,19', 0), line('INDISCHES CHICKEN', 40), line('MARZIPAN BROT 3,70', 80), line('KIWI 1,99', 120)];
    expect(mergedAmounts(plain, isAmount)).toHaveLength(0);
  });
});
