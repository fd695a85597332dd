import { normalizeKey } from '@hinv/shared';
import { startOffsets, withinEdits } from './fuzzy.js';

/**
 * The words that introduce the amount to pay, in German and English, recognised with one letter
 * misread in the longer ones ("Tatal", "SUMNE", "Gesamtbetrag"), after a page counter or specks
 * ("2 / 2 Summe"). Savings, item counts and VAT lines that start with the same words are not totals.
 */
const LABELS = [
  'summe',
  'gesamt',
  'gesamtsumme',
  'gesamtbetrag',
  'endsumme',
  'endbetrag',
  'zahlbetrag',
  'rechnungsbetrag',
  'zu zahlen',
  'total',
  'total due',
  'amount due',
  'balance due',
  'grand total',
  'to pay',
  'total to pay',
  'amount payable',
  'total amount',
  'gesamtpreis',
  'bruttosumme',
  'summe brutto',
  'zu zahlender betrag',
  'zu bezahlen',
] as const;
const SUBTOTALS = ['zwischensumme', 'zw summe', 'subtotal', 'sub total', 'summe artikel'] as const;
/** Words that make a line that starts like a total something else. */
const NOT_A_TOTAL = /\b(?:sav\w*|spar\w*|ersparnis|items?|artikel|rabatt|discount|mwst|netto|net|tax|vat|steuer|punkte|points|stk|anzahl)\b/;

/** The label the line starts with and the words after it, or null. */
function labelOf(text: string, labels: readonly string[]): { label: string; rest: string } | null {
  const all = normalizeKey(text.replace(/^[^\p{L}]{0,8}/u, '')).split(' ');
  for (const offset of startOffsets(all)) {
    const words = all.slice(offset);
    for (const label of labels) {
      const size = label.split(' ').length;
      const head = words.slice(0, size).join(' ');
      // One letter misread, or lost; not one more ("Summer" is no "Summe").
      if (head === label || (label.length >= 5 && head.length <= label.length && withinEdits(head, label, 1))) return { label, rest: words.slice(size).join(' ') };
      // Written without the space ("ZUZAHLEN").
      if (size > 1 && withinEdits(words[0] ?? '', label.replace(/ /g, ''), 1)) return { label, rest: words.slice(1).join(' ') };
    }
  }
  return null;
}

/** Whether the line starts with a total label (the amount may follow, or stand on the next line). */
export function isTotalLabel(text: string): boolean {
  if (labelOf(text, SUBTOTALS)) return false;
  const found = labelOf(text, LABELS);
  // What follows the label ("Summe MwSt", "Total savings") may make it something else.
  return found !== null && !NOT_A_TOTAL.test(found.rest);
}

/** Whether the line starts with a subtotal label ("Zwischensumme", "Subtotal"). */
export function isSubtotalLabel(text: string): boolean {
  return labelOf(text, SUBTOTALS) !== null;
}
