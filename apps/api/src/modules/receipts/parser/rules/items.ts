import type { ParsedReceiptLine, ReceiptWord } from '../receipt-text.js';
import { cents, type DecimalSeparator, isLineAmount, lineAmount, sameAmount, trailingAmount } from '../receipt-numbers.js';
import { digitMisreads } from './arithmetic.js';
import { closingAmount } from './amounts.js';
import { DEPARTMENT, isCodeLine, isColumnHeader, SEPARATOR, withoutSpecks } from './layout.js';
import { trimEndOf } from './line-bounds.js';
import { CURRENCY, inlineQuantity, multiBuyWithoutAmount, type QuantityLine, quantityLine, type Unit } from './quantities.js';

/**
 * The article lines between the header and the total, read into items. Each physical line is a
 * priced line (a name and an amount), a count line or a text line; names wrap onto a second line,
 * count lines stand above or below their article, and where a pairing is ambiguous quantity ×
 * unit price = line amount decides.
 */

export const SUBTOTAL = /^[*=#\s]*(?:zwischensumme|zw\.?-?summe|sub-?\s?total|summe\s+artikel|subtotal)\b/i;
/** Tax printed above the total ("TAX 7.25%", "T = CA TAX 7.25%", "TOTAL GST @6%"): US sales tax; GST, HST or SST (Australia, Canada, Malaysia, Singapore), added or included. */
const TAX_BEFORE_TOTAL = /^[*\s]*(?:[A-Z]\s*=\s*(?:[A-Z]{2}\s+)?)?(?:total\s+)?(?:(?:sales\s+)?tax|gst|hst|pst|sst)\b/i;
/** A tax line that says the tax is in the prices already ("GST included 0.47", "Total GST Inclusive 3.20"). */
const TAX_INCLUDED = /\b(?:incl\w*|inkl\w*|inc)\b/i;
/** Cash rounding printed above the total ("ROUNDING ADJ -0.02", "Rundung 0,01"): part of the sum like tax, not an article. */
const ROUNDING = /^[*\s]*(?:rounding|rundung|cash\s+rounding|round(?:ing)?\s+(?:adj\w*|amt|amount))\b/i;
const COUNT_INFO = /^[*\s]*(?:[\p{L}\p{N}]{1,2}\s+)?(?:anzahl\s+artikel|artikelanzahl|posten|anz\.?\s+artikel|items?\s+sold|number\s+of\s+items|item\s+count|total\s+items|total\s+qty|total\s+quantity|qty\s+total)(?![\p{L}])/iu;
const SAVINGS_INFO = /^[*\s]*(?:sie\s+sparen|you\s+saved?|ihre\s+ersparnis|gespart|your\s+savings|total\s+savings)\b/i;
/** Till and card-slip lines that carry a number read as an amount ("Uhrzeit 16,10", "BonNr: 0,06"): not articles. */
const TILL_LINE = /^\W*(?:[\p{L}\p{N}]{1,2}\s+)?(?:uhrzeit|datum|zeit|date|time|ladenr|bon-?nr|beleg-?nr|trace-?nr|terminal-?id?|ta-?nr|genehm\w*|vu-?nr|kassen?-?nr)(?![\p{L}])|seri\w{0,3}n(?:umme)?r|\bs\/n\b/iu;
/**
 * The first line of a card slip ("Kundenbeleg", its word cut short by faint print: "Kundenbe", "Kartenzahlung", "Terminal-ID 1234", "AS-Zeit"):
 * what follows up to the total (read on the slip as "Betrag EUR 39,00") is the slip, not articles.
 */
const CARD_SLIP = /^\W*(?:[\p{L}\p{N}]{1,2}\s+)?(?:kunden-?\s?be(?:\s?le[gdc]|(?![\p{L}]))|händler-?\s?be\s?le[gdc]|haendler-?beleg|kartenzahlung|terminal-?id?|trace-?nr|genehm\w*-?nr|as-?zeit|emv-?daten|zahlung\s+erfolgt)(?![\p{L}])/iu;
/** Payment and VAT lines where the total was not read ("ec-cash 59,96", "Netto MwSt. 19,00 50,38 9,58"): not articles. */
const PAYMENT_OR_VAT = /^\W*(?:[\p{L}\p{N}]{1,2}\s+)?(?:(?:el)?ec\.?[- ]?cash|girocard|kartenzahlung|bar(?:geld)?|rückgeld|wechselgeld|gegeben|netto|brutto|mwst|ust|vat|betrag)(?![\p{L}])/iu;
/** A petrol pump's volume line ("26,97 Liter Säule 2"): the amount is on the fuel's line. */
const PUMP_VOLUME = /^\W*(?:\S{1,2}\s+){0,3}\d+[.,]\d{2,3}\s*(?:liter|ltr|l)\b/i;
/** Returned empties: a credit, however the minus came out. */
export const RETURNED = /leer\s?gut|pfand\s*(?:zurück|rückgabe|retour)|rückn|bottle\s+return|deposit\s+return/i;
/** Coupons and price reductions: a credit, however the minus came out ("10% Coupon Pflege 1,15"). */
const REDUCTION = /(?<![\p{L}])(?:coupon|rabatt|sofortrabatt|nachlass|preisvorteil|discount|multibuy\s+saving|saving)(?![\p{L}])/iu;
/** An id number after its label ("TA-Nr 4368 BNr 2,91", "Genehmigungs-Nr.. 71,21"), not an amount. */
const ID_LABEL = /(?:\bno|\bid|nr)[.:,]*$/i;
/** Lines that explain the line above ("Einzelpreis EUR 9,95", "Regular Price $5.49"): not articles. */
const PRICE_INFO = /^[*\s]*(?:einzelpreis|stückpreis|grundpreis|unit\s+price|regular\s+price|reg\.?\s+price|orig(?:inal)?\.?\s+price)\b/i;
/** A product group under an electronics article ("414 SPIELZEUG") or its serial number: not part of the name. */
const PRODUCT_GROUP = /^(?:\S{1,2}\s+|[^\p{L}\s]{3}\s+)?\d{2,4}\s+\p{Lu}{3}|^\W*serien-?n|^\W*s\/n\b/iu;
const DEPOSIT = /pfand|leer\s?gut|deposit|einweg|mehrweg|bottle\s+return|crv\b/i;

interface Priced {
  type: 'priced';
  index: number;
  text: string;
  amount: number;
  taxCode: string | null;
  splitTaxDigit: boolean;
  /** Count and unit price printed on the line while its amount was not read: the amount is their product. */
  multiBuy?: { quantity: number; unitPrice: number };
}
interface Counted extends QuantityLine {
  type: 'quantity';
  index: number;
  text: string;
}
interface Text {
  type: 'text';
  index: number;
  text: string;
  /** Its last word stands in the amount column: an article whose amount OCR read as specks. */
  inAmountColumn?: boolean;
}
type Classified = Priced | Counted | Text;

interface Draft {
  names: string[];
  indexes: number[];
  raw: string[];
  amount: number;
  taxCode: string | null;
  quantity: number | null;
  unit: Unit;
  unitPrice: number | null;
  splitTaxDigit: boolean;
}

/** An article whose name was read but whose amount was not: the arithmetic may still give it one. */
export interface UnreadArticle {
  name: string;
  /** The input line (0-based) it was read from. */
  index: number;
  /** How many read lines stand above it. */
  after: number;
  /** The count line printed right above it ("2 x 0,49"), whose count × price is its amount. */
  counted?: { quantity: number; unitPrice: number };
}

export interface ArticleLines {
  lines: ParsedReceiptLine[];
  unread: UnreadArticle[];
  /** Sales tax or GST printed above the total: part of the sum unless the prices include it (see addedTax), not an article. */
  tax: number | null;
  /** Cash rounding printed above the total: part of the sum, not an article. */
  rounding: number | null;
}

/** Lines that end the articles wherever they stand: till data, payment, the card slip, the item count, a subtotal. */
export function afterArticles(text: string): boolean {
  const bare = withoutSpecks(text);
  return CARD_SLIP.test(bare) || COUNT_INFO.test(bare) || TILL_LINE.test(bare) || PAYMENT_OR_VAT.test(bare) || SUBTOTAL.test(text);
}

/** Lines among the articles that are no article's name: separators, headings, notes, counts, numbers, product groups. */
export function noArticleName(text: string): boolean {
  const bare = withoutSpecks(text);
  return SEPARATOR.test(text) || isColumnHeader(text) || SAVINGS_INFO.test(text) || PRICE_INFO.test(text) || PUMP_VOLUME.test(bare) || isCodeLine(text) || PRODUCT_GROUP.test(text) || UNIT_PRICE.test(text);
}

/** A price per unit on its own line ("1,459 EUR/Liter", "2,99 €/kg"). */
const UNIT_PRICE = /\d[.,]\d{2,3}\s*(?:€|eur)?\s*\/\s*(?:l|liter|ltr|kg|stk|100\s*g)\b/i;

/** The items printed on lines `from` to `to` (exclusive). `isSubtotal` recognises subtotal labels beyond the built-in ones. */
export function articleLines(
  texts: readonly string[],
  from: number,
  to: number,
  decimal: DecimalSeparator,
  notes: string[],
  isSubtotal: (text: string) => boolean = () => false,
  words: ReadonlyArray<readonly ReceiptWord[] | undefined> = [],
): ArticleLines {
  let tax: number | null = null;
  let rounding: number | null = null;
  const classified: Classified[] = [];
  const column = amountColumn(texts, from, to, decimal, words);
  let afterCode = false;
  // Past the item count only tax and rounding above the total are read ("TOTAL QTY: 6", "SUBTOTAL", "ROUNDING ADJ -0.02").
  let counted = false;
  for (let i = Math.max(from, 0); i < to; i += 1) {
    const text = texts[i];
    if (counted) {
      if (TAX_BEFORE_TOTAL.test(text) && !TAX_INCLUDED.test(text)) tax = addTo(tax, trailingAmount(text, decimal));
      if (ROUNDING.test(text)) rounding = addTo(rounding, trailingAmount(text, decimal));
      continue;
    }
    if (text === '' || SEPARATOR.test(text) || isColumnHeader(text) || SAVINGS_INFO.test(text) || PRICE_INFO.test(text)) continue;
    // A department heading names the articles below it, each with a name of its own; above an
    // amount or a count alone it is the article's name (a kiosk's "GETRÄNKE" above "2,50").
    if (DEPARTMENT.test(text) && /\p{L}{3}/u.test(texts[i + 1] ?? '')) continue;
    const bare = withoutSpecks(text);
    // The item count ("Posten: 19", "Anzahl Artikel 10") and the card slip follow the last article
    // (a slip's heading above the first one, as some tills print it, is skipped).
    if (CARD_SLIP.test(bare)) {
      if (classified.length > 0) break;
      continue;
    }
    if (COUNT_INFO.test(text) || COUNT_INFO.test(bare)) {
      counted = classified.length > 0;
      continue;
    }
    // A pump's volume line with its price per litre is the fuel's count line (`quantityLine` reads it).
    if (TILL_LINE.test(bare) || PAYMENT_OR_VAT.test(bare) || (PUMP_VOLUME.test(bare) && !quantityLine(bare, decimal))) continue;
    // An article number on its own line belongs to the article next to it, not to its name.
    if (isCodeLine(text)) {
      afterCode = true;
      continue;
    }
    // The tail of the article number line above wrapped onto the name ("Artikel 50306244" above "LED GU10 22237").
    const wrappedCode = afterCode ? /^(.*\p{L}.*?)\s+\d{5,6}$/u.exec(text) : null;
    afterCode = false;
    if (wrappedCode) {
      classified.push({ type: 'text', index: i, text: wrappedCode[1] });
      continue;
    }
    if (SUBTOTAL.test(text) || isSubtotal(text)) continue;
    if (TAX_BEFORE_TOTAL.test(text)) {
      if (!TAX_INCLUDED.test(text)) tax = addTo(tax, trailingAmount(text, decimal));
      continue;
    }
    if (ROUNDING.test(text)) {
      rounding = addTo(rounding, trailingAmount(text, decimal));
      continue;
    }
    const line = classify(text, i, decimal);
    if (line.type === 'text' && column) {
      const last = words[i]?.at(-1)?.box;
      line.inAmountColumn = last !== undefined && last.x1 > column;
    }
    classified.push(line);
  }
  const unread: UnreadDraft[] = [];
  const drafts = assemble(classified, notes, unread);
  const lines = withoutMarginSpecks(drafts.map((draft, n) => toLine(draft, n + 1, decimal)));
  for (const [n, draft] of drafts.entries()) {
    if (draft.splitTaxDigit) notes.push(`line ${n + 1} "${lines[n].name}": a three-decimal amount read as ${lines[n].totalPrice.toFixed(2)} with tax class ${draft.taxCode}`);
  }
  return { lines, tax, rounding, unread: unread.map(({ index, text, after, counted }) => ({ name: unreadName(text), index, after, ...(counted ? { counted } : {}) })) };
}

/** An amount so far (tax, rounding) with one more line's amount added; as it was when the line has none. */
const addTo = (sum: number | null, read: { amount: number } | null): number | null => (read ? cents((sum ?? 0) + read.amount) : sum);

/** The name of an article whose amount was not read, without the remains of the amount ("Brötchen | DL 2504" → "Brötchen"). */
export function unreadName(text: string): string {
  const tokens = withoutSpecks(text).split(' ');
  const speck = tokens.findIndex((token, i) => i > 0 && /^[^\p{L}\p{N}]+$/u.test(token));
  const kept = speck > 0 ? tokens.slice(0, speck) : tokens;
  // Specks, a tax class or bare digits ("500ml 1" for "500ml 1,15") after the name; a size with its unit stays.
  const remains = (token: string) =>
    !/^\d+(?:[.,]\d+)?\p{L}{1,2}\.?$/u.test(token) && (SPECKS_FOR_AMOUNT.test(token) || /^(?:\p{Lu}|[^\p{L}]*\d[^\p{L}]*|(?:EUR|€)[^\p{L}\p{N}]*)$/u.test(token));
  const classLeft = /^\p{Lu}$/u.test(kept.at(-1) ?? '');
  while (kept.length > 1 && remains(kept.at(-1)!)) kept.pop();
  // The amount before a tax class left as a short token ("Stk Ti A" for "Stk 7,77 A").
  if (classLeft && kept.length > 2 && kept.at(-1)!.length <= 2 && !SIZE.test(kept.at(-1)!)) kept.pop();
  return trimEndOf(kept.join(' '), '* ');
}

/**
 * The paper's edge read as a digit before many names ("2 NIVEA DUSCHE", "2 KIWIS", "22 SALATBAR"):
 * the same one- or two-digit token starting a third of the names or more, at least three, none
 * of them a count (no count line or price beside them), is not part of the names.
 */
function withoutMarginSpecks(lines: ParsedReceiptLine[]): ParsedReceiptLine[] {
  const lead = (line: ParsedReceiptLine) => (line.quantity === 1 ? /^(\d{1,2}) (?=\p{L})/u.exec(line.name)?.[1] : undefined);
  const counts = new Map<string, number>();
  for (const line of lines) {
    const token = lead(line);
    if (token) counts.set(token[0], (counts.get(token[0]) ?? 0) + 1);
  }
  const [digit, count] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? ['', 0];
  if (count < 3 || count * 3 < lines.length) return lines;
  for (const line of lines) {
    const token = lead(line);
    if (token && token[0] === digit && token.split('').every((c) => c === digit)) line.name = line.name.slice(token.length + 1);
  }
  return lines;
}

const AMOUNT_WORD = /\d[.,]\d{2}/;

/**
 * Where the amount column starts, from the word boxes of the priced lines (amounts stand right
 * aligned): three characters left of their usual right edge. Null without boxes for three lines.
 */
function amountColumn(texts: readonly string[], from: number, to: number, decimal: DecimalSeparator, words: ReadonlyArray<readonly ReceiptWord[] | undefined>): number | null {
  const rights: number[] = [];
  const widths: number[] = [];
  for (let i = Math.max(from, 0); i < to; i += 1) {
    const line = words[i];
    if (!line || !closingAmount(texts[i], decimal)) continue;
    const amount = [...line].reverse().find((w) => AMOUNT_WORD.test(w.text) && w.box);
    if (!amount?.box) continue;
    rights.push(amount.box.x1);
    widths.push((amount.box.x1 - amount.box.x0) / Math.max(amount.text.length, 1));
  }
  if (rights.length < 3) return null;
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  return median(rights) - 3 * median(widths);
}

function classify(text: string, index: number, decimal: DecimalSeparator): Classified {
  // A speck at the paper's edge may stand before a count line ("3 1.000 STK 19.99 19").
  const quantity =
    quantityLine(text, decimal) ??
    quantityLine(withoutSpecks(text), decimal) ??
    quantityLine(text.replace(/^\S{1,2}\s+(?=\d+[.,]\d{3}\s*\S|\d{1,2}\s*[x×*]\s*\d)/i, ''), decimal);
  if (quantity) return { type: 'quantity', ...quantity, index, text };
  const closing = closingAmount(text, decimal) ?? colonAmount(text);
  // A till never prints a leading zero before the units ("05,95"): the amount was misread, only the name stands.
  if (closing && MISREAD_LEADING_ZERO.test(text)) return { type: 'text', index, text };
  if (closing && ID_LABEL.test(closing.rest)) return { type: 'text', index, text };
  if (closing) return { type: 'priced', index, text: closing.rest, amount: closing.amount, taxCode: closing.taxCode, splitTaxDigit: closing.splitTaxDigit };
  const multiBuy = multiBuyWithoutAmount(text, decimal);
  if (multiBuy) {
    const { name, amount, ...count } = multiBuy;
    return { type: 'priced', index, text: name, amount, taxCode: null, splitTaxDigit: false, multiBuy: count };
  }
  return { type: 'text', index, text };
}

/**
 * An article line whose decimal comma OCR read as a colon ("Waschmittel 20 WL 3:95 41"): the
 * amount closes the line but for one short token (the tax class). Only on a named line without a
 * time word, between the header and the total, where a time of day is not printed.
 */
function colonAmount(text: string): ReturnType<typeof closingAmount> {
  const m = /^(.*\p{L}{3}.*?)\s+(\d{1,4})[:;](\d{2})(?:\s+\S{1,2})?$/u.exec(text);
  if (!m || /\b(?:uhr|zeit|time)\b/i.test(text)) return null;
  return { amount: Number(`${m[2]}.${m[3]}`), rest: m[1], taxCode: null, splitTaxDigit: false };
}

/** A name with at least one word of three letters: what an article line prints, unlike specks, a code or a currency. */
const named = (text: string) => /\p{L}{3}/u.test(withoutSpecks(text).replace(/(?<=^|\s)(?:EUR|EURO|USD|GBP|CHF)(?=\s|$)/gi, ''));
/** A name line that starts with the count ("2 * Atemschutzmaske", "3 x Brötchen"): the first line of its article. */
const COUNT_FIRST = /^\d{1,3}\s*[x×*]\s+\p{L}/iu;
/** Only an article number beside the amount ("2183839 1.129,00"): electronics tills print the name below. */
const codeOnly = (text: string) => !named(text) && /\d{4,}/.test(text);

/**
 * A line whose amount was not read ends in the specks OCR made of it ("JOGHURT PUR O3 a6",
 * "JOGHURT PUR 0.5 ["); the first half of a wrapped name ends in a word.
 */
const SPECKS_FOR_AMOUNT = /^(?:\p{L}\d|\d\p{L}|\S*[[\]{}|\\]\S*|(?=\S*\d)\S*[()]\S*|\d{1,3}[/:;]\d{2}|\p{L}+\d+[.,:;/]?\p{L}+)$/u;
/** An amount with a leading zero before its units ("JOGHURT 05,95"), as no till prints one. */
const MISREAD_LEADING_ZERO = /\s0\d{1,3}[.,]\d{2}\W{0,3}(?:\s\S{1,2})?$/;
/** A pack size or a number that may end a name ("350G", "0,7L", "1,5"). */
const SIZE = /^\d+(?:[.,]\d+)?\p{L}{0,2}\.?$/u;
function lostAmount(text: string, taxCodes: ReadonlySet<string>): boolean {
  const words = text.split(' ');
  const last = words.at(-1) ?? '';
  if (MISREAD_LEADING_ZERO.test(text)) return true;
  // A bare number after a size with its unit ("Zahnpasta 75ml 15" for "75ml 1,45"): what is left of the amount.
  if (/^\d{1,3}$/.test(last) && /^\d+(?:[.,]\d+)?(?:ml|l|g|kg|cl|stk|st)\.?$/i.test(words.at(-2) ?? '')) return true;
  if (words.length < 2 || SIZE.test(last)) return false;
  // The tax class the receipt prints after its amounts, left alone at the end ("MARZIPAN-BROT SW E").
  if (/^\p{Lu}$/u.test(last) && taxCodes.has(last) && words.length >= 3) return true;
  // Or after what is left of the amount, a digit read as a letter ("CHICKEN SE" for "3,99 E").
  if (/^[SOIlBZG\d]\p{Lu}$/u.test(last) && taxCodes.has(last[1]) && words.length >= 2) return true;
  if (SPECKS_FOR_AMOUNT.test(last)) return true;
  // One or two small letters after a name in capitals ("GUT BIO JOGHURT PUR le").
  return /^\p{Ll}{1,2}$/u.test(last) && !/\p{Ll}/u.test(words.slice(0, -1).join(' '));
}

/** The same article printed again (tills print each piece): two lines that start with the same two words. */
function sameArticle(a: string, b: string): boolean {
  const head = (text: string) => withoutSpecks(text).toLowerCase().replace(/[^\p{L}\p{N} ]/gu, '').split(' ').filter((w) => w !== '').slice(0, 2);
  const [x, y] = [head(a), head(b)];
  return x.length === 2 && y.length === 2 && x[0] === y[0] && x[1] === y[1];
}

function draftOf(line: Priced, names: Text[]): Draft {
  return {
    names: [...names.map((n) => n.text), line.text].filter((n) => n !== ''),
    indexes: [...names.map((n) => n.index), line.index],
    raw: [...names.map((n) => n.text), line.text],
    amount: line.amount,
    taxCode: line.taxCode,
    quantity: null,
    unit: 'piece',
    unitPrice: null,
    splitTaxDigit: line.splitTaxDigit,
  };
}

function applyQuantity(draft: Draft, q: Counted): void {
  draft.quantity = q.quantity;
  draft.unit = q.unit;
  draft.unitPrice = q.unitPrice;
  draft.indexes.push(q.index);
  draft.indexes.sort((a, b) => a - b);
}

const fits = (q: QuantityLine, amount: number) => isLineAmount(q.quantity, q.unitPrice, amount);

/**
 * The count a unit price read on a line of specks stands for: the next article's amount is that
 * multiple of it, exactly or with one look-alike digit misread in the amount. 0 when none fits.
 */
function countFor(unitPrice: number, amount: number): number {
  const times = Math.round(amount / unitPrice);
  if (times >= 2 && times <= 20 && sameAmount(times * unitPrice, amount)) return times;
  const readings = digitMisreads(amount);
  for (let count = 2; count <= 9; count += 1) if (readings.some((value) => sameAmount(value, lineAmount(count, unitPrice)))) return count;
  return 0;
}

/** An article whose amount was not read, as the assembly finds it: its text, and the count line above it if any. */
type UnreadDraft = { index: number; text: string; after: number; counted?: UnreadArticle['counted'] };
/** The count and price of a count line, as an unread article keeps them. */
const countOf = (line: Counted): NonNullable<UnreadArticle['counted']> => ({ quantity: line.quantity, unitPrice: line.unitPrice });

/** Article lines from classified physical lines: names joined, count lines paired by arithmetic. */
function assemble(classified: readonly Classified[], notes: string[], unread: UnreadDraft[]): Draft[] {
  const drafts: Draft[] = [];
  // Tax classes printed after the amounts: one left at the end of a name line is an amount's remains.
  const taxCodes = new Set(classified.flatMap((c) => (c.type === 'priced' && c.taxCode && /^[A-Z]$/.test(c.taxCode) ? [c.taxCode] : [])));
  let names: Text[] = [];
  let pendingQuantity: Counted | null = null;
  // The count line (without an amount) printed right above a name line: when that article's
  // amount is not read, the count gives it ("2 x 0,49" above "KIWIS 0,8 B").
  const countAbove = new Map<number, Counted>();
  // Which side count lines were found on so far: breaks ties when both neighbours would fit.
  let below = 0;
  let above = 0;

  const nextPriced = (from: number): Priced | null => {
    for (let j = from; j < classified.length; j += 1) {
      const c = classified[j];
      if (c.type === 'priced') return c;
      if (c.type === 'quantity') return null;
    }
    return null;
  };

  // An article printed as a number with its amount, its name on the lines below (electronics, furniture).
  let awaitingName: Draft | null = null;
  let namesBelowCodes = false;
  classified.forEach((line, position) => {
    if (line.type === 'text') {
      if (awaitingName) {
        if (awaitingName.names.length < 2 && named(line.text) && !PRODUCT_GROUP.test(line.text)) {
          awaitingName.names.push(withoutSpecks(line.text));
          awaitingName.indexes.push(line.index);
          awaitingName.raw.push(line.text);
          return;
        }
        if (awaitingName.names.length > 0) awaitingName = null;
        return;
      }
      if (pendingQuantity && names.length === 0) countAbove.set(line.index, pendingQuantity);
      names.push(line);
      return;
    }
    if (awaitingName && awaitingName.names.length === 0) {
      drafts.pop();
      notes.push(`line ${awaitingName.indexes[0] + 1}: an article number with an amount but no name`);
    }
    awaitingName = null;
    if (line.type === 'quantity') {
      if (line.amount !== null) {
        // "2 x 1,29 2,58": a count line with its own amount belongs to the name above it.
        if (names.length > 0) {
          const draft = draftOf({ type: 'priced', index: line.index, text: '', amount: line.amount, taxCode: line.taxCode, splitTaxDigit: false }, names);
          applyQuantity(draft, line);
          draft.indexes = [...new Set(draft.indexes)];
          drafts.push(draft);
          names = [];
          return;
        }
        const previous = drafts.at(-1);
        if (previous && previous.quantity === null && sameAmount(previous.amount, line.amount)) {
          applyQuantity(previous, line);
          return;
        }
        notes.push(`line ${line.index + 1}: a count with an amount but no article name ("${line.text}")`);
        return;
      }
      const previous = drafts.at(-1);
      const prevFits = names.length === 0 && previous !== undefined && previous.quantity === null && fits(line, previous.amount);
      const next = nextPriced(position + 1);
      const nextFits = next !== null && fits(line, next.amount);
      // Neither fitting means a misread amount: follow the side seen so far (below by default),
      // and let the total check correct the amount.
      const canTakeBelow = names.length === 0 && previous !== undefined && previous.quantity === null;
      if (prevFits ? !nextFits || below >= above : !nextFits && canTakeBelow && below >= above) {
        applyQuantity(previous as Draft, line);
        below += 1;
      } else {
        pendingQuantity = line;
      }
      return;
    }
    // Names above an article number belong to it only when no name follows below it.
    const nameBelow = classified[position + 1]?.type === 'text' && named(classified[position + 1].text);
    // On a receipt that prints names below article numbers, an amount whose number was lost takes the name below too.
    if ((codeOnly(line.text) || (namesBelowCodes && !named(line.text) && nameBelow)) && (names.length === 0 || nameBelow)) {
      namesBelowCodes = true;
      if (names.length > 0) notes.push(`lines ${names.map((n) => n.index + 1).join(', ')}: text above an article number, not its name`);
      names = [];
      const draft = draftOf({ ...line, text: '' }, []);
      drafts.push(draft);
      awaitingName = draft;
      return;
    }
    // Specks where a count line was ("ZW 1,15" for "2 X 1,15"), or before one ("EEE 2x 0,99"): the
    // next article's amount is a multiple of it (the printed count, where there is one).
    const countTail = /(?:^|\s)(\d{1,2})\s*[x×*]$/i.exec(line.text);
    const next = names.length === 0 && (!named(line.text) || countTail) && !pendingQuantity ? nextPriced(position + 1) : null;
    const times = next && line.amount > 0 ? countFor(line.amount, next.amount) : 0;
    if (next && times > 0 && (!countTail || Number(countTail[1]) === times)) {
      pendingQuantity = { type: 'quantity', index: line.index, text: line.text, quantity: times, unit: 'piece', unitPrice: line.amount, amount: null, taxCode: null };
      notes.push(`line ${line.index + 1}: "${line.text}" read as a count line, ${times} × ${line.amount.toFixed(2)} for ${next.amount.toFixed(2)}`);
      return;
    }
    // An amount with no name, or only specks beside it ("; 0,49"): not an article.
    if (!/\p{L}/u.test(line.text) && names.length === 0) {
      notes.push(`line ${line.index + 1}: an amount without an article name`);
      return;
    }
    // Lines above whose amount was not read are articles of their own, not the start of this name.
    // A name wraps onto four lines at most; more lines above, lines ending in the specks of an
    // amount and the same article printed again are articles whose amount was not read.
    // An amount alone on its line takes the name right above it, whatever stands in its amount column.
    if (names.length > 0) {
      const kept: Text[] = [];
      // Up to three lines of name above an amount alone ("750g 3,80"), two above a named one.
      for (const [n, wrap] of names.slice(named(line.text) ? -2 : -3).reverse().entries()) {
        const alone = n === 0 && !named(line.text);
        if (!alone && (wrap.inAmountColumn || lostAmount(wrap.text, taxCodes) || sameArticle(wrap.text, line.text) || !named(wrap.text))) break;
        kept.unshift(wrap);
        // The count starts the article ("2 * Atemschutzmaske"): lines above it are another's.
        if (COUNT_FIRST.test(withoutSpecks(wrap.text))) break;
      }
      const lost = names.filter((n) => !kept.includes(n));
      if (lost.length > 0) notes.push(`lines ${lost.map((n) => n.index + 1).join(', ')}: an article whose amount was not read`);
      // Lost lines are articles of their own; a name wraps onto the next lost line until one ends in an amount's remains.
      let wrapped: Text[] = [];
      const lostNames = lost.filter((n) => named(n.text));
      for (const n of lostNames) {
        wrapped.push(n);
        if (n !== lostNames.at(-1) && !lostAmount(n.text, taxCodes) && !n.inAmountColumn) continue;
        const text = wrapped.map((w) => w.text).join(' ');
        // The count above it is its own unless it is the one waiting for this amount and gives it.
        const counted = countAbove.get(wrapped[0].index);
        const own = counted && (counted !== pendingQuantity || !fits(counted, line.amount)) ? counted : undefined;
        if (own === pendingQuantity) pendingQuantity = null;
        if (named(text)) unread.push({ index: wrapped[0].index, text, after: drafts.length, ...(own ? { counted: countOf(own) } : {}) });
        wrapped = [];
      }
      names = kept;
    }
    // An article number and count beside the amount, the name above ("08001287 2 x 9,95 19,90"): the number is no part of the name.
    const draft = draftOf(names.length > 0 && !named(line.text) && /\d{5,}/.test(line.text) ? { ...line, text: '' } : line, names);
    names = [];
    if (line.multiBuy) {
      applyQuantity(draft, { type: 'quantity', index: line.index, text: line.text, ...line.multiBuy, unit: 'piece', amount: line.amount, taxCode: null });
      notes.push(`line ${line.index + 1}: amount not read, taken as ${line.multiBuy.quantity} × ${line.multiBuy.unitPrice.toFixed(2)}`);
    }
    if (pendingQuantity) {
      if (!fits(pendingQuantity, line.amount)) notes.push(`line ${line.index + 1}: ${pendingQuantity.text} does not give ${line.amount.toFixed(2)}`);
      applyQuantity(draft, pendingQuantity);
      pendingQuantity = null;
      above += 1;
    }
    drafts.push(draft);
  });
  if (names.length > 0) notes.push(`lines ${names.map((n) => n.index + 1).join(', ')}: text without an amount, not read as an article`);
  // The last article's amount lost before the total: its name line ends in the amount's remains.
  const last = names.at(-1);
  if (last && named(last.text) && (lostAmount(last.text, taxCodes) || last.inAmountColumn)) {
    const counted = names.length === 1 ? countAbove.get(last.index) : undefined;
    unread.push({ index: last.index, text: last.text, after: drafts.length, ...(counted ? { counted: countOf(counted) } : {}) });
  }
  return drafts;
}

/**
 * A word broken at its hyphen where the till wrapped it, and read onto one line by OCR
 * ("VOLLKORN- TOASTBROT"), is one word again. A suspended hyphen before a conjunction
 * ("Obst- und Gemüse") stays as printed.
 */
function joinHyphenWraps(name: string): string {
  return name.replace(/(\p{L}-) (?!(?:und|oder|bzw|u|and|or)\b)(?=\p{L})/giu, '$1');
}

function toLine(draft: Draft, position: number, decimal: DecimalSeparator): ParsedReceiptLine {
  let name = joinHyphenWraps(draft.names.reduce((joined, part) => (joined === '' ? part : /\p{L}-$/u.test(joined) && /^\p{L}/u.test(part) ? joined + part : `${joined} ${part}`), ''));
  let quantity = draft.quantity;
  let unit = draft.unit;
  let unitPrice = draft.unitPrice;
  if (quantity === null) {
    const inline = inlineQuantity(name, draft.amount, decimal);
    if (inline) ({ name, quantity, unit, unitPrice } = inline);
  } else {
    // The count printed again before the name ("3 x Orange Juice" above "3 @ 2.50").
    const lead = /^(\d{1,3})\s*[x×*]\s+(?=\p{L})/iu.exec(name);
    if (lead && Number(lead[1]) === quantity) name = name.slice(lead[0].length);
  }
  // Article numbers and barcodes some tills print around the name are not part of it; a
  // barcode (with the flag US tills print after it) is kept for matching.
  const barcode = /\s(\d{8,14})(?:\s+[A-Z])?$/.exec(name)?.[1] ?? null;
  name = name
    .replace(/^(?:\S{1,2}\s+)?\d{4,}\s+(?=\p{L})/u, '')
    .replace(/\s+\d{8,14}(?:\s+[A-Z])?$/, '')
    .replace(new RegExp(String.raw`\s+${CURRENCY}$`, 'i'), '')
    .trim();
  // A hyphen left at the end ("SALATBAR-" before its amount) joins nothing; a mark glued before the
  // first word ("#Super", "+Super") and a tax class read with an umlaut before the amount ("Super E5 Ä") are no part of the name.
  // A pound sign starting a word before a digit is a blurred E ("Super £5"): no euro till prints one there.
  name = trimEndOf(withoutSpecks(name), '*- ')
    .replace(/^[#*+»«"„'`]+(?=\p{L})/u, '')
    .replace(/(?<=\S) [ÄÖÜ]$/u, '')
    .replace(/(?<![\p{L}\d])£(?=\d)/gu, 'E');
  const amount = RETURNED.test(name) || REDUCTION.test(name) ? -Math.abs(draft.amount) : draft.amount;
  const kind = DEPOSIT.test(name) ? 'deposit' : amount < 0 ? 'discount' : 'item';
  return {
    position,
    kind,
    rawText: draft.raw.join(' | '),
    name,
    quantity: quantity ?? 1,
    unit,
    unitPrice: unitPrice ?? (quantity === null ? amount : null),
    totalPrice: amount,
    taxCode: draft.taxCode,
    barcode,
    sourceLines: [...new Set(draft.indexes)].sort((a, b) => a - b),
  };
}
