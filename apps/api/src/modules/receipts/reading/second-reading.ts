import type { ReceiptTextLine, ReceiptWord } from '../parser/receipt-text.js';
import { pgm, type PreparedPage } from './ocr-image.js';
import { mergedAmounts, splitMerged } from './merged-amounts.js';
import type { ReadImage } from './page-reading.js';
import { type Box, lineMiddle, median } from './word-boxes.js';

/**
 * A second reading of every amount on the page, from its pixels with the ink thickened by one
 * pixel. Faded thermal print and dot-matrix print lose parts of a stroke: a 9 whose loop does not
 * close reads as a 5 or a 3, and nothing in the text says so. Read again alone and with each
 * stroke a pixel thicker, the same amount often closes its loop. Neither reading is taken as
 * right here: where they differ the word keeps the other one (`ReceiptWord.alternative`), and the
 * parser's arithmetic decides (the reading that makes the lines agree with the total).
 */

/** An amount in a word. */
const AMOUNT = /-?\d{1,4}[.,:]\d{2}/;
/** A word that is an amount with speckles, a sign or a tax class glued on ("2,18=*B", "(1,79", "0,25-"); not a date ("12.05.20"). */
const AMOUNT_WORD = /^\D{0,3}\d{1,4}[.,:]\d{2}(?![.,:]?\d)\D{0,4}$/;
const isAmountWord = (text: string) => AMOUNT_WORD.test(text);
/** At most this many words are read again: a long receipt's amounts, never a page of numbers. */
const MAX_WORDS = 80;
/** And at most this many words read over two rows are read again in two parts. */
const MAX_MERGED = 4;
/** Margin around a word's box, in line heights: the strokes the box cut off. */
const MARGIN = 0.25;
/** The stacked picture's size at most: a receipt's amounts at the page's 40 px line height take a tenth of it. */
const MAX_STACK_PIXELS = 2_000_000;
/** And its height (tesseract reads pictures up to 32,767 rows). */
const MAX_STACK_ROWS = 20_000;

/**
 * The page's amounts read a second time: one small picture of all of them stacked (one OCR call,
 * however many there are), each line of it matched back to its word by where it lies. Returns the
 * lines with `alternative` set on each amount word whose second reading gives another amount.
 * Nothing here is needed to read the receipt: a second reading that fails leaves the lines as read.
 */
export async function withSecondReadings(page: PreparedPage, lines: readonly ReceiptTextLine[], read: ReadImage): Promise<ReceiptTextLine[]> {
  // Words over two rows of the price column are read again in two parts, first (see merged-amounts.ts).
  const merged = mergedAmounts(lines, isAmountWord).slice(0, MAX_MERGED);
  const parts = merged.flatMap(({ halves }) => halves.map((box) => ({ word: { text: '', box } })));
  const targets = withinBudget([...parts, ...wordSized(amountWords(lines)).slice(0, MAX_WORDS)]);
  if (targets.length === 0) return [...lines];
  const { image, slots } = stackCrops(page, targets.map((target) => target.word.box!));
  let reread: ReceiptTextLine[];
  try {
    reread = await read(pgm(image));
  } catch {
    return [...lines];
  }
  const found = new Map<ReceiptWord, string>();
  for (const [index, slot] of slots.entries()) {
    // The line read in this slot that holds an amount, nearest its middle (a scrap of the row above
    // or below, caught in the margin, may be read in the slot too).
    const middle = (slot.top + slot.bottom) / 2;
    const candidates = reread.filter((line) => {
      const at = lineMiddle(line);
      return at !== null && at >= slot.top && at < slot.bottom && AMOUNT.test(line.text);
    });
    const nearest = candidates.sort((a, b) => Math.abs(lineMiddle(a)! - middle) - Math.abs(lineMiddle(b)! - middle))[0];
    if (nearest) found.set(targets[index].word, nearest.text.trim());
  }
  const partReadings = new Map(parts.flatMap(({ word }) => (found.has(word) ? [[word.box, found.get(word)!] as const] : [])));
  return splitMerged(lines, merged, partReadings, isAmountWord).map((line) => {
    if (!line.words?.some((word) => found.has(word))) return line;
    const words = line.words.map((word) => {
      const other = found.get(word);
      return other !== undefined && differentAmount(word.text, other) ? { ...word, alternative: other } : word;
    });
    return { ...line, words };
  });
}

/**
 * As many words, in order, as the stacked picture (see stackCrops) holds within MAX_STACK_PIXELS
 * and MAX_STACK_ROWS: however an upload's amounts are sized, the second reading stays a small picture.
 */
export function withinBudget<T extends { word: ReceiptWord }>(targets: readonly T[]): T[] {
  let tallest = 0;
  let widest = 0;
  let rows = 0;
  const kept: T[] = [];
  for (const target of targets) {
    const { x0, y0, x1, y1 } = target.word.box!;
    const margin = Math.ceil(MARGIN * (y1 - y0));
    const [height, width] = [y1 - y0 + 2 * margin, x1 - x0 + 2 * margin];
    const gap = Math.max(8, Math.round(Math.max(tallest, height) / 2));
    const stackRows = rows + height + (kept.length + 2) * gap;
    const stackWidth = Math.max(widest, width) + 2 * gap;
    if (stackRows > MAX_STACK_ROWS || stackRows * stackWidth > MAX_STACK_PIXELS) break;
    [tallest, widest, rows] = [Math.max(tallest, height), Math.max(widest, width), rows + height];
    kept.push(target);
  }
  return kept;
}

/**
 * The words that hold an amount, with a box to cut them from: among the last three words of each
 * line (a tax class and a speck may follow the amount: "1.93 B |").
 */
export function amountWords(lines: readonly ReceiptTextLine[]): Array<{ line: ReceiptTextLine; word: ReceiptWord }> {
  return lines.flatMap((line) =>
    (line.words ?? [])
      .slice(-3)
      .filter((word) => word.box && AMOUNT_WORD.test(word.text))
      .map((word) => ({ line, word })),
  );
}

/**
 * Only boxes the size of a printed amount: at most twice the median height and six heights wide.
 * A box OCR drew around a smudge or a logo would make the stacked picture large and read nothing.
 */
export function wordSized<T extends { word: ReceiptWord }>(targets: readonly T[]): T[] {
  const height = (target: T) => target.word.box!.y1 - target.word.box!.y0;
  const usual = median(targets.map(height)) ?? 0;
  return targets.filter((target) => height(target) > 0 && height(target) <= 2 * usual && target.word.box!.x1 - target.word.box!.x0 <= 6 * usual);
}

/** Whether a second reading names another amount than the first ("1,93" and "1,99"; not "2,18=*B" and "2,18"). */
export function differentAmount(first: string, second: string): boolean {
  const a = AMOUNT.exec(first)?.[0];
  const b = AMOUNT.exec(second)?.[0];
  return a !== undefined && b !== undefined && a.replace(/[.,:]/, '.') !== b.replace(/[.,:]/, '.');
}

/**
 * The boxes cut from the page (with a margin, in box heights), their ink thickened (or as `ink`
 * gives them), stacked one below the other on white with a word's height between them, and the
 * rows each one takes in the stack.
 */
export function stackCrops(
  page: PreparedPage,
  boxes: readonly Box[],
  { ink = thickenInk, margin: around = MARGIN }: { ink?: (page: PreparedPage, crop: { x0: number; y0: number; width: number; height: number }, index: number) => Uint8Array; margin?: number } = {},
): { image: PreparedPage; slots: Array<{ top: number; bottom: number }> } {
  const crops = boxes.map((box) => {
    const margin = Math.ceil(around * (box.y1 - box.y0));
    const x0 = Math.max(0, box.x0 - margin);
    const y0 = Math.max(0, box.y0 - margin);
    const x1 = Math.min(page.width, box.x1 + margin);
    const y1 = Math.min(page.height, box.y1 + margin);
    return { x0, y0, width: Math.max(1, x1 - x0), height: Math.max(1, y1 - y0) };
  });
  const gap = Math.max(8, Math.round(Math.max(...crops.map((crop) => crop.height)) / 2));
  const width = Math.max(...crops.map((crop) => crop.width)) + 2 * gap;
  const height = crops.reduce((sum, crop) => sum + crop.height + gap, gap);
  const pixels = new Uint8Array(width * height).fill(255);
  const slots: Array<{ top: number; bottom: number }> = [];
  let top = gap;
  for (const [index, crop] of crops.entries()) {
    const thick = ink(page, crop, index);
    for (let y = 0; y < crop.height; y += 1) pixels.set(thick.subarray(y * crop.width, (y + 1) * crop.width), (top + y) * width + gap);
    // A line read from this crop has its middle within it or in half the gap on either side.
    slots.push({ top: top - gap / 2, bottom: top + crop.height + gap / 2 });
    top += crop.height + gap;
  }
  return { image: { pixels, width, height, toSource: (x, y) => [x, y] }, slots };
}

/** A part of the page as it is. */
export function asPrinted(page: PreparedPage, crop: { x0: number; y0: number; width: number; height: number }): Uint8Array {
  const out = new Uint8Array(crop.width * crop.height);
  for (let y = 0; y < crop.height; y += 1) out.set(page.pixels.subarray((crop.y0 + y) * page.width + crop.x0, (crop.y0 + y) * page.width + crop.x0 + crop.width), y * crop.width);
  return out;
}

/** A part of the page with every pixel as dark as the darkest of its 3 × 3 neighbours: strokes a pixel thicker all round. */
export function thickenInk(page: PreparedPage, crop: { x0: number; y0: number; width: number; height: number }): Uint8Array {
  const out = new Uint8Array(crop.width * crop.height);
  for (let y = 0; y < crop.height; y += 1) {
    for (let x = 0; x < crop.width; x += 1) {
      let darkest = 255;
      for (let dy = -1; dy <= 1; dy += 1) {
        const py = crop.y0 + y + dy;
        if (py < 0 || py >= page.height) continue;
        for (let dx = -1; dx <= 1; dx += 1) {
          const px = crop.x0 + x + dx;
          if (px < 0 || px >= page.width) continue;
          const value = page.pixels[py * page.width + px];
          if (value < darkest) darkest = value;
        }
      }
      out[y * crop.width + x] = darkest;
    }
  }
  return out;
}
