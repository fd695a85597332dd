import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean, IsInt, IsOptional, IsString, Length, Max, MaxLength, Min } from 'class-validator';
import { CatalogSummaryResponse } from '../../status/dto/status-response.dto.js';
import { MasterDataChoiceInput } from '../../catalog/master-data/master-data.dto.js';

/** How many Grocy rows of each kind the import took (found or created here). */
export class GrocyImportCounts {
  @ApiProperty({ type: 'integer' })
  locations: number;
  @ApiProperty({ type: 'integer' })
  quantity_units: number;
  @ApiProperty({ type: 'integer' })
  product_groups: number;
  @ApiProperty({ type: 'integer' })
  products: number;
}

export class GrocyCatalogImportResponse {
  imported: GrocyImportCounts;
  /** The household catalog after the import. */
  catalog: CatalogSummaryResponse;
}

/** One local product linked to Grocy, with what Grocy holds of it. */
export class GrocyStockPreviewItemResponse {
  product_id: string;
  product_name: string;
  @ApiProperty({ type: 'integer' })
  grocy_product_id: number;
  /** Stock on hand here. */
  current_quantity: number;
  /** What Grocy holds (0 when Grocy has none). */
  proposed_quantity: number;
  /** proposed − current, rounded to 6 decimals. */
  quantity_delta: number;
  @ApiProperty({ type: 'integer', nullable: true, required: false })
  default_location_id?: number | null;
  default_location_name?: string | null;
  quantity_unit_name?: string | null;
  /** Grocy's earliest best-before date; "never" (2999-12-31) is left out. */
  best_before_date?: string | null;
}

/** Grocy stock of a product that no local product is linked to. */
export class GrocyUnmappedStockResponse {
  @ApiProperty({ type: 'integer' })
  grocy_product_id: number;
  product_name?: string | null;
  quantity: number;
}

export class GrocyStockPreviewResponse {
  /** Every active product linked to Grocy, sorted by name. */
  items: GrocyStockPreviewItemResponse[];
  /** Grocy stock (quantity other than 0) of products not linked here. */
  unmapped: GrocyUnmappedStockResponse[];
  generated_at: string;
}

/** A Grocy product, as listed for picking one. */
export class GrocyProductResponse {
  @ApiProperty({ type: 'integer' })
  id: number;
  name: string;
}

export class GrocyProductsQuery {
  /** Part of the name; empty lists every active product. */
  @IsOptional()
  @IsString()
  @MaxLength(200)
  @ApiProperty({ maxLength: 200, default: '', required: false })
  q?: string = '';
}

/**
 * A new Grocy product made from a receipt line. Location, unit and group are Grocy's ids (see
 * `GET /grocy/master-data`); a `new_…_name` finds Grocy's entry of that name or creates it.
 * A location and a unit are required, one way or the other.
 */
export class GrocyProductCreateInput extends MasterDataChoiceInput {
  @IsString()
  @Length(1, 300)
  name: string;

  /** Marks a location created from `new_location_name` as a freezer (here; Grocy keeps its own flag). */
  @IsOptional()
  @IsBoolean()
  new_location_is_freezer?: boolean = false;

  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(3650)
  @ApiProperty({ type: 'integer', minimum: 0, maximum: 3650, default: 0, required: false })
  default_best_before_days?: number = 0;

  /** Learn the mapping: the next receipt from this store maps the line by itself. */
  @IsOptional()
  @IsBoolean()
  remember?: boolean = true;
}
