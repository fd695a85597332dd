import { ApiProperty } from '@nestjs/swagger';
import { CHECK_REASONS, type CheckReason } from '../receipt-checks.js';

/** Why a line is matched or suggested. */
export class MatchEvidenceResponse {
  source: string;
  label: string;
  @ApiProperty({ minimum: 0, maximum: 1 })
  confidence: number;
  automatic: boolean;
}

/** Where an OCR'd line stands in the stored file: page (from 1) and a box in that page's pixels. */
export class ReceiptLineBoxResponse {
  @ApiProperty({ type: 'integer', minimum: 1 })
  page: number;
  @ApiProperty({ type: 'integer', minimum: 0 })
  x: number;
  @ApiProperty({ type: 'integer', minimum: 0 })
  y: number;
  @ApiProperty({ type: 'integer', minimum: 0 })
  w: number;
  @ApiProperty({ type: 'integer', minimum: 0 })
  h: number;
}

/** One recognised line of a receipt with its match to the catalog. */
export class ReceiptItemResponse {
  id: string;
  receipt_id: string;
  /** Order on the printed receipt, from 1. */
  @ApiProperty({ type: 'integer' })
  position: number;
  /** The line as printed. */
  raw_name: string;
  normalized_name?: string | null;
  barcode?: string | null;
  brand?: string | null;
  quantity: number;
  unit_price?: number | null;
  total_price?: number | null;
  best_before_date?: string | null;
  /** unresolved, suggested, barcode, learned, alias, exact or manual. */
  match_status: string;
  /** barcode, learned_store, confirmed_alias, exact_name, fuzzy_name, manual or unresolved. */
  match_reason: string;
  match_score?: number | null;
  @ApiProperty({ type: [MatchEvidenceResponse] })
  match_evidence: MatchEvidenceResponse[];
  catalog_product_id?: string | null;
  catalog_product_name?: string | null;
  catalog_product_image_url?: string | null;
  catalog_variant_id?: string | null;
  catalog_variant_name?: string | null;
  catalog_variant_brand?: string | null;
  catalog_variant_package_amount?: number | null;
  catalog_variant_package_unit?: string | null;
  suggested_catalog_product_id?: string | null;
  suggested_catalog_product_name?: string | null;
  suggested_catalog_product_score?: number | null;
  suggested_location?: string | null;
  suggested_unit?: string | null;
  suggested_product_group?: string | null;
  @ApiProperty({ type: 'integer', nullable: true, required: false })
  suggested_best_before_days?: number | null;
  suggestion_confidence?: number | null;
  /** 1 once the line was booked into stock. */
  @ApiProperty({ type: 'integer' })
  imported: number;
  import_error?: string | null;
  @ApiProperty({ type: 'integer', nullable: true, required: false })
  grocy_product_id?: number | null;
  grocy_product_name?: string | null;
  @ApiProperty({ type: 'integer', required: false, default: 0 })
  grocy_exported?: number;
  /**
   * Why the line may be misread (our addition), most telling first: sum_mismatch (this line alone
   * would explain the difference to the total), amount_repaired, low_confidence,
   * quantity_price_mismatch. Empty for imported lines.
   */
  @ApiProperty({ type: [String], enum: CHECK_REASONS })
  check_reasons: CheckReason[];
  /** 0–1, the OCR's confidence in the line's weakest word; null when not read by OCR. */
  ocr_confidence?: number | null;
  /** True once a person edited or added the line. */
  corrected: boolean;
  /** The printed text's box in the stored file (OCR'd receipts only). */
  @ApiProperty({ type: ReceiptLineBoxResponse, nullable: true, required: false })
  box?: ReceiptLineBoxResponse | null;
}

/** An analysed receipt; `items` only in the detail and the analysis answer. */
export class ReceiptResponse {
  id: string;
  /** review after analysis; imported or partial after an import run. */
  status: string;
  store_name?: string | null;
  store_address?: string | null;
  store_number?: string | null;
  retailer?: string | null;
  /** YYYY-MM-DD as printed. */
  purchase_date?: string | null;
  currency: string;
  total?: number | null;
  @ApiProperty({ type: 'integer', nullable: true, required: false })
  item_count?: number | null;
  /** Lines mapped to a product and not imported yet. */
  @ApiProperty({ type: 'integer', nullable: true, required: false })
  ready_count?: number | null;
  /** Lines still without a product. */
  @ApiProperty({ type: 'integer' })
  review_count: number;
  @ApiProperty({ type: 'integer', nullable: true, required: false })
  imported_count?: number | null;
  /** The lines' amounts added up (our addition). */
  lines_sum: number;
  /** Total minus `lines_sum`: positive when amounts are missing, negative when lines are too many; null without a total. */
  lines_difference?: number | null;
  /** Where the stored image or PDF is served (our addition); null when none is kept. */
  file_url?: string | null;
  /** application/pdf, image/jpeg, image/png, image/webp or image/heic; null when no file is kept. */
  file_type?: string | null;
  /** True when the upload was a receipt already analysed (same file, or the same purchase); nothing new was stored. */
  duplicate?: boolean | null;
  @ApiProperty({ type: [ReceiptItemResponse], nullable: true, required: false })
  items?: ReceiptItemResponse[] | null;
  created_at: string;
  updated_at: string;
}
