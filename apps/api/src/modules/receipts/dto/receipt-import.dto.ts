import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsString, MaxLength } from 'class-validator';
import { Nullable } from '../../../common/errors/nullable.js';
import { ReceiptResponse } from './receipts.dto.js';

/** Which lines to import; none given (or null) means every mapped line not imported yet. */
export class ImportRequest {
  /** Line ids of this receipt; ids of other receipts' lines are ignored. */
  @Nullable()
  @IsArray()
  @ArrayMaxSize(500)
  @IsString({ each: true })
  @MaxLength(100, { each: true })
  @ApiProperty({ type: [String], nullable: true, required: false, maxItems: 500 })
  item_ids?: string[] | null;
}

/** The outcome of one import run, with the receipt as it is afterwards. */
export class ReceiptImportResponse {
  run_id: string;
  /** Lines this run took (mapped, not imported yet, within the selection). */
  @ApiProperty({ type: 'integer' })
  requested: number;
  @ApiProperty({ type: 'integer' })
  imported: number;
  @ApiProperty({ type: 'integer' })
  failed: number;
  /** Lines whose purchase went to Grocy in this run (connector on, line linked to a Grocy product). */
  @ApiProperty({ type: 'integer' })
  grocy_exported: number;
  /** Lines whose Grocy export failed; they are in stock here all the same. */
  @ApiProperty({ type: 'integer' })
  grocy_failed: number;
  /** Per line: `{item_id, ok, grocy: skipped|exported|failed, grocy_error?, lot_id?, error?}`. */
  @ApiProperty({ type: 'array', items: { type: 'object', additionalProperties: true } })
  details: Record<string, unknown>[];
  receipt: ReceiptResponse;
}
