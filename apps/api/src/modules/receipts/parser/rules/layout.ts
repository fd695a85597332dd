import { knownRetailer } from '../../receipt-keys.js';
import type { DecimalSeparator } from '../receipt-numbers.js';
import { closingAmount } from './amounts.js';
import { quantityLine } from './quantities.js';

/**
 * Where the article lines are: below the header (store, address, till data, opening hours) and
 * above the total. The lines that are never articles wherever they stand (separators, column
 * headings, till data) are named here too.
 */

export const SEPARATOR = /^[-=*_#.~+:\s]{3,}$/;
/**
 * A line of column headings only ("Artikel Menge Preis/kg", "CODE/DESC PRICE DISC AMOUNT", "QTY RM RM
 * RM"). Each heading is read one way only (a slash is always a separator), so a long line of them
 * costs one pass, not a search over ways to split it.
 */
export const COLUMN_HEADER =
  /^(?:(?:art(?:ikel)?\.?\s?-?nr\.?|nr\.?|pos\.?|anzahl|einzelpreis|e-?preis|mwst\.?|artikel|bezeichnung|beschreibung|description|desc|code|item|qty|menge|anz\.?|preis|price|u\.?\s?price|disc(?:ount)?|betrag|amount|eur|euro|€|\$|£|rm|summe|total|stk|st\.?|kg|l|uom)(?![\p{L}])[\s/]*)+$/iu;

/** Sign-only tokens, and signs glued to a word's ends: specks between headings (`kg EURO/kg | "EURO }`). */
const HEADING_SPECKS = /(?<=^|\s)[^\p{L}\p{N}\s€$£]+(?=\s|$)|(?<=^|\s)[^\p{L}\p{N}\s€$£]+(?=\p{L})|(?<=\p{L})[^\p{L}\p{N}\s€$£/.]+(?=\s|$)/gu;

/** A line of column headings, also with specks read between them (two headings at least, then). */
export function isColumnHeader(text: string): boolean {
  if (COLUMN_HEADER.test(text)) return true;
  const bare = text.replace(HEADING_SPECKS, ' ').replace(/\s+/g, ' ').trim();
  return bare !== text.trim() && bare.split(' ').length >= 2 && COLUMN_HEADER.test(bare);
}

/**
 * A department heading on a line of its own ("GROCERY", "HEALTH AND BEAUTY", "Obst & Gemüse"):
 * tills that sort the articles by department print it above them. It names no article.
 */
export const DEPARTMENT =
  /^[*=#\-\s]*(?:grocery|groceries|produce|dairy|deli|bakery|frozen(?:\s+foods?)?|meat(?:\s*(?:&|and)\s*seafood)?|seafood|health\s*(?:&|and)\s*beauty|beauty|personal\s+care|household|home|housewares|pharmacy|electronics|clothing|apparel|beverages|drinks|snacks|pet\s+supplies|baby|cleaning|general\s+merchandise|obst\s*(?:&|und|\/)\s*gemüse|molkereiprodukte|mopro|tiefkühl(?:kost)?|kühlware|fleisch\s*(?:&|und|\/)\s*wurst|backwaren|getränke|non\s*-?\s*food|drogerie|haushalt|süßwaren|konserven)[*=#\-\s]*$/iu;

/** A phone or fax number's label: its line is never an article. */
const PHONE_WORD = /\b(?:tel|telefon|phone|fax)\b/i;
/** A phone number: its label, or a long run of digits with spaces, slashes and dashes. */
export const PHONE = new RegExp(String.raw`${PHONE_WORD.source}|\+?\d[\d /-]{7,}\d`, 'i');
export const WEB = /www\.|https?:|[^\s@]@[^\s@]+\.|\.(?:de|com|co\.uk|org|net)\b/i;
export const POSTCODE = /^(?:D-)?\d{5}\s+\p{L}|\b[A-Z]{1,2}\d[A-Z\d]?\s+\d[A-Z]{2}\b|,\s*[A-Z]{2}\s+\d{5}\b/u;
export const STREET =
  /(?:\p{L}(?:str(?:aße|asse|\.)|weg|platz|allee|gasse|ring|damm)|\b(?:straße|strasse|str\.|weg|platz|allee|gasse|ring|damm))\s*\d+|^\d+\s+\p{L}.*\b(?:st|street|ave|avenue|road|rd|blvd|lane|ln|drive|dr|high\s+street)\b\.?$|\b(?:jalan|jln|lorong|persiaran|lebuh)\s+[\p{L}\p{N}]/iu;
export const DATE_TIME = /\d{1,2}[./]\d{1,2}[./]\d{2,4}|\d{4}-\d{2}-\d{2}|\b\d{1,2}:\d{2}\b/;
export const TILL_DATA = /\b(?:uid|ust-?id|st\.?-?nr|steuer-?nr|vat\s*(?:no|reg)|kasse|bon|beleg|trx|transaktion|filiale|fil\.|markt\s*(?:nr|\d)|store\s*(?:#|no|\d)|branch|register|cashier|kassierer|bediener|operator|terminal|receipt|rechnung|kassenbon|quittung|kassenbeleg|kassenzettel|öffnungszeiten|opening|mo\s*-\s*sa|kunden|customer|steuernummer|weee|reg\.?-nr)\b|\b(?:st|op|te|tr|tc|ref|auth|seq)\s?#|^\W*table\s*(?:no\.?|#|:)?\s*\d+\W*$|\b(?:pax|covers?|guests?)\s*:?\s*\d+\W*$|\b(?:server|waiter|waitress|bedienung|kellner(?:in)?)\s*:|^\W*tisch(?!.*\d[.,]\d{2}\W*$)\s*(?:nr\.?|#|:)?\s*\d+(?:\W*$|\s+(?:bedienung|kellner|personen|gäste))|\b(?:personen|gäste)\s*:?\s*\d+\W*$|\b(?:invoice|inv|order|doc(?:ument)?)\s*(?:no\.?|#|:)|\btax\s+invoice\b/i;
export const WELCOME = /^\W*(?:(?:herzlich\s+)?willkommen(?:\s+(?:bei|im|in))?|welcome(?:\s+to)?|vielen\s+dank|thank\s+you|danke)\b\W*/i;

/** Opening hours and the like in the header ("Mo.-Sa. 9.00 Uhr - 20.00 Uhr", "Öffnungszeiten"). */
const OPENING_HOURS = /(?<![\p{L}])(?:uhr|öffnungszeit\w*|oeffnungszeit\w*|geöffnet|opening|hours)(?![\p{L}])|\bmo\.?\s*-\s*(?:sa|fr)\b/iu;

/** An article number before a name ("4078500017343 Blumenrechen"): an article line, not a phone number. */
const ARTICLE_NUMBER_NAME = /^(?:\S{1,2}\s+)?\d{5,14}\s+\p{L}{2}/u;

/** A company's legal form ("Stores Ltd", "Muster GmbH", "& Co."): the store's name, never an article. */
const LEGAL_FORM = /(?<![\p{L}\p{N}])(?:gmbh|ltd|plc|inc|llc|ohg)(?![\p{L}])|&\s?co\b/iu;

export function isHeaderish(text: string): boolean {
  if (ARTICLE_NUMBER_NAME.test(text)) return false;
  return (
    PHONE.test(text) ||
    WEB.test(text) ||
    POSTCODE.test(text) ||
    STREET.test(text) ||
    DATE_TIME.test(text) ||
    TILL_DATA.test(text) ||
    WELCOME.test(text) ||
    LEGAL_FORM.test(text) ||
    knownRetailer(text) !== null
  );
}

/** Address, phone and till lines by their words, not by long digit runs (article numbers have those too). */
function isAddressOrTillData(text: string): boolean {
  return STREET.test(text) || POSTCODE.test(text) || WEB.test(text) || TILL_DATA.test(text) || /\b(?:tel|telefon|phone|fax)\b/i.test(text);
}

/** The first article line: the first priced or count line below the header, plus name lines right above it. */
export function articleStart(texts: readonly string[], decimal: DecimalSeparator, totalIndex: number): number {
  const limit = totalIndex >= 0 ? totalIndex : texts.length;
  const firstContent = texts.findIndex((t) => t !== '');
  let first = -1;
  for (let i = firstContent + 1; i < limit; i += 1) {
    const text = texts[i];
    if (text === '' || SEPARATOR.test(text) || isColumnHeader(text)) continue;
    // A priced line may name the chain ("REWE Beste Wahl Milch"); till data and dates are never articles.
    if (DATE_TIME.test(text) || TILL_DATA.test(text) || WEB.test(text) || PHONE_WORD.test(text)) continue;
    // A header line that reads like a priced one ("Husener Str. 1,21", a register number): header
    // lines follow it, while articles are never followed by an address or phone number (a phone
    // line is one even when its digits read like an amount: "Tel.: 052 57/68 9,08").
    if (closingAmount(text, decimal) || quantityLine(text, decimal)) {
      const headerBelow = (next: string) => next !== '' && isAddressOrTillData(next) && (!closingAmount(next, decimal) || PHONE_WORD.test(next));
      if (texts.slice(i + 1, Math.min(i + 3, limit)).some(headerBelow)) continue;
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
    if (text === '' || isHeaderish(text) || SEPARATOR.test(text) || isColumnHeader(text) || OPENING_HOURS.test(text)) break;
    // The line under a street without its town is the town (with a postcode of any country's form),
    // unless the first article is a count or weight line with its amount: that has no name of its
    // own, and the line right above it is its name ("Leipziger Str. 8", "Bananen", "0,812 kg x 1,49 EUR/kg 1,21").
    // (A count line without an amount names the article below it.)
    const namesCountLine = start === first && (quantityLine(texts[first], decimal)?.amount ?? null) !== null && !POSTCODE.test(text);
    if (!namesCountLine && start - 2 >= 0 && STREET.test(texts[start - 2]) && !/\b\d{4,5}\s+\p{L}/u.test(texts[start - 2])) break;
    start -= 1;
  }
  return start === first - 1 && TOWN_LIKE.test(texts[start]) && printsNamesOnOneLine(texts, first, limit, decimal) ? first : start;
}

/** One word of letters, as a town's name under the store's ("Fulda", "Frankfurt-Höchst"). */
const TOWN_LIKE = /^\s*\p{Lu}[\p{L}-]+\s*$/u;

/**
 * Whether every article below the first names itself on its own priced line, none with a name
 * line above it: on such a receipt a town's name right above the first article is the header's
 * tail, not the first half of its name. Needs two such articles to tell.
 */
function printsNamesOnOneLine(texts: readonly string[], first: number, limit: number, decimal: DecimalSeparator): boolean {
  const namedPrice = (text: string) => {
    const read = closingAmount(text, decimal);
    return read !== null && /\p{L}{3}/u.test(read.rest) && quantityLine(text, decimal) === null;
  };
  if (!namedPrice(texts[first])) return false;
  let named = 0;
  for (let i = first + 1; i < limit; i += 1) {
    const text = texts[i];
    if (!namedPrice(text)) continue;
    const above = texts[i - 1];
    if (!namedPrice(above) && /\p{L}{3}/u.test(above) && !quantityLine(above, decimal)) return false;
    named += 1;
  }
  return named >= 2;
}

/** Tokens OCR makes of specks, stains and the receipt's edge: no letter, no digit ("|", ";", "——"), or marks beside a digit ("2)"). */
const SPECK = /^[^\p{L}\p{N}&+%]+$|^\p{N}?[^\p{L}\p{N}&+%\s]+\p{N}?$/u;
/** Short tokens that may stand in a run of specks: one or two letters or digits, or letters with marks ("zZ:"). */
const SHORT = /^[\p{L}\p{N}]{1,2}$|^(?=.*[^\p{L}\p{N}])\S{1,3}$/u;
const COUNT_OPERATOR = /^(?:x|×|\*|@)$/i;

/**
 * The name without the specks OCR read before and after it ("x EZ . SALATBAR" → "SALATBAR",
 * "KIWI 400G ;" → "KIWI 400G"). Only a run of short tokens ending in a speck is cut at the start,
 * so names that start with short words ("Dr. Oetker", "K & M") keep them.
 */
export function withoutSpecks(name: string): string {
  const tokens = name.split(' ').filter((t) => t !== '');
  let cut = 0;
  let run = 0;
  for (let i = 0; i < tokens.length - 1 && i < 8; i += 1) {
    const token = tokens[i];
    if (!SHORT.test(token) && !SPECK.test(token)) break;
    // "3 x Brötchen", "2 * Maske", "K & M": a count or a name, not specks.
    if ((COUNT_OPERATOR.test(token) && i > 0 && /^\d+$/.test(tokens[i - 1])) || /^[&+]$/.test(token)) {
      run = 0;
      break;
    }
    if (SPECK.test(token)) cut = i + 1;
    run = i + 1;
  }
  // Two or more short tokens before a word are specks too ("S EZ S MORTADELLA"); one may be the
  // name's own prefix ("KM BBQ-SALAD").
  if (run >= 2) cut = Math.max(cut, run);
  let end = tokens.length;
  while (end > cut + 1 && SPECK.test(tokens[end - 1]) && !/[)\]]$/.test(tokens[end - 1])) end -= 1;
  const kept = tokens.slice(cut, end);
  return /\p{L}{3}/u.test(kept.join(' ')) ? kept.join(' ') : name;
}

/** The line, and the line without each run of short tokens that may be specks before its first word ("E } : - 2 ZU ZAHLEN" → "ZU ZAHLEN"). */
export function afterSpecks(text: string): string[] {
  const tokens = text.split(' ');
  const variants = [text];
  for (let i = 0; i < Math.min(tokens.length - 1, 8) && (SHORT.test(tokens[i]) || SPECK.test(tokens[i])); i += 1) variants.push(tokens.slice(i + 1).join(' '));
  return variants;
}

/**
 * An article number on a line of its own ("Artikel 50319963 22621", "ART/EAN 4002245701618", its
 * label misread, a flag or speck letter after it): not part of a name.
 */
const CODE_LINE = /^(?:art(?:ikel)?\.?(?:[-/ ]?(?:nr|ean)\.?)?\s*[:\-–]?\s*|\S{1,10}\s+)?\d{5,14}(?:\s+\d{1,8})*(?:\s+[A-Z])?$/i;
/** A number a label names, printed under an article ("Bestellnr.: 125525700100010", "Serien-Nr. 5012345"). */
const LABELLED_NUMBER = /^[^\p{L}\d]*\p{L}[\p{L}.\- ]{0,20}(?:nr|no|nummer|number)\.?\s*:?\s*\d{5,20}$/iu;

export function isCodeLine(text: string): boolean {
  const bare = withoutSpecks(text).replace(/^\W+/, '');
  return CODE_LINE.test(bare) || LABELLED_NUMBER.test(bare);
}
