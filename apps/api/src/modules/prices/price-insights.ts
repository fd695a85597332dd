import { retailerKey } from '../receipts/receipt-keys.js';

/** A receipt that prices come from; `day` is its purchase date (or the day it was read). */
export interface PriceReceipt {
  rowid: number;
  retailer: string | null;
  storeName: string | null;
  day: string;
}

/**
 * One imported line's price, as numbers only (strings cost most when 100,000 rows are read):
 * the receipt's rowid, the product's rowid, the line's position, the unit price.
 */
export type PriceObservation = [receipt: number, product: number, position: number, price: number];

export interface StoreSummary {
  storeKey: string;
  storeName: string;
  latestPrice: number;
  latestDate: string;
  lowestPrice: number;
  averagePrice: number;
  observationCount: number;
}

export interface ProductSummary {
  product: number;
  observationCount: number;
  latestPrice: number;
  latestStore: string;
  latestDate: string;
  previousPrice: number | null;
  lowestPrice: number;
  highestPrice: number;
  changeAmount: number | null;
  changePercent: number | null;
  stores: StoreSummary[];
}

export interface PriceSummaries {
  /** Latest purchase first. */
  products: ProductSummary[];
  storeCount: number;
  observationCount: number;
}

const round4 = (value: number): number => Math.round(value * 1e4) / 1e4;

interface Store {
  key: string;
  name: string;
}

interface StoreAcc {
  store: Store;
  latestOrder: number;
  latestPrice: number;
  latestReceipt: number;
  lowest: number;
  sum: number;
  count: number;
}

interface ProductAcc {
  product: number;
  latestOrder: number;
  latestPrice: number;
  latestReceipt: number;
  previousOrder: number;
  previousPrice: number | null;
  lowest: number;
  highest: number;
  count: number;
  stores: Map<string, StoreAcc>;
}

/** Lines per receipt are far fewer than this, so rank × this + position orders purchases. */
const POSITIONS = 1_000_000;

/**
 * Summarises prices per product and per store in one pass without sorting the lines: `receipts`
 * come oldest first (by purchase day, then the order they were read), so a line's order is its
 * receipt's rank and its position, and the latest and the purchase before it are kept as the
 * rows go by. Stores are grouped by chain (`retailerKey`), so every REWE is one store; receipts
 * without a store name share the key `*`.
 */
export function summarisePrices(receipts: readonly PriceReceipt[], observations: Iterable<PriceObservation>): PriceSummaries {
  const rank = new Map<number, number>();
  const storeOf = new Map<number, Store>();
  const dayOf = new Map<number, string>();
  const stores = new Map<string, Store>();
  receipts.forEach((receipt, index) => {
    rank.set(receipt.rowid, index);
    dayOf.set(receipt.rowid, receipt.day);
    const name = receipt.retailer ?? receipt.storeName ?? '';
    const id = `${receipt.retailer ?? ''}\u0000${receipt.storeName ?? ''}`;
    let store = stores.get(id);
    if (!store) {
      store = { key: retailerKey(receipt.retailer ?? receipt.storeName), name };
      stores.set(id, store);
    }
    storeOf.set(receipt.rowid, store);
  });

  const products = new Map<number, ProductAcc>();
  const usedStores = new Set<string>();
  let observationCount = 0;
  for (const [receipt, productKey, position, price] of observations) {
    const receiptRank = rank.get(receipt);
    if (receiptRank === undefined) continue;
    observationCount += 1;
    const order = receiptRank * POSITIONS + position;
    const store = storeOf.get(receipt) as Store;
    let product = products.get(productKey);
    if (!product) {
      product = { product: productKey, latestOrder: order, latestPrice: price, latestReceipt: receipt, previousOrder: -1, previousPrice: null, lowest: price, highest: price, count: 0, stores: new Map() };
      products.set(productKey, product);
    } else if (order > product.latestOrder) {
      product.previousOrder = product.latestOrder;
      product.previousPrice = product.latestPrice;
      product.latestOrder = order;
      product.latestPrice = price;
      product.latestReceipt = receipt;
    } else if (order > product.previousOrder) {
      product.previousOrder = order;
      product.previousPrice = price;
    }
    product.count += 1;
    if (price < product.lowest) product.lowest = price;
    if (price > product.highest) product.highest = price;
    let perStore = product.stores.get(store.key);
    if (!perStore) {
      perStore = { store, latestOrder: order, latestPrice: price, latestReceipt: receipt, lowest: price, sum: 0, count: 0 };
      product.stores.set(store.key, perStore);
      usedStores.add(store.key);
    } else if (order > perStore.latestOrder) {
      perStore.latestOrder = order;
      perStore.latestPrice = price;
      perStore.latestReceipt = receipt;
      perStore.store = store;
    }
    if (price < perStore.lowest) perStore.lowest = price;
    perStore.sum += price;
    perStore.count += 1;
  }

  const summaries = [...products.values()]
    .sort((a, b) => b.latestOrder - a.latestOrder)
    .map((product): ProductSummary => {
      const changeAmount = product.previousPrice === null ? null : round4(product.latestPrice - product.previousPrice);
      return {
        product: product.product,
        observationCount: product.count,
        latestPrice: product.latestPrice,
        latestStore: (storeOf.get(product.latestReceipt) as Store).name,
        latestDate: dayOf.get(product.latestReceipt) as string,
        previousPrice: product.previousPrice,
        lowestPrice: product.lowest,
        highestPrice: product.highest,
        changeAmount,
        changePercent: changeAmount === null || !product.previousPrice ? null : Math.round((changeAmount / product.previousPrice) * 1000) / 10,
        stores: [...product.stores.values()]
          .sort((a, b) => b.latestOrder - a.latestOrder)
          .map((store) => ({
            storeKey: store.store.key,
            storeName: store.store.name,
            latestPrice: store.latestPrice,
            latestDate: dayOf.get(store.latestReceipt) as string,
            lowestPrice: store.lowest,
            averagePrice: round4(store.sum / store.count),
            observationCount: store.count,
          })),
      };
    });
  return { products: summaries, storeCount: usedStores.size, observationCount };
}
