/**
 * Digits OCR takes for one another on till print, each way: thin or broken strokes (1/7/4),
 * filled or opened loops (0/6/8/9, 3/8, 5/6), and a faded 9 on dotted print that loses part of its
 * loop or tail (read as 3, 4, 5, 8 or 0). The one table the parser's arithmetic, its dates and the
 * review's checks share.
 */
export const LOOK_ALIKE: Readonly<Record<string, string>> = {
  '0': '689',
  '1': '74',
  '3': '589',
  '4': '19',
  '5': '3689',
  '6': '058',
  '7': '1',
  '8': '03569',
  '9': '03458',
};

/** Whether OCR may read one of the two digits for the other. */
export const isLookAlike = (a: string, b: string): boolean => (LOOK_ALIKE[a] ?? '').includes(b);

/** Every string one look-alike digit away from `digits` (the others kept as they are). */
export function oneDigitAway(digits: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < digits.length; i += 1) {
    for (const other of LOOK_ALIKE[digits[i]] ?? '') out.push(`${digits.slice(0, i)}${other}${digits.slice(i + 1)}`);
  }
  return out;
}
