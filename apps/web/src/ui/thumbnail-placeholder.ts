/**
 * A stand-in for products without a photo: initials on one of the --color-thumb-N pairs in
 * tokens.css, chosen by a hash of the name, so "Oat milk" looks the same on every screen and
 * every visit while neighbouring rows still differ.
 */
export const PLACEHOLDER_HUES = 8;

const FIRST_LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/** Up to two initials from the first words that have a letter or digit: "Bio oat milk" → "BO". */
export function initialsOf(name: string): string {
  const initials = name
    .split(/\s+/)
    .map((word) => FIRST_LETTER_OR_DIGIT.exec(word)?.[0])
    .filter((initial): initial is string => initial !== undefined)
    .slice(0, 2);
  return initials.join('').toLocaleUpperCase();
}

/** 1…PLACEHOLDER_HUES, stable for a name regardless of case and surrounding spaces (FNV-1a). */
export function hueOf(name: string): number {
  let hash = 0x811c9dc5;
  for (const char of name.trim().toLocaleLowerCase().normalize('NFC')) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193);
  }
  return ((hash >>> 0) % PLACEHOLDER_HUES) + 1;
}
