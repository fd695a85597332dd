import type { ParsedReceiptLine, ReceiptWord } from '../receipt-text.js';
import { cents, type DecimalSeparator, isLineAmount, joinedApart, readApart, sameAmount, trailingAmount } from '../receipt-numbers.js';

/**
 * Other readings of an amount against its first (OCR's second reading of the same pixels with the
 * ink thickened, see reading/second-reading.ts; the two ways an amount read apart goes together):
 * where the lines do not add up to the total, the readings that make them add up are taken. Neither reading is trusted on its own: a thickened 5
 * may read as a 9 as easily as a faded 9 reads as a 5, so only the total chooses, and only when one
 * choice of the fewest lines makes it agree.
 */

/** An amount in a word as OCR gives it, speckles or a tax class glued on. */
const AMOUNT = /(\d{1,4})[.,:](\d{2})/;
/** More readings than this are not searched (2^n choices). */
const MAX_LINES = 12;

export interface SecondReading {
  line: ParsedReceiptLine;
  /** The line's amount by the second reading, with the line's sign. */
  value: number;
}

const valueOf = (text: string): number | null => {
  const match = AMOUNT.exec(text);
  return match ? Number(`${match[1]}.${match[2]}`) : null;
};

/**
 * The other readings of each line's amount:
 * - OCR's second reading of the word the amount was read from (the word's first reading must be
 *   the line's amount: a count line's unit price is not);
 * - an amount read apart ("PFAND 0, 2,50" or "EUR 19, 4,46"): the units before the dangling sign
 *   with the cents that close the line (0,50; 19,46), or, where one digit stands between, with
 *   that digit and the first of the cents (a separator OCR put after the first digit: 0,25).
 * A line whose count × price gives its amount has none: two readings against one.
 */
export function secondReadingsOf(
  lines: readonly ParsedReceiptLine[],
  words: ReadonlyArray<readonly ReceiptWord[] | undefined>,
  texts: readonly string[] = [],
  decimal: DecimalSeparator = ',',
): SecondReading[] {
  return lines.flatMap((line) => {
    const amount = Math.abs(line.totalPrice);
    if (line.quantity !== 1 && line.unitPrice !== null && isLineAmount(line.quantity, line.unitPrice, amount)) return [];
    const sign = Math.sign(line.totalPrice || 1);
    const values = new Set<number>();
    for (const index of line.sourceLines) {
      const other = secondReadingOf(words[index], amount);
      if (other !== null) values.add(other);
      for (const apart of apartReadings(texts[index], amount, decimal)) values.add(apart);
    }
    return [...values].filter((value) => !sameAmount(value, amount)).map((value) => ({ line, value: sign * value }));
  });
}

/** The two readings of an amount read apart ("0, 2,50": 0,50 and 0,25) when the line's amount is its closing piece. */
function apartReadings(text: string | undefined, amount: number, decimal: DecimalSeparator): number[] {
  const read = text === undefined ? null : trailingAmount(text, decimal);
  if (!read || !readApart(read) || !sameAmount(Math.abs(read.amount), amount)) return [];
  const joined = joinedApart(read);
  const units = /(?:^|\s)(\d{1,5})[.,]$/.exec(read.rest);
  const slipped = units && amount < 10 ? cents(Number(units[1]) + Math.floor(amount * 10 + 1e-6) / 100) : null;
  return [joined, slipped].filter((value): value is number => value !== null).map(Math.abs);
}

/** The second reading of the word an amount was read from, among a line's last words; null when there is none. */
export function secondReadingOf(words: readonly ReceiptWord[] | undefined, amount: number): number | null {
  for (const word of (words ?? []).slice(-3)) {
    if (word.alternative === undefined || !sameAmount(valueOf(word.text) ?? -1, Math.abs(amount))) continue;
    const other = valueOf(word.alternative);
    if (other !== null && !sameAmount(other, Math.abs(amount))) return other;
  }
  return null;
}

/**
 * The second readings that make the lines (and tax printed apart) add up to the total: the fewest
 * that do, taken when only one choice of that many does. The total's own second reading is tried
 * after the total as printed (lines and a second reading of the total agreeing outvote its first
 * reading). Nothing changes when the lines already agree with the total or with an amount paid
 * (the total itself was misread then). Returns the total settled on.
 */
export function settleBySecondReadings(
  lines: ParsedReceiptLine[],
  readings: readonly SecondReading[],
  total: number | null,
  totalAgain: number | null,
  tax: number | null,
  paid: readonly number[],
  notes: string[],
): number | null {
  if (total === null || readings.length > MAX_LINES || (readings.length === 0 && totalAgain === null)) return total;
  const sum = cents(lines.reduce((s, line) => s + line.totalPrice, 0) + (tax ?? 0));
  if (sameAmount(sum, total) || paid.some((amount) => sameAmount(amount, sum))) return total;
  for (const target of totalAgain === null ? [total] : [total, totalAgain]) {
    const chosen = fewestThatMakeUp(readings, cents(target - sum));
    if (chosen === null) continue;
    for (const { line, value } of chosen) {
      notes.push(`line ${line.position} "${line.name}": amount read as ${line.totalPrice.toFixed(2)}, read again as ${value.toFixed(2)} (the total agrees)`);
      line.totalPrice = value;
      if (line.quantity === 1 && line.unitPrice !== null) line.unitPrice = value;
    }
    if (target !== total) notes.push(`the total read as ${total.toFixed(2)}, read again as ${target.toFixed(2)} (the lines agree)`);
    return target;
  }
  return total;
}

/** The one smallest choice of readings whose changes add up to `need` (none when `need` is 0); null when none or several do. */
function fewestThatMakeUp(readings: readonly SecondReading[], need: number): SecondReading[] | null {
  if (sameAmount(need, 0)) return [];
  const steps = readings.map((reading) => cents(reading.value - reading.line.totalPrice));
  let best: number[] = [];
  let size = Infinity;
  for (let mask = 1; mask < 1 << readings.length; mask += 1) {
    const chosen = readings.map((_, i) => i).filter((i) => mask & (1 << i));
    // One reading of a line at a time.
    if (new Set(chosen.map((i) => readings[i].line)).size < chosen.length) continue;
    if (chosen.length > size || !sameAmount(chosen.reduce((s, i) => s + steps[i], 0), need)) continue;
    if (chosen.length < size) {
      size = chosen.length;
      best = [mask];
    } else best.push(mask);
  }
  return best.length === 1 ? readings.filter((_, i) => best[0] & (1 << i)) : null;
}
