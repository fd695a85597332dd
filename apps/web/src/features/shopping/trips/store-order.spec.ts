import { describe, expect, it } from 'vitest';
import { positionBetween, sectionsOf, sortByStoreOrder, type StoreOrder } from './store-order';

const order: StoreOrder = {
  store_id: 's',
  store_name: 'REWE',
  trip_count: 3,
  other_store_count: 0,
  products: [
    { product_id: 'bread', position: 0.2, source: 'learned' },
    { product_id: 'milk', position: 0.8, source: 'learned' },
    { product_id: 'apples', position: 0.1, source: 'manual' },
  ],
  groups: [
    { product_group_id: 1, product_group_name: 'Bakery', position: 0.25, source: 'learned' },
    { product_group_id: 2, product_group_name: 'Dairy', position: 0.75, source: 'learned' },
  ],
};
const row = (label: string, product_id: string | null, product_group_id: number | null = null, product_group_name: string | null = null) => ({ label, product_id, product_group_id, product_group_name });

describe('sortByStoreOrder', () => {
  it('puts learned products first, never-bought ones with their group (by id or, offline, by name), the rest at the end by name', () => {
    const rows = [row('Zucchini', 'z'), row('Milk', 'milk', 2, 'Dairy'), row('Butter', 'butter', 2, 'Dairy'), row('Bread', 'bread', 1, 'Bakery'), row('Rolls', 'rolls', null, 'Bakery'), row('Apples', 'apples'), row('Candles', 'c')];
    const placed = sortByStoreOrder(rows, (r) => r, order, 'en');
    expect(placed.map((entry) => entry.row.label)).toEqual(['Apples', 'Bread', 'Rolls', 'Butter', 'Milk', 'Candles', 'Zucchini']);
    expect(placed.map((entry) => entry.position)).toEqual([0.1, 0.2, 0.25, 0.75, 0.8, 2, 2.001]);
    expect(sectionsOf(placed).map((section) => section.groupName)).toEqual([null, 'Bakery', 'Dairy', null]);
  });

  it('without an order keeps every row, in name order', () => {
    expect(sortByStoreOrder([row('b', 'b'), row('a', 'a')], (r) => r, undefined, 'en').map((entry) => entry.row.label)).toEqual(['a', 'b']);
  });
});

describe('positionBetween', () => {
  it('takes the midpoint of the new neighbours, or a step beyond the ends', () => {
    expect(positionBetween([0.1, 0.2, 0.3, 0.4], 3, 1)).toBeCloseTo(0.15);
    expect(positionBetween([0.1, 0.2, 0.3], 2, 0)).toBeCloseTo(0.05);
    expect(positionBetween([0.1, 0.2, 0.3], 0, 2)).toBeCloseTo(0.35);
  });
});
