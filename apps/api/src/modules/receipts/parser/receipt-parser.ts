import { knownRetailer, retailerKey } from '../receipt-keys.js';
import { findChain, joinLetterSpaced } from './rules/chains.js';
import { addedTax, checkTotal, outvotingTotal, runningSumTotal } from './rules/arithmetic.js';
import { findCurrency, restoreEuroSigns } from './rules/currency.js';
import { purchaseDateOf, slashOrderOf, type WordSureness } from './rules/dates.js';
import { articleLines, SUBTOTAL } from './rules/items.js';
import { afterSpecks, articleStart, DATE_TIME, PHONE, POSTCODE, SEPARATOR, STREET, TILL_DATA, WEB, WELCOME, withoutSpecks } from './rules/layout.js';
import { boundedLine, trimEndOf, trimStartOf } from './rules/line-bounds.js';
import { amountPaid, paymentAmounts, paymentKind } from './rules/payment.js';
import { CURRENCY } from './rules/quantities.js';
import { isSubtotalLabel, isTotalLabel } from './rules/total-labels.js';
import { secondReadingOf, secondReadingsOf, settleBySecondReadings } from './rules/second-readings.js';
import { soleArticle, withUnreadAmounts } from './rules/unread.js';
import { classTotalsForLines, vatClassTotals, vatTableLettered, vatTableTotal } from './rules/vat.js';
import { cents, type DecimalSeparator, readApart, sameAmount, trailingAmount } from './receipt-numbers.js';
import type { ParsedReceipt, ReceiptLanguage, ReceiptTextInput, ReceiptTextLine } from './receipt-text.js';

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

const TOTAL = /^[*=#\s]*(?:summe|gesamt(?:summe|betrag)?|total(?:\s+(?:due|eur|amount))?|zu\s+zahlen|endsumme|endbetrag|rechnungsbetrag|amount\s+due|balance\s+due|grand\s+total|to\s+pay|betrag)\b(?!.*\b(?:sav\w*|spar\w*|items?|qty|quantity|artikel|rabatt|discount|mwst|netto|net|tax|vat|gst|hst)\b)/i;
const PAYMENT = /^[*\s]*(?:bar(?:geld|zahlung)?|cash|ec[- ]?(?:karte|cash)|girocard|kartenzahlung|karte|visa|master\s*card|maestro|amex|debit|credit|gegeben|rückgeld|wechselgeld|change|mwst|ust|vat|steuer|netto|brutto|payment|zahlung|tendered|paid)\b/i;
const STORE_NUMBER = /\b(?:filiale|fil\.?|filial-?nr\.?|markt|store|branch|shop|geschäft|outlet|st(?=\s?#))\s*(?:nr\.?|no\.?|number|#)?\s*:?\s*#?\s*(\d{2,6})\b/i;

/** Reads a receipt's text into store, date, lines and total. Pure: no I/O, no clock. */
export function parseReceipt(input: ReceiptTextInput): ParsedReceipt {
  const texts = restoreEuroSigns(input.lines.map((line) => clean(typeof line === 'string' ? line : line.text)));
  const confidences = input.lines.map(lineConfidence);
  const language = detectLanguage(texts, input.language);
  const decimal = detectDecimal(texts, language);
  const currency = findCurrency(texts, language);
  const slashOrder = slashOrderOf(texts, language, currency);
  const notes: string[] = [];

  // The total closes the article lines; without one, the payment block does.
  let totalIndex = -1;
  let total: number | null = null;
  // A label without its amount between two amounts alone: OCR may have put the label's amount
  // above it; the one below stays the reading, the one above a second one for the arithmetic.
  let totalAbove: number | null = null;
  const alone = (text: string | undefined) => {
    const read = text === undefined ? null : trailingAmount(text, decimal);
    return read && read.rest.replace(new RegExp(CURRENCY, 'gi'), '').trim() === '' ? read : null;
  };
  for (let i = 0; i < texts.length; i += 1) {
    // A total before tax ("Total Sales (Excluding GST)") is a subtotal: the amount to pay follows.
    if ((!TOTAL.test(texts[i]) && !isTotalLabel(texts[i])) || isSubtotalLabel(texts[i])) continue;
    const read = trailingAmount(texts[i], decimal);
    const own = read && !readApart(read) ? read : null;
    const found = own ?? alone(texts[i + 1]);
    if (!found) continue;
    totalIndex = i;
    total = Math.abs(found.amount);
    if (!own) totalAbove = alone(texts[i - 1])?.amount ?? null;
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
  // A total label whose amount was not read still closes the articles.
  const label = texts.findIndex((t, i) => i > start && i < end && afterSpecks(t).some((text) => TOTAL.test(text) || isTotalLabel(text)));
  if (label >= 0) end = label;

  const words = input.lines.map((line) => (typeof line === 'string' ? undefined : line.words));
  const read = articleLines(texts, start, end, decimal, notes, isSubtotalLabel, words);
  let lines = read.lines;
  // The first line whose amount is the sum of the lines above it is the total: without a total
  // label read, it is the total; with one, when it says the same amount, it is the total again
  // with its label misread ("a zahlen N 19,77"). It and what follows (the payment, the VAT table)
  // are no articles.
  const sumAt = runningSumTotal(lines);
  if (sumAt !== null && (total === null || sameAmount(lines[sumAt].totalPrice, total))) {
    const amount = lines[sumAt].totalPrice.toFixed(2);
    notes.push(`line ${sumAt + 1}: its amount ${amount} is the sum of the lines above, ${total === null ? 'no total label read: taken as the total' : 'as the total says: the total again'}`);
    total = lines[sumAt].totalPrice;
    lines = lines.slice(0, sumAt);
  }
  // Neither a total nor a sum: what was paid.
  if (total === null) total = amountPaid(paymentAmounts(texts, end - 1, decimal));
  // Tax and rounding printed above the total, as far as they add to the lines.
  const tax = addedTax(lines, read.tax, read.rounding, total, notes);
  // Nothing says what was paid: the lines are all there is to go by (and nothing to check them against).
  const fromLines = total === null && lines.length > 0;
  if (fromLines) {
    total = cents(lines.reduce((sum, line) => sum + line.totalPrice, 0) + (tax ?? 0));
    notes.push(`no total read; the lines' sum ${total.toFixed(2)} stands in for it`);
  }

  const header = texts.slice(0, Math.max(start, 0));
  const headerName = findStoreName(header, confidences);
  const namedChain = headerName ? knownRetailer(headerName) : null;
  // The chain printed anywhere wins over a header line that names none (a logo read as noise, an address).
  const found = namedChain ? null : findChain(texts, Math.max(start, 0));
  const storeName = found ? found.label : (headerName ?? legalName(header));
  const chain = namedChain ?? found?.key ?? null;
  const storeNumberMatch = texts.map((t) => STORE_NUMBER.exec(t)).find((m) => m !== null);

  // What was paid, printed below the total: a second reading of it when OCR garbled the first.
  const vat = vatTableTotal(texts, totalIndex >= 0 ? totalIndex : end - 1, decimal);
  const paid = [...paymentAmounts(texts, totalIndex >= 0 ? totalIndex : end - 1, decimal), ...(totalAbove !== null ? [Math.abs(totalAbove)] : []), ...(vat !== null ? [vat] : [])];
  lines = withUnreadAmounts(lines, read.unread, total, tax, notes);
  // Not one article amount read, the total read: the one article it pays for, at the amount the
  // payment readings agree on when they outvote the total (it is then all there is to check it).
  const paidInstead = lines.length === 0 && total !== null ? outvotingTotal(total, paid) : null;
  if (paidInstead !== null) {
    notes.push(`the total read as ${total!.toFixed(2)}, taken as ${paidInstead.toFixed(2)} (other readings agree)`);
    total = paidInstead;
  }
  const sole = lines.length === 0 && total !== null && total > 0 ? soleArticle(texts, totalIndex >= 0 ? totalIndex : end, total, notes) : null;
  if (sole) lines = [sole];
  const tableFrom = totalIndex >= 0 ? totalIndex : end - 1;
  const classTotals = classTotalsForLines(lines, vatClassTotals(texts, tableFrom, decimal) ?? undefined, vatTableLettered(texts, tableFrom, decimal), notes);
  // Faded print: an amount read two ways (OCR read it twice, or read it apart) is settled by the total.
  const totalAgain = total === null || totalIndex < 0 ? null : (secondReadingOf(words[totalIndex], total) ?? secondReadingOf(words[totalIndex + 1], total));
  const settled = settleBySecondReadings(lines, secondReadingsOf(lines, words, texts, decimal), total, totalAgain, tax, paid, notes, classTotals);
  total = settled.total;
  const { total: checkedTotal, ...checked } = checkTotal(lines, total, tax, notes, paid, classTotals);
  const corrected = settled.changed && checked.status === 'ok' ? { ...checked, status: 'corrected' as const } : checked;
  const consistency = fromLines || sole ? { ...checked, status: 'incomplete' as const, difference: null } : corrected;
  total = checkedTotal;
  return {
    language,
    decimalSeparator: decimal,
    storeName,
    retailerKey: chain ?? retailerKey(storeName),
    storeNumber: storeNumberMatch?.[1] ?? null,
    purchaseDate: purchaseDateOf(
      texts,
      input.lines.map((line) => (typeof line === 'string' ? undefined : line.alternatives?.map(clean))),
      slashOrder,
      input.today,
      wordSureness(input.lines),
    ),
    currency,
    total,
    tax,
    lines,
    consistency,
  };
}

/**
 * How sure OCR is of a line, for telling a name from a logo read as noise: its words' confidences
 * weighted by their letters ("Konditorei Weber" with one unsure word is still a name), else the
 * line's own.
 */
function lineConfidence(line: string | ReceiptTextLine): number {
  if (typeof line === 'string') return 1;
  const words = (line.words ?? []).filter((word) => word.confidence !== undefined && word.text.trim() !== '');
  if (words.length === 0) return line.confidence ?? 1;
  const letters = words.reduce((sum, word) => sum + word.text.length, 0);
  return words.reduce((sum, word) => sum + (word.confidence ?? 0) * word.text.length, 0) / letters;
}

/** How sure OCR was of the first word on a line whose digits include the ones asked for; unknown for plain text. */
function wordSureness(lines: ReceiptTextInput['lines']): WordSureness {
  return (index, digits) => {
    const line = lines[index];
    if (typeof line === 'string' || line === undefined) return undefined;
    return line.words?.find((word) => word.confidence !== undefined && word.text.replace(/\D/g, '').includes(digits))?.confidence;
  };
}

function clean(text: string): string {
  // Underscores at the end are the paper's edge or a fold, never print ("TOTAL $24.06 _"). (A bar
  // stays: it is often what OCR left of an amount, which tells a lost amount from a wrapped name.)
  return trimEndOf(boundedLine(text).replace(/[\t\u00a0\u2007\u202f]/g, ' ').replace(/\s+/g, ' '), ' _~').trim();
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

/** A decimal amount inside a line: "26,97", "1.459". */
const AMOUNT_IN_TEXT = /(?<![\d.,])\d{1,4}[.,]\d{2,3}(?![\d.,]*\d)/;

/** Words in a header line that make it the store's name (an independent pharmacy, bakery, petrol station). */
const STORE_WORD = /\b(?:apotheke|bäckerei|baeckerei|metzgerei|fleischerei|konditorei|tankstelle|drogerie|kiosk|getränke\w*|pharmacy|bakery|butcher|supermarket|market|markt)\b/i;

/**
 * Specks OCR read before a store's name, off the paper or from a logo's edge ("fe APOTHEKE", "zZ
 * Marktkauf", "vr“ > APOTHEKE"): short tokens starting in lower case, or of signs only, before a
 * capitalised word. A name's own short capitals ("E center") and numbers ("99 SPEEDMART") stay.
 */
const LEADING_SPECKS = /^(?:(?:\p{Ll}\S{0,2}|[^\p{L}\p{N}\s]{1,3})\s+)+(?=\p{Lu}\p{L}{2})/u;

function findStoreName(header: readonly string[], confidences: readonly number[]): string | null {
  const candidates: string[] = [];
  header.forEach((line, index) => {
    if (line === '' || SEPARATOR.test(line) || WEB.test(line)) return;
    // A logo read by OCR: unsure, or more specks than letters.
    if (confidences[index] < 0.45) return;
    let text = joinLetterSpaced(line);
    if (WELCOME.test(text)) text = text.replace(WELCOME, '');
    // A company registration number after the name ("99 SPEEDMART S/B (519537-X)") is not part of it.
    text = trimEndOf(trimStartOf(text.replace(REGISTRATION, ''), '*=#- '), '*=#- !|;:,');
    if (!knownRetailer(text)) text = text.replace(LEADING_SPECKS, '');
    if (!/\p{L}{3}/u.test(text) || /^(?:eur|euro|usd|gbp|chf)$/i.test(text)) return;
    const visible = text.replace(/\s/g, '');
    if ((visible.match(/\p{L}/gu)?.length ?? 0) < 0.6 * visible.length) return;
    if (knownRetailer(text)) {
      candidates.push(text);
      return;
    }
    // Nor is a line with an amount in it ("26,97 Liter SAULENNUMMER 2" above a petrol receipt's article).
    if (PHONE.test(text) || POSTCODE.test(text) || STREET.test(text) || DATE_TIME.test(text) || TILL_DATA.test(text) || AMOUNT_IN_TEXT.test(text)) return;
    candidates.push(text);
  });
  // A kind of store with its name ("Delphin Apotheke") names it; the kind alone ("Tankstelle" above
  // the card slip) is a heading, and the header's first name line is the store's.
  const named = (text: string) => STORE_WORD.test(text) && /\p{L}{3}/u.test(text.replace(STORE_WORD, ''));
  return candidates.find((text) => knownRetailer(text)) ?? candidates.find(named) ?? candidates[0] ?? null;
}

const COMPANY_FORM = /(?<![\p{L}])(?:gmbh|ag|kg|ohg|e\.?\s?k\.?|ltd|inc|plc|sdn\.?\s?bhd|bhd|berhad|s\/b|pte)(?![\p{L}])/iu;
/** A company registration number in brackets after a name, as Malaysian receipts print it ("(519537-X)", "(JM0123456-T)"). */
const REGISTRATION = /\s*\(\s*[A-Z]{0,3}\d{5,12}\s*-\s*[A-Z]\s*\)/g;

/** Faint print OCR is unsure of: a header line naming a company ("AUTO SPREVES GmbH") still names the store. */
function legalName(header: readonly string[]): string | null {
  for (const line of header) {
    const text = withoutSpecks(line);
    if (COMPANY_FORM.test(text) && /\p{L}{4}/u.test(text.replace(COMPANY_FORM, '')) && !STREET.test(text) && !POSTCODE.test(text)) return text;
  }
  return null;
}
