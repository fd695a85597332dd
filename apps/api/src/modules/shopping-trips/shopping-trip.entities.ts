import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';

export const TRIP_END_REASONS = ['done', 'timeout', 'replaced'] as const;
export type TripEndReason = (typeof TRIP_END_REASONS)[number];

export const PLACEMENT_KINDS = ['product', 'group'] as const;
export type PlacementKind = (typeof PLACEMENT_KINDS)[number];

/** A store the household shops at: named when a trip starts there. */
@Entity({ name: 'shopping_stores' })
export class ShoppingStoreEntity {
  @PrimaryColumn({ type: 'text' })
  id: string;

  @Column({ type: 'text' })
  name: string;

  /** Lower case, spaces collapsed: "REWE " and "rewe" are one store. */
  @Index('idx_shopping_stores_name', { unique: true })
  @Column({ name: 'normalized_name', type: 'text' })
  normalizedName: string;

  @Column({ name: 'created_at', type: 'text' })
  createdAt: string;
}

/** One trip to a store: from "Start shopping" to "Done" or two hours without a check-off. */
@Entity({ name: 'shopping_trips' })
@Index('idx_shopping_trips_store', ['storeId', 'startedAt'])
export class ShoppingTripEntity {
  @PrimaryColumn({ type: 'text' })
  id: string;

  @Column({ name: 'store_id', type: 'text' })
  storeId: string;

  @ManyToOne(() => ShoppingStoreEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'store_id' })
  store?: Relation<ShoppingStoreEntity>;

  /** The member who started it (null once the member is gone). */
  @Index('idx_shopping_trips_started_by')
  @Column({ name: 'started_by', type: 'text', nullable: true })
  startedBy: string | null;

  @Column({ name: 'started_at', type: 'text' })
  startedAt: string;

  /** The start or the latest check-off: two hours after it, the trip is over. */
  @Column({ name: 'last_activity_at', type: 'text' })
  lastActivityAt: string;

  @Column({ name: 'ended_at', type: 'text', nullable: true })
  endedAt: string | null;

  @Column({ name: 'end_reason', type: 'text', nullable: true })
  endReason: TripEndReason | null;
}

/** One item checked off during a trip, with its place in the trip's sequence. */
@Entity({ name: 'shopping_trip_checkoffs' })
@Index('idx_shopping_trip_checkoffs_item', ['tripId', 'itemId'], { unique: true })
export class ShoppingTripCheckoffEntity {
  @PrimaryColumn({ type: 'text' })
  id: string;

  @Column({ name: 'trip_id', type: 'text' })
  tripId: string;

  @ManyToOne(() => ShoppingTripEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'trip_id' })
  trip?: Relation<ShoppingTripEntity>;

  @Column({ name: 'item_id', type: 'text' })
  itemId: string;

  @Column({ name: 'product_id', type: 'text' })
  productId: string;

  /** Increasing within the trip: the order things were checked off in. */
  @Column({ type: 'integer' })
  sequence: number;

  @Column({ name: 'checked_at', type: 'text' })
  checkedAt: string;
}

/** A product or a product group put in its place at a store by hand. */
@Entity({ name: 'shopping_store_placements' })
@Index('idx_shopping_store_placements_target', ['storeId', 'kind', 'targetId'], { unique: true })
export class ShoppingStorePlacementEntity {
  @PrimaryColumn({ type: 'text' })
  id: string;

  @Column({ name: 'store_id', type: 'text' })
  storeId: string;

  @ManyToOne(() => ShoppingStoreEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'store_id' })
  store?: Relation<ShoppingStoreEntity>;

  @Column({ type: 'text' })
  kind: PlacementKind;

  /** The product's id, or the product group's id as text. */
  @Column({ name: 'target_id', type: 'text' })
  targetId: string;

  /** On the store's 0..1 walking scale (see store-order.ts). */
  @Column({ type: 'real' })
  position: number;

  @Column({ name: 'updated_by', type: 'text', nullable: true })
  updatedBy: string | null;

  @Column({ name: 'updated_at', type: 'text' })
  updatedAt: string;
}
