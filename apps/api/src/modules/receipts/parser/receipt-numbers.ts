/** Amounts and dates as tills print them, in German and English formats. */

export type DecimalSeparator = ',' | '.';

/** Rounds to whole cents, away from the float noise of sums (0.1 + 0.2). */
export const cents = (value: number): number => Math.round(value * 100 + Number.EPSILON * Math.sign(value)) / 100;

/** Quantity × unit price rounded half up to the cent, as most tills do. */
export const lineAmount = (quantity: number, unitPrice: number): number => Math.round(quantity * unitPrice * 100 + 1e-6) / 100;

/** Whether a printed line amount is quantity × unit price rounded to the cent, whichever way the till rounds. */
export const isLineAmount = (quantity: number, unitPrice: number, amount: number): boolean => Math.abs(quantity * unitPrice - Math.abs(amount)) < 0.0099999;

export const sameAmount = (a: number, b: number): boolean => Math.abs(a - b) < 0.005;

/** Ringgit's "RM" only as a word of its own: a name may end in the letters ("BACKFORM 4,99", "LÄRM 4,99"). */
export const RINGGIT = String.raw`(?<![A-Za-zÄÖÜäöüß])RM(?![A-Za-zÄÖÜäöüß])`;
/** Dollars of other countries ("S$", "A$", "C$", "NZ$"), rupees ("₹") and pesos ("₱") beside an amount. */
export const OTHER_SIGNS = String.raw`(?:[SAC]|NZ)\$|₹|₱|CAD|NZD|INR|PHP`;
/** Rupees as "Rs." in this case only ("RS" may end a name): for case-sensitive patterns. */
const RUPEES = String.raw`(?<![A-Za-z])Rs\.?`;
// Case-sensitive on purpose: tax classes are capital letters, while "1,50 l" is a size.
const CURRENCY = String.raw`(?:€|EUR|Eur|eur|${OTHER_SIGNS}|${RUPEES}|\$|USD|£|GBP|CHF|${RINGGIT}|MYR|SGD|AUD)`;

/**
 * An amount with exactly two decimals. German: "1.234,56"; English: "1,234.56". A minus may
 * lead or trail ("-0,50", "0,50-"); a currency may stand on either side.
 */
export function amountPattern(decimal: DecimalSeparator): string {
  const group = decimal === ',' ? String.raw`[.'\u2009]` : String.raw`[,'\u2009]`;
  const dec = decimal === ',' ? ',' : String.raw`\.`;
  return String.raw`(?:\d{1,3}(?:${group}\d{3})+|\d+)${dec}\d{2}`;
}

export function parseAmount(text: string, decimal: DecimalSeparator): number {
  const negative = /-/.test(text);
  const digits = text.replace(decimal === ',' ? /[^\d,]/g : /[^\d.]/g, '').replace(',', '.');
  const value = Number(digits);
  return cents(negative ? -value : value);
}

/** A count or weight: "2", "0,456", "1.25". */
export function parseQuantity(text: string): number {
  return Number(text.replace(',', '.'));
}

export interface TrailingAmount {
  amount: number;
  /** The line without the amount, its currency and tax code. */
  rest: string;
  taxCode: string | null;
  /** Read by splitting a tax digit off a three-decimal number ("6,841" → 6,84 and "1"). */
  splitTaxDigit: boolean;
}

/** A leading minus: glued to what follows, or after anything but a letter. */
const SIGN = String.raw`-(?!\s)|(?<![A-Za-zÄÖÜäöüß])-\s*`;

const trailingCache = new Map<DecimalSeparator, { plain: RegExp; merged: RegExp }>();

function trailingPatterns(decimal: DecimalSeparator) {
  let patterns = trailingCache.get(decimal);
  if (!patterns) {
    const amount = amountPattern(decimal);
    const dec = decimal === ',' ? ',' : String.raw`\.`;
    // Tax class after the amount: a letter (may touch it: "0,99B"), a digit after a space, a star.
    // A "not discountable" flag may stand between ("1,96xB", "0,99*A"); © is a C read by OCR; a VAT
    // rate may stand instead of a class ("11.99 19"). A speck after the class may come back as a
    // euro sign ("1,99 E€").
    const tax = String.raw`(?:\s*[x*×.,]?\s*([A-Z©])(?![A-Za-z])\s*[*€]?|\s+(\d{1,2})\s*\*?|\s*[x*×])?`;
    patterns = {
      // A minus leads, glued to the amount or apart from a name ("Rabatt -0,50"), or trails, also
      // after a space ("134,39 -"). A hyphen ending a word ("SALATBAR- 2,18") is the name's, not a sign.
      plain: new RegExp(String.raw`(?:^|[\s:]|(?<=[A-Za-zÄÖÜäöüß%]))(${SIGN})?${CURRENCY}?\s*(${SIGN})?(${amount})(-|\s-(?![A-Za-z]))?\s*${CURRENCY}?${tax}\s*$`),
      merged: new RegExp(String.raw`(?:^|\s)(-\s*)?${CURRENCY}?\s*(\d+${dec}\d{2})(\d)\s*\*?\s*$`),
    };
    trailingCache.set(decimal, patterns);
  }
  return patterns;
}

/** The amount closing a line, as on every priced receipt line: "Milch 1,19 A", "TOTAL $12.50". */
export function trailingAmount(line: string, decimal: DecimalSeparator): TrailingAmount | null {
  const read = amountClosing(line, decimal);
  if (read) return read;
  // Specks after the amount (the paper's edge or its shadow on a photo): the amount still closes the line.
  const bare = withoutEdgeSpecks(line);
  return bare === line ? null : amountClosing(bare, decimal);
}

/** The line without a speck or two apart at its end (see `EDGE_SPECKS`). */
export function withoutEdgeSpecks(line: string): string {
  const specks = EDGE_SPECKS.exec(line);
  return specks ? line.slice(0, specks.index) : line;
}

/**
 * A speck or two apart at a line's end ("1,79 B ;", "0,78 8 |", "1,49 A ı", the paper's edge read
 * as a dash: "1.129,00 b -", "1.129,00 —"). Only an amount before it makes it a speck: a line that
 * ends in a bar without one keeps it (see the parser's `clean`). A minus apart after an amount
 * ("0,25 -") is read as one before this is tried.
 */
const EDGE_SPECKS = /\s+[|;:!'`‘’ı.,#*}\]—–-]{1,2}$/;

/** An article number, all a line of an electronics till prints beside the price (its name follows below). */
const ARTICLE_NUMBER = /^\d{5,}$/;
/** A minus with a space after it leading the amount. */
const MINUS_APART = /^[\s:]?[-–—]\s+/;

function amountClosing(line: string, decimal: DecimalSeparator): TrailingAmount | null {
  const { plain, merged } = trailingPatterns(decimal);
  const match = plain.exec(line);
  if (match) {
    const rest = line.slice(0, match.index).trim();
    // A minus apart after an article number alone ("2613607 - 225,00 b"): a speck OCR read between
    // the number and its price. A discount names itself ("Rabatt - 0,50").
    const speck = !match[4] && ARTICLE_NUMBER.test(rest) && MINUS_APART.test(line.slice(match.index));
    const negative = !speck && Boolean(match[1] || match[2] || match[4]);
    const value = parseAmount(match[3], decimal);
    return {
      amount: negative ? -value : value,
      rest,
      taxCode: (match[5] ?? match[6] ?? null)?.toUpperCase().replace('©', 'C') ?? null,
      splitTaxDigit: false,
    };
  }
  const joined = merged.exec(line);
  if (joined) {
    const value = parseAmount(joined[2], decimal);
    return { amount: joined[1] ? -value : value, rest: line.slice(0, joined.index).trim(), taxCode: joined[3], splitTaxDigit: true };
  }
  // A space OCR put after the decimal sign ("BAR 50, 00", "SALATBAR 2. 24*B"): the cents still close the line.
  const spaced = SPACED_DECIMALS.exec(line);
  if (spaced) return amountClosing(`${line.slice(0, spaced.index)}${spaced[1]}${decimal}${spaced[2]}${line.slice(spaced.index + spaced[0].length)}`, decimal);
  return null;
}

const SPACED_DECIMALS = /(?<=^|\s|-)(\d{1,4})[.,] (\d{2})(?=-?\s*[*x×=]{0,2}\s*[A-Za-zß©]?\s*$)/;

/**
 * An amount read apart: its line goes on from a number with a dangling decimal sign ("EUR 19, 4,16"
 * for "19,46"). What closes the line is a piece of the amount, not the amount.
 */
export const readApart = (read: TrailingAmount): boolean => /\d[.,]$/.test(read.rest);

/** The whole units before the dangling decimal sign of an amount read apart ("19, 4,46" → 19); null when there are none. */
export function unitsApart(read: TrailingAmount): number | null {
  const units = /(?:^|\s)(\d{1,5})[.,]$/.exec(read.rest);
  return units ? Number(units[1]) : null;
}

/** The amount read apart put together: the whole units before the dangling sign, the cents that close the line ("19, 4,46" → 19,46). */
export function joinedApart(read: TrailingAmount): number | null {
  const units = unitsApart(read);
  if (units === null) return null;
  const value = cents(units + Math.round(Math.abs(read.amount) * 100 % 100) / 100);
  return read.amount < 0 ? -value : value;
}
