import type { ParsedReceiptLine, ReceiptConsistency } from '../receipt-text.js';
import { cents, isLineAmount, lineAmount, sameAmount } from '../receipt-numbers.js';
import { oneDigitAway } from './look-alike.js';

/**
 * The receipt's arithmetic: the lines add up to the total (with sales tax where it is printed
 * apart), the total is what was paid, and count × unit price is each line's amount. Where one
 * reading disagrees, the arithmetic chooses the reading that makes everything agree.
 */

/** The index of the first line (after two or more, or a nameless one after one) whose amount equals the sum of the lines above it. */
export function runningSumTotal(lines: readonly ParsedReceiptLine[]): number | null {
  let sum = 0;
  for (const [index, line] of lines.entries()) {
    // After two lines or more; after one when the line names nothing (its label read as specks: "a 59,99").
    if ((index >= 2 || (index >= 1 && !/\p{L}{2}/u.test(line.name))) && line.totalPrice > 0 && sameAmount(line.totalPrice, sum)) return index;
    sum = cents(sum + line.totalPrice);
  }
  return null;
}

/**
 * Two further readings (the card payment, the card slip, the VAT table's gross) agreeing on an
 * amount the printed total does not say, more often than anything says the total: the total was
 * misread, and that amount is what was paid. Null when the readings do not outvote it.
 */
export function outvotingTotal(total: number, paid: readonly number[]): number | null {
  const votes = (value: number) => paid.filter((amount) => sameAmount(amount, value)).length;
  const agreed = [...paid].sort((a, b) => votes(b) - votes(a))[0];
  return agreed !== undefined && votes(agreed) >= 2 && votes(agreed) > votes(total) + 1 ? agreed : null;
}

/** How many times the correction's size the lines must be off the total for it to say nothing about it. */
const OUT_OF_REACH = 10;

/** Lines against the printed total; a line whose count disagrees with its amount is corrected when that makes the total agree. */
export function checkTotal(
  lines: ParsedReceiptLine[],
  total: number | null,
  tax: number | null,
  notes: string[],
  paid: readonly number[],
  classTotals?: ReadonlyMap<string, number>,
): ReceiptConsistency & { total: number | null } {
  const sum = () => cents(lines.reduce((s, l) => s + l.totalPrice, 0) + (tax ?? 0));
  const disagreeing = lines.filter((l) => l.unitPrice !== null && l.quantity !== 1 && !isLineAmount(l.quantity, l.unitPrice, l.totalPrice));
  // A whole count misread ("8 x 2,25" above 6,75): the amount and the price say how many; the total is untouched.
  for (const line of [...disagreeing]) {
    const count = line.unit === 'piece' && line.unitPrice ? Math.round(line.totalPrice / line.unitPrice) : 0;
    if (count >= 2 && count <= 99 && Number.isInteger(line.quantity) && isLineAmount(count, line.unitPrice ?? 0, line.totalPrice)) {
      notes.push(`line ${line.position} "${line.name}": count read as ${line.quantity}, taken as ${count} (amount ÷ price)`);
      line.quantity = count;
      disagreeing.splice(disagreeing.indexOf(line), 1);
    }
  }
  for (const line of disagreeing) notes.push(`line ${line.position} "${line.name}": ${line.quantity} × ${line.unitPrice} ≠ ${line.totalPrice.toFixed(2)}`);
  // Count × price one look-alike digit away from the amount read: two readings against one. Taken
  // unless the printed total says otherwise (it agrees less afterwards).
  const fixable = disagreeing.flatMap((line) => {
    const computed = Math.sign(line.totalPrice || 1) * lineAmount(line.quantity, line.unitPrice ?? 0);
    return digitMisreads(line.totalPrice).some((value) => sameAmount(value, computed)) ? [{ line, computed }] : [];
  });
  // Where the VAT table gives the gross of the line's tax class, that class's lines are what must
  // not agree less (a misread elsewhere on the receipt says nothing about this line).
  const inClass = fixable.filter(({ line }) => line.taxCode !== null && classTotals?.has(line.taxCode));
  for (const { line, computed } of inClass) {
    const gross = classTotals!.get(line.taxCode!)!;
    const before = Math.abs(gross - classSum(lines, line.taxCode!));
    if (Math.abs(gross - classSum(lines, line.taxCode!) - computed + line.totalPrice) <= before + 0.005) {
      notes.push(`line ${line.position} "${line.name}": amount read as ${line.totalPrice.toFixed(2)}, corrected to ${computed.toFixed(2)} (count × price, one digit misread; its tax class agrees)`);
      line.totalPrice = computed;
      disagreeing.splice(disagreeing.indexOf(line), 1);
    }
  }
  const rest = fixable.filter((fix) => !inClass.includes(fix));
  if (rest.length > 0) {
    const change = cents(rest.reduce((s, { line, computed }) => s + computed - line.totalPrice, 0));
    // A total far off the lines (articles lost or misread elsewhere) cannot tell either way: it
    // vetoes only a correction within its reach.
    const gap = total === null ? 0 : Math.abs(total - sum());
    if (total === null || gap > OUT_OF_REACH * Math.abs(change) || Math.abs(total - sum() - change) <= gap + 0.005) {
      for (const { line, computed } of rest) {
        notes.push(`line ${line.position} "${line.name}": amount read as ${line.totalPrice.toFixed(2)}, corrected to ${computed.toFixed(2)} (count × price, one digit misread)`);
        line.totalPrice = computed;
        disagreeing.splice(disagreeing.indexOf(line), 1);
      }
    }
  }
  // Each tax class whose lines disagree with the VAT table's gross for it (a row whose net and VAT
  // add up to it): one look-alike digit in one of its lines, when exactly one makes them agree.
  // Misreads that cancel out in the total are found so too.
  let classFixed = false;
  for (const [code, gross] of classTotals ?? []) {
    const off = cents(gross - classSum(lines, code));
    if (sameAmount(off, 0)) continue;
    const fixes = lines.filter((line) => line.taxCode === code && !readTwice(line, lines)).flatMap((line) => digitMisreads(line.totalPrice).filter((value) => sameAmount(value - line.totalPrice, off)).map((value) => ({ line, value })));
    if (fixes.length !== 1) continue;
    const [{ line, value }] = fixes;
    correctAmount(line, value, `one digit, the VAT table's class ${code} agrees`, notes);
    classFixed = true;
  }
  if (total === null || lines.length === 0) return { status: 'incomplete', linesTotal: sum(), difference: null, notes, total };
  if (sameAmount(sum(), total)) {
    // The amounts agree with the total: where a whole count × price does not give a line's amount
    // (the count was checked above), the price was misread when amount ÷ count comes out in whole cents.
    for (const line of disagreeing) {
      const price = cents(line.totalPrice / line.quantity);
      if (line.unitPrice === null || !Number.isInteger(line.quantity) || line.quantity < 2 || !sameAmount(price * line.quantity, line.totalPrice)) continue;
      notes.push(`line ${line.position} "${line.name}": price read as ${line.unitPrice.toFixed(2)}, corrected to ${price.toFixed(2)} (amount ÷ count, the total agrees)`);
      line.unitPrice = price;
    }
    return { status: classFixed ? 'corrected' : 'ok', linesTotal: sum(), difference: 0, notes, total };
  }
  const confirmed = paid.find((amount) => sameAmount(amount, sum()));
  if (confirmed !== undefined) {
    notes.push(`the total read as ${total.toFixed(2)}, taken as ${confirmed.toFixed(2)} (the lines and the payment agree)`);
    return { status: 'corrected', linesTotal: sum(), difference: 0, notes, total: confirmed };
  }
  const agreed = outvotingTotal(total, paid);
  const outvoted = agreed !== null;
  if (outvoted) {
    notes.push(`the total read as ${total.toFixed(2)}, taken as ${agreed.toFixed(2)} (other readings agree)`);
    total = agreed;
    if (sameAmount(sum(), total)) return { status: 'corrected', linesTotal: sum(), difference: 0, notes, total };
  }
  // The total and the payment disagree in one euro digit ("Total 39,86", "Betrag 69,86") and the
  // lines agree with both in all other digits (99,86): that digit was misread, the lines say which.
  // (A cent read three ways is as likely misread in a line as in the total: that stays a mismatch.)
  const euroDigit = (a: number, b: number) => {
    const at = differingDigit(a, b);
    return at !== null && at < Math.abs(b).toFixed(2).length - 3 ? at : null;
  };
  const digitOff = outvoted ? undefined : paid.find((amount) => euroDigit(amount, total!) !== null && euroDigit(amount, total!) === euroDigit(sum(), total!) && euroDigit(sum(), amount) !== null);
  if (digitOff !== undefined) {
    notes.push(`the total read as ${total.toFixed(2)} and paid as ${digitOff.toFixed(2)}, taken as ${sum().toFixed(2)} (the lines settle the digit they disagree in)`);
    return { status: 'corrected', linesTotal: sum(), difference: 0, notes, total: sum() };
  }
  // The total and the payment disagree ("SUMME 1,42", "BAR 27,42"): the one nearer the lines is the misread's other reading.
  const nearer = [...paid].sort((a, b) => Math.abs(a - sum()) - Math.abs(b - sum()))[0];
  if (!outvoted && nearer !== undefined && Math.abs(nearer - sum()) < 0.5 * Math.abs(total - sum()) && Math.abs(nearer - sum()) < 0.3 * nearer) {
    notes.push(`the total read as ${total.toFixed(2)}, taken as ${nearer.toFixed(2)} (the payment, nearer the lines)`);
    total = nearer;
  }

  const difference = cents(total - sum());
  for (const line of disagreeing) {
    const computed = Math.sign(line.totalPrice || 1) * lineAmount(line.quantity, line.unitPrice ?? 0);
    if (sameAmount(computed - line.totalPrice, difference)) {
      notes.push(`line ${line.position} "${line.name}": amount read as ${line.totalPrice.toFixed(2)}, corrected to ${computed.toFixed(2)} (count × price and the total agree)`);
      line.totalPrice = computed;
      return { status: 'corrected', linesTotal: sum(), difference: 0, notes, total };
    }
  }
  // A slashed or dotted zero read as a 9 ("0,99" as "9,99"): the lines are over the total by 9,00
  // once for each line whose amount is a lone 9 before the decimals; taken when all of them, read
  // as 0, make the lines agree (before any one look-alike digit elsewhere is chosen to make up 9,00).
  const loneNines = lines.filter((line) => /^9\.\d\d$/.test(line.totalPrice.toFixed(2)) && !readTwice(line, lines));
  if (loneNines.length > 0 && sameAmount(-difference, 9 * loneNines.length)) {
    for (const line of loneNines) {
      const value = cents(line.totalPrice - 9);
      correctAmount(line, value, 'a zero read as 9; the total agrees', notes);
    }
    return { status: 'corrected', linesTotal: sum(), difference: 0, notes, total };
  }
  // One digit misread in one amount (9 for 0, 8 for 3…): corrected when exactly one such reading
  // makes the lines agree with the total. Where the VAT table's gross per tax class disagrees with
  // the lines of one class only, the misread is among that class's lines.
  const offClasses = classTotals ? [...classTotals].filter(([code, gross]) => !sameAmount(classSum(lines, code), gross)) : [];
  const inOneClass = offClasses.length === 1 && sameAmount(offClasses[0][1] - classSum(lines, offClasses[0][0]), difference);
  const suspects = inOneClass ? lines.filter((line) => line.taxCode === offClasses[0][0]) : lines;
  const misreads = suspects.filter((line) => !readTwice(line, lines)).flatMap((line) => digitMisreads(line.totalPrice).filter((value) => sameAmount(value - line.totalPrice, difference)).map((value) => ({ line, value })));
  // Several lines could each be misread so: the one whose digit reads back as a 9, if only one does.
  const nineMisreads = misreads.filter(({ line, value }) => nineReadings(line.totalPrice).includes(value));
  const chosen = misreads.length === 1 ? misreads : nineMisreads.length === 1 ? nineMisreads : [];
  if (chosen.length === 1) {
    const [{ line, value }] = chosen;
    correctAmount(line, value, 'one digit, the total agrees', notes);
    return { status: 'corrected', linesTotal: sum(), difference: 0, notes, total };
  }
  // Two faded 9s (read as 5 and 3, say) in two lines of the one tax class the VAT table finds off by
  // the difference: taken only when exactly one pair of its lines, each with one digit read back as
  // a 9, makes the lines agree. (Over a whole receipt too many pairs fit by chance.)
  const nines = nineMisreads.length === 0 && inOneClass ? ninePairs(suspects.filter((line) => !readTwice(line, lines)), difference) : [];
  if (nines.length === 1) {
    for (const { line, value } of nines[0]) {
      correctAmount(line, value, 'a faded 9; with one other line the total agrees', notes);
    }
    return { status: 'corrected', linesTotal: sum(), difference: 0, notes, total };
  }
  // A footer, VAT or card-slip line read as an article: exactly one line whose amount is the
  // surplus cannot be an article of this receipt.
  const stray = strayLines(lines, total, -difference, classTotals);
  // Never all of them: a receipt that prints articles keeps the ones it was read with.
  if (stray.length > 0 && stray.length < lines.length) {
    for (const line of stray) {
      notes.push(`line ${line.position} "${line.name}": ${line.totalPrice.toFixed(2)} does not fit the total ${total.toFixed(2)}, not an article`);
      lines.splice(lines.indexOf(line), 1);
    }
    lines.forEach((line, n) => (line.position = n + 1));
    if (sameAmount(sum(), total)) return { status: 'corrected', linesTotal: sum(), difference: 0, notes, total };
  }
  notes.push(`the lines add up to ${sum().toFixed(2)}, the receipt says ${total.toFixed(2)}`);
  return { status: 'mismatch', linesTotal: sum(), difference: cents(total - sum()), notes, total };
}

/**
 * An amount read twice over, not a misread: its count line's count × price gives it ("2X 0,25"
 * above "PFAND 0,50"), or the same article is printed again with the same amount.
 */
const readTwice = (line: ParsedReceiptLine, lines: readonly ParsedReceiptLine[]) =>
  (line.quantity !== 1 && line.unitPrice !== null && line.unitPrice !== line.totalPrice && isLineAmount(line.quantity, line.unitPrice, line.totalPrice)) || twinConfirmed(line, lines);

/** The same article printed again with the same amount: two readings that agree, not a misread. */
const nameKey = (name: string) => name.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
const twinConfirmed = (line: ParsedReceiptLine, lines: readonly ParsedReceiptLine[]) =>
  lines.some((other) => other !== line && sameAmount(other.totalPrice, line.totalPrice) && nameKey(other.name).length >= 4 && nameKey(other.name) === nameKey(line.name));

/** What the lines of one tax class add up to. */
export const classSum = (lines: readonly ParsedReceiptLine[], code: string) => cents(lines.filter((line) => line.taxCode === code).reduce((s, line) => s + line.totalPrice, 0));

/**
 * Lines that cannot be part of the total: the one line whose amount is exactly the surplus. A line
 * merely larger than the total stays: it may be an article whose amount was misread, for the
 * review to correct. So does a line whose tax class the VAT table's gross for it would agree less
 * with without it: it is an article, and the surplus is misreads elsewhere that add up to it.
 */
function strayLines(lines: readonly ParsedReceiptLine[], total: number, surplus: number, classTotals?: ReadonlyMap<string, number>): ParsedReceiptLine[] {
  // A line repeating the total (a payment read as an article) makes the surplus an article's amount: ambiguous.
  if (surplus <= 0 || lines.some((line) => sameAmount(line.totalPrice, total))) return [];
  const exact = lines.filter((line) => sameAmount(line.totalPrice, surplus));
  if (exact.length !== 1) return [];
  const [line] = exact;
  const gross = line.taxCode === null ? undefined : classTotals?.get(line.taxCode);
  if (gross !== undefined) {
    const off = Math.abs(gross - classSum(lines, line.taxCode!));
    if (Math.abs(gross - classSum(lines, line.taxCode!) + line.totalPrice) > off + 0.005) return [];
  }
  return exact;
}


/** The amounts one look-alike digit away from a line's that read that digit as a 9 (faded print loses a 9's strokes). */
export function nineReadings(amount: number): number[] {
  return digitMisreads(amount).filter((value) => {
    const at = differingDigit(value, amount);
    return at !== null && Math.abs(value).toFixed(2)[at] === '9';
  });
}

type Fix = { line: ParsedReceiptLine; value: number };

/** Every pair of lines whose 9-readings together make up `difference` (stops counting past two). */
function ninePairs(lines: readonly ParsedReceiptLine[], difference: number): Fix[][] {
  const pairs: Fix[][] = [];
  const options = lines.map((line) => nineReadings(line.totalPrice).map((value) => ({ line, value })));
  for (let i = 0; i < options.length && pairs.length < 2; i += 1) {
    for (let j = i + 1; j < options.length && pairs.length < 2; j += 1) {
      for (const a of options[i]) for (const b of options[j]) if (sameAmount(a.value - a.line.totalPrice + b.value - b.line.totalPrice, difference)) pairs.push([a, b]);
    }
  }
  return pairs;
}

/** Where two amounts of the same length differ in exactly one digit (its index in "12.34"), else null. */
export function differingDigit(a: number, b: number): number | null {
  const [x, y] = [Math.abs(a).toFixed(2), Math.abs(b).toFixed(2)];
  if (x.length !== y.length || Math.sign(a) !== Math.sign(b)) return null;
  let at: number | null = null;
  for (let i = 0; i < x.length; i += 1) {
    if (x[i] === y[i]) continue;
    if (at !== null) return null;
    at = i;
  }
  return at;
}

/** Every amount one look-alike digit away from `amount`, or with one digit before the decimals too many (a stripe read as "1"), same sign. */
export function digitMisreads(amount: number): number[] {
  const digits = Math.abs(amount).toFixed(2).replace('.', '');
  const sign = Math.sign(amount || 1);
  const values = oneDigitAway(digits).map((other) => cents((sign * Number(other)) / 100));
  for (let i = 0; i < digits.length - 2 && digits.length > 3; i += 1) values.push(cents((sign * Number(`${digits.slice(0, i)}${digits.slice(i + 1)}`)) / 100));
  return [...new Set(values)];
}

/** Gives a line the amount the arithmetic chose, with a note saying why (a single unit's price follows its amount). */
function correctAmount(line: ParsedReceiptLine, value: number, why: string, notes: string[]): void {
  notes.push(`line ${line.position} "${line.name}": amount read as ${line.totalPrice.toFixed(2)}, corrected to ${value.toFixed(2)} (${why})`);
  line.totalPrice = value;
  if (line.quantity === 1 && line.unitPrice !== null) line.unitPrice = value;
}

/**
 * What the tax and the cash rounding printed above the total add to the lines: both, when the
 * tax comes on top of the prices (US sales tax, GST added); the rounding only, when the prices
 * include the tax (a GST receipt that prints the GST share before its total). Included is what
 * the total says: the lines (and rounding) make it without the tax, or, where a misread amount
 * lets neither agree, come clearly nearer it without than with. Null when nothing is added.
 */
export function addedTax(lines: readonly ParsedReceiptLine[], tax: number | null, rounding: number | null, total: number | null, notes: string[]): number | null {
  const both = tax === null && rounding === null ? null : cents((tax ?? 0) + (rounding ?? 0));
  if (tax === null || total === null) return both;
  const without = cents(lines.reduce((s, line) => s + line.totalPrice, 0) + (rounding ?? 0));
  const offWithout = Math.abs(without - total);
  const offWith = Math.abs(without + tax - total);
  const included = sameAmount(offWithout, 0) ? !sameAmount(offWith, 0) : !sameAmount(offWith, 0) && offWithout < offWith / 2;
  if (!included) return both;
  notes.push(`the tax ${tax.toFixed(2)} printed above the total is included in the lines' amounts`);
  return rounding;
}
