import { normalizeKey } from '@hinv/shared';
import { cents, type DecimalSeparator, joinedApart, readApart, sameAmount, trailingAmount } from '../receipt-numbers.js';
import { startOffsets, withinEdits } from './fuzzy.js';

/**
 * Below the total a receipt says the amount again: the card payment ("Kartenzahlung 11,33",
 * "elec.-cash 59,96", "Mastercard EUR 12,07"), the card slip ("Betrag EUR 19,46", "EUR 11,33"), the
 * cash handed over less the change ("Bar 10,00", "Rückgeld 2,84"), the gross column of the VAT
 * table ("Summe 0,47 6,69 7,16"). These are second readings of the total: they stand in for a
 * total OCR could not read, and the arithmetic of the lines decides between readings.
 */

/** Words that name a card payment or the card slip's amount; "ec cash" and its kin are cards, not cash. */
const CARD = [
  'kartenzahlung',
  'ec cash',
  'elec cash',
  'electronic cash',
  'ec karte',
  'girocard',
  'maestro',
  'mastercard',
  'debit mastercard',
  'visa',
  'v pay',
  'kreditkarte',
  'amex',
  'american express',
  'karte',
  'card',
  'debit',
  'credit',
  'contactless',
  'kontaktlos',
  'apple pay',
  'google pay',
  'paypal',
  'betrag',
  'betrag eur',
  'zahlbetrag',
] as const;
const CASH = ['bar', 'bargeld', 'barzahlung', 'gegeben', 'geg', 'cash', 'cash tend', 'tendered'] as const;
const CHANGE = ['rueckgeld', 'wechselgeld', 'change', 'zurueck', 'change due'] as const;
/** The VAT table's sum line: the last of its amounts is the gross, the amount paid. */
const VAT_SUM = ['summe', 'gesamt', 'total', 'sum'] as const;

export type PaymentKind = 'card' | 'cash' | 'change';

/** The words of a line from its first letter on ("2 | SUMME" → "summe"). */
function wordsOf(text: string): string[] {
  return normalizeKey(text.replace(/^[^\p{L}]{0,8}/u, '')).split(' ').filter((w) => w !== '');
}

/** Whether `words` start with `phrase`; words of six letters or more may have one letter misread, of eight or more two ("GIRICARC"). */
function startsWith(words: readonly string[], phrase: string): boolean {
  const wanted = phrase.split(' ');
  if (words.length < wanted.length) return false;
  return wanted.every((word, i) => words[i] === word || (word.length >= 6 && withinEdits(words[i], word, word.length >= 8 ? 2 : 1)));
}

/** What a payment line is, or null when it is none. A card word may follow a cash word ("GEGEBEN Mastercard"). */
export function paymentKind(text: string): PaymentKind | null {
  const words = wordsOf(text);
  if (words.length === 0) return null;
  if (startsWithAny(words, CHANGE)) return 'change';
  if (startsWithAny(words, CARD)) return 'card';
  if (!startsWithAny(words, CASH)) return null;
  // "GEGEBEN Mastercard": handed over by card.
  return /\b(?:karte|card|mastercard|visa|girocard|maestro|ec)\b/i.test(text) ? 'card' : 'cash';
}

/** "EUR 11,33" alone on a line (after specks), as card slips print the amount. */
const CURRENCY_AND_AMOUNT = /^(?:\S{1,2}\s+){0,4}(?:EUR|€|£|\$|GBP|USD|CHF)\s*-?\d[\d.,]*\s*$/i;

/** Whether the line's words, from one of their start offsets, begin with one of `phrases`. */
function startsWithAny(words: readonly string[], phrases: readonly string[]): boolean {
  return startOffsets(words).some((offset) => phrases.some((phrase) => startsWith(words.slice(offset), phrase)));
}

/**
 * The amounts printed below `from` (the total line; -1 for the whole receipt) that say what was
 * paid: card payments and the card slip, cash less change, the VAT table's gross sum.
 */
export function paymentAmounts(texts: readonly string[], from: number, decimal: DecimalSeparator): number[] {
  const amounts: number[] = [];
  // Where the last cash amount stands in `amounts`, until a change line turns it into the total.
  let cash: number | null = null;
  for (let i = Math.max(from + 1, 0); i < texts.length; i += 1) {
    const text = texts[i];
    const read = trailingAmount(text, decimal);
    if (!read) continue;
    // An amount read apart ("EUR 19, 4,46") is put together from its whole units and its cents.
    const joined = readApart(read) ? joinedApart(read) : null;
    const closing = readApart(read) ? (joined === null ? null : { ...read, amount: joined }) : read;
    if (!closing || closing.amount === 0) continue;
    const amount = Math.abs(closing.amount);
    const kind = paymentKind(text);
    if (kind === 'card' || (kind === null && CURRENCY_AND_AMOUNT.test(text))) amounts.push(amount);
    else if (kind === 'cash') {
      cash = amounts.length;
      amounts.push(amount);
    } else if (kind === 'change' && cash !== null && amount < amounts[cash]) {
      // Cash handed over is more than the total: the total is what is left after the change.
      amounts[cash] = cents(amounts[cash] - amount);
      cash = null;
    } else if (from >= 0 && startsWithAny(wordsOf(text), VAT_SUM) && countAmounts(text, decimal) >= 2) amounts.push(amount);
  }
  return amounts;
}

function countAmounts(text: string, decimal: DecimalSeparator): number {
  const pattern = decimal === ',' ? /\d,\d{2}(?!\d)/g : /\d\.\d{2}(?!\d)/g;
  return text.match(pattern)?.length ?? 0;
}

/**
 * The amount paid when the total's own amount was not read: the one the payment lines agree on
 * most (a misread one is outvoted), the first one when all differ.
 */
export function amountPaid(amounts: readonly number[]): number | null {
  let best: number | null = null;
  let bestVotes = 0;
  for (const amount of amounts) {
    const votes = amounts.filter((other) => sameAmount(other, amount)).length;
    if (votes > bestVotes) [best, bestVotes] = [amount, votes];
  }
  return best;
}
