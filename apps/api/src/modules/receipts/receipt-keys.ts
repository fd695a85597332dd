import { normalizeKey } from '@hinv/shared';

// A price closing the line, as tills print it: "1,19", "-0,50", "2.49 EUR", "1,19 € A", "0,99B".
const TRAILING_PRICE = /\s+-?\d+[.,]\d{2}(?:\s*(?:eur|€))?(?:\s*[a-z])?\s*$/i;
// A count closing what is left: "2 x", "2x", "x 2", "3 Stk.", "6 Stück", or a lone "x"/"Stk".
const TRAILING_QUANTITY = /\s+(?:\d+(?:[.,]\d+)?\s*(?:x|stk\.?|stück)|x\s*\d+(?:[.,]\d+)?|stk\.?|x)\s*$/i;

/**
 * The key of a receipt line's name: the same text bought again at another price or in another
 * amount gets the same key. It uses the catalog's `normalizeKey`, so a line whose name is a
 * product's name has that product's `normalized_name` as its key.
 */
export function canonicalReceiptKey(name: string): string {
  return normalizeKey(name.replace(TRAILING_PRICE, '').replace(TRAILING_QUANTITY, ''));
}

// Chains recognised in a store name, in the order the reference checks them; each matched as
// whole words of the normalised name, so "dm" does not hide in "Admiral" nor "netto" in "Nettopreis".
const RETAILERS: ReadonlyArray<readonly [key: string, pattern: RegExp, label: string]> = [
  ['rewe', /\brewe\b/, 'REWE'],
  ['dm', /\b(?:dm|drogerie markt)\b/, 'dm'],
  // "ALDISÜD" as OCR joins the logo's words.
  ['aldi', /\baldi(?:\s?(?:sued|sud|nord))?\b/, 'ALDI'],
  ['lidl', /\blidl\b/, 'Lidl'],
  ['edeka', /\bedeka\b|\be\s?center\b/, 'EDEKA'],
  ['kaufland', /\bkaufland\b/, 'Kaufland'],
  ['rossmann', /\brossmann\b/, 'Rossmann'],
  ['netto', /\bnetto\b/, 'Netto'],
  ['penny', /\bpenny\b/, 'PENNY'],
  ['marktkauf', /\bmarktkauf\b/, 'Marktkauf'],
  ['real', /\breal\s+(?:gmbh|sb|markt|paderborn|einfach)\b|^real$|\breal de\b/, 'real'],
  ['norma', /\bnorma\b/, 'NORMA'],
  ['globus', /\bglobus\b/, 'Globus'],
  ['tegut', /\btegut\b/, 'tegut'],
  ['famila', /\bfamila\b/, 'famila'],
  ['mueller', /\bmueller\s+(?:drogerie|handels)|\bdrogerie\s+mueller\b/, 'Müller'],
  ['budni', /\bbudni(?:kowsky)?\b/, 'Budni'],
  ['alnatura', /\balnatura\b/, 'Alnatura'],
  ['toom', /\btoom\b/, 'toom'],
  ['hornbach', /\bhornbach\b/, 'HORNBACH'],
  ['obi', /\bobi\s+(?:markt|gmbh|bau)|^obi$/, 'OBI'],
  ['bauhaus', /\bbauhaus\b/, 'BAUHAUS'],
  ['hagebau', /\bhagebau(?:markt)?\b/, 'hagebau'],
  ['ikea', /\bikea\b/, 'IKEA'],
  ['roller', /\broller\b/, 'ROLLER'],
  ['mediamarkt', /\bmedia\s?markt\b/, 'MEDIA MARKT'],
  ['saturn', /\bsaturn\b/, 'SATURN'],
  ['thalia', /\bthalia\b/, 'Thalia'],
  ['douglas', /\bdouglas\b/, 'Douglas'],
  ['fressnapf', /\bfressnapf\b/, 'Fressnapf'],
  ['tedi', /\btedi\b/, 'TEDi'],
  ['action', /\baction\s+(?:deutschland|gmbh|b v)\b/, 'Action'],
  ['tchibo', /\btchibo\b/, 'Tchibo'],
  ['aral', /\baral\b/, 'Aral'],
  ['shell', /\bshell\b/, 'Shell'],
  ['esso', /\besso\b/, 'Esso'],
  ['jet', /\bjet\s+tankstelle\b/, 'JET'],
  ['westfalen', /\bwestfalen\s+tankstelle\b|\bwestfalen ag\b/, 'Westfalen'],
  ['tesco', /\btesco\b/, 'Tesco'],
  ['sainsburys', /\bsainsbury s?\b/, "Sainsbury's"],
  ['asda', /\basda\b/, 'Asda'],
  ['morrisons', /\bmorrisons\b/, 'Morrisons'],
  ['waitrose', /\bwaitrose\b/, 'Waitrose'],
  ['walmart', /\bwal\s?mart\b/, 'Walmart'],
  ['target', /\btarget\s+(?:store|corp)|^target$/, 'Target'],
  ['costco', /\bcostco\b/, 'Costco'],
  ['nahkauf', /\bnahkauf\b/, 'nahkauf'],
  ['woolworth', /\bwoolworth\b/, 'Woolworth'],
  ['deichmann', /\bdeichmann\b/, 'Deichmann'],
  ['kik', /\bkik\s+(?:textilien|gmbh)\b|^kik$/, 'KiK'],
  ['hellweg', /\bhellweg\s+(?:baumarkt|die\s+profi)|\bhellweg gmbh\b/, 'HELLWEG'],
  ['euronics', /\beuronics\b/, 'EURONICS'],
  ['conrad', /\bconrad\s+electronic\b/, 'Conrad'],
  ['billa', /\bbilla\b/, 'BILLA'],
  ['hofer', /\bhofer\s+kg\b|^hofer$/, 'HOFER'],
  ['migros', /\bmigros\b/, 'Migros'],
  ['marksandspencer', /\bmarks\s+(?:and\s+)?spencer\b/, 'Marks & Spencer'],
  ['boots', /\bboots\s+(?:uk|the\s+chemist|pharmacy)\b|^boots$/, 'Boots'],
  ['superdrug', /\bsuperdrug\b/, 'Superdrug'],
  ['supervalu', /\bsupervalu\b/, 'SuperValu'],
  ['dunnes', /\bdunnes\s+stores\b/, 'Dunnes Stores'],
  ['kroger', /\bkroger\b/, 'Kroger'],
  ['traderjoes', /\btrader\s+joe\s?s?\b/, "Trader Joe's"],
  ['wholefoods', /\bwhole\s+foods\b/, 'Whole Foods'],
  ['safeway', /\bsafeway\b/, 'Safeway'],
  ['walgreens', /\bwalgreens\b/, 'Walgreens'],
  ['cvs', /\bcvs\s+(?:pharmacy|health)\b/, 'CVS'],
  ['homedepot', /\bhome\s?depot\b/, 'The Home Depot'],
  ['hit', /\bhit\s+(?:markt|ullrich|sb)\b/, 'HIT'],
  ['combi', /\bcombi\s+(?:markt|verbrauchermarkt)\b|^combi$/, 'combi'],
  ['denns', /\bdenn\s?s\s+biomarkt\b/, "denn's Biomarkt"],
  ['totalenergies', /\btotal\s?energies\b/, 'TotalEnergies'],
  ['star', /\bstar\s+tankstelle\b/, 'star'],
  ['avia', /\bavia\s+(?:tankstelle|station)\b/, 'AVIA'],
  // Australia, Malaysia, Singapore: the chains whose GST receipts come in English.
  ['woolworths', /\bwoolworths\b/, 'Woolworths'],
  ['coles', /\bcoles\s+(?:supermarkets?|express|group)\b|^coles$/, 'Coles'],
  ['aeon', /\baeon\s+(?:co|big|maxvalu|retail)\b|^aeon$/, 'AEON'],
  ['giant', /\bgiant\s+(?:hypermarket|supermarket|retail)\b/, 'Giant'],
  ['speedmart', /\b99\s?speed\s?mart\b/, '99 Speedmart'],
  ['mydin', /\bmydin\b/, 'MYDIN'],
  ['fairprice', /\bfair\s?price\b|\bntuc\b/, 'FairPrice'],
  ['seveneleven', /\b7\s?eleven\b/, '7-Eleven'],
];

/** The chain a store name belongs to ("REWE Markt GmbH" → "rewe"), or null when none is named. */
export function knownRetailer(storeName: string): string | null {
  const key = normalizeKey(storeName);
  return RETAILERS.find(([, pattern]) => pattern.test(key))?.[0] ?? null;
}

/** The chain's name as it writes it ("REWE Markt GmbH" → "REWE"), or null when none is named. */
export function retailerLabel(storeName: string): string | null {
  const key = normalizeKey(storeName);
  return RETAILERS.find(([, pattern]) => pattern.test(key))?.[2] ?? null;
}

/**
 * The store a learned mapping belongs to: the chain when the name names one, otherwise the
 * normalised name, and `*` (any store) when there is no name.
 */
export function retailerKey(storeName: string | null | undefined): string {
  if (!storeName) return '*';
  return knownRetailer(storeName) ?? (normalizeKey(storeName) || '*');
}

/** The label of a chain key from `knownRetailer` ("mediamarkt" → "MEDIA MARKT"). */
export function chainLabel(key: string): string | null {
  return RETAILERS.find(([known]) => known === key)?.[2] ?? null;
}
