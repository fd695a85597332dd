import { describe, expect, it } from 'vitest';
import { groupPositions, groupPositionsAcrossStores, learnProductPositions, storeOrder, weightedMedian } from './store-order.js';
import { kendallTau } from './synthetic-trips.spec-support.js';

const orderOf = (positions: Map<string, number>) => [...positions].sort((a, b) => a[1] - b[1]).map(([product]) => product);

describe('weightedMedian', () => {
  it('follows the weight, not the outlier', () => {
    expect(weightedMedian([{ value: 0.1, weight: 1 }, { value: 0.2, weight: 1 }, { value: 0.9, weight: 1 }])).toBe(0.2);
    expect(weightedMedian([{ value: 0.1, weight: 1 }, { value: 0.9, weight: 3 }])).toBe(0.9);
    expect(weightedMedian([{ value: 0.2, weight: 1 }, { value: 0.4, weight: 1 }])).toBeCloseTo(0.3);
  });
});

describe('kendallTau', () => {
  it('is 1 for the same order, -1 for the reverse, in between for one swap', () => {
    expect(kendallTau(['a', 'b', 'c'], ['a', 'b', 'c'])).toBe(1);
    expect(kendallTau(['c', 'b', 'a'], ['a', 'b', 'c'])).toBe(-1);
    expect(kendallTau(['b', 'a', 'c'], ['a', 'b', 'c'])).toBeCloseTo(1 / 3);
  });
});

describe('learnProductPositions', () => {
  it('puts together trips that each bought a part of the store', () => {
    const { positions, tripCount } = learnProductPositions([{ products: ['c', 'd', 'e'] }, { products: ['a', 'b', 'c'] }, { products: ['b', 'd'] }]);
    expect(tripCount).toBe(3);
    expect(orderOf(positions)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('lets two trips outvote one that checked a product off late', () => {
    const { positions } = learnProductPositions([{ products: ['b', 'c', 'd', 'a'] }, { products: ['a', 'b', 'c', 'd'] }, { products: ['a', 'b', 'c', 'd'] }]);
    expect(orderOf(positions)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('follows the newer trips when the store was rearranged', () => {
    const newer = { products: ['d', 'c', 'b', 'a'] };
    const older = { products: ['a', 'b', 'c', 'd'] };
    expect(orderOf(learnProductPositions([newer, newer, older, older]).positions)).toEqual(['d', 'c', 'b', 'a']);
  });

  it('learns nothing from trips with fewer than two check-offs', () => {
    expect(learnProductPositions([{ products: ['a'] }, { products: [] }])).toEqual({ positions: new Map(), tripCount: 0 });
  });
});

describe('storeOrder', () => {
  const groupOf = new Map<string, number | null>([
    ['apples', 1],
    ['pears', 1],
    ['milk', 2],
    ['cheese', 2],
    ['soap', null],
  ]);

  it('places groups from this store first, else from other stores; places set by hand win', () => {
    const order = storeOrder({
      trips: [{ products: ['milk', 'apples', 'soap'] }],
      groupOf,
      otherStoreGroups: new Map([
        [1, 0.9],
        [3, 0.4],
      ]),
      manualProducts: new Map([['soap', -0.5]]),
      manualGroups: new Map(),
    });
    expect(order.groups.get(1)).toMatchObject({ source: 'learned' });
    expect(order.groups.get(3)).toEqual({ position: 0.4, source: 'other_stores' });
    expect(order.products.get('soap')).toEqual({ position: -0.5, source: 'manual' });
    expect(order.products.get('milk')?.position).toBeLessThan(order.products.get('apples')?.position as number);
  });

  it('moves a group set by hand with its products in their learned order', () => {
    const order = storeOrder({
      trips: [{ products: ['apples', 'pears', 'milk', 'cheese'] }],
      groupOf,
      otherStoreGroups: new Map(),
      manualProducts: new Map(),
      manualGroups: new Map([[2, -1]]),
    });
    const products = [...order.products].sort((a, b) => a[1].position - b[1].position).map(([product]) => product);
    expect(products).toEqual(['milk', 'cheese', 'apples', 'pears']);
    expect(order.products.get('milk')?.source).toBe('group');
  });

  it('a group’s usual place across stores is the median of its places', () => {
    const stores = [new Map([[1, 0.2]]), new Map([[1, 0.3]]), new Map([[1, 0.9]])];
    expect(groupPositionsAcrossStores(stores).get(1)).toBe(0.3);
    expect(groupPositions(new Map([['apples', 0.1], ['pears', 0.3], ['soap', 0.9]]), groupOf)).toEqual(new Map([[1, 0.2]]));
  });
});
