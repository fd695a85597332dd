import { ApiProperty } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsInt, IsISO8601, IsOptional, IsString, Length, Max, MaxLength, Min } from 'class-validator';

export class StockProductResponse {
  product_id: string;
  product_name: string;
  /** The product's photo (`/api/v1/catalog/products/{id}/image?…`), for the stock list's rows. */
  product_image_url?: string | null;
  quantity_unit_name?: string | null;
  /** Sum of the remaining quantity of the product's lots. */
  quantity: number;
  @ApiProperty({ type: 'integer' })
  lot_count: number;
  @ApiProperty({ type: 'integer' })
  opened_lot_count: number;
  earliest_best_before_date?: string | null;
}

export class StockLotResponse {
  id: string;
  product_id: string;
  product_name: string;
  /** The product's photo, for lists of lots (expiring soon). */
  product_image_url?: string | null;
  variant_id?: string | null;
  @ApiProperty({ type: 'integer', nullable: true, required: false })
  location_id?: number | null;
  location_name?: string | null;
  quantity: number;
  best_before_date?: string | null;
  opened_at?: string | null;
  purchased_date?: string | null;
  unit_price?: number | null;
  created_at: string;
}

export class StockMovementResponse {
  id: string;
  product_id: string;
  variant_id?: string | null;
  lot_id?: string | null;
  @ApiProperty({ type: 'integer', nullable: true, required: false })
  location_id?: number | null;
  movement_type: string;
  quantity_delta: number;
  source: string;
  reference_id?: string | null;
  created_at: string;
}

export class StockMovementPage {
  items: StockMovementResponse[];
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  next_cursor?: string | null;
}

const toBoolean = () => Transform(({ value }) => (value === 'true' ? true : value === 'false' ? false : value));

export class StockLotQuery {
  @IsOptional()
  @IsString()
  @MaxLength(100)
  product_id?: string;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @ApiProperty({ type: 'integer', minimum: 1, required: false })
  location_id?: number;

  /** true: only opened lots; false: only unopened ones. */
  @IsOptional()
  @toBoolean()
  @IsBoolean()
  opened?: boolean;

  /** Only lots with a best-before date before this day (YYYY-MM-DD). */
  @IsOptional()
  @IsISO8601({ strict: true })
  @Length(10, 10)
  expiring_before?: string;
}

export class StockMovementQuery {
  @IsOptional()
  @IsString()
  @MaxLength(100)
  product_id?: string;

  @IsOptional()
  @IsString()
  @MaxLength(200)
  cursor?: string;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(500)
  @ApiProperty({ type: 'integer', minimum: 1, maximum: 500, default: 100, required: false })
  limit?: number = 100;
}
