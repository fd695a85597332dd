/**
 * Pre-selects the catalog names a receipt line could reach fuzzball's WRatio ≥ 90 with, so
 * reconcile does not score every open line against every product inside the write lock (WRatio
 * costs a few µs a pair: 200 lines × 5,000 products would hold all writes for seconds).
 *
 * The selection is exact in one direction: it never leaves out a name that scores 90 or more
 * (name-index.spec.ts checks that against WRatio itself). It follows how WRatio scores two
 * cleaned-up names a and b:
 * - lengths more than 8× apart: partial scores count × 0.6, never 90;
 * - 1.5× to 8× apart: only a partial ratio of 100 (× 0.9) reaches 90, so the shorter name stands
 *   inside the longer one, and every bigram within its words is among the longer one's;
 * - closer: the plain or token-sorted ratio must reach 89.5, i.e. at most 10.5 % of the summed
 *   lengths in edits, each edit removes at most two bigrams, so the names share at least
 *   max(W(a), W(b)) − 2·edits of their bigrams within words (W: how many distinct ones a name
 *   has), and a ratio never matches more letters than the two have in common; or the token-set
 *   ratio (× 0.95) must, which needs the shared words to make up most of one name (≥ 1 / 1.123
 *   of it) or the same two bounds on the names' distinct words.
 */
export class NameIndex<T> {
  private readonly names: Array<{ text: string; length: number; grams: number; uniqueLength: number; letters: Map<string, number>; uniqueLetters: Map<string, number> }> = [];
  private readonly byGram = new Map<string, number[]>();
  private readonly byWord = new Map<string, number[]>();
  private readonly shared: Int32Array;
  private readonly sharedWordChars: Int32Array;

  constructor(
    private readonly items: readonly T[],
    nameOf: (item: T) => string,
    private readonly clean: (name: string) => string = defaultClean,
  ) {
    items.forEach((item, position) => {
      const text = clean(nameOf(item));
      const words = uniqueWords(text);
      const grams = wordBigrams(words);
      this.names.push({ text, length: text.length, grams: grams.size, uniqueLength: joinedLength(words), letters: letterCounts(text), uniqueLetters: letterCounts(words.join(' ')) });
      for (const gram of grams) push(this.byGram, gram, position);
      for (const word of words) push(this.byWord, word, position);
    });
    this.shared = new Int32Array(items.length);
    this.sharedWordChars = new Int32Array(items.length);
  }

  /** The items that may score ≥ 90 against `name`, in their original order. */
  candidates(name: string): T[] {
    const text = this.clean(name);
    if (text.length === 0) return [];
    const words = uniqueWords(text);
    const grams = wordBigrams(words);
    const uniqueLength = joinedLength(words);
    const letters = letterCounts(text);
    const uniqueLetters = letterCounts(words.join(' '));
    this.shared.fill(0);
    this.sharedWordChars.fill(0);
    for (const gram of grams) for (const position of this.byGram.get(gram) ?? []) this.shared[position] += 1;
    // Shared words joined by spaces: their letters plus one space between each two.
    for (const word of words) for (const position of this.byWord.get(word) ?? []) this.sharedWordChars[position] += this.sharedWordChars[position] === 0 ? word.length : word.length + 1;
    const found: T[] = [];
    for (let position = 0; position < this.items.length; position += 1) {
      const other = this.names[position];
      if (other.length === 0) continue;
      const short = Math.min(text.length, other.length);
      const lengthRatio = Math.max(text.length, other.length) / short;
      if (lengthRatio > 8) continue;
      let possible: boolean;
      if (lengthRatio >= 1.5) {
        const [inner, outer, innerGrams] = text.length <= other.length ? [text, other.text, grams.size] : [other.text, text, other.grams];
        possible = this.shared[position] >= innerGrams && outer.includes(inner);
      } else {
        const edits = Math.floor(0.105 * (text.length + other.length));
        const closeAsTyped = this.shared[position] >= Math.max(grams.size, other.grams) - 2 * edits && sharedLetters(letters, other.letters) >= 0.895 * ((text.length + other.length) / 2);
        const wordsInCommon =
          this.sharedWordChars[position] * 1.123 >= Math.min(uniqueLength, other.uniqueLength) - 1 ||
          (this.shared[position] >= Math.max(grams.size, other.grams) - 2 * edits && sharedLetters(uniqueLetters, other.uniqueLetters) >= 0.945 * ((uniqueLength + other.uniqueLength) / 2));
        possible = closeAsTyped || wordsInCommon;
      }
      if (possible) found.push(this.items[position]);
    }
    return found;
  }
}

/** What fuzzball's full_process does with its defaults: letters and digits kept, lower case, spaces collapsed. */
function defaultClean(name: string): string {
  return name.replace(/[^\p{L}\p{N}]/gu, ' ').toLowerCase().trim().replace(/\s+/g, ' ');
}

function uniqueWords(text: string): string[] {
  return [...new Set(text.split(' ').filter(Boolean))].sort();
}

function joinedLength(words: readonly string[]): number {
  return words.length === 0 ? 0 : words.reduce((sum, word) => sum + word.length, words.length - 1);
}

/** Distinct bigrams inside words (none spanning a space): reordering words keeps them. */
function wordBigrams(words: readonly string[]): Set<string> {
  const grams = new Set<string>();
  for (const word of words) for (let start = 0; start + 2 <= word.length; start += 1) grams.add(word.slice(start, start + 2));
  return grams;
}

function letterCounts(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const letter of text) counts.set(letter, (counts.get(letter) ?? 0) + 1);
  return counts;
}

/** How many letters two texts have in common, counted with repeats: an upper bound of how many a ratio can match. */
function sharedLetters(a: Map<string, number>, b: Map<string, number>): number {
  let shared = 0;
  for (const [letter, count] of a) shared += Math.min(count, b.get(letter) ?? 0);
  return shared;
}

function push(index: Map<string, number[]>, key: string, position: number): void {
  const positions = index.get(key);
  if (positions) positions.push(position);
  else index.set(key, [position]);
}
