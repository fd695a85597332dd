import { Injectable } from '@nestjs/common';
import { In } from 'typeorm';
import { Clock } from '../../common/clock.js';
import { ApiException } from '../../common/errors/api-exception.js';
import { Database } from '../../database/database.js';
import { ProductEntity } from '../catalog/product.entity.js';
import type { CatalogPriceHistoryItemResponse, PriceInsightsResponse } from './dto/prices.dto.js';
import { summarisePrices, type PriceObservation } from './price-insights.js';

/** The currency insights compare in; lines of receipts in another currency are left out. */
export const INSIGHTS_CURRENCY = 'EUR';

// A line's unit price: as printed, else its total over its quantity (1 when it has none).
const UNIT_PRICE = `COALESCE(i.unit_price, ROUND(i.total_price / (CASE WHEN i.quantity > 0 THEN i.quantity ELSE 1 END), 4))`;
// Receipts without a printed date count on the day they were read.
const DAY = `COALESCE(r.purchase_date, substr(r.created_at, 1, 10))`;

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

const OBSERVATIONS_SQL = `
  SELECT i.product_id, r.retailer, r.store_name, ${DAY}, r.created_at, i.position, ${UNIT_PRICE} AS price
  FROM receipt_items i
  JOIN receipts r ON r.id = i.receipt_id
  WHERE i.imported = 1 AND i.product_id IS NOT NULL AND r.currency = '${INSIGHTS_CURRENCY}' AND price IS NOT NULL`;

/**
 * Prices as the household paid them, from imported receipt lines only (a line in review is not a
 * purchase yet). Read-only; nothing here is stored beyond the lines themselves.
 */
@Injectable()
export class PricesService {
  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
  ) {}

  async history(productId: string, limit: number): Promise<CatalogPriceHistoryItemResponse[]> {
    const product = await this.database.manager.findOneBy(ProductEntity, { id: productId });
    if (!product) throw new ApiException(404, 'product_not_found');
    return this.database.sqlite.prepare(HISTORY_SQL).all(productId, limit) as CatalogPriceHistoryItemResponse[];
  }

  async insights(limit: number): Promise<PriceInsightsResponse> {
    const generatedAt = this.clock.now().toISOString();
    const rows = this.database.sqlite.prepare(OBSERVATIONS_SQL).raw().iterate() as Iterable<PriceObservation>;
    const summary = summarisePrices(rows);
    const shown = summary.products.slice(0, limit);
    const products = await this.database.manager.find(ProductEntity, {
      where: { id: In(shown.map((entry) => entry.productId)) },
      relations: { defaultQuantityUnit: true },
    });
    const byId = new Map(products.map((product) => [product.id, product]));
    return {
      products: shown.map((entry) => {
        const product = byId.get(entry.productId);
        return {
          product_id: entry.productId,
          product_name: product?.name ?? '',
          image_url: product?.imageUrl ?? null,
          quantity_unit_name: product?.defaultQuantityUnit?.name ?? null,
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
