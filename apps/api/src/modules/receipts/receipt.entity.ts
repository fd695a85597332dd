import { Column, Entity, OneToMany, PrimaryColumn, type Relation } from 'typeorm';
import { ReceiptItemEntity } from './receipt-item.entity.js';

export const RECEIPT_STATUSES = ['review', 'imported', 'partial'] as const;
export type ReceiptStatus = (typeof RECEIPT_STATUSES)[number];

/**
 * One analysed purchase. Its counts (items, ready, review, imported) are derived from the lines
 * when read, never stored, so they cannot disagree with them.
 */
@Entity({ name: 'receipts' })
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

  @Column({ name: 'created_at', type: 'text' })
  createdAt: string;

  @Column({ name: 'updated_at', type: 'text' })
  updatedAt: string;

  @OneToMany(() => ReceiptItemEntity, (item) => item.receipt)
  items?: Relation<ReceiptItemEntity[]>;
}
