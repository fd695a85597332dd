import type { Schemas } from '@hinv/api-client';

export type PricePurchase = Schemas['CatalogPriceHistoryItemResponse'];

export interface PricePoint {
  date: string | null;
  store: string | null;
  price: number;
  currency: string;
  /** Where the point sits in the chart's box, 0–1 from left to right and from bottom to top. */
  x: number;
  y: number;
}

export interface PriceSummary {
  points: PricePoint[];
  last: PricePoint;
  min: number;
  max: number;
}

/**
 * The chart's points, oldest first (the API answers newest first), evenly spaced: purchases are
 * rarely regular and a steady step reads better on a phone than gaps of months. Purchases without
 * a price are left out; no purchase with a price gives null, and the page shows nothing.
 */
export function pricePoints(history: readonly PricePurchase[]): PriceSummary | null {
  const priced = history.filter((item): item is PricePurchase & { unit_price: number } => typeof item.unit_price === 'number').reverse();
  if (priced.length === 0) return null;
  const prices = priced.map((item) => item.unit_price);
  const [min, max] = [Math.min(...prices), Math.max(...prices)];
  const points = priced.map((item, index) => ({
    date: item.purchase_date ?? null,
    store: item.store_name ?? item.retailer ?? null,
    price: item.unit_price,
    currency: item.currency,
    x: priced.length === 1 ? 0.5 : index / (priced.length - 1),
    // One price throughout is a flat line through the middle.
    y: max === min ? 0.5 : (item.unit_price - min) / (max - min),
  }));
  return { points, last: points[points.length - 1], min, max };
}
