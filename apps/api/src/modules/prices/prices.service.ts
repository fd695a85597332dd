import { Injectable } from '@nestjs/common';
import { calendarDays, Clock, receiptDay } from '../../common/clock.js';
import { AppConfig } from '../../config/app-config.js';
import { ApiException } from '../../common/errors/api-exception.js';
import { Database } from '../../database/database.js';
import { ProductEntity } from '../catalog/product.entity.js';
import type { CatalogPriceHistoryItemResponse, PriceInsightsResponse } from './dto/prices.dto.js';
import { summarisePrices, type PriceObservation, type PriceReceipt } from './price-insights.js';

interface ProductRow {
  rowid: number;
  id: string;
  name: string;
  imageUrl: string | null;
  unitName: string | null;
}

/** The currency insights compare in; lines of receipts in another currency are left out. */
export const INSIGHTS_CURRENCY = 'EUR';

// A line's unit price: as printed, else its total over its quantity (1 when it has none).
const UNIT_PRICE = `COALESCE(i.unit_price, ROUND(i.total_price / (CASE WHEN i.quantity > 0 THEN i.quantity ELSE 1 END), 4))`;
// Order of a product's lines: by printed date, else by when the receipt was read (ISO text sorts
// with dates); the day itself is dated in JavaScript in the household's time zone (`receiptDay`).
const DAY = `COALESCE(r.purchase_date, r.created_at)`;

const HISTORY_SQL = `
  SELECT i.id AS receipt_item_id, i.receipt_id AS receipt_id, r.purchase_date AS purchase_date, r.retailer AS retailer, r.store_name AS store_name,
         r.currency AS currency, CASE WHEN i.quantity > 0 THEN i.quantity ELSE 1 END AS quantity, ${UNIT_PRICE} AS unit_price, i.total_price AS total_price,
         i.variant_id AS catalog_variant_id, v.name AS variant_name, COALESCE(v.brand, i.brand) AS brand, v.package_amount AS package_amount,
         v.package_unit AS package_unit,
         COALESCE(i.barcode, (SELECT b.barcode FROM product_barcodes b WHERE b.variant_id = i.variant_id ORDER BY b.is_primary DESC, b.barcode LIMIT 1)) AS barcode
  FROM receipt_items i
  JOIN receipts r ON r.id = i.receipt_id
  LEFT JOIN product_variants v ON v.id = i.variant_id
  WHERE i.product_id = ? AND i.imported = 1
  ORDER BY ${DAY} DESC, r.created_at DESC, i.position DESC
  LIMIT ?`;

// Receipts in the insights' currency; sorted by their household day below, which is the order of purchases.
const RECEIPTS_SQL = `
  SELECT rowid, retailer, store_name AS storeName, purchase_date AS purchaseDate, created_at AS createdAt
  FROM receipts
  WHERE currency = '${INSIGHTS_CURRENCY}'
  ORDER BY created_at, rowid`;

interface ReceiptRow {
  rowid: number;
  retailer: string | null;
  storeName: string | null;
  purchaseDate: string | null;
  createdAt: string;
}

// Imported lines by rowids: numbers reach JavaScript far faster than text ids (90,000 lines in
// about 55 ms here, against 70 ms with ids, store names and dates on every row).
const OBSERVATIONS_SQL = `
  SELECT r.rowid, p.rowid, i.position, ${UNIT_PRICE} AS price
  FROM receipt_items i
  JOIN receipts r ON r.id = i.receipt_id
  JOIN products p ON p.id = i.product_id
  WHERE i.imported = 1 AND i.product_id IS NOT NULL AND price IS NOT NULL`;

const PRODUCTS_SQL = `
  SELECT p.rowid, p.id, p.name, p.image_url AS imageUrl, u.name AS unitName
  FROM products p LEFT JOIN quantity_units u ON u.id = p.default_quantity_unit_id
  WHERE p.rowid IN (SELECT value FROM json_each(?))`;

/**
 * Prices as the household paid them, from imported receipt lines only (a line in review is not a
 * purchase yet). Read-only; nothing here is stored beyond the lines themselves.
 */
@Injectable()
export class PricesService {
  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
    private readonly config: AppConfig,
  ) {}

  async history(productId: string, limit: number): Promise<CatalogPriceHistoryItemResponse[]> {
    const product = await this.database.manager.findOneBy(ProductEntity, { id: productId });
    if (!product) throw new ApiException(404, 'product_not_found');
    return this.database.sqlite.prepare(HISTORY_SQL).all(productId, limit) as CatalogPriceHistoryItemResponse[];
  }

  async insights(limit: number): Promise<PriceInsightsResponse> {
    const generatedAt = this.clock.now().toISOString();
    const sqlite = this.database.sqlite;
    const dayOf = calendarDays(this.config.env.TZ);
    const receipts: PriceReceipt[] = (sqlite.prepare(RECEIPTS_SQL).all() as ReceiptRow[])
      .map((row) => ({ rowid: row.rowid, retailer: row.retailer, storeName: row.storeName, day: receiptDay(row.purchaseDate, row.createdAt, dayOf) }))
      // Stable: receipts of one day stay in the order they were read.
      .sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
    const summary = summarisePrices(receipts, sqlite.prepare(OBSERVATIONS_SQL).raw().all() as PriceObservation[]);
    const shown = summary.products.slice(0, limit);
    const rows = sqlite.prepare(PRODUCTS_SQL).all(JSON.stringify(shown.map((entry) => entry.product))) as ProductRow[];
    const byRowid = new Map(rows.map((row) => [row.rowid, row]));
    return {
      products: shown.map((entry) => {
        const product = byRowid.get(entry.product) as ProductRow;
        return {
          product_id: product.id,
          product_name: product.name,
          image_url: product.imageUrl,
          quantity_unit_name: product.unitName,
          currency: INSIGHTS_CURRENCY,
          observation_count: entry.observationCount,
          store_count: entry.stores.length,
          latest_price: entry.latestPrice,
          latest_store: entry.latestStore,
          latest_date: entry.latestDate,
          previous_price: entry.previousPrice,
          lowest_price: entry.lowestPrice,
          highest_price: entry.highestPrice,
          change_amount: entry.changeAmount,
          change_percent: entry.changePercent,
          stores: entry.stores.map((store) => ({
            store_key: store.storeKey,
            store_name: store.storeName,
            latest_price: store.latestPrice,
            latest_date: store.latestDate,
            lowest_price: store.lowestPrice,
            average_price: store.averagePrice,
            observation_count: store.observationCount,
          })),
        };
      }),
      product_count: summary.products.length,
      store_count: summary.storeCount,
      observation_count: summary.observationCount,
      generated_at: generatedAt,
    };
  }
}
