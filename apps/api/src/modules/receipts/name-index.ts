/**
 * Pre-selects the catalog names a receipt line could reach WRatio ≥ 90 with, so reconcile does
 * not score every open line against every product inside the write lock (fuzzball's WRatio costs
 * ~20 µs a pair: 50 lines × 500 products would hold all writes for half a second).
 *
 * Every way WRatio gets to 90 needs the two names to share text: a near-identical whole (ratio),
 * the shorter one exactly inside the longer (partial ratio, the only one that reaches 90 once
 * the lengths differ by half), or the same words in any order or a shared subset of words
 * (token sort/set). So a name is a candidate when it shares a trigram of the whole text or a
 * short word (under three letters) with the line; names under three characters always are.
 */
export class NameIndex<T> {
  private readonly byKey = new Map<string, number[]>();
  private readonly alwaysCandidates: number[] = [];

  constructor(
    private readonly items: readonly T[],
    nameOf: (item: T) => string,
  ) {
    items.forEach((item, position) => {
      const keys = nameKeys(nameOf(item));
      if (keys.size === 0) this.alwaysCandidates.push(position);
      for (const key of keys) {
        const positions = this.byKey.get(key);
        if (positions) positions.push(position);
        else this.byKey.set(key, [position]);
      }
    });
  }

  /** The items that may score ≥ 90 against `name`, in their original order. */
  candidates(name: string): T[] {
    const keys = nameKeys(name);
    if (keys.size === 0) return [...this.items];
    const positions = new Set(this.alwaysCandidates);
    for (const key of keys) for (const position of this.byKey.get(key) ?? []) positions.add(position);
    return [...positions].sort((a, b) => a - b).map((position) => this.items[position]);
  }
}

/** Trigrams of the whole text (spaces included) and the short words, which trigrams can miss. */
function nameKeys(name: string): Set<string> {
  const keys = new Set<string>();
  const text = name.toLowerCase();
  if (text.length < 3) return keys;
  for (let start = 0; start + 3 <= text.length; start += 1) keys.add(text.slice(start, start + 3));
  for (const word of text.split(/[^\p{L}\p{N}]+/u)) if (word.length > 0 && word.length < 3) keys.add(`word:${word}`);
  return keys;
}
