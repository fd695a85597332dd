import type { ParsedReceiptLine } from '../receipt-text.js';
import { closingAmount } from './amounts.js';
import { oneDigitAway } from './look-alike.js';
import { amountPattern, cents, type DecimalSeparator, isLineAmount, lineAmount, OTHER_SIGNS, parseAmount, parseQuantity, RINGGIT, trailingAmount } from '../receipt-numbers.js';

/**
 * Counts and weights as tills print them: on a line of their own above or below the article
 * ("2 x 1,29", "0,456 kg x 2,99 EUR/kg", "2 Rolle x 4,85", "1.000 STK 20.99 19"), or inside the
 * article line ("Joghurt 2 x 1,29", "Bulgur 0,89 x 2", "3x Brötchen").
 */

export type Unit = ParsedReceiptLine['unit'];

export const CURRENCY = String.raw`(?:€|EUR|${OTHER_SIGNS}|\$|USD|£|GBP|CHF|${RINGGIT}|MYR|SGD|AUD)`;
const UNIT = String.raw`(kg|g|lbs?|l|stk\.?|st\.?|stück|pcs?|pc\.?|ea|rollen?|pack(?:ung)?|pck\.?|paar|dosen?|fl\.?|flaschen?|btl\.?|beutel)`;
/** "Stk" as thermal print comes back from OCR: "STK", "SIK", "5TK", "37K". */
const PIECES = String.raw`(stk\.?|st\.?|stück|pcs?|[s5$3][t7il1|][kx])`;
const OPERATOR = String.raw`(?:x|×|\*|@|à|je)`;
const PER_UNIT = String.raw`(?:\s*\/\s*(?:kg|g|lbs?|l|stk\.?|st\.?|ea|pc|pcs|stück))?(?:\s+(?:ea|each|je\s+stk\.?))?`;
const QUANTITY = String.raw`(\d+(?:[.,]\d{1,3})?)`;

export interface QuantityLine {
  quantity: number;
  unit: Unit;
  unitPrice: number;
  /** The line amount when the count line carries it ("2 x 1,29 2,58 A"). */
  amount: number | null;
  taxCode: string | null;
}

/** Nothing but a currency (or specks OCR read beside the amount: "1.000 STK | 11.99 19") stands between count and amount. */
const onlyCurrency = (text: string) => text.replace(new RegExp(CURRENCY, 'gi'), '').replace(/[^\p{L}\p{N}]/gu, '') === '';

/** A discount column between the price and the amount ("1 PC * 12.50 0.00 12.50"): count × price less the discount is the amount. */
function discountColumn(rest: string, quantity: number, unitPrice: number, amount: number, decimal: DecimalSeparator): boolean {
  const discount = new RegExp(String.raw`^-?(${amountPattern(decimal)})-?$`).exec(rest.trim());
  return discount !== null && isLineAmount(quantity, unitPrice, Math.abs(amount) + parseAmount(discount[1], decimal));
}

const quantityCache = new Map<DecimalSeparator, RegExp>();
/** A count or weight line: "2 x 1,29", "0,456 kg x 2,99 EUR/kg", with or without the line amount after it. */
export function quantityLine(text: string, decimal: DecimalSeparator): QuantityLine | null {
  let pattern = quantityCache.get(decimal);
  if (!pattern) {
    // The operator may come back doubled by OCR ("2xXx2,19").
    pattern = new RegExp(String.raw`^${QUANTITY}\s*${UNIT}?\s*${OPERATOR}[xX×*]{0,2}\s*${CURRENCY}?\s*(-?${amountPattern(decimal)})\s*${CURRENCY}?${PER_UNIT}\s*(.*)$`, 'i');
    quantityCache.set(decimal, pattern);
  }
  // First: the count pattern would read a price per litre's first two decimals as the price.
  const fuel = fuelLine(text, decimal);
  if (fuel) return fuel;
  const m = pattern.exec(text);
  return (m ? withOperator(m, decimal) : null) ?? countWithAmount(text, decimal) ?? weighedLine(text, decimal) ?? atForLine(text, decimal);
}

/** What the count pattern's match gives: count, unit, price and the amount or tax code after them, if they close the line. */
function withOperator(m: RegExpExecArray, decimal: DecimalSeparator): QuantityLine | null {
  const tail = m[4].trim();
  let amount: number | null = null;
  let taxCode: string | null = null;
  const quantity = parseQuantity(m[1]);
  const unitPrice = parseAmount(m[3], decimal);
  if (tail !== '') {
    const closing = trailingAmount(tail, decimal);
    // The decimal comma read as a colon ("3X 11,95 35:85:84"): the amount when count × price gives it.
    const colon = closing ? null : /^(\d{1,4})[:;](\d{2})(?![\d])/.exec(tail);
    if (colon && isLineAmount(quantity, unitPrice, Number(`${colon[1]}.${colon[2]}`))) return { quantity, unit: unitOf(m[2], m[1]), unitPrice, amount: Number(`${colon[1]}.${colon[2]}`), taxCode: null };
    // A tax code of two letters after the amount ("12.50 SR", Malaysian GST) is read as a flag.
    const read = closing ?? closingAmount(tail, decimal);
    if (!read || !(onlyCurrency(read.rest) || discountColumn(read.rest, quantity, unitPrice, read.amount, decimal))) return null;
    amount = read.amount;
    taxCode = read.taxCode;
  }
  return { quantity, unit: unitOf(m[2], m[1]), unitPrice, amount, taxCode };
}

/** The litre's "l" may come back from thermal print as "1", "I" or "|" ("42,18 1 x 1,789 EUR/1"). */
const LITRE = String.raw`(?:[lI1|]|ltr\.?|liter|litre)(?![\p{L}\d])`;
const FUEL = new RegExp(String.raw`^(?:s[äa]ule\s*|pumpe?\s*)?(?:\d{1,2}\s+)?(\d{1,3}[.,]\d{2,3})\s*${LITRE}\s*(?:x|×|\*|@)?\s*(?:EUR|€)?\s*(\d{1,2}[.,]\d{2,3})\s*(?:EUR|€)?\s*\/\s*${LITRE}\s*(.*)$`, 'iu');

/**
 * A petrol pump's line: litres at a price per litre with three decimals, after the pump's number,
 * with or without the amount ("Säule 3 42,18 l x 1,789 EUR/l 75,46 A", "02 22,68 l 1,499 EUR/l").
 * Stations print it under or over the fuel's name; the price's third decimal is a tenth of a cent.
 */
function fuelLine(text: string, decimal: DecimalSeparator): QuantityLine | null {
  const m = FUEL.exec(text);
  if (!m) return null;
  const litres = parseQuantity(m[1]);
  const unitPrice = parseQuantity(m[2]);
  if (!(litres > 0) || !(unitPrice > 0)) return null;
  const tail = m[3].trim();
  if (tail === '') return { quantity: litres, unit: 'l', unitPrice, amount: null, taxCode: null };
  const read = closingAmount(tail, decimal);
  if (!read || !onlyCurrency(read.rest) || !isLineAmount(litres, unitPrice, read.amount)) return null;
  return { quantity: litres, unit: 'l', unitPrice, amount: read.amount, taxCode: read.taxCode };
}

const atForCache = new Map<DecimalSeparator, RegExp>();
/** "2 AT 1 FOR 1.74" (US tills): the count, then the price of one. */
function atForLine(text: string, decimal: DecimalSeparator): QuantityLine | null {
  let pattern = atForCache.get(decimal);
  if (!pattern) {
    pattern = new RegExp(String.raw`^(\d{1,3})\s*(?:at|@)\s*1\s*for\s*${CURRENCY}?\s*(${amountPattern(decimal)})\s*$`, 'i');
    atForCache.set(decimal, pattern);
  }
  const m = pattern.exec(text);
  if (!m) return null;
  return { quantity: Number(m[1]), unit: 'piece', unitPrice: parseAmount(m[2], decimal), amount: null, taxCode: null };
}

const countCache = new Map<DecimalSeparator, RegExp>();
/** An operator between a count of pieces and the price, a plain "a" for "à" too (only after a unit: "STK a 19.99"). */
const PRICE_OF_ONE = /^(?:x|×|\*|@|à|a|je)\s+(.+)$/iu;
const WHOLE_COUNT_UNIT_MISREAD = /^(\d{1,3}[.,]000)([\p{L}\d$|]{2,3})\s+(.+)$/u;
/** A count and the line amount without an operator, as DIY and furniture tills print under the name: "1.000 STK 20.99 19". */
function countWithAmount(text: string, decimal: DecimalSeparator): QuantityLine | null {
  let pattern = countCache.get(decimal);
  if (!pattern) {
    // Pieces only: "1kg 12,99" under a name is the name's pack size (a wrapped name), not a count.
    pattern = new RegExp(String.raw`^(\d+(?:[.,]\d{3})?)[.,]?\s*${PIECES}\s+(.+)$`, 'i');
    countCache.set(decimal, pattern);
  }
  // A whole count with three decimals, its unit misread ("1.000816 20.99 19" for "1.000 STK"): DIY tills print no other number so.
  const m = pattern.exec(text) ?? WHOLE_COUNT_UNIT_MISREAD.exec(text);
  if (!m) return null;
  // "1.000 STK à 19.99 19" (or "a", "x"): the amount after an operator is the price of one.
  const each = PRICE_OF_ONE.exec(m[3]);
  const closing = trailingAmount(each ? each[1] : m[3], decimal);
  if (!closing || !onlyCurrency(closing.rest)) return null;
  const quantity = parseQuantity(m[1]);
  if (!(quantity > 0)) return null;
  const unit = unitOf(m[2], m[1]);
  if (each) return { quantity, unit, unitPrice: closing.amount, amount: cents(quantity * closing.amount), taxCode: closing.taxCode };
  return { quantity, unit, unitPrice: cents(closing.amount / quantity), amount: closing.amount, taxCode: closing.taxCode };
}

const weighedCache = new Map<DecimalSeparator, RegExp>();
/** A weighed article's line under its name in columns, without operator: "0,158 1,19 0,19" (kg, price per kg, amount). */
export function weighedLine(text: string, decimal: DecimalSeparator): QuantityLine | null {
  let pattern = weighedCache.get(decimal);
  if (!pattern) {
    const amount = amountPattern(decimal);
    pattern = new RegExp(String.raw`^(\d+[.,]\d{3})\s*(?:kg)?\s+${CURRENCY}?\s*(${amount})\s*(?:${CURRENCY}?\s*\/\s*kg)?\s+(.+)$`, 'i');
    weighedCache.set(decimal, pattern);
  }
  const m = pattern.exec(text);
  if (!m) return null;
  const closing = trailingAmount(m[3], decimal);
  if (!closing || !onlyCurrency(closing.rest)) return null;
  const weight = parseQuantity(m[1]);
  const unitPrice = parseAmount(m[2], decimal);
  // Only when the arithmetic agrees: three numbers in a row are otherwise anything (a VAT table).
  if (!isLineAmount(weight, unitPrice, closing.amount)) return null;
  return { quantity: weight, unit: 'kg', unitPrice, amount: closing.amount, taxCode: closing.taxCode };
}

export function unitOf(unit: string | undefined, quantity: string): Unit {
  const u = unit?.toLowerCase().replace('.', '');
  if (u === 'kg' || u === 'g' || u === 'l') return u;
  if (u === 'lb' || u === 'lbs') return 'lb';
  if (u) return 'piece';
  // A count with three decimals and no unit is a weight in kilograms ("0,456 x 2,99").
  return /[.,]\d{3}$/.test(quantity) ? 'kg' : 'piece';
}

const inlineCache = new Map<DecimalSeparator, { operator: RegExp; table: RegExp; priceTimes: RegExp; priceTimesRead: RegExp; leading: RegExp; leadingTable: RegExp; priceColumn: RegExp }>();
function inlinePatterns(decimal: DecimalSeparator) {
  let patterns = inlineCache.get(decimal);
  if (!patterns) {
    const amount = amountPattern(decimal);
    patterns = {
      // "Joghurt 2 x 1,29", "Bananen 0,456 kg x 2,99 EUR/kg"
      operator: new RegExp(String.raw`^(.*?)\s+${QUANTITY}\s*${UNIT}?\s*${OPERATOR}\s*${CURRENCY}?\s*(${amount})\s*${CURRENCY}?${PER_UNIT}$`, 'i'),
      // "Milch 2 1,19" in a table with count and unit price columns
      table: new RegExp(String.raw`^(.*?\S)\s+${QUANTITY}\s*${UNIT}?\s+${CURRENCY}?\s*(${amount})\s*${CURRENCY}?${PER_UNIT}$`, 'i'),
      // "Bulgur 0,89 x 2": the unit price before the count, the line amount closing the line
      priceTimes: new RegExp(String.raw`^(.*?\S)\s+${CURRENCY}?\s*(${amount})\s*([x×*%])\.?\s*[„"']?(\d{1,3})$`, 'i'),
      // "Kaffee 1kg Sl 12,99" in a table whose count OCR garbled: the price column before the amount
      priceColumn: new RegExp(String.raw`^(.*?\S)\s+(\S{1,2})\s+${CURRENCY}?\s*(${amount})$`, 'i'),
      // "Bulgur 0,89.x%. 2", "Käse 2.59 x Z", "Käse 2.590 x 2": the same with specks around the
      // operator, the count or the decimal sign misread, a speck read as a third decimal
      priceTimesRead: /^(.*?\S)\s+(\d{1,4})[.,](\d{2})\d?\s*[.,]?\s*[x×*%][^\p{L}\p{N}\s]{0,2}\s*[„"']?(\d{1,2}|[Zz])?[.,]?$/iu,
      // "3x Brötchen", "3 x Brötchen"
      leading: new RegExp(String.raw`^(\d+)\s*(?:x|×|\*)\s+(.+)$`, 'i'),
      // "3 Brötchen 0,45"
      leadingTable: new RegExp(String.raw`^(\d+)\s+(\D.*?)(?:\s+|(?<=[a-zäöüß%]))${CURRENCY}?\s*(${amount})\s*${CURRENCY}?$`, 'i'),
    };
    inlineCache.set(decimal, patterns);
  }
  return patterns;
}

export interface InlineQuantity {
  name: string;
  quantity: number;
  unit: Unit;
  unitPrice: number;
}

/** A count printed inside the article's name, split off it; null when the name carries none. */
export function inlineQuantity(name: string, amount: number, decimal: DecimalSeparator): InlineQuantity | null {
  const { operator, table, priceTimes, leading, leadingTable } = inlinePatterns(decimal);
  const times = priceTimes.exec(name);
  const op = times ? null : operator.exec(name);
  const tab = op || times ? null : table.exec(name);
  // A size in the name may read as a table's count ("2 Cola 0,4l 3,90"): the arithmetic decides between them.
  const lead = op || times ? null : leadingTable.exec(name);
  // "%" is an "x" misread: taken only when count × price gives the amount.
  if (times && Number(times[4]) > 0 && (times[3] !== '%' || isLineAmount(Number(times[4]), parseAmount(times[2], decimal), amount))) {
    return { name: times[1], quantity: Number(times[4]), unit: 'piece', unitPrice: parseAmount(times[2], decimal) };
  }
  if (op) return { name: op[1], quantity: parseQuantity(op[2]), unit: unitOf(op[3], op[2]), unitPrice: parseAmount(op[4], decimal) };
  if (tab && isLineAmount(parseQuantity(tab[2]), parseAmount(tab[4], decimal), amount)) {
    return { name: tab[1], quantity: parseQuantity(tab[2]), unit: unitOf(tab[3], tab[2]), unitPrice: parseAmount(tab[4], decimal) };
  }
  if (lead && isLineAmount(Number(lead[1]), parseAmount(lead[3], decimal), amount)) return { name: lead[2], quantity: Number(lead[1]), unit: 'piece', unitPrice: parseAmount(lead[3], decimal) };
  // The count garbled in a table: amount ÷ the price column is a whole count (or the price is the amount beside a speck).
  const column = inlinePatterns(decimal).priceColumn.exec(name);
  if (column) {
    const price = parseAmount(column[3], decimal);
    const count = price > 0 ? Math.round(Math.abs(amount) / price) : 0;
    if (count >= 2 && count <= 99 && isLineAmount(count, price, amount)) return { name: column[1], quantity: count, unit: 'piece', unitPrice: price };
    if (count === 1 && Math.abs(price - Math.abs(amount)) < 0.005 && /^(?:[^\p{L}\p{N}]{1,2}|1)$/u.test(column[2])) return { name: column[1], quantity: 1, unit: 'piece', unitPrice: price };
  }
  // Specks around the operator: taken only when amount ÷ price is a whole count (and the count, where readable, agrees).
  const read = inlinePatterns(decimal).priceTimesRead.exec(name);
  if (read) {
    const price = Number(`${read[2]}.${read[3]}`);
    const count = price > 0 ? Math.round(Math.abs(amount) / price) : 0;
    const printed = read[4] && /\d/.test(read[4]) ? Number(read[4]) : null;
    if (count >= 2 && count <= 99 && isLineAmount(count, price, amount) && (printed === null || printed === count)) return { name: read[1], quantity: count, unit: 'piece', unitPrice: price };
    // The price one look-alike digit off ("Bulgur 0.90 x 2" above 1,98): the printed count and the
    // amount give it, in whole cents.
    if (printed !== null && printed >= 2) {
      const given = cents(Math.abs(amount) / printed);
      const digits = (value: number) => value.toFixed(2).replace('.', '');
      if (isLineAmount(printed, given, amount) && oneDigitAway(digits(price)).includes(digits(given))) return { name: read[1], quantity: printed, unit: 'piece', unitPrice: given };
      // The amount one look-alike digit off ("2.590 x 2" beside 5,15 for 5,18): count and price
      // stand, and the total's check takes their product for the amount.
      if (oneDigitAway(digits(Math.abs(amount))).includes(digits(lineAmount(printed, price)))) return { name: read[1], quantity: printed, unit: 'piece', unitPrice: price };
    }
  }
  const counted = leading.exec(name);
  if (counted && Number(counted[1]) > 0) return { name: counted[2], quantity: Number(counted[1]), unit: 'piece', unitPrice: cents(amount / Number(counted[1])) };
  return null;
}

const unreadCache = new Map<DecimalSeparator, RegExp>();
/**
 * A multi-buy whose line amount OCR did not read ("Käse 2,59 x 2 5 18°A", "Wodka 4,99 x 2 9,9 B 3"): the count and unit
 * price are printed, so the amount is their product. Only a few specks may stand where the amount was.
 */
export function multiBuyWithoutAmount(text: string, decimal: DecimalSeparator): { name: string; quantity: number; unitPrice: number; amount: number } | null {
  let pattern = unreadCache.get(decimal);
  if (!pattern) {
    pattern = new RegExp(String.raw`^(.*?\p{L}.*?)\s+${CURRENCY}?\s*(${amountPattern(decimal)})\s*[x×*]\s*[„"']?(\d{1,2})(?:\s+[^\p{L}\s]{0,3}\S{0,5}){0,3}$`, 'iu');
    unreadCache.set(decimal, pattern);
  }
  // The unit price's decimal separator read as the other one, a point read before the "x" ("2.59.x 2").
  const m = pattern.exec(text.replace(/(\d)[.,](\d{2})\.?(?=\s*[x×*]\s*[„"']?\d)/, `$1${decimal}$2`));
  if (!m) return null;
  const quantity = Number(m[3]);
  if (!(quantity > 1)) return null;
  const unitPrice = parseAmount(m[2], decimal);
  return { name: m[1], quantity, unitPrice, amount: lineAmount(quantity, unitPrice) };
}
