import type { ParsedReceiptLine, ReceiptWord } from '../receipt-text.js';
import { classSum } from './arithmetic.js';
import { cents, type DecimalSeparator, isLineAmount, joinedApart, lineAmount, readApart, sameAmount, trailingAmount, unitsApart } from '../receipt-numbers.js';

/**
 * Other readings of an amount against its first (OCR's second reading of the same pixels with the
 * ink thickened, see reading/second-reading.ts; the two ways an amount read apart goes together):
 * where the lines do not add up to the total, the readings that make them add up are taken. Neither reading is trusted on its own: a thickened 5
 * may read as a 9 as easily as a faded 9 reads as a 5, so only the total chooses, and only when one
 * choice of the fewest lines makes it agree.
 */

/** An amount in a word as OCR gives it, speckles or a tax class glued on. */
const AMOUNT = /(\d{1,4})[.,:](\d{2})/;
/** Readings searched at most: choices of up to three of 40 are 10,700 sums. */
const MAX_READINGS = 40;
/** Lines changed at once at most: more coincide with the total by chance. */
const MAX_CHOSEN = 3;

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
  const units = unitsApart(read);
  const slipped = units !== null && amount < 10 ? cents(units + Math.floor(amount * 10 + 1e-6) / 100) : null;
  return [joined, slipped].filter((value): value is number => value !== null && value !== 0).map(Math.abs);
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
 * The other readings that make the lines (and tax printed apart) add up to the total: the fewest
 * that do (at most three), taken when only one choice of that many does. The total's own second
 * reading is tried after the total as printed (lines and a second reading of the total agreeing
 * outvote its first reading), unless a payment confirms the printed total. Nothing changes when
 * the lines already agree with the total or with an amount paid (the total itself was misread
 * then), when count × price corrects the lines by just what is missing (the arithmetic's own
 * check does that), or when a choice makes a tax class agree less with the VAT table. Returns the
 * total settled on and whether anything was changed.
 */
export function settleBySecondReadings(
  lines: ParsedReceiptLine[],
  readings: readonly SecondReading[],
  total: number | null,
  totalAgain: number | null,
  tax: number | null,
  paid: readonly number[],
  notes: string[],
  classTotals?: ReadonlyMap<string, number>,
): { total: number | null; changed: boolean } {
  const unchanged = { total, changed: false };
  if (total === null || readings.length > MAX_READINGS || (readings.length === 0 && totalAgain === null)) return unchanged;
  const sum = cents(lines.reduce((s, line) => s + line.totalPrice, 0) + (tax ?? 0));
  if (sameAmount(sum, total) || paid.some((amount) => sameAmount(amount, sum))) return unchanged;
  const confirmed = paid.some((amount) => sameAmount(amount, total));
  const byCount = cents(
    lines
      .filter((line) => line.quantity !== 1 && line.unitPrice !== null && !isLineAmount(line.quantity, line.unitPrice, line.totalPrice))
      .reduce((s, line) => s + Math.sign(line.totalPrice || 1) * lineAmount(line.quantity, line.unitPrice!) - line.totalPrice, 0),
  );
  for (const target of totalAgain === null || confirmed ? [total] : [total, totalAgain]) {
    const need = cents(target - sum);
    if (!sameAmount(byCount, 0) && sameAmount(byCount, need)) return unchanged;
    const chosen = fewestThatMakeUp(readings, need, (choice) => keepsClasses(lines, choice, classTotals));
    if (chosen === null) continue;
    for (const { line, value } of chosen) {
      notes.push(`line ${line.position} "${line.name}": amount read as ${line.totalPrice.toFixed(2)}, read again as ${value.toFixed(2)} (the total agrees)`);
      line.totalPrice = value;
      if (line.quantity === 1 && line.unitPrice !== null) line.unitPrice = value;
    }
    if (target !== total) notes.push(`the total read as ${total.toFixed(2)}, read again as ${target.toFixed(2)} (the lines agree)`);
    return { total: target, changed: true };
  }
  return unchanged;
}

/** Whether taking these readings leaves every tax class at least as near the VAT table's gross for it. */
function keepsClasses(lines: readonly ParsedReceiptLine[], choice: readonly SecondReading[], classTotals?: ReadonlyMap<string, number>): boolean {
  for (const [code, gross] of classTotals ?? []) {
    const before = classSum(lines, code);
    const change = choice.filter(({ line }) => line.taxCode === code).reduce((s, { line, value }) => s + value - line.totalPrice, 0);
    if (Math.abs(gross - before - change) > Math.abs(gross - before) + 0.005) return false;
  }
  return true;
}

/**
 * The one smallest choice of readings (one per line, at most MAX_CHOSEN) whose changes add up to
 * `need` and that `allowed` lets through (none when `need` is 0); null when none or several do.
 */
function fewestThatMakeUp(readings: readonly SecondReading[], need: number, allowed: (choice: readonly SecondReading[]) => boolean): SecondReading[] | null {
  if (sameAmount(need, 0)) return [];
  const step = (reading: SecondReading) => reading.value - reading.line.totalPrice;
  for (let size = 1; size <= Math.min(MAX_CHOSEN, readings.length); size += 1) {
    const found: SecondReading[][] = [];
    const choose = (from: number, chosen: SecondReading[], change: number) => {
      if (found.length > 1) return;
      if (chosen.length === size) {
        if (sameAmount(change, need) && allowed(chosen)) found.push([...chosen]);
        return;
      }
      for (let i = from; i < readings.length; i += 1) {
        // One reading of a line at a time.
        if (chosen.some(({ line }) => line === readings[i].line)) continue;
        chosen.push(readings[i]);
        choose(i + 1, chosen, change + step(readings[i]));
        chosen.pop();
      }
    };
    choose(0, [], 0);
    if (found.length === 1) return found[0];
    if (found.length > 1) return null;
  }
  return null;
}
