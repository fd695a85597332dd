import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

export const MOVEMENT_TYPES = [
  'purchase',
  'scan_add',
  'scan_consume',
  'scan_open',
  'stock_count_increase',
  'stock_count_decrease',
  'manual_add',
  'manual_consume',
  'manual_open',
] as const;
export type MovementType = (typeof MOVEMENT_TYPES)[number];
/** `manual`: a quick stock action (`POST /stock/products/{id}/actions`), referenced by the action's id. */
export type MovementSource = 'receipt' | 'scanner' | 'stock_count' | 'manual';

/**
 * One change of stock. Append-only: SQLite triggers refuse UPDATE and DELETE on this table
 * (migration StockMovementsAppendOnly), so history cannot be rewritten by any code path.
 */
@Entity({ name: 'stock_movements' })
@Index('idx_stock_movements_product', ['productId', 'createdAt'])
@Index('idx_stock_movements_created', ['createdAt', 'id'])
export class StockMovementEntity {
  @PrimaryColumn({ type: 'text' })
  id: string;

  @Column({ name: 'product_id', type: 'text' })
  productId: string;

  @Column({ name: 'variant_id', type: 'text', nullable: true })
  variantId: string | null;

  @Column({ name: 'lot_id', type: 'text', nullable: true })
  lotId: string | null;

  @Column({ name: 'location_id', type: 'integer', nullable: true })
  locationId: number | null;

  @Column({ name: 'movement_type', type: 'text' })
  movementType: MovementType;

  /** Positive for additions, negative for consumption, 0 for opening. */
  @Column({ name: 'quantity_delta', type: 'real' })
  quantityDelta: number;

  @Column({ type: 'text' })
  source: MovementSource;

  /** The scan, receipt, stock count or stock action that caused it. */
  @Column({ name: 'reference_id', type: 'text', nullable: true })
  referenceId: string | null;

  @Column({ name: 'created_at', type: 'text' })
  createdAt: string;
}
