import type { ParsedReceiptLine } from '../receipt-text.js';
import { cents, type DecimalSeparator, sameAmount } from '../receipt-numbers.js';
import { differingDigit } from './arithmetic.js';
import { isLookAlike } from './look-alike.js';

/**
 * The VAT table below the total: per rate (and tax class, where the till prints one) the net
 * amount, the VAT and the gross, in the till's column order ("B 7% 7,45 0,52 7,97", "V 19,0% 3,32
 * 17,50 20,82"), or the VAT on one line and the net on the next ("incl. 19% MwSt 15,95",
 * "Netto-Warenwert 83,91"). Each row checks itself twice: net + VAT = gross, and VAT = net × rate.
 * Where two of its amounts agree through the rate, the row's gross is their sum, whatever the
 * third was read as; a row nothing confirms says nothing. The gross amounts add up to a further
 * reading of the total, and per tax class to the sum of that class's lines.
 */

export interface VatRow {
  /** The input line (0-based). */
  index: number;
  /** The tax class printed before the rate ("B"), else null. */
  code: string | null;
  /** Negative for a row of returned goods or deposits ("0,21- 0,04- 0,25-"). */
  gross: number;
}

const RATE = /(?<![\d.,])(\d{1,2})(?:[.,](\d{1,2}))?\s?%/;
/** A tax class before the rate, as a letter (sometimes read twice: "BB 7%"). */
const CODE = /^\W*([A-Z])\1?(?![\p{L}\p{N}])/u;
/** VAT named beside a rate with only its own amount: the net stands on a line nearby. */
const VAT_WORD = /(?<![\p{L}])(?:m[wa][es]t|ust|vat|tax|steuer|inkl|incl)(?![\p{L}])/iu;
/** The net amount's label ("Netto", "Netto-Warenwert:", "Net"). */
const NET = /(?<![\p{L}])net(?:to)?(?:[\p{L}-]*)/iu;

const amountsPattern = (decimal: DecimalSeparator) =>
  decimal === ',' ? /(-\s?)?(?<![\d,.])(\d{1,3}(?:\.\d{3})*|\d+),(\d{2})(?![\d,])(-)?/g : /(-\s?)?(?<![\d.,])(\d{1,3}(?:,\d{3})*|\d+)\.(\d{2})(?![\d.])(-)?/g;

/** The amounts of a piece of a line, signed ("0,21-" is negative). */
function amountsIn(text: string, decimal: DecimalSeparator): number[] {
  return [...text.matchAll(amountsPattern(decimal))].map((m) => {
    const value = Number(`${m[2].replace(/[.,]/g, '')}.${m[3]}`);
    return m[1] || m[4] ? -value : value;
  });
}

/** VAT = net × rate, to the cent the till rounded it to (from the net or from the gross). */
const agrees = (net: number, vat: number, rate: number): boolean => vat > 0 && vat < net && Math.abs(net * rate - vat) <= 0.011;

/** The gross of one row from its amounts (magnitudes) and its rate, or null when the amounts do not confirm one another. */
export function rowGross(amounts: readonly number[], rate: number): number | null {
  if (amounts.length === 3) {
    const gross = Math.max(...amounts);
    const [x, y] = amounts.filter((_, k) => k !== amounts.indexOf(gross));
    if (sameAmount(x + y, gross)) return gross;
    // Net and VAT agree through the rate: the third amount is the gross misread in one look-alike digit.
    for (let k = 0; k < 3; k += 1) {
      const [a, b] = amounts.filter((_, j) => j !== k);
      const sum = cents(a + b);
      const at = differingDigit(sum, amounts[k]);
      if (agrees(Math.max(a, b), Math.min(a, b), rate) && at !== null && isLookAlike(sum.toFixed(2)[at], amounts[k].toFixed(2)[at])) return sum;
    }
    return null;
  }
  if (amounts.length === 2) {
    const [small, large] = [Math.min(...amounts), Math.max(...amounts)];
    // VAT and net; VAT and gross; net and gross, the VAT between them unread ("1,944"). At rates
    // below 30 % the VAT is the smaller of net and VAT, so no two of these read the same pair.
    if (agrees(large, small, rate)) return cents(large + small);
    if (agrees(cents(large - small), small, rate)) return large;
    if (agrees(small, cents(large - small), rate)) return large;
  }
  return null;
}

/** The rows of the VAT table below line `from`; `unresolved` counts rows with amounts that do not confirm one another. */
export function vatRows(texts: readonly string[], from: number, decimal: DecimalSeparator): { rows: VatRow[]; unresolved: number } {
  const rows: VatRow[] = [];
  const seen = new Set<string>();
  let unresolved = 0;
  for (let i = Math.max(from + 1, 0); i < texts.length; i += 1) {
    const text = texts[i];
    const rate = RATE.exec(text);
    if (!rate) continue;
    const percent = Number(`${rate[1]}.${rate[2] ?? '0'}`);
    if (percent < 1 || percent > 30) continue;
    const signed = amountsIn(text.slice(rate.index + rate[0].length), decimal);
    let amounts = signed.map(Math.abs);
    // The VAT alone beside its rate: the net is printed on a line nearby ("Netto-Warenwert 83,91", "NETTO 33,07 BRUTTO 39,35").
    if (amounts.length === 1 && VAT_WORD.test(text)) {
      const net = [i + 1, i - 1, i + 2].map((k) => texts[k]).flatMap((line) => {
        const label = line === undefined ? null : NET.exec(line);
        return label ? amountsIn(line.slice(label.index + label[0].length), decimal).slice(0, 1) : [];
      })[0];
      if (net !== undefined) amounts = [amounts[0], Math.abs(net)];
    }
    if (amounts.length < 2) continue;
    const gross = rowGross(amounts, percent / 100);
    if (gross === null) {
      unresolved += 1;
      continue;
    }
    const key = `${percent} ${gross}`;
    if (seen.has(key)) continue;
    seen.add(key);
    rows.push({ index: i, code: CODE.exec(text.slice(0, rate.index))?.[1] ?? null, gross: signed.some((a) => a < 0) ? -gross : gross });
  }
  return { rows, unresolved };
}

/** The VAT table's gross column added up (a further reading of the total), or null unless every row confirms itself. */
export function vatTableTotal(texts: readonly string[], from: number, decimal: DecimalSeparator): number | null {
  const { rows, unresolved } = vatRows(texts, from, decimal);
  if (rows.length === 0 || unresolved > 0) return null;
  return cents(rows.reduce((sum, row) => sum + row.gross, 0));
}

/** The gross per tax class (the letters printed after the line amounts), from the rows that confirm themselves; null without such rows. */
export function vatClassTotals(texts: readonly string[], from: number, decimal: DecimalSeparator): Map<string, number> | null {
  const totals = new Map<string, number>();
  for (const row of vatRows(texts, from, decimal).rows) if (row.code !== null && !totals.has(row.code)) totals.set(row.code, row.gross);
  return totals.size > 0 ? totals : null;
}

/** Whether every row of the VAT table confirms itself and names its tax class: then the table names every class the receipt has. */
export function vatTableLettered(texts: readonly string[], from: number, decimal: DecimalSeparator): boolean {
  const { rows, unresolved } = vatRows(texts, from, decimal);
  return rows.length > 0 && unresolved === 0 && rows.every((row) => row.code !== null);
}

/**
 * The VAT table's gross per class, to check the lines of each class against. Where exactly one
 * class on the lines is missing from the table and exactly one class of the table is on no line,
 * OCR misread the letter after the amounts ("V" for "Y"): those lines are that class. Where a class
 * on the lines is still missing from a table whose every row was read with its letter (`lettered`),
 * its lines are in another row's gross (a deposit's class summed into the food row), so no class
 * is checked; in a table with a row misread or unlettered, the missing class is that row's.
 */
export function classTotalsForLines(
  lines: readonly ParsedReceiptLine[],
  classTotals: ReadonlyMap<string, number> | undefined,
  lettered: boolean,
  notes: string[],
): ReadonlyMap<string, number> | undefined {
  if (!classTotals) return undefined;
  const onLines = new Set(lines.flatMap((line) => (line.taxCode === null ? [] : [line.taxCode])));
  const unknown = [...onLines].filter((code) => !classTotals.has(code));
  const unused = [...classTotals.keys()].filter((code) => !onLines.has(code));
  if (unknown.length === 1 && unused.length === 1) {
    const [read, meant] = [unknown[0], unused[0]];
    for (const line of lines) if (line.taxCode === read) line.taxCode = meant;
    notes.push(`tax class ${read} on the lines is not in the VAT table: read as its class ${meant}, which no line carried`);
    return classTotals;
  }
  return unknown.length > 0 && lettered ? undefined : classTotals;
}
