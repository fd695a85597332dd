import { OptionalCalendarDate } from '../../../common/errors/calendar-date.js';
import { Nullable, Optional } from '../../../common/errors/nullable.js';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsNumber, IsOptional, IsPositive, IsString, IsUrl, Length, Max, MaxLength, Min } from 'class-validator';
import { RESOLUTION_SOURCES, SCAN_MODES, SCAN_STATUSES, type ResolutionSource, type ScanMode, type ScanStatus } from '../scan-draft.entity.js';


export class ScanResolveInput {
  /** The code as read; whitespace and hyphens are dropped, the rest must be 4–18 digits. */
  @IsString()
  @Length(4, 100)
  barcode: string;

  @Optional()
  @IsIn(SCAN_MODES)
  @ApiProperty({ enum: SCAN_MODES, default: 'identify', required: false })
  mode?: ScanMode = 'identify';

  /** Stable per scan: a retry (e.g. from the offline queue) returns the same draft. */
  @IsOptional()
  @Nullable()
  @IsString()
  @Length(8, 100)
  client_mutation_id?: string | null;
}

export class ScanUpdateInput {
  @IsOptional()
  @Nullable()
  @IsIn(SCAN_MODES)
  @ApiProperty({ enum: SCAN_MODES, nullable: true, required: false })
  mode?: ScanMode | null;

  /** Maps the draft to an existing product. */
  @IsOptional()
  @Nullable()
  @IsString()
  @MaxLength(100)
  product_id?: string | null;

  @IsOptional()
  @Nullable()
  @IsString()
  @MaxLength(300)
  name?: string | null;

  @IsOptional()
  @Nullable()
  @IsString()
  @MaxLength(200)
  brand?: string | null;

  /** Package size as printed, e.g. "500 g". */
  @IsOptional()
  @Nullable()
  @IsString()
  @MaxLength(100)
  quantity_label?: string | null;

  @IsOptional()
  @Nullable()
  @IsString()
  @Length(1, 2083)
  @IsUrl({ require_protocol: true, protocols: ['http', 'https'], require_tld: false })
  image_url?: string | null;
}

export class ScanConfirmInput {
  /** Idempotency key of this confirmation (not the resolve key). */
  @IsString()
  @Length(8, 100)
  client_mutation_id: string;

  /** Map to this existing product instead of the draft's. */
  @IsOptional()
  @Nullable()
  @IsString()
  @MaxLength(100)
  product_id?: string | null;

  /** For a new product: its name (else the suggestion's). */
  @IsOptional()
  @Nullable()
  @IsString()
  @MaxLength(300)
  name?: string | null;

  @IsOptional()
  @Nullable()
  @IsString()
  @MaxLength(200)
  brand?: string | null;

  @IsOptional()
  @Nullable()
  @IsString()
  @MaxLength(300)
  variant_name?: string | null;

  @IsOptional()
  @Nullable()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @IsPositive()
  @Max(100_000)
  @ApiProperty({ type: 'number', minimum: 0, exclusiveMinimum: true, maximum: 100_000, nullable: true, required: false })
  package_amount?: number | null;

  @IsOptional()
  @Nullable()
  @IsString()
  @MaxLength(50)
  package_unit?: string | null;

  @IsOptional()
  @Nullable()
  @IsString()
  @Length(1, 2083)
  @IsUrl({ require_protocol: true, protocols: ['http', 'https'], require_tld: false })
  image_url?: string | null;

  /** Where an added lot goes; defaults to the product's location. */
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

  @IsOptional()
  @Nullable()
  @IsInt()
  @Min(1)
  product_group_id?: number | null;

  @Optional()
  @IsInt()
  @Min(0)
  @Max(3650)
  @ApiProperty({ type: 'integer', minimum: 0, maximum: 3650, default: 0, required: false })
  default_best_before_days?: number = 0;

  @Optional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @IsPositive()
  @Max(10_000)
  @ApiProperty({ type: 'number', minimum: 0, exclusiveMinimum: true, maximum: 10_000, default: 1, required: false })
  quantity?: number = 1;

  /** YYYY-MM-DD; without it an added lot gets today plus the product's best-before days (if any). */
  @IsOptional()
  @OptionalCalendarDate()
  best_before_date?: string | null;

  @IsOptional()
  @Nullable()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  @Max(1_000_000)
  unit_price?: number | null;
}

export class ScanResponse {
  id: string;
  barcode_raw: string;
  barcode_normalized: string;
  symbology?: string | null;
  @ApiProperty({ enum: SCAN_MODES })
  mode: ScanMode;
  @ApiProperty({ enum: SCAN_STATUSES })
  status: ScanStatus;
  @ApiProperty({ enum: RESOLUTION_SOURCES })
  resolution_source: ResolutionSource;
  product_id?: string | null;
  product_name?: string | null;
  product_image_url?: string | null;
  variant_id?: string | null;
  variant_name?: string | null;
  brand?: string | null;
  package_amount?: number | null;
  package_unit?: string | null;
  @ApiProperty({ type: 'integer', nullable: true, required: false })
  default_location_id?: number | null;
  default_location_name?: string | null;
  @ApiProperty({ type: 'integer', nullable: true, required: false })
  default_quantity_unit_id?: number | null;
  default_quantity_unit_name?: string | null;
  stock_quantity?: number = 0;
  /** Editable suggestion: name, brand, quantity, image, category, source and attribution. */
  @ApiPropertyOptional({ type: 'object', additionalProperties: {}, nullable: true })
  suggestion?: Record<string, unknown> | null;
  /** Why Open Food Facts could not be asked; the draft is still usable. */
  upstream_error?: string | null;
  /** What the confirmation did (mode, quantity, lot, movements, list item). */
  @ApiPropertyOptional({ type: 'object', additionalProperties: {}, nullable: true })
  action_result?: Record<string, unknown> | null;
  /**
   * Our addition: the name of the automation token (a scanner station) the scan was made with,
   * as it was named then; null when it came from a browser session.
   */
  @ApiPropertyOptional({ type: 'string', nullable: true })
  station_name?: string | null;
  created_at: string;
  updated_at: string;
}

export class BarcodeLookupResponse {
  found: boolean;
  /** True when the product is in the household catalog. */
  local: boolean;
  @ApiPropertyOptional({ type: 'object', additionalProperties: {}, nullable: true })
  product?: Record<string, unknown> | null;
}
