import { retailerKey } from '../receipts/receipt-keys.js';

/**
 * One imported line's price, in the order the query returns columns: product id, chain label,
 * store name, day (YYYY-MM-DD), receipt created_at, line position, unit price.
 */
export type PriceObservation = [productId: string, retailer: string | null, storeName: string | null, day: string, createdAt: string, position: number, price: number];

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
  productId: string;
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
  products: ProductSummary[];
  storeCount: number;
  observationCount: number;
}

const round4 = (value: number): number => Math.round(value * 1e4) / 1e4;

interface StoreAcc {
  storeKey: string;
  storeName: string;
  latest: PriceObservation;
  lowest: number;
  sum: number;
  count: number;
}

interface ProductAcc {
  latest: PriceObservation;
  previous: PriceObservation | null;
  lowest: number;
  highest: number;
  count: number;
  stores: Map<string, StoreAcc>;
}

/** Later purchase first: by day, then the receipt's creation, then the line's position. */
const isLater = (a: PriceObservation, b: PriceObservation): boolean => (a[3] !== b[3] ? a[3] > b[3] : a[4] !== b[4] ? a[4] > b[4] : a[5] > b[5]);

/**
 * Summarises observations per product and per store in one pass, without sorting them: the
 * latest and the one before it are kept as the rows go by. Stores are grouped by chain
 * (`retailerKey`), so every REWE is one store. Products come out latest purchase first.
 */
export function summarisePrices(observations: Iterable<PriceObservation>): PriceSummaries {
  const products = new Map<string, ProductAcc>();
  const storeKeys = new Map<string, { key: string; name: string }>();
  const allStores = new Set<string>();
  let observationCount = 0;
  for (const row of observations) {
    observationCount += 1;
    const [productId, retailer, storeName, , , , price] = row;
    const storeId = `${retailer ?? ''}\u0000${storeName ?? ''}`;
    let store = storeKeys.get(storeId);
    if (!store) {
      const name = retailer ?? storeName ?? '';
      store = { key: retailerKey(retailer ?? storeName), name };
      storeKeys.set(storeId, store);
    }
    allStores.add(store.key);
    let product = products.get(productId);
    if (!product) {
      product = { latest: row, previous: null, lowest: price, highest: price, count: 0, stores: new Map() };
      products.set(productId, product);
    } else if (isLater(row, product.latest)) {
      product.previous = product.latest;
      product.latest = row;
    } else if (!product.previous || isLater(row, product.previous)) {
      product.previous = row;
    }
    product.count += 1;
    if (price < product.lowest) product.lowest = price;
    if (price > product.highest) product.highest = price;
    let perStore = product.stores.get(store.key);
    if (!perStore) {
      perStore = { storeKey: store.key, storeName: store.name, latest: row, lowest: price, sum: 0, count: 0 };
      product.stores.set(store.key, perStore);
    } else if (isLater(row, perStore.latest)) {
      perStore.latest = row;
      perStore.storeName = store.name;
    }
    perStore.lowest = Math.min(perStore.lowest, price);
    perStore.sum += price;
    perStore.count += 1;
  }

  const summaries: ProductSummary[] = [];
  for (const [productId, product] of products) {
    const latestPrice = product.latest[6];
    const previousPrice = product.previous ? product.previous[6] : null;
    const changeAmount = previousPrice === null ? null : round4(latestPrice - previousPrice);
    const stores = [...product.stores.values()]
      .map((store) => ({
        storeKey: store.storeKey,
        storeName: store.storeName,
        latestPrice: store.latest[6],
        latestDate: store.latest[3],
        lowestPrice: store.lowest,
        averagePrice: round4(store.sum / store.count),
        observationCount: store.count,
      }))
      .sort((a, b) => (a.latestDate !== b.latestDate ? (a.latestDate < b.latestDate ? 1 : -1) : a.storeKey.localeCompare(b.storeKey)));
    summaries.push({
      productId,
      observationCount: product.count,
      latestPrice,
      latestStore: product.latest[1] ?? product.latest[2] ?? '',
      latestDate: product.latest[3],
      previousPrice,
      lowestPrice: product.lowest,
      highestPrice: product.highest,
      changeAmount,
      changePercent: changeAmount === null || previousPrice === 0 || previousPrice === null ? null : Math.round((changeAmount / previousPrice) * 1000) / 10,
      stores,
    });
  }
  const latestOf = new Map([...products].map(([id, acc]) => [id, acc.latest]));
  summaries.sort((a, b) => {
    const la = latestOf.get(a.productId) as PriceObservation;
    const lb = latestOf.get(b.productId) as PriceObservation;
    return isLater(la, lb) ? -1 : isLater(lb, la) ? 1 : a.productId.localeCompare(b.productId);
  });
  return { products: summaries, storeCount: allStores.size, observationCount };
}
