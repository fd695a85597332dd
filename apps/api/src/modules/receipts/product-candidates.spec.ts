import { WRatio } from 'fuzzball';
import { describe, expect, it } from 'vitest';
import { packageTokens, readHit, scoreCandidate, selectCandidates, type CandidateQuery } from './product-candidates.js';

const BASE = 'https://world.openfoodfacts.org';
const MILK: CandidateQuery = { query: 'Vollmilch 1,5 l', names: ['VOLLMILCH 1,5L 1,19 A', 'Vollmilch 1,5 l'], storeName: 'REWE Markt GmbH' };

const hit = (fields: Record<string, unknown>) => {
  const read = readHit({ code: '4006381333931', ...fields }, BASE);
  if (!read) throw new Error('hit without a valid code');
  return read;
};

describe('readHit', () => {
  it('keeps hits with a valid barcode and reads list fields in either form', () => {
    const read = hit({ product_name: { de: 'Vollmilch', en: 'Whole milk' }, brands: ['Weihenstephan', 'Müller'], stores: 'Rewe, Edeka', image_front_url: 'https://img/1.jpg' });
    expect(read.code).toBe('4006381333931');
    expect(read.suggestion).toMatchObject({ barcode: '4006381333931', name: 'Vollmilch', brand: 'Weihenstephan, Müller', image_url: 'https://img/1.jpg', source_url: `${BASE}/product/4006381333931` });
    expect(read.stores).toEqual(['Rewe', 'Edeka']);
  });

  it('drops hits whose code is no barcode', () => {
    expect(readHit({ code: '12' }, BASE)).toBeNull();
    expect(readHit({ product_name: 'No code' }, BASE)).toBeNull();
  });
});

describe('scoreCandidate', () => {
  it('adds 11 for the receipt’s store, 7 for a shared package size and 3 for Germany to 0.72 × the name similarity', () => {
    const bare = scoreCandidate(MILK, hit({ product_name: 'Vollmilch 1,5 l' }), WRatio);
    const full = scoreCandidate(MILK, hit({ product_name: 'Vollmilch 1,5 l', quantity: '1.5 L', stores: ['REWE'], countries_tags: ['en:germany'] }), WRatio);
    expect(bare?.score).toBe(Math.round(WRatio(MILK.query, 'Vollmilch 1,5 l') * 0.72 * 10) / 10 + 7);
    expect(full?.store_match).toBe(true);
    expect(full?.score).toBe(Math.min(99, (bare?.score ?? 0) + 11 + 3));
    expect(full?.evidence.map((entry) => entry.source)).toEqual(['name', 'store', 'package', 'country']);
  });

  it('caps the score at 99 (72 + 10 + 11 + 7 + 3 would be 103)', () => {
    const scored = scoreCandidate(MILK, hit({ product_name: 'Vollmilch', brands: 'Ja', quantity: '1,5 l', stores: 'REWE', countries_tags: ['en:germany'] }), () => 100);
    expect(scored?.score).toBe(99);
  });

  it('drops candidates under 35 and those without a name', () => {
    expect(scoreCandidate(MILK, hit({ product_name: 'Zahnpasta Kräuter' }), WRatio)).toBeNull();
    expect(scoreCandidate(MILK, hit({ product_name: '' }), WRatio)).toBeNull();
  });

  it('matches the store by chain, not by spelling, and never without a store', () => {
    expect(scoreCandidate(MILK, hit({ product_name: 'Vollmilch', stores: ['Rewe City'] }), WRatio)?.store_match).toBe(true);
    expect(scoreCandidate(MILK, hit({ product_name: 'Vollmilch', stores: ['Lidl'] }), WRatio)?.store_match).toBe(false);
    expect(scoreCandidate({ ...MILK, storeName: null }, hit({ product_name: 'Vollmilch', stores: ['Rewe'] }), WRatio)?.store_match).toBe(false);
  });
});

describe('packageTokens', () => {
  it.each([
    ['Vollmilch 1,5L', ['1.5l']],
    ['500 g', ['500g']],
    ['Eier 10 Stück', ['10stk']],
    ['6 Stk à 330 ml', ['6stk', '330ml']],
    ['Milch', []],
  ])('%j → %j', (value, tokens) => {
    expect(packageTokens(value)).toEqual(tokens);
  });
});

describe('selectCandidates', () => {
  const candidate = (score: number, image: boolean) => ({ score, image_url: image ? `https://img/${score}.jpg` : null });

  it('takes the best by score when enough of them have photos', () => {
    const all = [candidate(90, true), candidate(80, true), candidate(70, false), candidate(60, true)];
    expect(selectCandidates(all, 3).map((c) => c.score)).toEqual([90, 80, 70]);
  });

  it('swaps the weakest ones without a photo for photo-backed ones from further down, until two have photos', () => {
    const all = [candidate(90, false), candidate(80, false), candidate(70, false), candidate(60, true), candidate(50, false), candidate(40, true)];
    expect(selectCandidates(all, 3).map((c) => c.score)).toEqual([90, 60, 40]);
  });

  it('wants only as many photos as the limit allows', () => {
    const all = [candidate(90, false), candidate(60, true), candidate(50, true)];
    expect(selectCandidates(all, 1).map((c) => c.score)).toEqual([60]);
  });

  it('keeps the best when no photo-backed candidate is left to swap in', () => {
    const all = [candidate(90, false), candidate(80, false), candidate(70, true)];
    expect(selectCandidates(all, 2).map((c) => c.score)).toEqual([90, 70]);
    expect(selectCandidates([candidate(50, false)], 3).map((c) => c.score)).toEqual([50]);
  });
});
