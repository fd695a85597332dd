import type { ParsedReceiptLine, ReceiptWord } from '../receipt-text.js';
import { cents, isLineAmount, sameAmount } from '../receipt-numbers.js';

/**
 * OCR's second reading of an amount (the same pixels with the ink thickened, see
 * reading/second-reading.ts) against its first: where the lines do not add up to the total, the
 * readings that make them add up are taken. Neither reading is trusted on its own: a thickened 5
 * may read as a 9 as easily as a faded 9 reads as a 5, so only the total chooses, and only when one
 * choice of the fewest lines makes it agree.
 */

/** An amount in a word as OCR gives it, speckles or a tax class glued on. */
const AMOUNT = /(\d{1,4})[.,:](\d{2})/;
/** More lines with a second reading than this are not searched (2^n choices). */
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
 * Each line whose amount was read from a word that OCR read a second time as another amount:
 * the word's first reading must be the line's amount (a count line's unit price is not).
 */
export function secondReadingsOf(lines: readonly ParsedReceiptLine[], words: ReadonlyArray<readonly ReceiptWord[] | undefined>): SecondReading[] {
  return lines.flatMap((line) => {
    const amount = Math.abs(line.totalPrice);
    // Count × price gives the first reading: two readings against one.
    if (line.quantity !== 1 && line.unitPrice !== null && isLineAmount(line.quantity, line.unitPrice, amount)) return [];
    for (const index of line.sourceLines) {
      const other = secondReadingOf(words[index], amount);
      if (other !== null) return [{ line, value: Math.sign(line.totalPrice || 1) * other }];
    }
    return [];
  });
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
    if (chosen.length > size || !sameAmount(chosen.reduce((s, i) => s + steps[i], 0), need)) continue;
    if (chosen.length < size) {
      size = chosen.length;
      best = [mask];
    } else best.push(mask);
  }
  return best.length === 1 ? readings.filter((_, i) => best[0] & (1 << i)) : null;
}
