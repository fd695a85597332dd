import { Column, Entity, Index, JoinColumn, ManyToOne, OneToMany, PrimaryColumn, type Relation } from 'typeorm';

/** One confirmed stock count: a set of counted quantities applied at once. */
@Entity({ name: 'stock_count_sessions' })
export class StockCountSessionEntity {
  @PrimaryColumn({ type: 'text' })
  id: string;

  /** Idempotency key: a retry with the same key returns this session unchanged. */
  @Index('idx_stock_count_sessions_key', { unique: true })
  @Column({ name: 'client_mutation_id', type: 'text' })
  clientMutationId: string;

  @Column({ type: 'text' })
  source: 'manual' | 'grocy_review';

  @Column({ type: 'text', default: '' })
  note: string;

  @Column({ type: 'text' })
  status: 'confirmed';

  @Column({ name: 'line_count', type: 'integer' })
  lineCount: number;

  @Column({ name: 'changed_count', type: 'integer' })
  changedCount: number;

  @Column({ name: 'created_by', type: 'text', nullable: true })
  createdBy: string | null;

  @Index('idx_stock_count_sessions_created')
  @Column({ name: 'created_at', type: 'text' })
  createdAt: string;

  @OneToMany(() => StockCountLineEntity, (line) => line.session)
  lines?: Relation<StockCountLineEntity[]>;
}

/** One product of a count: what was there, what was counted, and how many movements it took. */
@Entity({ name: 'stock_count_lines' })
export class StockCountLineEntity {
  @PrimaryColumn({ type: 'text' })
  id: string;

  @Index('idx_stock_count_lines_session')
  @Column({ name: 'session_id', type: 'text' })
  sessionId: string;

  @ManyToOne(() => StockCountSessionEntity, (session) => session.lines, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'session_id' })
  session?: Relation<StockCountSessionEntity>;

  @Column({ name: 'product_id', type: 'text' })
  productId: string;

  @Column({ name: 'variant_id', type: 'text', nullable: true })
  variantId: string | null;

  @Column({ name: 'location_id', type: 'integer', nullable: true })
  locationId: number | null;

  @Column({ name: 'previous_quantity', type: 'real' })
  previousQuantity: number;

  @Column({ name: 'counted_quantity', type: 'real' })
  countedQuantity: number;

  @Column({ name: 'quantity_delta', type: 'real' })
  quantityDelta: number;

  @Column({ name: 'best_before_date', type: 'text', nullable: true })
  bestBeforeDate: string | null;

  @Column({ name: 'unit_price', type: 'real', nullable: true })
  unitPrice: number | null;

  @Column({ type: 'text', default: '' })
  note: string;

  @Column({ name: 'movement_count', type: 'integer' })
  movementCount: number;

  @Column({ name: 'created_at', type: 'text' })
  createdAt: string;
}
