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
  'rechnungssumme',
  'bruttobetrag',
  'order total',
  'sale total',
  'sales total',
  'total payable',
  // India: the amount to pay after discounts ("Net" alone is before tax, as on VAT summaries).
  'net payable',
  // Malaysia and Singapore: the amount to pay after cash rounding.
  'rounded total',
  'nett total',
] as const;
const SUBTOTALS = ['zwischensumme', 'zw summe', 'subtotal', 'sub total', 'summe artikel'] as const;
/** Words that make a line that starts like a total something else. */
const NOT_A_TOTAL = /\b(?:sav\w*|spar\w*|ersparnis|items?|qty|quantity|artikel|rabatt|discount|mwst|netto|net|tax|vat|gst|steuer|punkte|points|stk|anzahl)\b/;

/** "inkl. MwSt", "incl. VAT", "including tax", "Inclusive GST" after a total: the gross amount, still the total. */
const VAT_INCLUDED = /\b(?:inkl|incl|including|inclusive|inc)\b\s*(?:of\s+)?(?:\d{1,2}\s*)?(?:mwst|ust|vat|tax|steuer|gst)\b|\b(?:mwst|ust|vat|tax|gst)\s+(?:inkl|incl|including|inclusive|inc)\b/g;
/** "Total Sales (Excluding GST)", "TOTAL EXCLUDE GST", "Total exkl. MwSt": the amount before tax, a subtotal. */
const BEFORE_TAX = /\b(?:exkl\w*|excl\w*|ohne|before|without)\s*(?:of\s+)?(?:\d{1,2}\s*)?(?:mwst|ust|vat|tax|steuer|gst)\b/;

interface Label {
  label: string;
  size: number;
  /** Written without its spaces ("zuzahlen"), for labels of more than one word. */
  joined: string | null;
}
const labelsOf = (labels: readonly string[]): Label[] =>
  labels.map((label) => ({ label, size: label.split(' ').length, joined: label.includes(' ') ? label.replace(/ /g, '') : null }));
const TOTAL_LABELS = labelsOf(LABELS);
const SUBTOTAL_LABELS = labelsOf(SUBTOTALS);

/** The label the line starts with and the words after it, or null. */
function labelOf(text: string, labels: readonly Label[]): { label: string; rest: string } | null {
  // "rn" is how OCR reads an "m" on thermal print ("Surnme", "Gesarntbetrag").
  const all = normalizeKey(text.replace(/^[^\p{L}]{0,8}/u, ''))
    .split(' ')
    .map((word) => (word.includes('rn') && !labels.some(({ label }) => label.includes('rn')) ? word.replace(/rn/g, 'm') : word));
  for (const offset of startOffsets(all)) {
    // The line's first one to three words, as the labels have one to three.
    const heads = [all[offset] ?? '', all.slice(offset, offset + 2).join(' '), all.slice(offset, offset + 3).join(' ')];
    for (const { label, size, joined } of labels) {
      const head = heads[size - 1];
      // One letter misread, or lost; not one more ("Summer" is no "Summe").
      if (head === label || (label.length >= 5 && head.length <= label.length && withinEdits(head, label, 1))) return { label, rest: all.slice(offset + size).join(' ') };
      // Written without the space ("ZUZAHLEN").
      if (joined !== null && withinEdits(heads[0], joined, 1)) return { label, rest: all.slice(offset + 1).join(' ') };
    }
  }
  return null;
}

type Kind = 'total' | 'subtotal' | null;

/**
 * The parser asks about each line several times (to find the total, the subtotal, the lines'
 * end): the answers of the lines seen last are kept. Bounded, and cleared when full.
 */
const seen = new Map<string, Kind>();
const SEEN_LIMIT = 4096;

function kindOf(text: string): Kind {
  const known = seen.get(text);
  if (known !== undefined) return known;
  let kind: Kind = null;
  if (labelOf(text, SUBTOTAL_LABELS)) kind = 'subtotal';
  else {
    const found = labelOf(text, TOTAL_LABELS);
    // What follows the label ("Summe MwSt", "Total savings") may make it something else; VAT included ("Total inkl. MwSt") does not.
    if (found !== null && BEFORE_TAX.test(found.rest)) kind = 'subtotal';
    else if (found !== null && !NOT_A_TOTAL.test(found.rest.replace(VAT_INCLUDED, ''))) kind = 'total';
  }
  if (seen.size >= SEEN_LIMIT) seen.clear();
  seen.set(text, kind);
  return kind;
}

/** Whether the line starts with a total label (the amount may follow, or stand on the next line). */
export function isTotalLabel(text: string): boolean {
  return kindOf(text) === 'total';
}

/** Whether the line starts with a subtotal label ("Zwischensumme", "Subtotal"). */
export function isSubtotalLabel(text: string): boolean {
  return kindOf(text) === 'subtotal';
}
