import { ApiProperty } from '@nestjs/swagger';
import { IsNumber, IsString, Length, Matches, Max, Min } from 'class-validator';
import { MaxDecimalPlaces } from '../../../common/errors/decimal-places.js';
import { OptionalCalendarDate } from '../../../common/errors/calendar-date.js';
import { Nullable, Optional } from '../../../common/errors/nullable.js';

/** Amounts are money: cents at most, as the till prints them (`MaxDecimalPlaces(2)` beside each). */
const MONEY = { allowNaN: false, allowInfinity: false } as const;
/** Pieces or a weight (kg with grams), as the till prints them (`MaxDecimalPlaces(3)` beside each). */
const QUANTITY = { allowNaN: false, allowInfinity: false } as const;
const NOT_BLANK = /\S/;

/**
 * Corrects what was read from the receipt's head and foot (our addition; the reference cannot).
 * Fields left out stay as they are; `null` clears store, date or total.
 */
export class ReceiptCorrectionInput {
  @Nullable()
  @IsString()
  @Length(1, 300)
  @Matches(NOT_BLANK, { message: 'store_name must not be blank' })
  @ApiProperty({ type: 'string', nullable: true, required: false, minLength: 1, maxLength: 300 })
  store_name?: string | null;

  /** YYYY-MM-DD as printed. */
  @OptionalCalendarDate()
  purchase_date?: string | null;

  /** What the receipt says was paid. */
  @Nullable()
  @IsNumber(MONEY)
  @MaxDecimalPlaces(2)
  @Min(0)
  @Max(1_000_000)
  @ApiProperty({ type: 'number', nullable: true, required: false, minimum: 0, maximum: 1_000_000 })
  total?: number | null;

  /** ISO 4217, upper case. */
  @Optional()
  @IsString()
  @Matches(/^[A-Z]{3}$/, { message: 'currency must be three capital letters (ISO 4217)' })
  @ApiProperty({ type: 'string', required: false, pattern: '^[A-Z]{3}$', minLength: 3, maxLength: 3 })
  currency?: string;
}

/**
 * Corrects a line as read (our addition). Fields left out stay as they are. A changed name is
 * matched to the catalog again; a line mapped by hand keeps its product and what the store
 * mapping learned moves to the corrected name.
 */
export class ReceiptItemCorrectionInput {
  /** The article name as printed. */
  @Optional()
  @IsString()
  @Length(1, 300)
  @Matches(NOT_BLANK, { message: 'name must not be blank' })
  @ApiProperty({ type: 'string', required: false, minLength: 1, maxLength: 300 })
  name?: string;

  /** Pieces, or the weight of weighed goods. */
  @Optional()
  @IsNumber(QUANTITY)
  @MaxDecimalPlaces(3)
  @Min(0.001)
  @Max(10_000)
  @ApiProperty({ type: 'number', required: false, minimum: 0.001, maximum: 10_000 })
  quantity?: number;

  /** `null` when the receipt prints no unit price. */
  @Nullable()
  @IsNumber(MONEY)
  @MaxDecimalPlaces(2)
  @Min(0)
  @Max(1_000_000)
  @ApiProperty({ type: 'number', nullable: true, required: false, minimum: 0, maximum: 1_000_000 })
  unit_price?: number | null;

  /** The line's amount. */
  @Optional()
  @IsNumber(MONEY)
  @MaxDecimalPlaces(2)
  @Min(0)
  @Max(1_000_000)
  @ApiProperty({ type: 'number', required: false, minimum: 0, maximum: 1_000_000 })
  total_price?: number;
}

/** A line the reading missed (our addition), added after the receipt's last line. */
export class ReceiptItemCreateInput {
  @IsString()
  @Length(1, 300)
  @Matches(NOT_BLANK, { message: 'name must not be blank' })
  @ApiProperty({ type: 'string', minLength: 1, maxLength: 300 })
  name: string;

  @Optional()
  @IsNumber(QUANTITY)
  @MaxDecimalPlaces(3)
  @Min(0.001)
  @Max(10_000)
  @ApiProperty({ type: 'number', required: false, minimum: 0.001, maximum: 10_000, default: 1 })
  quantity?: number = 1;

  @Nullable()
  @IsNumber(MONEY)
  @MaxDecimalPlaces(2)
  @Min(0)
  @Max(1_000_000)
  @ApiProperty({ type: 'number', nullable: true, required: false, minimum: 0, maximum: 1_000_000 })
  unit_price?: number | null;

  @IsNumber(MONEY)
  @MaxDecimalPlaces(2)
  @Min(0)
  @Max(1_000_000)
  @ApiProperty({ type: 'number', minimum: 0, maximum: 1_000_000 })
  total_price: number;
}
