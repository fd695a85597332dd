import { Column, Entity, Index, JoinColumn, ManyToOne, OneToMany, PrimaryColumn, type Relation } from 'typeorm';

export const GENERATION_ACTIONS = ['created', 'updated', 'unchanged', 'skipped'] as const;
export type GenerationAction = (typeof GENERATION_ACTIONS)[number];

/** One reviewed refill: which proposals the household confirmed and what happened to each. */
@Entity({ name: 'shopping_generation_runs' })
export class ShoppingGenerationRunEntity {
  @PrimaryColumn({ type: 'text' })
  id: string;

  @Index('idx_shopping_generation_runs_key', { unique: true })
  @Column({ name: 'client_mutation_id', type: 'text' })
  clientMutationId: string;

  @Column({ name: 'requested_count', type: 'integer' })
  requestedCount: number;

  @Column({ name: 'created_count', type: 'integer' })
  createdCount: number;

  @Column({ name: 'updated_count', type: 'integer' })
  updatedCount: number;

  @Column({ name: 'unchanged_count', type: 'integer' })
  unchangedCount: number;

  @Column({ name: 'skipped_count', type: 'integer' })
  skippedCount: number;

  @Column({ name: 'created_by', type: 'text', nullable: true })
  createdBy: string | null;

  @Column({ name: 'created_at', type: 'text' })
  createdAt: string;

  @OneToMany(() => ShoppingGenerationItemEntity, (item) => item.run)
  items?: Relation<ShoppingGenerationItemEntity[]>;
}

@Entity({ name: 'shopping_generation_items' })
export class ShoppingGenerationItemEntity {
  @PrimaryColumn({ type: 'text' })
  id: string;

  @Index('idx_shopping_generation_items_run')
  @Column({ name: 'run_id', type: 'text' })
  runId: string;

  @ManyToOne(() => ShoppingGenerationRunEntity, (run) => run.items, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'run_id' })
  run?: Relation<ShoppingGenerationRunEntity>;

  @Column({ name: 'product_id', type: 'text' })
  productId: string;

  @Column({ name: 'product_name', type: 'text' })
  productName: string;

  @Column({ name: 'quantity_unit_name', type: 'text', nullable: true })
  quantityUnitName: string | null;

  @Column({ name: 'current_quantity', type: 'real' })
  currentQuantity: number;

  @Column({ name: 'minimum_quantity', type: 'real' })
  minimumQuantity: number;

  @Column({ name: 'target_quantity', type: 'real' })
  targetQuantity: number;

  @Column({ name: 'suggested_quantity', type: 'real' })
  suggestedQuantity: number;

  @Column({ type: 'text' })
  action: GenerationAction;

  @Column({ name: 'shopping_item_id', type: 'text', nullable: true })
  shoppingItemId: string | null;

  @Column({ name: 'created_at', type: 'text' })
  createdAt: string;
}
