/** Digits OCR confuses on thermal print, each way ("8" for "3", "0" for "6"…). */
export const LOOK_ALIKE: Readonly<Record<string, string>> = { '0': '689', '1': '74', '3': '8', '4': '91', '5': '6', '6': '058', '7': '1', '8': '0369', '9': '048' };

/** Every string one look-alike digit away from `digits` (the others kept as they are). */
export function oneDigitAway(digits: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < digits.length; i += 1) {
    for (const other of LOOK_ALIKE[digits[i]] ?? '') out.push(`${digits.slice(0, i)}${other}${digits.slice(i + 1)}`);
  }
  return out;
}
