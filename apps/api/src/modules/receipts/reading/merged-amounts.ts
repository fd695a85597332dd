import type { ReceiptTextLine, ReceiptWord } from '../parser/receipt-text.js';
import { type Box, median } from './word-boxes.js';

/**
 * Two rows of the price column read as one word. In a photo of curled or tilted paper the price
 * column's rows lie closer than the names' rows, and OCR may draw one word over two of them: the
 * line below gets an amount nobody printed ("3,70" over "3,99" and "3,10") and the line above
 * none at all, so one article loses its amount and the other gets a wrong one. Such a word is
 * recognised by its box (well over the page's usual amount height, reaching into the neighbour
 * line's row, whose own words end without an amount); cut between the two rows, each part is
 * read again (with the page's other amounts, see second-reading.ts), and when both parts read as
 * amounts each line gets its own.
 */

export interface MergedAmount {
  /** The line OCR put the word on, and the word. */
  line: ReceiptTextLine;
  word: ReceiptWord;
  /** The line beside it whose amount went into the word: it has none of its own. */
  neighbour: ReceiptTextLine;
  neighbourAbove: boolean;
  /** The word's box cut between the two rows, upper part first. */
  halves: [Box, Box];
}

/** A word this many times the page's usual amount height may hold two rows. */
const TALL = 1.7;
/** Each part at least this share of the usual amount height: a part holds a row of digits. */
const PART = 0.6;

const height = (box: Box) => box.y1 - box.y0;
/** Where a line's words sit, up and down: the median of their middles. */
const rowOf = (words: readonly ReceiptWord[]) => median(words.flatMap((word) => (word.box ? [(word.box.y0 + word.box.y1) / 2] : [])));

/** The words read as two rows of the price column, with the line each second row belongs to. */
export function mergedAmounts(lines: readonly ReceiptTextLine[], isAmountWord: (text: string) => boolean): MergedAmount[] {
  const amountOf = (line: ReceiptTextLine | undefined) => (line?.words ?? []).slice(-3).findLast((word) => word.box !== undefined && isAmountWord(word.text));
  const amounts = lines.flatMap((line) => amountOf(line)?.box ?? []);
  const usual = median(amounts.map(height));
  const column = median(amounts.map((box) => box.x1));
  if (usual === null || usual <= 0 || column === null) return [];
  // A merged word often loses its decimal sign too ("370"): digits alone count where the amounts end.
  const mergedOf = (line: ReceiptTextLine) =>
    (line.words ?? []).slice(-3).findLast((word) => word.box !== undefined && (isAmountWord(word.text) || (/^\d{3,6}$/.test(word.text) && Math.abs(word.box.x1 - column) <= usual)));
  const found: MergedAmount[] = [];
  lines.forEach((line, index) => {
    const word = mergedOf(line);
    if (!word || height(word.box!) < TALL * usual) return;
    const box = word.box!;
    const own = rowOf((line.words ?? []).filter((other) => other !== word));
    if (own === null || own < box.y0 || own > box.y1) return;
    for (const [neighbour, above] of [
      [lines[index - 1], true],
      [lines[index + 1], false],
    ] as const) {
      if (neighbour === undefined || amountOf(neighbour) !== undefined) continue;
      const other = rowOf(neighbour.words ?? []);
      if (other === null || other < box.y0 || other > box.y1 || (above ? other >= own : other <= own)) continue;
      const cut = Math.round((own + other) / 2);
      const halves: [Box, Box] = [
        { ...box, y1: cut },
        { ...box, y0: cut },
      ];
      if (halves.some((half) => height(half) < PART * usual)) continue;
      found.push({ line, word, neighbour, neighbourAbove: above, halves });
      return;
    }
  });
  return found;
}

/**
 * The lines with each merged word split as its parts read: the line keeps its row's part, the
 * neighbour gets the other as its last word. A merged word whose parts did not both read as an
 * amount stays as it was.
 */
export function splitMerged(lines: readonly ReceiptTextLine[], merged: readonly MergedAmount[], readings: ReadonlyMap<Box, string>, isAmountWord: (text: string) => boolean): ReceiptTextLine[] {
  const changed = new Map<ReceiptTextLine, ReceiptWord[]>();
  for (const { line, word, neighbour, neighbourAbove, halves } of merged) {
    const [upper, lower] = halves.map((half) => readings.get(half));
    if (upper === undefined || lower === undefined || !isAmountWord(upper) || !isAmountWord(lower)) continue;
    const [ownHalf, otherHalf] = neighbourAbove ? [halves[1], halves[0]] : [halves[0], halves[1]];
    const [ownText, otherText] = neighbourAbove ? [lower, upper] : [upper, lower];
    changed.set(
      line,
      (changed.get(line) ?? line.words ?? []).map((w) => (w === word ? { text: ownText, box: ownHalf, confidence: word.confidence } : w)),
    );
    changed.set(neighbour, [...(changed.get(neighbour) ?? neighbour.words ?? []), { text: otherText, box: otherHalf, confidence: word.confidence }]);
  }
  return lines.map((line) => {
    const words = changed.get(line);
    return words ? { ...line, words, text: words.map((w) => w.text).join(' ') } : line;
  });
}
