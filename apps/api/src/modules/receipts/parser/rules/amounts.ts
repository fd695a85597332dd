import { type DecimalSeparator, trailingAmount, type TrailingAmount } from '../receipt-numbers.js';

/**
 * The amount closing an article line as OCR reads it. Besides what `trailingAmount` reads, the
 * tax class or flag after the amount often comes back as two specks ("0,25*xC", "0,25«C", "20,00 O0",
 * "0,39. .C", "225,00 b", "0,89..."): the amount still closes the line. A size after a number ("0,33 l",
 * "0,75L" on a wrapped name) is not a flag.
 */
const FLAGGED = /^(.*?\d[.,]\d{2}-?)(?:[x*×.,\s«»°'"]|-(?=[A-Z])){0,4}([A-Za-z©ÄÖÜäöüß0-9]{1,2})?\s*[*.]{0,3}$/;
const SIZE = /^(?:l|g|kg|ml|cl|m|cm|mm|lb|oz|st)$/i;

export function closingAmount(text: string, decimal: DecimalSeparator): TrailingAmount | null {
  const plain = trailingAmount(text, decimal);
  if (plain) return plain;
  // Specks after the currency ("39,36 EUR®"): the currency still closes the amount.
  const specked = /^(.*\d[.,]\d{2}\s*(?:EUR|€))[^\p{L}\p{N}\s]{1,3}$/u.exec(text);
  if (specked) return trailingAmount(specked[1], decimal);
  const match = FLAGGED.exec(text);
  if (!match) return null;
  const [, amountPart, flag] = match;
  if (SIZE.test(flag ?? '')) return null;
  // The decimal comma read as a point (or the other way round) before a tax class: "1.49 B" on a German receipt.
  const read = trailingAmount(amountPart, decimal) ?? (flag && /^[A-ZÄÖÜß]{1,2}$/.test(flag) ? trailingAmount(amountPart.replace(/(?<=\d)[.,](?=\d{2}-?$)/, decimal), decimal) : null);
  if (!read) return null;
  return { ...read, taxCode: flag && /^[A-Za-zß]$/.test(flag) ? (flag === 'ß' ? 'B' : flag.toUpperCase()) : read.taxCode };
}
