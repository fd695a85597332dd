/**
 * Whether `a` becomes `b` with at most `max` single-letter edits (Levenshtein). Receipt words are
 * short and `max` small, so the band of the table that can stay within `max` is all that is filled.
 */
export function withinEdits(a: string, b: string, max: number): boolean {
  if (Math.abs(a.length - b.length) > max) return false;
  if (a === b) return true;
  // One edit leaves one of the first two letters in place (shifted by one at most): most words fail here at once.
  if (max === 1 && a[0] !== b[0] && a[0] !== b[1] && a[1] !== b[0] && a[1] !== b[1]) return false;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j += 1) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (current[j] < best) best = current[j];
    }
    if (best > max) return false;
    previous = current;
  }
  return previous[b.length] <= max;
}

/**
 * Where a line's own words may start: OCR reads specks at the paper's edge as one- and two-letter
 * words ("E } : - 2 ZU ZAHLEN"), so a label is looked for after up to `max` such words as well.
 */
export function startOffsets(words: readonly string[], max = 3): number[] {
  const offsets = [0];
  for (let i = 0; i < Math.min(max, words.length - 1) && words[i].length <= 2; i += 1) offsets.push(i + 1);
  return offsets;
}

/**
 * Whether `phrase` occurs in `text` with at most `max` single-letter edits (approximate substring
 * match: the phrase may start and end anywhere in the text, so specks around it cost nothing).
 */
export function containsWithin(text: string, phrase: string, max: number, pieces: ReadonlySet<string> = trigrams(text)): boolean {
  if (phrase.length === 0) return true;
  if (!sharesEnoughTrigrams(pieces, phrase, max)) return false;
  // One column per letter of the phrase; row 0 is free, so a match may start at any letter of the text.
  let previous = Array.from({ length: phrase.length + 1 }, (_, j) => j);
  if (previous[phrase.length] <= max) return true;
  for (let i = 1; i <= text.length; i += 1) {
    const current = [0];
    for (let j = 1; j <= phrase.length; j += 1) current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (text[i - 1] === phrase[j - 1] ? 0 : 1));
    if (current[phrase.length] <= max) return true;
    previous = current;
  }
  return false;
}

/** The three-letter pieces of a text, for `containsWithin` (a caller checking many phrases against one line makes them once). */
export function trigrams(text: string): Set<string> {
  const pieces = new Set<string>();
  for (let i = 0; i + 3 <= text.length; i += 1) pieces.add(text.slice(i, i + 3));
  return pieces;
}

/**
 * A cheap test that rules most lines out before the table is filled: each edit spoils at most three
 * of the phrase's three-letter pieces, so a match within `max` edits keeps all but 3 × `max` of them.
 */
function sharesEnoughTrigrams(pieces: ReadonlySet<string>, phrase: string, max: number): boolean {
  const needed = phrase.length - 2 - 3 * max;
  if (needed <= 0) return true;
  let shared = 0;
  for (let i = 0; i + 3 <= phrase.length; i += 1) if (pieces.has(phrase.slice(i, i + 3))) shared += 1;
  return shared >= needed;
}
