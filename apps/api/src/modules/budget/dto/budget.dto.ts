import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsNumber, IsOptional, Matches, Max, Min } from 'class-validator';
import { LOCALES, type Locale } from '@hinv/shared';
import { Nullable } from '../../../common/errors/nullable.js';

export const BUDGET_STATUSES = ['unconfigured', 'on_track', 'watch', 'over'] as const;
export type BudgetStatus = (typeof BUDGET_STATUSES)[number];

export class BudgetOverviewQuery {
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(24)
  @ApiProperty({ type: 'integer', minimum: 1, maximum: 24, default: 6, required: false })
  months?: number = 6;
}

export class BudgetSettingsInput {
  /** The monthly limit in EUR; null removes it (receipts stay as they are). */
  @Nullable()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(1)
  @Max(1_000_000)
  @ApiProperty({ type: 'number', nullable: true, minimum: 1, maximum: 1_000_000, required: false })
  monthly_limit?: number | null;

  /** Percent of the limit from which the month is on `watch`. */
  @IsOptional()
  @IsInt()
  @Min(50)
  @Max(100)
  @ApiProperty({ type: 'integer', minimum: 50, maximum: 100, default: 80, required: false })
  warning_percent?: number = 80;
}

export class BudgetSettingsResponse {
  configured: boolean;
  @ApiProperty({ type: 'integer' })
  warning_percent: number;
  @ApiProperty({ enum: ['EUR'], default: 'EUR', required: false })
  currency?: 'EUR';
  monthly_limit?: number | null;
  updated_at?: string | null;
}

export class BudgetCurrentPeriodResponse {
  /** YYYY-MM in the household time zone. */
  month: string;
  start_date: string;
  as_of_date: string;
  spent: number;
  @ApiProperty({ type: 'integer' })
  receipt_count: number;
  average_receipt: number;
  forecast: number;
  @ApiProperty({ type: 'integer' })
  days_elapsed: number;
  @ApiProperty({ type: 'integer' })
  days_total: number;
  @ApiProperty({ type: 'integer' })
  days_remaining: number;
  @ApiProperty({ enum: BUDGET_STATUSES })
  status: BudgetStatus;
  daily_available?: number | null;
  latest_purchase_date?: string | null;
  percent_used?: number | null;
  remaining?: number | null;
}

export class BudgetComparisonResponse {
  start_date: string;
  end_date: string;
  spent: number;
  @ApiProperty({ type: 'integer' })
  receipt_count: number;
  change_amount: number;
  change_percent?: number | null;
}

export class BudgetMonthResponse {
  month: string;
  spent: number;
  @ApiProperty({ type: 'integer' })
  receipt_count: number;
  is_current: boolean;
}

export class BudgetStoreResponse {
  store_key: string;
  store_name: string;
  spent: number;
  @ApiProperty({ type: 'integer' })
  receipt_count: number;
  share_percent: number;
}

export class BudgetDataQualityResponse {
  @ApiProperty({ type: 'integer' })
  confirmed_receipt_count: number;
  @ApiProperty({ type: 'integer' })
  counted_receipt_count: number;
  @ApiProperty({ type: 'integer' })
  pending_receipt_count: number;
  @ApiProperty({ type: 'integer' })
  missing_total_count: number;
  @ApiProperty({ type: 'integer' })
  other_currency_receipt_count: number;
  coverage_percent: number;
}

export class BudgetOverviewResponse {
  settings: BudgetSettingsResponse;
  current_period: BudgetCurrentPeriodResponse;
  comparison: BudgetComparisonResponse;
  months: BudgetMonthResponse[];
  stores: BudgetStoreResponse[];
  data_quality: BudgetDataQualityResponse;
  generated_at: string;
}

export class BudgetCsvQuery {
  /** The month (`YYYY-MM`, household time zone); the current month when omitted. */
  @IsOptional()
  @Matches(/^\d{4}-(0[1-9]|1[0-2])$/, { message: 'month must be YYYY-MM' })
  @ApiProperty({ type: 'string', pattern: '^\\d{4}-(0[1-9]|1[0-2])$', required: false, example: '2026-11' })
  month?: string;

  /** `de`: `;` and a decimal comma; `en`: `,` and a point. The caller's preferred language when omitted. */
  @IsOptional()
  @IsIn(LOCALES)
  @ApiProperty({ enum: LOCALES, required: false })
  locale?: Locale;
}
