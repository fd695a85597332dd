import { normalizeKey } from '@hinv/shared';
import { chainLabel, knownRetailer } from '../../receipt-keys.js';
import { containsWithin, trigrams, withinEdits } from './fuzzy.js';

/**
 * The chain a receipt comes from, found anywhere on it: the name in the header (often only a logo
 * that OCR reads as noise, or letter-spaced as "A L D I"), the legal name in the footer
 * ("Aldi GmbH & Co. KG", "Dirk Rossmann GmbH"), a web address ("www.roller.de", also spaced out
 * by OCR), a name read with one letter wrong ("Marktkaut"), and, where the name is nowhere
 * readable, the chain's slogan or a heading only its layout prints. Names that are also ordinary
 * words on receipts ("Netto" in the VAT table, "real", "dm") count only in the header or beside a
 * company form or a web address.
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
  ['alnatura', 'alnatura'],
  ['hagebau', 'hagebau'],
  ['budnikowsky', 'budni'],
  ['tchibo', 'tchibo'],
  ['waitrose', 'waitrose'],
  ['sainsbury', 'sainsburys'],
  ['morrisons', 'morrisons'],
  ['walmart', 'walmart'],
  ['costco', 'costco'],
  ['woolworth', 'woolworth'],
  ['deichmann', 'deichmann'],
  ['euronics', 'euronics'],
  ['superdrug', 'superdrug'],
  ['supervalu', 'supervalu'],
  ['safeway', 'safeway'],
  ['walgreens', 'walgreens'],
  ['nahkauf', 'nahkauf'],
];

/**
 * What a chain prints on its receipts besides its name, for receipts whose name is only a logo:
 * its slogan, or a heading of its own layout (Lidl's VAT table "MWST% MWST + Netto = Brutto").
 * Matched with a few letters misread, anywhere on a line (specks around it cost nothing).
 */
const SIGNATURES: ReadonlyArray<readonly [key: string, phrase: string, edits?: number]> = [
  ['toom', 'respekt wer s selber macht'],
  // The arithmetic signs are what sets Lidl's heading apart from other VAT tables ("MwSt Netto Brutto").
  ['lidl', 'mwst + netto = brutto', 2],
  ['lidl', 'lidl lohnt sich'],
  ['mediamarkt', 'ich bin doch nicht bloed'],
  ['saturn', 'geiz ist geil'],
  ['saturn', 'soo muss technik'],
  ['hornbach', 'es gibt immer was zu tun'],
  ['bauhaus', 'wenn s gut werden muss'],
  ['edeka', 'wir lieben lebensmittel'],
  ['kaufland', 'hier bin ich richtig'],
  ['dm', 'hier bin ich mensch'],
  ['real', 'einmal hin alles drin'],
  ['penny', 'erstmal zu penny'],
  ['netto', 'netto marken discount'],
  ['tesco', 'every little helps'],
  ['sainsburys', 'live well for less'],
  ['walmart', 'save money live better'],
];

/** A line for signatures: lower case, umlauts spelled out, only letters, digits and the signs "+" and "=". */
function signatureKey(text: string): string {
  return normalizeKey(text.replace(/\+/g, ' plussign ').replace(/=/g, ' equalsign ')).replace(/\bplussign\b/g, '+').replace(/\bequalsign\b/g, '=');
}

/** The chain whose signature the line carries, if any; one letter in six may be misread unless the signature says. */
function signatureOf(text: string): string | null {
  const key = signatureKey(text);
  if (key.length > 120 || key.length < 10) return null;
  const pieces = trigrams(key);
  return (
    SIGNATURES.find(([, phrase, edits]) => {
      const max = edits ?? Math.floor(phrase.length / 6);
      return key.length >= phrase.length - max && containsWithin(key, phrase, max, pieces);
    })?.[0] ?? null
  );
}

/** A web address on the line ("www.roller.de", "www. mar ktkauf-Lehr. de" as OCR spaces it): the chain its host names. */
function webChain(text: string): string | null {
  const web = /w{2,3}\s*[.,]\s*([\p{L}\d][\p{L}\d\s-]{1,40}?)\s*[.,]\s*(?:de|com|co\s*\.\s*uk|at|ch|eu|nl)\b/iu.exec(text);
  if (!web) return null;
  const host = web[1].replace(/\s+/g, '').toLowerCase();
  const parts = host.split('-').filter((part) => part !== '');
  return knownRetailer(parts.join(' ')) ?? knownRetailer(host) ?? (parts[0] ? fuzzyName(normalizeKey(parts[0])) : null);
}

/** A long chain name read with one letter wrong ("marktkaut"). */
function fuzzyName(word: string): string | null {
  if (word.length < 5) return null;
  return FUZZY_NAMES.find(([name]) => Math.abs(name.length - word.length) <= 1 && withinEdits(word, name, 1))?.[1] ?? null;
}

/**
 * A chain's logo read with one of its letters as a digit or a sign ("L9DL", "L$DL." for LIDL,
 * "R3WE"): a short word of the header with one such character inside, which a letter in its
 * place makes a chain's name. A word of letters is left to the other rules ("real", "Netto").
 */
function logoRead(text: string): string | null {
  for (const word of text.split(/\s+/)) {
    const bare = word.replace(/^[^\p{L}\d]+|[^\p{L}\d]+$/gu, '');
    const odd = [...bare].flatMap((glyph, at) => (/\p{L}/u.test(glyph) ? [] : [at]));
    if (bare.length < 4 || bare.length > 8 || odd.length !== 1 || odd[0] === 0 || odd[0] === bare.length - 1) continue;
    for (const letter of 'abcdefghijklmnopqrstuvwxyz') {
      const chain = knownRetailer(bare.slice(0, odd[0]) + letter + bare.slice(odd[0] + 1));
      if (chain) return chain;
    }
  }
  return null;
}

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
    const web = webChain(text);
    if (web) {
      add(web, inHeader ? 2 : 1, index);
      return;
    }
    const chain = knownRetailer(key);
    if (chain && (!AMBIGUOUS.has(chain) || inHeader || COMPANY.test(key))) {
      add(chain, inHeader ? 2 : 1, index);
      return;
    }
    const signed = signatureOf(text);
    if (signed) {
      add(signed, 1, index);
      return;
    }
    const logo = inHeader ? logoRead(text) : null;
    if (logo) {
      add(logo, 1, index);
      return;
    }
    // One letter misread in a long name: in the header, or beside a company form ("Dirk Rosmann GmbH").
    if (!inHeader && !/\b(?:gmbh|kg|ag|ohg|mbh|se)\b/.test(key)) return;
    // Two neighbouring words joined too ("MEDIA MARK" for "MEDIA MARKT"), and the whole line.
    const words = key.split(' ');
    for (const word of [...words, ...words.slice(1).map((next, i) => words[i] + next), key.replace(/ /g, '')]) {
      const near = fuzzyName(word);
      if (near) {
        add(near, 1, index);
        return;
      }
    }
  });
  const best = [...weights].sort((a, b) => b[1].weight - a[1].weight || a[1].first - b[1].first)[0];
  if (!best) return null;
  return { key: best[0], label: chainLabel(best[0]) ?? best[0] };
}
