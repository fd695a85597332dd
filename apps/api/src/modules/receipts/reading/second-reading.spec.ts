import { describe, expect, it } from 'vitest';
import type { ReceiptTextLine } from '../parser/receipt-text.js';
import type { PreparedPage } from './ocr-image.js';
import { amountWords, differentAmount, stackCrops, thickenInk, withinBudget, withSecondReadings, wordSized } from './second-reading.js';

/** A white page with dark pixels where `ink` says. */
function page(width: number, height: number, ink: Array<[number, number]> = []): PreparedPage {
  const pixels = new Uint8Array(width * height).fill(255);
  for (const [x, y] of ink) pixels[y * width + x] = 0;
  return { pixels, width, height, toSource: (x, y) => [x, y] };
}
const word = (text: string, x0: number, y0: number) => ({ text, box: { x0, y0, x1: x0 + 40, y1: y0 + 20 }, confidence: 0.9 });
const textLine = (...words: ReturnType<typeof word>[]): ReceiptTextLine => ({ text: words.map((w) => w.text).join(' '), words });

describe('a second reading of the amounts', () => {
  it('thickens each stroke by a pixel, so a one-pixel break in a stroke closes', () => {
    // A stroke along row 2 from x 1 to 7 with x 4 missing (a faded dot).
    const broken = page(9, 5, [1, 2, 3, 5, 6, 7].map((x) => [x, 2] as [number, number]));
    const thick = thickenInk(broken, { x0: 0, y0: 0, width: 9, height: 5 });
    expect(thick[2 * 9 + 4]).toBe(0);
    // A pixel two away from any ink stays paper.
    expect(thick[0 * 9 + 4]).toBe(255);
  });

  it('stacks the words one below the other, each in a slot of its own', () => {
    const source = page(200, 100, [[110, 60]]);
    const { image, slots } = stackCrops(source, [
      { x0: 10, y0: 10, x1: 50, y1: 30 },
      { x0: 100, y0: 50, x1: 140, y1: 70 },
    ]);
    expect(slots).toHaveLength(2);
    expect(slots[0].bottom).toBeLessThanOrEqual(slots[1].top);
    // The second crop's ink (thickened) lies inside its slot.
    const dark = [...image.pixels.keys()].filter((i) => image.pixels[i] === 0).map((i) => Math.floor(i / image.width));
    expect(dark.length).toBe(9);
    for (const row of dark) expect(row >= slots[1].top && row < slots[1].bottom).toBe(true);
  });

  it('reads only the amounts at the end of a line', () => {
    const lines = [
      textLine(word('Milch', 0, 0), word('1,19', 100, 0), word('B', 150, 0)),
      // A tax class and a speck after the amount.
      textLine(word('Salat', 0, 20), word('1.93', 100, 20), word('B', 150, 20), word('|', 170, 20)),
      textLine(word('12.05.20', 0, 40), word('Kasse', 100, 40)),
      textLine(word('Terminal-Id', 0, 80), word('615.1', 100, 80)),
      // A count line's unit price is an amount too (the parser asks only for the line amount's word).
      textLine(word('2', 0, 100), word('x', 20, 100), word('0,49', 100, 100)),
      // Not the amount of a line: a price in the name, four words from its end.
      textLine(word('Deal', 0, 120), word('2,00', 40, 120), word('Aktion', 80, 120), word('Tee', 120, 120), word('1,29', 150, 120)),
    ];
    expect(amountWords(lines).map(({ word: w }) => w.text)).toEqual(['1,19', '1.93', '0,49', '1,29']);
  });

  it('reads only boxes the size of a printed amount, so the stacked picture stays small', () => {
    const at = (text: string, height: number, width = 40) => ({ word: { text, box: { x0: 0, y0: 0, x1: width, y1: height } } });
    // A smudge's box read as an amount, 20 lines high, and one as wide as the page.
    const targets = [at('1,19', 20), at('2,49', 21), at('0,99', 19), at('1,00', 400), at('7,77', 20, 900)];
    expect(wordSized(targets).map((t) => t.word.text)).toEqual(['1,19', '2,49', '0,99']);
  });

  it('stacks no more than a small picture holds, however large the amounts are printed', () => {
    const sized = (height: number, count: number) => Array.from({ length: count }, (_, i) => ({ word: { text: '1,99', box: { x0: 0, y0: i * height, x1: 2 * height, y1: (i + 1) * height } } }));
    // Forty amounts at the page's 40 px line height all fit.
    expect(withinBudget(sized(40, 40))).toHaveLength(40);
    // Eighty amounts 400 px high (an upload printing huge digits among tiny text): a few.
    const huge = withinBudget(sized(400, 80));
    expect(huge.length).toBeGreaterThan(0);
    expect(huge.length).toBeLessThan(5);
    const { image } = stackCrops(page(2000, 40_000), huge.map((t) => t.word.box));
    expect(image.width * image.height).toBeLessThanOrEqual(2_000_000);
  });

  it('leaves the lines as read when the second reading fails, and ignores a scrap read beside an amount', async () => {
    const lines = [textLine(word('Brot', 0, 0), word('1,93', 100, 0))];
    expect(await withSecondReadings(page(200, 100), lines, () => Promise.reject(new Error('worker gone')))).toEqual(lines);
    const { slots } = stackCrops(page(200, 100), [lines[0].words![1].box!]);
    const middle = (slots[0].top + slots[0].bottom) / 2;
    const at = (y: number) => ({ x0: 10, y0: Math.round(y - 5), x1: 50, y1: Math.round(y + 5) });
    const read = async () => [
      // A scrap of the row above caught in the margin, read first.
      { text: 'Ii', words: [{ text: 'Ii', box: at(slots[0].top + 2) }] },
      { text: '1,99', words: [{ text: '1,99', box: at(middle) }] },
    ];
    const out = await withSecondReadings(page(200, 100), lines, read);
    expect(out[0].words![1]).toMatchObject({ alternative: '1,99' });
  });

  it('keeps another amount as the word`s alternative, nothing else', async () => {
    expect(differentAmount('1,93', '1,99')).toBe(true);
    expect(differentAmount('2,18', '2,18=*B')).toBe(false);
    expect(differentAmount('1,93', 'B')).toBe(false);
    const lines = [textLine(word('Brot', 0, 0), word('1,93', 100, 0)), textLine(word('Milch', 0, 40), word('2,18', 100, 40))];
    const read = async (image: Buffer) => {
      // The stack is read as two lines, one per slot, in the middle of each crop.
      const [, size] = image.toString('latin1', 0, 20).split('\n');
      const height = Number(size.split(' ')[1]);
      expect(height).toBeGreaterThan(60);
      const { slots } = stackCrops(page(200, 100), [lines[0].words![1].box!, lines[1].words![1].box!]);
      const at = (slot: number) => ({ x0: 10, y0: Math.round(slots[slot].top + 10), x1: 50, y1: Math.round(slots[slot].top + 25) });
      return [
        { text: '1,99', words: [{ text: '1,99', box: at(0) }] },
        { text: '2,18=*B', words: [{ text: '2,18=*B', box: at(1) }] },
      ];
    };
    const out = await withSecondReadings(page(200, 100), lines, read);
    expect(out[0].words![1]).toMatchObject({ text: '1,93', alternative: '1,99' });
    expect(out[1].words![1]).not.toHaveProperty('alternative');
    expect(out[0].words![0]).not.toHaveProperty('alternative');
  });

  it('reads a word drawn over two rows of the price column again in two parts, and gives each row its part', async () => {
    const at = (text: string, x0: number, y0: number, y1 = y0 + 20) => ({ text, box: { x0, y0, x1: x0 + 40, y1 }, confidence: 0.9 });
    const lines = [
      textLine(at('Milch', 0, 0), at('1,19', 200, 0)),
      textLine(at('Chicken', 0, 30)),
      textLine(at('Marzipan', 0, 60), at('370', 200, 30, 80)),
      textLine(at('Kiwi', 0, 90), at('1,99', 200, 90)),
    ];
    // The two parts come first in the stack: rows 30–65 and 65–80 of the page.
    const read = async () => {
      const { slots } = stackCrops(page(300, 200), [
        { x0: 200, y0: 30, x1: 240, y1: 65 },
        { x0: 200, y0: 65, x1: 240, y1: 80 },
      ]);
      const in_ = (slot: number, text: string) => ({ text, words: [{ text, box: { x0: 10, y0: Math.round((slots[slot].top + slots[slot].bottom) / 2) - 5, x1: 50, y1: Math.round((slots[slot].top + slots[slot].bottom) / 2) + 5 } }] });
      return [in_(0, '3,99'), in_(1, '3,10')];
    };
    const out = await withSecondReadings(page(300, 200), lines, read);
    expect(out.map((l) => l.text)).toEqual(['Milch 1,19', 'Chicken 3,99', 'Marzipan 3,10', 'Kiwi 1,99']);
  });
});
