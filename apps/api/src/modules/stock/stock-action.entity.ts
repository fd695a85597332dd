import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

export const STOCK_ACTIONS = ['add', 'consume', 'open'] as const;
export type StockActionKind = (typeof STOCK_ACTIONS)[number];

/**
 * One quick stock action on a product (add, consume, open) made without a scan, e.g. for products
 * that have no barcode. The row is the action's idempotency record: it keeps everything the first
 * answer said, so a retry with the same key gets that answer again and changes nothing.
 */
@Entity({ name: 'stock_actions' })
export class StockActionEntity {
  @PrimaryColumn({ type: 'text' })
  id: string;

  /** Idempotency key, unique across all stock actions. */
  @Index('idx_stock_actions_key', { unique: true })
  @Column({ name: 'client_mutation_id', type: 'text' })
  clientMutationId: string;

  @Column({ name: 'product_id', type: 'text' })
  productId: string;

  @Column({ type: 'text' })
  action: StockActionKind;

  /** Added or consumed; 0 for open. */
  @Column({ type: 'real' })
  quantity: number;

  /** The new lot's variant, location and best-before date (add only). */
  @Column({ name: 'variant_id', type: 'text', nullable: true })
  variantId: string | null;

  @Column({ name: 'location_id', type: 'integer', nullable: true })
  locationId: number | null;

  @Column({ name: 'best_before_date', type: 'text', nullable: true })
  bestBeforeDate: string | null;

  /** The lot added (add) or opened (open). */
  @Column({ name: 'lot_id', type: 'text', nullable: true })
  lotId: string | null;

  @Column({ name: 'opened_at', type: 'text', nullable: true })
  openedAt: string | null;

  /** JSON array of the movement ids the action wrote, in order. */
  @Column({ name: 'movement_ids', type: 'simple-json' })
  movementIds: string[];

  /** The product's stock on hand right after the action. */
  @Column({ name: 'stock_quantity', type: 'real' })
  stockQuantity: number;

  @Column({ name: 'created_by', type: 'text', nullable: true })
  createdBy: string | null;

  @Column({ name: 'created_at', type: 'text' })
  createdAt: string;
}
