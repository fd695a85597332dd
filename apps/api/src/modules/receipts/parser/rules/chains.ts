import { normalizeKey } from '@hinv/shared';
import { chainLabel, knownRetailer } from '../../receipt-keys.js';
import { withinEdits } from './fuzzy.js';

/**
 * The chain a receipt comes from, found anywhere on it: the name in the header (often only a logo
 * that OCR reads as noise, or letter-spaced as "A L D I"), the legal name in the footer
 * ("Aldi GmbH & Co. KG", "Dirk Rossmann GmbH"), a web address ("www.roller.de"), a name read with
 * one letter wrong ("Marktkaut"). Names that are also ordinary words on receipts ("Netto" in the
 * VAT table, "real", "dm") count only in the header or beside a company form or a web address.
 */
export interface FoundChain {
  key: string;
  label: string;
}

/** Chains whose name is also a common word on receipts. */
const AMBIGUOUS = new Set(['netto', 'dm', 'real', 'action', 'target', 'shell', 'jet', 'roller', 'obi', 'penny']);
const COMPANY = /\b(?:gmbh|kg|ag|ohg|ug|se|co|markt|www|de|com|online|discount|drogerie|baumarkt|ltd|plc|inc)\b/;
/** Chain names long enough to be recognised with one letter misread. */
const FUZZY_NAMES: ReadonlyArray<readonly [string, string]> = [
  ['marktkauf', 'marktkauf'],
  ['kaufland', 'kaufland'],
  ['rossmann', 'rossmann'],
  ['hornbach', 'hornbach'],
  ['mediamarkt', 'mediamarkt'],
  ['saturn', 'saturn'],
  ['thalia', 'thalia'],
  ['globus', 'globus'],
  ['edeka', 'edeka'],
  ['bauhaus', 'bauhaus'],
  ['fressnapf', 'fressnapf'],
  ['douglas', 'douglas'],
];

/** "A L D I", "R E W E", "A L DI" → "ALDI": a line of one- and two-letter pieces is one word. */
export function joinLetterSpaced(text: string): string {
  const pieces = text.trim().split(/\s+/);
  if (pieces.length >= 3 && pieces.every((piece) => /^\p{L}{1,2}$/u.test(piece)) && pieces.filter((piece) => piece.length === 1).length >= 2) return pieces.join('');
  return text.replace(/(?<![\p{L}\p{N}])(?:\p{Lu} ){2,}\p{Lu}(?![\p{L}\p{N}])/gu, (spaced) => spaced.replace(/ /g, ''));
}

/**
 * The chain named on the receipt. `headerEnd` is the index of the first article line: names in the
 * header weigh more than names further down, and ambiguous names count only there (or with a
 * company form beside them).
 */
export function findChain(texts: readonly string[], headerEnd: number): FoundChain | null {
  const weights = new Map<string, { weight: number; first: number }>();
  const add = (key: string, weight: number, index: number) => {
    const known = weights.get(key);
    if (known) known.weight += weight;
    else weights.set(key, { weight, first: index });
  };
  texts.forEach((text, index) => {
    if (text === '') return;
    const inHeader = index < headerEnd;
    const key = normalizeKey(joinLetterSpaced(text));
    const web = /\bwww\s+([a-z0-9-]+)\s+(?:de|com|co uk|at|ch)\b/.exec(key.replace(/ (?=de\b|com\b)/g, ' '));
    const chain = knownRetailer(key) ?? (web ? knownRetailer(web[1].replace(/-/g, ' ')) : null) ?? (web ? knownRetailer(web[1].replace(/-?online$|-?shop$/, '')) : null);
    if (chain) {
      if (!AMBIGUOUS.has(chain) || inHeader || COMPANY.test(key)) add(chain, inHeader ? 2 : 1, index);
      return;
    }
    if (!inHeader) return;
    // One letter misread in a long name, in the header only; the letters joined ("MEDIA MARKT").
    for (const word of [...key.split(' '), key.replace(/ /g, '')]) {
      if (word.length < 5) continue;
      const near = FUZZY_NAMES.find(([name]) => Math.abs(name.length - word.length) <= 1 && withinEdits(word, name, 1));
      if (near) {
        add(near[1], 1, index);
        return;
      }
    }
  });
  const best = [...weights].sort((a, b) => b[1].weight - a[1].weight || a[1].first - b[1].first)[0];
  if (!best) return null;
  return { key: best[0], label: chainLabel(best[0]) ?? best[0] };
}
