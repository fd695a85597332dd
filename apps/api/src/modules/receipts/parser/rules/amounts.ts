import { type DecimalSeparator, trailingAmount, type TrailingAmount, withoutEdgeSpecks } from '../receipt-numbers.js';

/**
 * The amount closing an article line as OCR reads it. Besides what `trailingAmount` reads, the
 * tax class or flag after the amount often comes back as two specks ("0,25*xC", "0,25«C", "0,75<xC", "20,00 O0",
 * "0,39. .C", "225,00 b", "0,89...", "10,00 :. 0", the paper's edge after it: "29,98 1]", "1,79 A!"): the amount still
 * closes the line. A size after a number ("0,33 l", "0,75L" on a wrapped name) is not a flag.
 */
const FLAGGED = /^(.*?\d[.,]\d{2}-?)(?:[x*×.,:;\s«»<>°'"=]|-(?=[A-Z])){0,4}([A-Za-z©ÄÖÜäöüß0-9]{1,2})?\s*[*.\]|!]{0,3}$/;
const SIZE = /^(?:l|g|kg|ml|cl|m|cm|mm|lb|oz|st)$/i;

export function closingAmount(text: string, decimal: DecimalSeparator): TrailingAmount | null {
  const read = amountOfArticleLine(text, decimal);
  if (read) return read;
  // A speck or two apart at the end, the paper's edge on a photo ("1.79 B ;"): the rest is read so too.
  const bare = withoutEdgeSpecks(text);
  return bare === text ? null : amountOfArticleLine(bare, decimal);
}

function amountOfArticleLine(text: string, decimal: DecimalSeparator): TrailingAmount | null {
  const plain = trailingAmount(text, decimal);
  if (plain) return plain;
  // Specks after the currency ("39,36 EUR®"): the currency still closes the amount.
  const specked = /^(.*\d[.,]\d{2}\s*(?:EUR|€))[^\p{L}\p{N}\s]{1,3}$/u.exec(text);
  if (specked) return trailingAmount(specked[1], decimal);
  const match = FLAGGED.exec(text);
  if (!match) return strayCentDigit(text, decimal) ?? lettersForDigits(text, decimal) ?? flagAmongSpecks(text, decimal);
  const [, amountPart, flag] = match;
  if (SIZE.test(flag ?? '')) return null;
  // The decimal comma read as a point (or the other way round) before a tax class: "1.49 B" on a
  // German receipt, also with the class letter read twice over ("1.79 8B").
  const read = trailingAmount(amountPart, decimal) ?? (flag && /^[08]?[A-ZÄÖÜß]{1,2}$/.test(flag) ? trailingAmount(amountPart.replace(/(?<=\d)[.,](?=\d{2}-?$)/, decimal), decimal) : null);
  if (!read) return lettersForDigits(text, decimal);
  return { ...read, taxCode: taxClassOf(flag) ?? read.taxCode };
}

/** A flag of one letter is the line's tax class (ß is a B misread); anything else says none. */
function taxClassOf(flag: string | undefined): string | null {
  if (!flag || !/^[A-Za-zß]$/.test(flag)) return null;
  return flag === 'ß' ? 'B' : flag.toUpperCase();
}

/**
 * A speck after the cents read as a third digit, before a flag read as two letters ("3,499 BW",
 * "9,993 OÖ"): the amount is the first two decimals. (Without the flag, a third digit is the tax
 * class run into the amount, which `trailingAmount` reads.) A weight's unit after it is no flag.
 */
function strayCentDigit(text: string, decimal: DecimalSeparator): TrailingAmount | null {
  const match = /^(.*\d[.,]\d{2})\d\s+([A-ZÄÖÜ©][A-Za-zÄÖÜäöü©]?)$/u.exec(text);
  if (!match || SIZE.test(match[2])) return null;
  const read = trailingAmount(match[1], decimal);
  return read && { ...read, taxCode: /^[A-Z]/.test(match[2]) ? match[2][0] : null };
}

/**
 * The tax class with specks glued to it or standing beside it, of any sign OCR makes of a fold's
 * shade or the paper's edge past the price column ("7,99 Wo %", "24,99 0%", "9,99% 0?",
 * "9,99] 0 ©"). The class stands between amount and specks, so a percentage ("19,00 %", "7,00 % A")
 * is never read so. A weight's unit is no class.
 */
const FLAG_AMONG_SPECKS = /^(.*\d[.,]\d{2}-?)[^\p{L}\p{N}\s-]{0,2}\s+([\p{L}\d©]{1,2})\s*[^\p{L}\p{N}\s]{0,3}$/u;

function flagAmongSpecks(text: string, decimal: DecimalSeparator): TrailingAmount | null {
  const match = FLAG_AMONG_SPECKS.exec(text);
  if (!match || SIZE.test(match[2])) return null;
  const read = trailingAmount(match[1], decimal);
  return read && { ...read, taxCode: taxClassOf(match[2]) ?? read.taxCode };
}

/** Letters OCR reads for the digits of an amount on faint print: a zero's loop (O, Ö, Ü, D, Q, C), a five (S), a two (Z), an eight (B). */
const DIGIT_FOR: Readonly<Record<string, string>> = { O: '0', o: '0', Ö: '0', ö: '0', Ü: '0', ü: '0', D: '0', Q: '0', C: '0', S: '5', Z: '2', B: '8' };
const LOOKS_LIKE_DIGIT = `[\\dOoÖöÜüDQCSZB]`;
/** The amount's place at the end of the line: units and cents of digits and such letters, then at most a flag and a tax class ("Ü,50xC", "1,C0 ©", "OÖ, 25*C"). */
const LETTERED = new RegExp(String.raw`(?:^|\s)[„"',.]?(${LOOKS_LIKE_DIGIT}{1,3})[)\]]?[.,] ?(${LOOKS_LIKE_DIGIT}{2})(-)?(?:[x*×=.\s«»]{0,3}([A-Z©])?)?\s*$`, 'u');

/**
 * An amount with letters for some of its digits, a speck after its units or a space after its
 * decimal sign, where nothing else closes the line: read with the digits the letters stand for
 * when the cents keep a real digit and at most two letters stand in ("0), 75*xC", "0. 25=C").
 */
function lettersForDigits(text: string, decimal: DecimalSeparator): TrailingAmount | null {
  const match = LETTERED.exec(text);
  if (!match) return null;
  const [, units, cents, minus, flag] = match;
  const letters = (units + cents).replace(/\d/g, '').length;
  if (letters > 2 || !/\d/.test(cents) || !/\p{L}{2}/u.test(text.slice(0, match.index))) return null;
  const digits = (part: string) => [...part].map((c) => DIGIT_FOR[c] ?? c).join('');
  const read = trailingAmount(`${digits(units)}${decimal}${digits(cents)}${minus ?? ''}`, decimal);
  if (!read) return null;
  return { ...read, rest: text.slice(0, match.index).trim(), taxCode: flag ? flag.replace('©', 'C') : null };
}
