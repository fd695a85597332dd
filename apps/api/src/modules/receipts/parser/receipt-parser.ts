import { knownRetailer, retailerKey } from '../receipt-keys.js';
import { findChain, joinLetterSpaced } from './rules/chains.js';
import { findCurrency, restoreEuroSigns } from './rules/currency.js';
import { slashOrderOf } from './rules/dates.js';
import { boundedLine, trimEndOf, trimStartOf } from './rules/line-bounds.js';
import { amountPaid, paymentAmounts, paymentKind } from './rules/payment.js';
import { isSubtotalLabel, isTotalLabel } from './rules/total-labels.js';
import {
  amountPattern,
  cents,
  type DecimalSeparator,
  findPurchaseDate,
  isLineAmount,
  lineAmount,
  parseAmount,
  parseQuantity,
  sameAmount,
  trailingAmount,
} from './receipt-numbers.js';
import type { ParsedReceipt, ParsedReceiptLine, ReceiptConsistency, ReceiptLanguage, ReceiptTextInput } from './receipt-text.js';

/*
 * A receipt is read in three parts: the header (store, address, till data) above the first priced
 * line, the article lines down to the total, and the footer (payment, change, card slip, VAT
 * summary, greetings), which is ignored except for the date and store number. Article lines are
 * paired with the count/weight lines tills print above or below them ("2 x 1,29",
 * "0,456 kg x 2,99 EUR/kg") and with names that wrap onto a second line; where a pairing is
 * ambiguous, quantity × unit price = line amount decides. Finally the lines are checked against
 * the printed total, and a misreading the arithmetic can settle is corrected and noted.
 *
 * Dates: dotted dates are day first (DD.MM.YY, DD.MM.YYYY), ISO dates year first. Slashed dates
 * are day first on German receipts and on English ones in pounds or with a VAT block (UK), month
 * first on other English receipts (US, MM/DD/YYYY); a part above 12 settles it either way.
 */

const CURRENCY = String.raw`(?:€|EUR|\$|USD|£|GBP|CHF)`;
const UNIT = String.raw`(kg|g|lbs?|l|stk\.?|st\.?|stück|pcs?|pc\.?|ea)`;
const OPERATOR = String.raw`(?:x|×|\*|@|à|je)`;
const PER_UNIT = String.raw`(?:\s*\/\s*(?:kg|g|lbs?|l|stk\.?|st\.?|ea|pc|pcs|stück))?(?:\s+(?:ea|each|je\s+stk\.?))?`;
const QUANTITY = String.raw`(\d+(?:[.,]\d{1,3})?)`;

const TOTAL = /^[*=#\s]*(?:summe|gesamt(?:summe|betrag)?|total(?:\s+(?:due|eur|amount))?|zu\s+zahlen|endsumme|endbetrag|rechnungsbetrag|amount\s+due|balance\s+due|grand\s+total|to\s+pay|betrag)\b(?!.*\b(?:sav\w*|spar\w*|items?|artikel|rabatt|discount|mwst|netto|net)\b)/i;
const SUBTOTAL = /^[*=#\s]*(?:zwischensumme|zw\.?-?summe|sub-?\s?total|summe\s+artikel|subtotal)\b/i;
const TAX_BEFORE_TOTAL = /^[*\s]*(?:sales\s+)?tax\b/i;
const PAYMENT = /^[*\s]*(?:bar(?:geld|zahlung)?|cash|ec[- ]?(?:karte|cash)|girocard|kartenzahlung|karte|visa|master\s*card|maestro|amex|debit|credit|gegeben|rückgeld|wechselgeld|change|mwst|ust|vat|steuer|netto|brutto|payment|zahlung|tendered|paid)\b/i;
const SEPARATOR = /^[-=*_#.~+:\s]{3,}$/;
const COLUMN_HEADER = /^(?:(?:artikel|bezeichnung|beschreibung|description|item|qty|menge|anz\.?|preis|price|betrag|amount|eur|€|\$|£|summe|total|st\.?)\b\s*)+$/i;
const COUNT_INFO = /^[*\s]*(?:anzahl\s+artikel|artikelanzahl|posten|anz\.?\s+artikel|items?\s+sold|number\s+of\s+items|item\s+count|total\s+items)\b/i;
const SAVINGS_INFO = /^[*\s]*(?:sie\s+sparen|you\s+saved?|ihre\s+ersparnis|gespart|your\s+savings|total\s+savings)\b/i;
const DEPOSIT = /pfand|leergut|deposit|einweg|mehrweg|bottle\s+return|crv\b/i;

const PHONE = /\b(?:tel|telefon|phone|fax)\b|\+?\d[\d /-]{7,}\d/i;
const WEB = /www\.|https?:|[^\s@]@[^\s@]+\.|\.(?:de|com|co\.uk|org|net)\b/i;
const POSTCODE = /^(?:D-)?\d{5}\s+\p{L}|\b[A-Z]{1,2}\d[A-Z\d]?\s+\d[A-Z]{2}\b|,\s*[A-Z]{2}\s+\d{5}\b/u;
const STREET = /(?:\p{L}(?:str(?:aße|asse|\.)|weg|platz|allee|gasse|ring|damm)|\b(?:straße|strasse|str\.|weg|platz|allee|gasse|ring|damm))\s*\d+|^\d+\s+\p{L}.*\b(?:st|street|ave|avenue|road|rd|blvd|lane|ln|drive|dr|high\s+street)\b\.?$/iu;
const DATE_TIME = /\d{1,2}[./]\d{1,2}[./]\d{2,4}|\d{4}-\d{2}-\d{2}|\b\d{1,2}:\d{2}\b/;
const TILL_DATA = /\b(?:uid|ust-?id|st\.?-?nr|steuer-?nr|vat\s*(?:no|reg)|kasse|bon|beleg|trx|transaktion|filiale|fil\.|markt\s*(?:nr|\d)|store\s*(?:#|no|\d)|branch|register|cashier|kassierer|bediener|operator|terminal|receipt|rechnung|kassenbon|öffnungszeiten|opening|mo\s*-\s*sa|kunden|customer)\b|\b(?:st|op|te|tr|tc|ref|auth|seq)\s?#/i;
const WELCOME = /^\W*(?:(?:herzlich\s+)?willkommen(?:\s+(?:bei|im|in))?|welcome(?:\s+to)?|vielen\s+dank|thank\s+you|danke)\b\W*/i;
const STORE_NUMBER = /\b(?:filiale|fil\.?|filial-?nr\.?|markt|store|branch|shop|geschäft|outlet|st(?=\s?#))\s*(?:nr\.?|no\.?|number|#)?\s*:?\s*#?\s*(\d{2,6})\b/i;

interface Priced {
  type: 'priced';
  index: number;
  text: string;
  amount: number;
  taxCode: string | null;
  splitTaxDigit: boolean;
}
interface QuantityLine {
  type: 'quantity';
  index: number;
  text: string;
  quantity: number;
  unit: ParsedReceiptLine['unit'];
  unitPrice: number;
  /** The line amount when the count line carries it ("2 x 1,29 2,58 A"). */
  amount: number | null;
  taxCode: string | null;
}
interface Text {
  type: 'text';
  index: number;
  text: string;
}
type Classified = Priced | QuantityLine | Text;

interface Draft {
  names: string[];
  indexes: number[];
  raw: string[];
  amount: number;
  taxCode: string | null;
  quantity: number | null;
  unit: ParsedReceiptLine['unit'];
  unitPrice: number | null;
  splitTaxDigit: boolean;
}

/** Reads a receipt's text into store, date, lines and total. Pure: no I/O, no clock. */
export function parseReceipt(input: ReceiptTextInput): ParsedReceipt {
  const texts = restoreEuroSigns(input.lines.map((line) => clean(typeof line === 'string' ? line : line.text)));
  const confidences = input.lines.map((line) => (typeof line === 'string' ? 1 : (line.confidence ?? 1)));
  const language = detectLanguage(texts, input.language);
  const decimal = detectDecimal(texts, language);
  const currency = findCurrency(texts, language);
  const slashOrder = slashOrderOf(texts, language, currency);
  const notes: string[] = [];

  // The total closes the article lines; without one, the payment block does.
  let totalIndex = -1;
  let total: number | null = null;
  for (let i = 0; i < texts.length; i += 1) {
    if (!TOTAL.test(texts[i]) && !isTotalLabel(texts[i])) continue;
    const own = trailingAmount(texts[i], decimal);
    const next = !own && i + 1 < texts.length ? trailingAmount(texts[i + 1], decimal) : null;
    const found = own ?? (next && next.rest.replace(new RegExp(CURRENCY, 'gi'), '').trim() === '' ? next : null);
    if (!found) continue;
    totalIndex = i;
    total = Math.abs(found.amount);
    break;
  }

  // Only a subtotal printed ("Zwischensumme", then the payment): it is the amount to pay.
  if (totalIndex < 0) {
    const subtotal = texts.findIndex((t) => (SUBTOTAL.test(t) || isSubtotalLabel(t)) && trailingAmount(t, decimal) !== null);
    if (subtotal >= 0) {
      totalIndex = subtotal;
      total = Math.abs(trailingAmount(texts[subtotal], decimal)!.amount);
    }
  }

  // A total label whose amount was not read (below a priced line) still closes the article lines; the payment gives the amount.
  if (totalIndex < 0) {
    const firstPriced = texts.findIndex((t) => trailingAmount(t, decimal) !== null);
    totalIndex = firstPriced < 0 ? -1 : texts.findIndex((t, i) => i > firstPriced && (TOTAL.test(t) || isTotalLabel(t)));
    if (totalIndex >= 0) total = amountPaid(paymentAmounts(texts, totalIndex, decimal));
  }

  const start = articleStart(texts, decimal, totalIndex);
  let end = totalIndex >= 0 ? totalIndex : texts.length;
  if (totalIndex < 0) {
    const payment = texts.findIndex((t, i) => i > start && (PAYMENT.test(t) || paymentKind(t) !== null) && trailingAmount(t, decimal) !== null);
    if (payment >= 0) end = payment;
  }

  let tax: number | null = null;
  const classified: Classified[] = [];
  for (let i = Math.max(start, 0); i < end; i += 1) {
    const text = texts[i];
    if (text === '' || SEPARATOR.test(text) || COLUMN_HEADER.test(text) || COUNT_INFO.test(text) || SAVINGS_INFO.test(text)) continue;
    if (SUBTOTAL.test(text) || isSubtotalLabel(text)) continue;
    if (TAX_BEFORE_TOTAL.test(text)) {
      const amount = trailingAmount(text, decimal);
      if (amount) tax = cents((tax ?? 0) + amount.amount);
      continue;
    }
    classified.push(classify(text, i, decimal));
  }

  let drafts = assemble(classified, notes);
  let lines = drafts.map((draft, n) => toLine(draft, n + 1, decimal));
  // No total label read: the first line whose amount is the sum of the lines above it is the total.
  if (total === null) {
    const at = runningSumTotal(lines);
    if (at !== null) {
      total = lines[at].totalPrice;
      notes.push(`line ${at + 1}: no total label read; its amount ${total.toFixed(2)} is the sum of the lines above, taken as the total`);
      drafts = drafts.slice(0, at);
      lines = lines.slice(0, at);
    }
  }
  // Neither a total nor a sum: what was paid.
  if (total === null) total = amountPaid(paymentAmounts(texts, end - 1, decimal));
  for (const [n, draft] of drafts.entries()) {
    if (draft.splitTaxDigit) notes.push(`line ${n + 1} "${lines[n].name}": a three-decimal amount read as ${lines[n].totalPrice.toFixed(2)} with tax class ${draft.taxCode}`);
  }

  const header = texts.slice(0, Math.max(start, 0));
  const headerName = findStoreName(header, confidences);
  const namedChain = headerName ? knownRetailer(headerName) : null;
  // The chain printed anywhere wins over a header line that names none (a logo read as noise, an address).
  const found = namedChain ? null : findChain(texts, Math.max(start, 0));
  const storeName = found ? found.label : headerName;
  const chain = namedChain ?? found?.key ?? null;
  const storeNumberMatch = texts.map((t) => STORE_NUMBER.exec(t)).find((m) => m !== null);

  // What was paid, printed below the total: a second reading of it when OCR garbled the first.
  const paid = paymentAmounts(texts, totalIndex >= 0 ? totalIndex : end - 1, decimal);
  const { total: checkedTotal, ...consistency } = check(lines, total, tax, notes, paid);
  total = checkedTotal;
  return {
    language,
    decimalSeparator: decimal,
    storeName,
    retailerKey: chain ?? retailerKey(storeName),
    storeNumber: storeNumberMatch?.[1] ?? null,
    purchaseDate: findPurchaseDate(texts, slashOrder, input.today),
    currency,
    total,
    tax,
    lines,
    consistency,
  };
}

function clean(text: string): string {
  return boundedLine(text).replace(/[\t\u00a0\u2007\u202f]/g, ' ').replace(/\s+/g, ' ').trim();
}

function detectLanguage(texts: readonly string[], hint: ReceiptLanguage | undefined): ReceiptLanguage {
  const all = texts.join('\n');
  const de = (all.match(/\b(?:summe|mwst|zu zahlen|rückgeld|kasse|filiale|stk|pfand|gesamt|datum|uhrzeit|netto|brutto|steuer|vielen dank|gegeben|bar|artikel|rabatt|kassenbon)\b/gi) ?? []).length;
  const en = (all.match(/\b(?:total|subtotal|tax|vat|change|cash|thank you|qty|amount due|balance|receipt|items?|card|paid|tendered|savings|discount|store)\b/gi) ?? []).length;
  if (de === en) return hint ?? 'de';
  return de > en ? 'de' : 'en';
}

function detectDecimal(texts: readonly string[], language: ReceiptLanguage): DecimalSeparator {
  let comma = 0;
  let dot = 0;
  for (const text of texts) {
    for (const m of text.matchAll(/(?<![\d.,])\d+([.,])\d{2}(?![\d.,])/g)) {
      if (m[1] === ',') comma += 1;
      else dot += 1;
    }
  }
  if (comma === dot) return language === 'de' ? ',' : '.';
  return comma > dot ? ',' : '.';
}

/** Opening hours and the like in the header ("Mo.-Sa. 9.00 Uhr - 20.00 Uhr", "Öffnungszeiten"). */
const OPENING_HOURS = /(?<![\p{L}])(?:uhr|öffnungszeit\w*|oeffnungszeit\w*|geöffnet|opening|hours)(?![\p{L}])|\bmo\.?\s*-\s*(?:sa|fr)\b/iu;

/** An article number before a name ("4078500017343 Blumenrechen"): an article line, not a phone number. */
const ARTICLE_NUMBER_NAME = /^\d{5,14}\s+\p{L}{2}/u;

function isHeaderish(text: string): boolean {
  if (ARTICLE_NUMBER_NAME.test(text)) return false;
  return (
    PHONE.test(text) || WEB.test(text) || POSTCODE.test(text) || STREET.test(text) || DATE_TIME.test(text) || TILL_DATA.test(text) || WELCOME.test(text) || knownRetailer(text) !== null
  );
}

/** The first article line: the first priced or count line below the header, plus name lines right above it. */
function articleStart(texts: readonly string[], decimal: DecimalSeparator, totalIndex: number): number {
  const limit = totalIndex >= 0 ? totalIndex : texts.length;
  const firstContent = texts.findIndex((t) => t !== '');
  let first = -1;
  for (let i = firstContent + 1; i < limit; i += 1) {
    const text = texts[i];
    if (text === '' || SEPARATOR.test(text) || COLUMN_HEADER.test(text)) continue;
    // A priced line may name the chain ("REWE Beste Wahl Milch"); till data and dates are never articles.
    if (DATE_TIME.test(text) || TILL_DATA.test(text) || WEB.test(text) || /\b(?:tel|telefon|phone|fax)\b/i.test(text)) continue;
    if (trailingAmount(text, decimal) || quantityLine(text, decimal)) {
      first = i;
      break;
    }
  }
  if (first < 0) return limit;
  // Up to three name lines may stand above the first priced line (a wrapped name); more are the
  // header's tail (opening hours, a slogan), which must not glue onto the first article.
  let start = first;
  while (start - 1 > firstContent && first - start < 3) {
    const text = texts[start - 1];
    if (text === '' || isHeaderish(text) || SEPARATOR.test(text) || COLUMN_HEADER.test(text) || OPENING_HOURS.test(text)) break;
    start -= 1;
  }
  return start;
}

/** Words in a header line that make it the store's name (an independent pharmacy, bakery, petrol station). */
const STORE_WORD = /\b(?:apotheke|bäckerei|baeckerei|metzgerei|fleischerei|konditorei|tankstelle|drogerie|kiosk|getränke\w*|pharmacy|bakery|butcher|supermarket|market|markt)\b/i;

function findStoreName(header: readonly string[], confidences: readonly number[]): string | null {
  const candidates: string[] = [];
  header.forEach((line, index) => {
    if (line === '' || SEPARATOR.test(line) || WEB.test(line)) return;
    // A logo read by OCR: unsure, or more specks than letters.
    if (confidences[index] < 0.45) return;
    let text = joinLetterSpaced(line);
    if (WELCOME.test(text)) text = text.replace(WELCOME, '');
    text = trimEndOf(trimStartOf(text, '*=#- '), '*=#- !');
    if (!/\p{L}{3}/u.test(text) || /^(?:eur|euro|usd|gbp|chf)$/i.test(text)) return;
    const visible = text.replace(/\s/g, '');
    if ((visible.match(/\p{L}/gu)?.length ?? 0) < 0.6 * visible.length) return;
    if (knownRetailer(text)) {
      candidates.push(text);
      return;
    }
    if (PHONE.test(text) || POSTCODE.test(text) || STREET.test(text) || DATE_TIME.test(text) || TILL_DATA.test(text)) return;
    candidates.push(text);
  });
  return candidates.find((text) => knownRetailer(text)) ?? candidates.find((text) => STORE_WORD.test(text)) ?? candidates[0] ?? null;
}

const quantityCache = new Map<DecimalSeparator, RegExp>();
function quantityLine(text: string, decimal: DecimalSeparator): QuantityLine | null {
  let pattern = quantityCache.get(decimal);
  if (!pattern) {
    pattern = new RegExp(String.raw`^${QUANTITY}\s*${UNIT}?\s*${OPERATOR}\s*${CURRENCY}?\s*(-?${amountPattern(decimal)})\s*${CURRENCY}?${PER_UNIT}\s*(.*)$`, 'i');
    quantityCache.set(decimal, pattern);
  }
  const m = pattern.exec(text);
  if (!m) return countWithAmount(text, decimal);
  const tail = m[4].trim();
  let amount: number | null = null;
  let taxCode: string | null = null;
  if (tail !== '') {
    const closing = trailingAmount(tail, decimal);
    if (!closing || closing.rest.replace(new RegExp(CURRENCY, 'gi'), '').trim() !== '') return null;
    amount = closing.amount;
    taxCode = closing.taxCode;
  }
  return { type: 'quantity', index: -1, text, quantity: parseQuantity(m[1]), unit: unitOf(m[2], m[1]), unitPrice: parseAmount(m[3], decimal), amount, taxCode };
}

const countCache = new Map<DecimalSeparator, RegExp>();
/** A count and the line amount without an operator, as DIY and furniture tills print under the name: "1.000 STK 20.99 19". */
function countWithAmount(text: string, decimal: DecimalSeparator): QuantityLine | null {
  let pattern = countCache.get(decimal);
  if (!pattern) {
    // Pieces only: "1kg 12,99" under a name is the name's pack size (a wrapped name), not a count.
    pattern = new RegExp(String.raw`^(\d+(?:[.,]\d{3})?)\s*(stk\.?|st\.?|stück|pcs?)\s+(.+)$`, 'i');
    countCache.set(decimal, pattern);
  }
  const m = pattern.exec(text);
  if (!m) return null;
  const closing = trailingAmount(m[3], decimal);
  if (!closing || closing.rest.replace(new RegExp(CURRENCY, 'gi'), '').trim() !== '') return null;
  const quantity = parseQuantity(m[1]);
  if (!(quantity > 0)) return null;
  const unit = unitOf(m[2], m[1]);
  return { type: 'quantity', index: -1, text, quantity, unit, unitPrice: cents(closing.amount / quantity), amount: closing.amount, taxCode: closing.taxCode };
}

function unitOf(unit: string | undefined, quantity: string): ParsedReceiptLine['unit'] {
  const u = unit?.toLowerCase().replace('.', '');
  if (u === 'kg' || u === 'g' || u === 'l') return u;
  if (u === 'lb' || u === 'lbs') return 'lb';
  // A count with three decimals and no unit is a weight in kilograms ("0,456 x 2,99").
  return /[.,]\d{3}$/.test(quantity) ? 'kg' : 'piece';
}

function classify(text: string, index: number, decimal: DecimalSeparator): Classified {
  const quantity = quantityLine(text, decimal);
  if (quantity) return { ...quantity, index };
  const closing = trailingAmount(text, decimal);
  if (closing) return { type: 'priced', index, text: closing.rest, amount: closing.amount, taxCode: closing.taxCode, splitTaxDigit: closing.splitTaxDigit };
  return { type: 'text', index, text };
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

function applyQuantity(draft: Draft, q: QuantityLine): void {
  draft.quantity = q.quantity;
  draft.unit = q.unit;
  draft.unitPrice = q.unitPrice;
  draft.indexes.push(q.index);
  draft.indexes.sort((a, b) => a - b);
}

const fits = (q: QuantityLine, amount: number) => isLineAmount(q.quantity, q.unitPrice, amount);

/** Article lines from classified physical lines: names joined, count lines paired by arithmetic. */
function assemble(classified: readonly Classified[], notes: string[]): Draft[] {
  const drafts: Draft[] = [];
  let names: Text[] = [];
  let pendingQuantity: QuantityLine | null = null;
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

  classified.forEach((line, position) => {
    if (line.type === 'text') {
      names.push(line);
      return;
    }
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
    // An amount with no name, or only specks beside it ("; 0,49"): not an article.
    if (!/\p{L}/u.test(line.text) && names.length === 0) {
      notes.push(`line ${line.index + 1}: an amount without an article name`);
      return;
    }
    const draft = draftOf(line, names);
    names = [];
    if (pendingQuantity) {
      if (!fits(pendingQuantity, line.amount)) notes.push(`line ${line.index + 1}: ${pendingQuantity.text} does not give ${line.amount.toFixed(2)}`);
      applyQuantity(draft, pendingQuantity);
      pendingQuantity = null;
      above += 1;
    }
    drafts.push(draft);
  });
  if (names.length > 0) notes.push(`lines ${names.map((n) => n.index + 1).join(', ')}: text without an amount, not read as an article`);
  return drafts;
}

const inlineCache = new Map<DecimalSeparator, { operator: RegExp; table: RegExp; priceTimes: RegExp; leading: RegExp; leadingTable: RegExp }>();
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
      priceTimes: new RegExp(String.raw`^(.*?\S)\s+${CURRENCY}?\s*(${amount})\s*[x×*]\.?\s*(\d{1,3})$`, 'i'),
      // "3x Brötchen", "3 x Brötchen"
      leading: new RegExp(String.raw`^(\d+)\s*(?:x|×|\*)\s+(.+)$`, 'i'),
      // "3 Brötchen 0,45"
      leadingTable: new RegExp(String.raw`^(\d+)\s+(\D.*?)(?:\s+|(?<=[a-zäöüß%]))${CURRENCY}?\s*(${amount})\s*${CURRENCY}?$`, 'i'),
    };
    inlineCache.set(decimal, patterns);
  }
  return patterns;
}

function toLine(draft: Draft, position: number, decimal: DecimalSeparator): ParsedReceiptLine {
  let name = draft.names.reduce((joined, part) => (joined === '' ? part : /\p{L}-$/u.test(joined) && /^\p{L}/u.test(part) ? joined + part : `${joined} ${part}`), '');
  let quantity = draft.quantity;
  let unit = draft.unit;
  let unitPrice = draft.unitPrice;
  if (quantity === null) {
    const { operator, table, priceTimes, leading, leadingTable } = inlinePatterns(decimal);
    const times = priceTimes.exec(name);
    const op = times ? null : operator.exec(name);
    const tab = op || times ? null : table.exec(name);
    const lead = op || tab || times ? null : leadingTable.exec(name);
    if (times && Number(times[3]) > 0) {
      [name, quantity, unitPrice] = [times[1], Number(times[3]), parseAmount(times[2], decimal)];
    } else if (op) {
      [name, quantity, unit, unitPrice] = [op[1], parseQuantity(op[2]), unitOf(op[3], op[2]), parseAmount(op[4], decimal)];
    } else if (tab && isLineAmount(parseQuantity(tab[2]), parseAmount(tab[4], decimal), draft.amount)) {
      [name, quantity, unit, unitPrice] = [tab[1], parseQuantity(tab[2]), unitOf(tab[3], tab[2]), parseAmount(tab[4], decimal)];
    } else if (lead && isLineAmount(Number(lead[1]), parseAmount(lead[3], decimal), draft.amount)) {
      [name, quantity, unitPrice] = [lead[2], Number(lead[1]), parseAmount(lead[3], decimal)];
    } else {
      const counted = leading.exec(name);
      if (counted && Number(counted[1]) > 0) {
        quantity = Number(counted[1]);
        name = counted[2];
        unitPrice = cents(draft.amount / quantity);
      }
    }
  }
  // Article numbers and barcodes some tills print around the name are not part of it; a
  // barcode (with the flag US tills print after it) is kept for matching.
  const barcode = /\s(\d{8,14})(?:\s+[A-Z])?$/.exec(name)?.[1] ?? null;
  name = name
    .replace(/^\d{4,}\s+(?=\p{L})/u, '')
    .replace(/\s+\d{8,14}(?:\s+[A-Z])?$/, '')
    .replace(new RegExp(String.raw`\s+${CURRENCY}$`, 'i'), '')
    .trim();
  name = trimEndOf(name, '* ');
  const amount = draft.amount;
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

/** The index of the first line (after two or more) whose amount equals the sum of the lines above it. */
function runningSumTotal(lines: readonly ParsedReceiptLine[]): number | null {
  let sum = 0;
  for (const [index, line] of lines.entries()) {
    if (index >= 2 && line.totalPrice > 0 && sameAmount(line.totalPrice, sum)) return index;
    sum = cents(sum + line.totalPrice);
  }
  return null;
}

/** Lines against the printed total; a line whose count disagrees with its amount is corrected when that makes the total agree. */
function check(lines: ParsedReceiptLine[], total: number | null, tax: number | null, notes: string[], paid: readonly number[]): ReceiptConsistency & { total: number | null } {
  const sum = () => cents(lines.reduce((s, l) => s + l.totalPrice, 0) + (tax ?? 0));
  const disagreeing = lines.filter((l) => l.unitPrice !== null && l.quantity !== 1 && !isLineAmount(l.quantity, l.unitPrice, l.totalPrice));
  for (const line of disagreeing) notes.push(`line ${line.position} "${line.name}": ${line.quantity} × ${line.unitPrice} ≠ ${line.totalPrice.toFixed(2)}`);
  if (total === null || lines.length === 0) return { status: 'incomplete', linesTotal: sum(), difference: null, notes, total };
  if (sameAmount(sum(), total)) return { status: 'ok', linesTotal: sum(), difference: 0, notes, total };
  const confirmed = paid.find((amount) => sameAmount(amount, sum()));
  if (confirmed !== undefined) {
    notes.push(`the total read as ${total.toFixed(2)}, taken as ${confirmed.toFixed(2)} (the lines and the payment agree)`);
    return { status: 'corrected', linesTotal: sum(), difference: 0, notes, total: confirmed };
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
  // One digit misread in one amount (9 for 0, 8 for 3…): corrected when exactly one such reading makes the lines agree with the total.
  const misreads = lines.flatMap((line) => digitMisreads(line.totalPrice).filter((value) => sameAmount(value - line.totalPrice, difference)).map((value) => ({ line, value })));
  if (misreads.length === 1) {
    const [{ line, value }] = misreads;
    notes.push(`line ${line.position} "${line.name}": amount read as ${line.totalPrice.toFixed(2)}, corrected to ${value.toFixed(2)} (one digit, the total agrees)`);
    line.totalPrice = value;
    if (line.quantity === 1 && line.unitPrice !== null) line.unitPrice = value;
    return { status: 'corrected', linesTotal: sum(), difference: 0, notes, total };
  }
  notes.push(`the lines add up to ${sum().toFixed(2)}, the receipt says ${total.toFixed(2)}`);
  return { status: 'mismatch', linesTotal: sum(), difference, notes, total };
}

/** Digits OCR confuses on thermal print, each way. */
const LOOK_ALIKE: Record<string, string> = { '0': '689', '1': '7', '3': '8', '5': '6', '6': '058', '7': '1', '8': '0369', '9': '08' };

/** Every amount one look-alike digit away from `amount`, same sign. */
function digitMisreads(amount: number): number[] {
  const digits = Math.abs(amount).toFixed(2).replace('.', '');
  const values: number[] = [];
  for (let i = 0; i < digits.length; i += 1) {
    for (const other of LOOK_ALIKE[digits[i]] ?? '') {
      const value = Number(`${digits.slice(0, i)}${other}${digits.slice(i + 1)}`) / 100;
      values.push(cents(Math.sign(amount || 1) * value));
    }
  }
  return values;
}
