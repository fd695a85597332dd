import { describe, expect, it } from 'vitest';
import { pricePoints, type PricePurchase } from './price-points';

const purchase = (date: string, price: number | null, store = 'REWE Markt'): PricePurchase => ({
  purchase_date: date,
  unit_price: price,
  store_name: store,
  currency: 'EUR',
  quantity: 1,
  receipt_id: `r-${date}`,
  receipt_item_id: `i-${date}`,
});

describe('pricePoints', () => {
  it('puts the purchases oldest first, evenly spaced, scaled between the lowest and highest price', () => {
    const summary = pricePoints([purchase('2025-03-03', 1.5, 'LIDL'), purchase('2025-02-02', 2), purchase('2025-01-01', 1)]);
    expect(summary?.points.map(({ date, x, y }) => [date, x, y])).toEqual([
      ['2025-01-01', 0, 0],
      ['2025-02-02', 0.5, 1],
      ['2025-03-03', 1, 0.5],
    ]);
    expect([summary?.last.price, summary?.last.store, summary?.min, summary?.max]).toEqual([1.5, 'LIDL', 1, 2]);
  });

  it('draws one purchase, or one price throughout, in the middle', () => {
    expect(pricePoints([purchase('2025-01-01', 1.19)])?.points.map(({ x, y }) => [x, y])).toEqual([[0.5, 0.5]]);
    expect(pricePoints([purchase('2025-01-02', 1.19), purchase('2025-01-01', 1.19)])?.points.map(({ y }) => y)).toEqual([0.5, 0.5]);
  });

  it('gives nothing without a priced purchase', () => {
    expect(pricePoints([])).toBeNull();
    expect(pricePoints([purchase('2025-01-01', null)])).toBeNull();
  });
});
