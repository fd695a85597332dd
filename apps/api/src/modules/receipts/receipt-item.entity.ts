import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { ProductEntity } from '../catalog/product.entity.js';
import { VariantEntity } from '../catalog/variant.entity.js';
import { ReceiptEntity } from './receipt.entity.js';

export const MATCH_STATUSES = ['unresolved', 'suggested', 'barcode', 'learned', 'alias', 'exact', 'manual'] as const;
export type MatchStatus = (typeof MATCH_STATUSES)[number];
export const MATCH_REASONS = ['barcode', 'learned_store', 'confirmed_alias', 'exact_name', 'fuzzy_name', 'manual', 'unresolved'] as const;
export type MatchReason = (typeof MATCH_REASONS)[number];

/** Where an OCR'd line stands in the stored file: page (from 1) and a box in that page's pixels. */
export interface ReceiptLineBox {
  page: number;
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Why a line is matched or suggested; `automatic: false` marks a suggestion nobody accepted yet. */
export interface MatchEvidence {
  source: string;
  label: string;
  confidence: number;
  automatic: boolean;
}

/**
 * One line of a receipt. It is "open" while it has no product and is not imported: only open
 * lines are matched again when the catalog changes (reconcile), which is what the partial index
 * is for; mapped and imported lines are never touched by it.
 */
@Entity({ name: 'receipt_items' })
@Index('idx_receipt_items_position', ['receiptId', 'position'], { unique: true })
@Index('idx_receipt_items_open', ['receiptId', 'position'], { where: '"imported" = 0 AND "product_id" IS NULL' })
// Price history and insights read only imported lines, by product.
@Index('idx_receipt_items_prices', ['productId'], { where: '"imported" = 1' })
export class ReceiptItemEntity {
  @PrimaryColumn({ type: 'text' })
  id: string;

  @Column({ name: 'receipt_id', type: 'text' })
  receiptId: string;

  @ManyToOne(() => ReceiptEntity, (receipt) => receipt.items, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'receipt_id' })
  receipt?: Relation<ReceiptEntity>;

  /** Order on the printed receipt, from 1. */
  @Column({ type: 'integer' })
  position: number;

  /** The line as printed, e.g. "VOLLMILCH 3,5% 1,19 A". */
  @Column({ name: 'raw_name', type: 'text' })
  rawName: string;

  /** The cleaned-up name the analysis read from the raw text ("Vollmilch 3,5 %"). */
  @Column({ name: 'normalized_name', type: 'text', nullable: true })
  normalizedName: string | null;

  @Column({ type: 'text', nullable: true })
  barcode: string | null;

  @Column({ type: 'text', nullable: true })
  brand: string | null;

  @Column({ type: 'real', default: 1 })
  quantity: number;

  @Column({ name: 'unit_price', type: 'real', nullable: true })
  unitPrice: number | null;

  @Column({ name: 'total_price', type: 'real', nullable: true })
  totalPrice: number | null;

  /** Calendar date YYYY-MM-DD. */
  @Column({ name: 'best_before_date', type: 'text', nullable: true })
  bestBeforeDate: string | null;

  // Products are archived rather than deleted; should one go anyway, the line becomes open again.
  @Column({ name: 'product_id', type: 'text', nullable: true })
  productId: string | null;

  @ManyToOne(() => ProductEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'product_id' })
  product?: Relation<ProductEntity> | null;

  // Variants can be deleted; the line keeps its product and loses only the package.
  @Index('idx_receipt_items_variant')
  @Column({ name: 'variant_id', type: 'text', nullable: true })
  variantId: string | null;

  @ManyToOne(() => VariantEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'variant_id' })
  variant?: Relation<VariantEntity> | null;

  @Column({ name: 'match_status', type: 'text', default: 'unresolved' })
  matchStatus: MatchStatus;

  @Column({ name: 'match_reason', type: 'text', default: 'unresolved' })
  matchReason: MatchReason;

  /** 0–100; 100 for every automatic match. */
  @Column({ name: 'match_score', type: 'real', nullable: true })
  matchScore: number | null;

  @Column({ name: 'match_evidence', type: 'simple-json', nullable: true })
  matchEvidence: MatchEvidence[] | null;

  /** A catalog product that looks like this line (fuzzy name) but was not mapped automatically. */
  @Column({ name: 'suggested_product_id', type: 'text', nullable: true })
  suggestedProductId: string | null;

  @ManyToOne(() => ProductEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'suggested_product_id' })
  suggestedProduct?: Relation<ProductEntity> | null;

  /** WRatio of the suggestion, 0–100. */
  @Column({ name: 'suggested_product_score', type: 'real', nullable: true })
  suggestedProductScore: number | null;

  // What the analysis proposes for a new product made from this line, with its confidence (0–1).
  @Column({ name: 'suggested_location', type: 'text', nullable: true })
  suggestedLocation: string | null;

  @Column({ name: 'suggested_unit', type: 'text', nullable: true })
  suggestedUnit: string | null;

  @Column({ name: 'suggested_product_group', type: 'text', nullable: true })
  suggestedProductGroup: string | null;

  @Column({ name: 'suggested_best_before_days', type: 'integer', nullable: true })
  suggestedBestBeforeDays: number | null;

  @Column({ name: 'suggestion_confidence', type: 'real', nullable: true })
  suggestionConfidence: number | null;

  /** The box of the printed text the line was read from (OCR only). */
  @Column({ type: 'simple-json', nullable: true })
  box: ReceiptLineBox | null;

  /** 0–1: the OCR's confidence in the line's weakest word; null when not read by OCR. */
  @Column({ name: 'ocr_confidence', type: 'real', nullable: true })
  ocrConfidence: number | null;

  /** The amount is not what OCR printed: a repair or the parser's checks changed it. */
  @Column({ name: 'amount_repaired', type: 'boolean', default: false })
  amountRepaired: boolean;

  /** A person edited or added the line: what the reading doubted about it no longer counts. */
  @Column({ type: 'boolean', default: false })
  corrected: boolean;

  @Column({ type: 'boolean', default: false })
  imported: boolean;

  @Column({ name: 'import_error', type: 'text', nullable: true })
  importError: string | null;

  @Column({ name: 'grocy_product_id', type: 'integer', nullable: true })
  grocyProductId: number | null;

  @Column({ name: 'grocy_product_name', type: 'text', nullable: true })
  grocyProductName: string | null;

  @Column({ name: 'grocy_exported', type: 'boolean', default: false })
  grocyExported: boolean;

  @Column({ name: 'created_at', type: 'text' })
  createdAt: string;

  @Column({ name: 'updated_at', type: 'text' })
  updatedAt: string;
}
