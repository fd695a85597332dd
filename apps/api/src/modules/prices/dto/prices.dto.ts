import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

export class PriceListQuery {
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(500)
  @ApiProperty({ type: 'integer', minimum: 1, maximum: 500, default: 100, required: false })
  limit?: number = 100;
}

/** One imported receipt line of a product: what it cost where and when. */
export class CatalogPriceHistoryItemResponse {
  receipt_item_id: string;
  receipt_id: string;
  /** The receipt's purchase date (YYYY-MM-DD), if it was printed. */
  purchase_date?: string | null;
  retailer?: string | null;
  store_name?: string | null;
  currency: string;
  quantity: number;
  /** The line's unit price, or its total ÷ quantity. */
  unit_price?: number | null;
  total_price?: number | null;
  catalog_variant_id?: string | null;
  variant_name?: string | null;
  brand?: string | null;
  package_amount?: number | null;
  package_unit?: string | null;
  barcode?: string | null;
}

/** One product's prices at one store (stores grouped by chain, e.g. every REWE as `rewe`). */
export class PriceStoreSummaryResponse {
  store_key: string;
  /** The chain or store name as printed; empty when receipts named no store (key `*`). */
  store_name: string;
  latest_price: number;
  latest_date?: string | null;
  lowest_price: number;
  average_price: number;
  @ApiProperty({ type: 'integer' })
  observation_count: number;
}

/** One product's prices across stores, with the change from the purchase before the latest. */
export class PriceProductSummaryResponse {
  product_id: string;
  product_name: string;
  image_url?: string | null;
  quantity_unit_name?: string | null;
  currency: string;
  @ApiProperty({ type: 'integer' })
  observation_count: number;
  @ApiProperty({ type: 'integer' })
  store_count: number;
  latest_price: number;
  latest_store: string;
  latest_date?: string | null;
  /** The unit price of the purchase before the latest one (any store); null after one purchase. */
  previous_price?: number | null;
  lowest_price: number;
  highest_price: number;
  /** latest − previous price. */
  change_amount?: number | null;
  /** (latest − previous) ÷ previous × 100, one decimal. */
  change_percent?: number | null;
  @ApiProperty({ type: [PriceStoreSummaryResponse] })
  stores: PriceStoreSummaryResponse[];
}

export class PriceInsightsResponse {
  /** Products with the most recent purchase first, at most `limit`. */
  @ApiProperty({ type: [PriceProductSummaryResponse] })
  products: PriceProductSummaryResponse[];
  /** All products with a price, also those beyond `limit`. */
  @ApiProperty({ type: 'integer' })
  product_count: number;
  @ApiProperty({ type: 'integer' })
  store_count: number;
  @ApiProperty({ type: 'integer' })
  observation_count: number;
  generated_at: string;
}
