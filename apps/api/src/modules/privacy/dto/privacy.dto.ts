import { ApiProperty } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { Equals, IsBoolean, IsInt, IsOptional, IsString, Max, Min } from 'class-validator';

/** The literal an erase request must carry, exactly. */
export const ERASE_CONFIRMATION = 'HAUSHALT ENDGÜLTIG LÖSCHEN';

const TRUE_WORDS = new Set(['true', '1', 'yes', 'on', 't', 'y']);
const FALSE_WORDS = new Set(['false', '0', 'no', 'off', 'f', 'n']);

/**
 * A query-string boolean as the reference reads one (any case: true/false, 1/0, yes/no, on/off,
 * t/f, y/n; Python clients send `True`); anything else stays as given and fails `IsBoolean`.
 */
function queryBoolean({ value }: { value: unknown }): unknown {
  if (typeof value !== 'string') return value;
  const word = value.trim().toLowerCase();
  if (TRUE_WORDS.has(word)) return true;
  if (FALSE_WORDS.has(word)) return false;
  return value;
}

export class ExportQuery {
  /** Whether receipt images and PDFs go into `receipt-files/`; the recognised receipt data is exported either way. */
  @IsOptional()
  @Transform(queryBoolean)
  @IsBoolean()
  @ApiProperty({ type: 'boolean', default: true, required: false })
  include_receipt_files?: boolean = true;
}

export class ExportPreviewResponse {
  household_name: string;
  /** Rows per exported record kind, as `manifest.json` will count them. */
  @ApiProperty({ type: 'object', additionalProperties: { type: 'integer' } })
  counts: Record<string, number>;
  @ApiProperty({ type: 'integer' })
  receipt_file_count: number;
  @ApiProperty({ type: 'integer' })
  receipt_file_bytes: number;
  @ApiProperty({ type: 'integer' })
  product_image_file_count: number;
  @ApiProperty({ type: 'integer' })
  product_image_file_bytes: number;
  excluded_secret_categories: string[];
}

export class RetentionPreviewResponse {
  delete_after_analysis: boolean;
  @ApiProperty({ type: 'integer' })
  retention_days: number;
  /** Receipts that still point to a source file. */
  @ApiProperty({ type: 'integer' })
  retained_file_count: number;
  @ApiProperty({ type: 'integer' })
  retained_bytes: number;
  /** Of those, the ones the next run removes (created at or before `cutoff`). */
  @ApiProperty({ type: 'integer' })
  expired_file_count: number;
  @ApiProperty({ type: 'integer' })
  expired_bytes: number;
  cutoff: string;
}

export class RetentionRunResponse {
  @ApiProperty({ type: 'integer' })
  deleted_file_count: number;
  @ApiProperty({ type: 'integer' })
  deleted_bytes: number;
  /** Receipts whose file pointer was cleared (the file was deleted or was already gone). */
  @ApiProperty({ type: 'integer' })
  cleared_receipt_count: number;
  /** Pointers leading outside the receipts folder: nothing was deleted and the pointer stays. */
  @ApiProperty({ type: 'integer' })
  rejected_path_count: number;
  completed_at: string;
}

export class OperationsOverviewQuery {
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100)
  @ApiProperty({ type: 'integer', minimum: 1, maximum: 100, default: 40, required: false })
  event_limit?: number = 40;
}

export class OperationsCountResponse {
  @ApiProperty({ type: 'integer' })
  active_users: number;
  @ApiProperty({ type: 'integer' })
  active_sessions: number;
  @ApiProperty({ type: 'integer' })
  active_api_tokens: number;
  @ApiProperty({ type: 'integer' })
  active_push_devices: number;
  @ApiProperty({ type: 'integer' })
  pending_receipts: number;
  @ApiProperty({ type: 'integer' })
  products: number;
  @ApiProperty({ type: 'integer' })
  stock_lots: number;
  @ApiProperty({ type: 'integer' })
  failures_24h: number;
  /** Failed sign-in steps (wrong password, code, passkey, invitation token) in the last 24 hours. */
  @ApiProperty({ type: 'integer' })
  sign_in_failures_24h: number;
  /** Sign-in steps refused with 429 (a source or an account locked) in the last 24 hours. */
  @ApiProperty({ type: 'integer' })
  sign_in_lockouts_24h: number;
}

export class OperationsAuditEventResponse {
  id: string;
  category: string;
  /** "METHOD /route/{template}": no identifiers, addresses or query strings. */
  action: string;
  outcome: string;
  created_at: string;
  /** The acting member's display name, or "System". */
  actor_label: string;
}

export class OperationsOverviewResponse {
  /** SQLite's quick check: "ok", or what it found. */
  database_integrity: string;
  @ApiProperty({ type: 'integer' })
  database_bytes: number;
  counts: OperationsCountResponse;
  retention: RetentionPreviewResponse;
  recent_events: OperationsAuditEventResponse[];
  generated_at: string;
}

export class HouseholdEraseInput {
  /** Must be exactly `HAUSHALT ENDGÜLTIG LÖSCHEN`. */
  @IsString()
  @Equals(ERASE_CONFIRMATION, { message: `confirmation must be exactly "${ERASE_CONFIRMATION}"` })
  @ApiProperty({ type: 'string', enum: [ERASE_CONFIRMATION] })
  confirmation: string;
}

export class HouseholdEraseResponse {
  deleted: boolean;
  @ApiProperty({ type: 'integer' })
  deleted_receipt_files: number;
  @ApiProperty({ type: 'integer' })
  deleted_receipt_bytes: number;
  @ApiProperty({ type: 'integer' })
  deleted_product_image_files: number;
  @ApiProperty({ type: 'integer' })
  deleted_product_image_bytes: number;
  completed_at: string;
}
