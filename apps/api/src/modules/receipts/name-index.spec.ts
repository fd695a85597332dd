import { full_process as fullProcess, WRatio } from 'fuzzball';
import { describe, expect, it } from 'vitest';
import { NameIndex } from './name-index.js';

const PRODUCTS = [
  'milch',
  'bio vollmilch 3 5',
  'vollmilch',
  'h milch 1 5',
  'butter',
  'sauerrahm butter',
  'spaghetti n 5',
  'spaghettini',
  'gouda jung',
  'gouda mittelalt',
  'bananen',
  'banane bio',
  'ei',
  'eier 10 stk',
  'a 5',
  '5 a',
  'ba 55',
  'tomaten passiert',
  'passierte tomaten',
  'kaffee crema',
  'caffe crema',
  'haferdrink barista',
  'hafer drink',
  'zz',
  '',
];

const LINES = ['vollmilch 3 5', 'milch', 'h milch', 'buter', 'spagetti', 'gouda', 'banane', 'eier', 'ei', 'a 5 x', 'a 5', 'x ba 55', 'tomaten passiert', 'passierte tomaten 500g', 'kaffe crema', 'hafer drink barista', 'zz top', 'q', 'oat drink'];

/** The best product by brute force, the way reconcile scored before the index existed. */
function bestByBruteForce(line: string): string | null {
  let best: { name: string; score: number } | null = null;
  for (const name of PRODUCTS) {
    const score = WRatio(line, name);
    if (score >= 90 && score > (best?.score ?? 0)) best = { name, score };
  }
  return best?.name ?? null;
}

function bestThroughIndex(index: NameIndex<string>, line: string): string | null {
  let best: { name: string; score: number } | null = null;
  for (const name of index.candidates(line)) {
    const score = WRatio(line, name);
    if (score >= 90 && score > (best?.score ?? 0)) best = { name, score };
  }
  return best?.name ?? null;
}

describe('NameIndex', () => {
  const index = new NameIndex(PRODUCTS, (name) => name);

  it.each(LINES)('finds the same best WRatio ≥ 90 match as scoring every product, for %j', (line) => {
    expect(bestThroughIndex(index, line)).toBe(bestByBruteForce(line));
  });

  it('agrees with scoring every product on generated grocery names', () => {
    const words = ['milch', 'vollmilch', 'bio', 'h', 'ja', 'butter', 'kase', 'gouda', 'ei', 'eier', 'brot', 'vollkorn', 'apfel', 'saft', 'a', 'b', 'x', '1', '3', '5', '10', '500g', 'stk', 'tomaten', 'passiert', 'nudeln', 'reis', 'basmati', 'oat', 'drink'];
    let seed = 42;
    const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648);
    const name = () => Array.from({ length: 1 + Math.floor(random() * 4) }, () => words[Math.floor(random() * words.length)]).join(' ');
    const products = Array.from({ length: 150 }, name);
    const generated = new NameIndex(products, (product) => product);
    for (let i = 0; i < 150; i += 1) {
      const line = name();
      const best = (candidates: string[]) => {
        let found: { name: string; score: number } | null = null;
        for (const candidate of candidates) {
          const score = WRatio(line, candidate);
          if (score >= 90 && score > (found?.score ?? 0)) found = { name: candidate, score };
        }
        return found;
      };
      expect(best(generated.candidates(line)), line).toEqual(best(products));
    }
  });

  it('leaves out names that share no text with the line', () => {
    const candidates = index.candidates('kaffe crema');
    expect(candidates).toContain('caffe crema');
    expect(candidates).not.toContain('bananen');
    expect(candidates).not.toContain('gouda jung');
  });

  it('keeps names with the same short words in another order, which share no bigram', () => {
    expect(WRatio('a 5', '5 a')).toBeGreaterThanOrEqual(90);
    expect(new NameIndex(['5 a', 'bananen'], (name) => name).candidates('a 5')).toEqual(['5 a']);
  });

  it('keeps the catalog order, so ties resolve as before', () => {
    const candidates = index.candidates('milch');
    expect(candidates).toEqual(PRODUCTS.filter((name) => candidates.includes(name)));
  });

  it('finds the names a short line stands inside, and nothing for a line in none', () => {
    expect(index.candidates('ei')).toEqual(expect.arrayContaining(['ei', 'eier 10 stk']));
    expect(index.candidates('ei')).not.toContain('bananen');
    expect(index.candidates('q')).toEqual([]);
  });
});

describe('NameIndex against WRatio on lines with till and OCR changes', () => {
  // Thousands of WRatio scores: seconds on a busy 2-core CI box, so it gets more than the default 5 s.
  it('never leaves out a name WRatio scores 90 or more, and leaves out most of the others', { timeout: 30_000 }, () => {
    const words = ['milch', 'vollmilch', 'bio', 'h', 'ja', 'butter', 'kase', 'gouda', 'ei', 'eier', 'brot', 'vollkorn', 'apfel', 'saft', 'a', 'x', '1', '3', '5', '10', '500g', 'stk', 'tomaten', 'passiert', 'nudeln', 'reis', 'hafer', 'drink', 'kräuter', 'café', '1,5l', '0.5'];
    let seed = 2026;
    const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648);
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)];
    const name = () => Array.from({ length: 1 + Math.floor(random() * 6) }, () => pick(words)).join(random() < 0.2 ? '  ' : ' ');
    // A letter dropped, doubled or replaced, the words turned around, a word added.
    const changed = (text: string): string => {
      let out = text;
      for (let edits = Math.floor(random() * 5); edits > 0; edits -= 1) {
        const at = Math.floor(random() * Math.max(out.length, 1));
        const kind = Math.floor(random() * 6);
        if (kind === 0) out = out.slice(0, at) + out.slice(at + 1);
        else if (kind === 1) out = out.slice(0, at) + out[at] + out.slice(at);
        else if (kind === 2) out = out.slice(0, at) + pick([...'aeiounrst -.']) + out.slice(at + 1);
        else if (kind === 3) out = out.split(' ').reverse().join(' ');
        else if (kind === 4) out = `${pick(words)} ${out}`;
        else out = `${out} ${pick(words)}`;
      }
      return out;
    };
    const products = Array.from({ length: 600 }, name);
    const index = new NameIndex(products, (product) => product, (text) => fullProcess(text, { force_ascii: false, collapseWhitespace: true }));
    let high = 0;
    let offered = 0;
    for (let i = 0; i < 200; i += 1) {
      const line = random() < 0.6 ? changed(pick(products)) : name();
      const candidates = new Set(index.candidates(line));
      offered += candidates.size;
      for (const product of products) {
        if (WRatio(line, product) < 90) continue;
        high += 1;
        expect(candidates.has(product), `${line} | ${product}: WRatio ${WRatio(line, product)}`).toBe(true);
      }
    }
    expect(high).toBeGreaterThan(1_000);
    expect(offered / (200 * products.length)).toBeLessThan(0.1);
  });
});
