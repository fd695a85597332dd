import { OptionalCalendarDate } from '../../../common/errors/calendar-date.js';
import { Nullable } from '../../../common/errors/nullable.js';
import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsInt, IsNumber, IsOptional, IsPositive, IsString, Length, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import { STOCK_ACTIONS, type StockActionKind } from '../stock-action.entity.js';

/**
 * One quick stock action on a product, without a scan. Bounds follow the scan confirmation:
 * the same key length, quantity bounds, location and date rules.
 */
export class StockActionCreateInput {
  @IsIn(STOCK_ACTIONS)
  @ApiProperty({ enum: STOCK_ACTIONS })
  action: StockActionKind;

  /**
   * Required for `add` and `consume`. `open` always opens exactly one package (the next unopened
   * lot) and ignores it, as the scan confirmation does; a value sent with it must still be valid.
   */
  @ValidateIf((input: StockActionCreateInput, value) => input.action !== 'open' || value !== undefined)
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @IsPositive()
  @Max(10_000)
  @ApiProperty({ type: 'number', minimum: 0, exclusiveMinimum: true, maximum: 10_000, required: false })
  quantity?: number;

  /** The variant of the new lot (add only); it must belong to the product. */
  @IsOptional()
  @Nullable()
  @IsString()
  @MaxLength(100)
  variant_id?: string | null;

  /** Where the new lot goes (add only); defaults to the product's location. */
  @IsOptional()
  @Nullable()
  @IsInt()
  @Min(1)
  location_id?: number | null;

  /** YYYY-MM-DD (add only); without it the lot gets today plus the product's best-before days (if any). */
  @IsOptional()
  @OptionalCalendarDate()
  best_before_date?: string | null;

  /** Idempotency key: a retry with the same key returns the first result and changes nothing. */
  @IsString()
  @Length(8, 100)
  client_mutation_id: string;
}

export class StockActionResponse {
  /** The action's id; its movements carry it as `reference_id` (source `manual`). */
  id: string;
  client_mutation_id: string;
  product_id: string;
  @ApiProperty({ enum: STOCK_ACTIONS })
  action: StockActionKind;
  /** Added or consumed; 0 for open. */
  quantity: number;
  /** The movements written, in order: one for add and open, one per lot touched for consume. */
  movement_ids: string[];
  /** The lot added (add) or opened (open); null for consume. */
  lot_id?: string | null;
  /** When the lot was opened (open only). */
  opened_at?: string | null;
  /** The new lot's variant (add only). */
  variant_id?: string | null;
  /** The new lot's location (add only). */
  @ApiProperty({ type: 'integer', nullable: true, required: false })
  location_id?: number | null;
  /** The new lot's best-before date (add only). */
  best_before_date?: string | null;
  /** The product's stock on hand right after the action. */
  stock_quantity: number;
  created_at: string;
}
