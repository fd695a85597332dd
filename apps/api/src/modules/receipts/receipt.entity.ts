import { Column, Entity, Index, OneToMany, PrimaryColumn, type Relation } from 'typeorm';
import { ReceiptItemEntity } from './receipt-item.entity.js';

export const RECEIPT_STATUSES = ['review', 'imported', 'partial'] as const;
export type ReceiptStatus = (typeof RECEIPT_STATUSES)[number];

/**
 * One analysed purchase. Its counts (items, ready, review, imported) are derived from the lines
 * when read, never stored, so they cannot disagree with them.
 */
@Entity({ name: 'receipts' })
@Index('idx_receipts_source', ['sourceSha256', 'analysisVersion'])
@Index('idx_receipts_fingerprint', ['fingerprint'])
@Index('idx_receipts_created', ['createdAt'])
export class ReceiptEntity {
  @PrimaryColumn({ type: 'text' })
  id: string;

  @Column({ type: 'text' })
  status: ReceiptStatus;

  @Column({ name: 'store_name', type: 'text', nullable: true })
  storeName: string | null;

  @Column({ name: 'store_address', type: 'text', nullable: true })
  storeAddress: string | null;

  @Column({ name: 'store_number', type: 'text', nullable: true })
  storeNumber: string | null;

  /** The chain as recognised from the store name ("REWE", "dm"), if any. */
  @Column({ type: 'text', nullable: true })
  retailer: string | null;

  /** Calendar date YYYY-MM-DD as printed on the receipt. */
  @Column({ name: 'purchase_date', type: 'text', nullable: true })
  purchaseDate: string | null;

  @Column({ type: 'text', default: 'EUR' })
  currency: string;

  @Column({ type: 'real', nullable: true })
  total: number | null;

  /** SHA-256 (hex) of the uploaded file's bytes: the same file analysed again is a duplicate. */
  @Column({ name: 'source_sha256', type: 'text', nullable: true })
  sourceSha256: string | null;

  /** The analysis engine's version the receipt was read with; a newer engine reads a file anew. */
  @Column({ name: 'analysis_version', type: 'text', nullable: true })
  analysisVersion: string | null;

  /** SHA-256 over store, date, total and lines: the same purchase uploaded as another file. */
  @Column({ type: 'text', nullable: true })
  fingerprint: string | null;

  /** The stored source file's name under DATA_DIR/receipts, null once deleted. */
  @Column({ name: 'image_path', type: 'text', nullable: true })
  imagePath: string | null;

  @Column({ name: 'created_at', type: 'text' })
  createdAt: string;

  @Column({ name: 'updated_at', type: 'text' })
  updatedAt: string;

  @OneToMany(() => ReceiptItemEntity, (item) => item.receipt)
  items?: Relation<ReceiptItemEntity[]>;
}
