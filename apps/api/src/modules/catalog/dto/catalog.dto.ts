import { Nullable } from '../../../common/errors/nullable.js';
import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsNumber, IsOptional, IsString, IsUrl, Length, Max, MaxLength, Min } from 'class-validator';
import { MASTER_DATA_KINDS, type MasterDataKind } from '../master-data/master-data.dto.js';


export class CatalogBarcodeResponse {
  barcode: string;
  /** EAN-8, UPC-A, EAN-13, GTIN-14 or "Interner Code". */
  symbology?: string | null;
  @ApiProperty({ type: 'integer', default: 1 })
  is_primary?: number;
  created_at: string;
  updated_at: string;
}

export class CatalogVariantResponse {
  id: string;
  product_id: string;
  name?: string | null;
  brand?: string | null;
  package_amount?: number | null;
  package_unit?: string | null;
  image_url?: string | null;
  @ApiProperty({ type: 'integer', default: 0 })
  stock_lot_count?: number;
  @ApiProperty({ type: 'integer', default: 0 })
  receipt_count?: number;
  created_at: string;
  updated_at: string;
  barcodes: CatalogBarcodeResponse[];
}

export class CatalogProductResponse {
  id: string;
  name: string;
  /** The comparison key of the name (lower case, umlauts spelled out). */
  normalized_name: string;
  @ApiProperty({ type: 'integer' })
  default_best_before_days: number;
  @ApiProperty({ type: 'integer', nullable: true, required: false })
  default_location_id?: number | null;
  default_location_name?: string | null;
  @ApiProperty({ type: 'integer', nullable: true, required: false })
  default_quantity_unit_id?: number | null;
  default_quantity_unit_name?: string | null;
  @ApiProperty({ type: 'integer', nullable: true, required: false })
  product_group_id?: number | null;
  product_group_name?: string | null;
  /** The product's id in a connected Grocy (the spec's name). */
  @ApiProperty({ type: 'integer', nullable: true, required: false })
  connector_product_id?: number | null;
  /** The same id under the reference's name, for clients written for it. */
  @ApiProperty({ type: 'integer', nullable: true, required: false })
  grocy_product_id?: number | null;
  image_url?: string | null;
  minimum_stock_quantity?: number = 0;
  shopping_target_quantity?: number = 0;
  @ApiProperty({ type: 'integer' })
  variant_count: number;
  @ApiProperty({ type: 'integer' })
  barcode_count: number;
  /** Sum of the remaining quantity of all lots. */
  stock_quantity: number;
}

export class CatalogProductDetailResponse extends CatalogProductResponse {
  notes: string;
  /** 1 while the product is in use, 0 once archived. */
  @ApiProperty({ type: 'integer' })
  active: number;
  created_at: string;
  /** Send it back as `expected_updated_at` when changing the product. */
  updated_at: string;
  variants: CatalogVariantResponse[];
}

class ProductQuantities {
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(3650)
  default_best_before_days?: number = 0;

  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  @Max(1_000_000)
  minimum_stock_quantity?: number = 0;

  /** 0 turns refill proposals off; otherwise it must be above the minimum. */
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  @Max(1_000_000)
  shopping_target_quantity?: number = 0;

  @IsOptional()
  @Nullable()
  @IsInt()
  @Min(1)
  product_group_id?: number | null;
}

export class CatalogProductCreateInput extends ProductQuantities {
  @IsString()
  @Length(1, 300)
  name: string;

  /** Added to the first variant with the scanning rules (separators dropped, GTIN check digit). */
  @IsOptional()
  @Nullable()
  @IsString()
  @MaxLength(100)
  barcode?: string | null;

  /** The brand of the first variant. */
  @IsOptional()
  @Nullable()
  @IsString()
  @MaxLength(200)
  brand?: string | null;

  @IsOptional()
  @Nullable()
  @IsInt()
  @Min(1)
  location_id?: number | null;

  @IsOptional()
  @Nullable()
  @IsInt()
  @Min(1)
  quantity_unit_id?: number | null;

  /** Uses the location of this name, creating it when missing (instead of `location_id`). */
  @IsOptional()
  @Nullable()
  @IsString()
  @MaxLength(150)
  new_location_name?: string | null;

  @IsOptional()
  @IsBoolean()
  new_location_is_freezer?: boolean = false;

  @IsOptional()
  @Nullable()
  @IsString()
  @MaxLength(150)
  new_quantity_unit_name?: string | null;

  @IsOptional()
  @Nullable()
  @IsString()
  @MaxLength(150)
  new_product_group_name?: string | null;

  /** Kept for compatibility with receipt flows, where it means "learn this mapping". */
  @IsOptional()
  @IsBoolean()
  remember?: boolean = true;
}

export class CatalogProductUpdateInput extends ProductQuantities {
  @IsString()
  @Length(1, 300)
  name: string;

  /** The product's `updated_at` as last seen; a different value means someone else changed it (409). */
  @IsString()
  @Length(10, 80)
  expected_updated_at: string;

  @IsOptional()
  @Nullable()
  @IsInt()
  @Min(1)
  default_location_id?: number | null;

  @IsOptional()
  @Nullable()
  @IsInt()
  @Min(1)
  default_quantity_unit_id?: number | null;

  @IsOptional()
  @Nullable()
  @IsString()
  @MaxLength(2048)
  image_url?: string | null;

  @IsOptional()
  @IsString()
  @MaxLength(2000)
  notes?: string = '';
}

export class CatalogVariantCreateInput {
  @IsOptional()
  @Nullable()
  @IsString()
  @MaxLength(200)
  brand?: string | null;

  @IsOptional()
  @Nullable()
  @IsString()
  @Length(1, 2083)
  @IsUrl({ require_protocol: true, protocols: ['http', 'https'] })
  image_url?: string | null;

  @IsOptional()
  @Nullable()
  @IsString()
  @MaxLength(300)
  name?: string | null;

  @IsOptional()
  @Nullable()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0.000001)
  @Max(1_000_000)
  @ApiProperty({ type: 'number', minimum: 0, exclusiveMinimum: true, maximum: 1_000_000, nullable: true, required: false })
  package_amount?: number | null;

  @IsOptional()
  @Nullable()
  @IsString()
  @MaxLength(100)
  package_unit?: string | null;
}

export class CatalogVariantUpdateInput extends CatalogVariantCreateInput {
  @IsString()
  @Length(10, 80)
  expected_updated_at: string;
}

export class CatalogBarcodeCreateInput {
  @IsString()
  @Length(4, 100)
  barcode: string;
}

export class CatalogSearchQuery {
  /** Matches name, brand and barcode. */
  @IsOptional()
  @IsString()
  @MaxLength(200)
  q?: string = '';
}

export class MasterDataKindPath {
  @IsIn(MASTER_DATA_KINDS)
  @ApiProperty({ enum: MASTER_DATA_KINDS })
  kind: MasterDataKind;
}

export class MasterDataItemPath extends MasterDataKindPath {
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @ApiProperty({ type: 'integer', minimum: 1 })
  item_id: number;
}
