import { OptionalCalendarDate } from '../../../common/errors/calendar-date.js';
import { Nullable } from '../../../common/errors/nullable.js';
import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsInt, IsNumber, IsOptional, IsString, Length, Max, MaxLength, Min, ValidateNested } from 'class-validator';

export const STOCK_COUNT_SOURCES = ['manual', 'grocy_review'] as const;

export class StockCountLineInput {
  @IsString()
  @Length(1, 100)
  product_id: string;

  /** The variant a new lot gets when the count is higher than the stock. */
  @IsOptional()
  @Nullable()
  @IsString()
  @MaxLength(100)
  variant_id?: string | null;

  /** Where a new lot goes; defaults to the product's default location. */
  @IsOptional()
  @Nullable()
  @IsInt()
  @Min(1)
  location_id?: number | null;

  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  @Max(1_000_000)
  counted_quantity: number;

  /** YYYY-MM-DD, for the lot created by an increase. */
  @IsOptional()
  @OptionalCalendarDate()
  best_before_date?: string | null;

  @IsOptional()
  @Nullable()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  @Max(1_000_000)
  unit_price?: number | null;

  @IsOptional()
  @IsString()
  @MaxLength(500)
  note?: string = '';
}

export class StockCountCreateInput {
  /** Idempotency key: retrying with the same key returns the first result. */
  @IsString()
  @Length(8, 100)
  client_mutation_id: string;

  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(1000)
  @ValidateNested({ each: true })
  @Type(() => StockCountLineInput)
  lines: StockCountLineInput[];

  @IsOptional()
  @IsString()
  @MaxLength(1000)
  note?: string = '';

  @IsOptional()
  @IsIn(STOCK_COUNT_SOURCES)
  @ApiProperty({ enum: STOCK_COUNT_SOURCES, default: 'manual', required: false })
  source?: (typeof STOCK_COUNT_SOURCES)[number] = 'manual';
}

export class StockCountLineResponse {
  id: string;
  session_id: string;
  product_id: string;
  product_name: string;
  variant_id?: string | null;
  variant_name?: string | null;
  variant_brand?: string | null;
  @ApiProperty({ type: 'integer', nullable: true, required: false })
  location_id?: number | null;
  location_name?: string | null;
  quantity_unit_name?: string | null;
  previous_quantity: number;
  counted_quantity: number;
  quantity_delta: number;
  best_before_date?: string | null;
  unit_price?: number | null;
  note: string;
  @ApiProperty({ type: 'integer' })
  movement_count: number;
  created_at: string;
}

export class StockCountSessionResponse {
  id: string;
  client_mutation_id: string;
  @ApiProperty({ enum: STOCK_COUNT_SOURCES })
  source: (typeof STOCK_COUNT_SOURCES)[number];
  note: string;
  @ApiProperty({ enum: ['confirmed'] })
  status: 'confirmed';
  @ApiProperty({ type: 'integer' })
  line_count: number;
  /** Lines whose counted quantity differed from the stock. */
  @ApiProperty({ type: 'integer' })
  changed_count: number;
  created_at: string;
  lines: StockCountLineResponse[];
}

export class StockCountListQuery {
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100)
  @ApiProperty({ type: 'integer', minimum: 1, maximum: 100, default: 20, required: false })
  limit?: number = 20;
}
