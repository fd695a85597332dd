import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsInt, IsNumber, IsString, Length, Max, Min, ValidateIf } from 'class-validator';

import { PLACEMENT_KINDS, TRIP_END_REASONS, type PlacementKind, type TripEndReason } from '../shopping-trip.entities.js';
import type { GroupOrderSource, ProductOrderSource } from '../store-order.js';

export class ShoppingStoreResponse {
  /** Null for a store known only from receipts: it gets an id with its first trip. */
  id: string | null;
  name: string;
  @ApiProperty({ type: 'integer' })
  trip_count: number;
  /** The start of the latest trip there, or the latest receipt's date. */
  last_visit_at?: string | null;
}

export class ShoppingStoresResponse {
  /** Most recently visited first: stores of earlier trips, then stores known from receipts. */
  stores: ShoppingStoreResponse[];
  /** The store of the household's latest trip, to preselect. */
  last_store_name?: string | null;
}

export class ShoppingTripStartInput {
  /** A known store or a new one; case and spacing do not make another store. */
  @IsString()
  @Length(1, 80)
  store_name: string;
}

export class ShoppingTripResponse {
  id: string;
  store_id: string;
  store_name: string;
  started_at: string;
  last_activity_at: string;
  /** When the trip ends by itself: two hours after the latest check-off (or the start). */
  ends_at: string;
  ended_at?: string | null;
  @ApiProperty({ enum: TRIP_END_REASONS, nullable: true })
  end_reason?: TripEndReason | null;
  /** Whether it is still going. */
  active: boolean;
  @ApiProperty({ type: 'integer' })
  checkoff_count: number;
}

export class ShoppingCurrentTripResponse {
  /** The caller's trip that is still going, or null. */
  trip: ShoppingTripResponse | null;
}

export class StoreOrderProductResponse {
  product_id: string;
  /** On the store's walking scale: 0 where people start, 1 where they finish. */
  position: number;
  @ApiProperty({ enum: ['learned', 'manual', 'group'] })
  source: ProductOrderSource;
}

export class StoreOrderGroupResponse {
  @ApiProperty({ type: 'integer' })
  product_group_id: number;
  product_group_name: string;
  position: number;
  @ApiProperty({ enum: ['learned', 'other_stores', 'manual'] })
  source: GroupOrderSource;
}

export class StoreOrderResponse {
  store_id: string;
  store_name: string;
  /** Trips at this store the order was learned from ("sorted like your last 5 trips to REWE"). */
  @ApiProperty({ type: 'integer' })
  trip_count: number;
  /** Groups placed from the household's other stores (for products never bought here). */
  @ApiProperty({ type: 'integer' })
  other_store_count: number;
  /**
   * Products with a place: learned here, set by hand, or carried by a group set by hand. A
   * product that is not here sorts by its group's place, and without one at the end.
   */
  products: StoreOrderProductResponse[];
  groups: StoreOrderGroupResponse[];
}

/** A product or a product group put in its place at a store by hand. */
export class StorePlacementInput {
  @IsIn(PLACEMENT_KINDS)
  @ApiProperty({ enum: PLACEMENT_KINDS })
  kind: PlacementKind;

  /** The product's id (kind product). */
  @ValidateIf((input: StorePlacementInput) => input.kind === 'product')
  @IsString()
  @Length(1, 100)
  product_id?: string;

  /** The product group's id (kind group). */
  @ValidateIf((input: StorePlacementInput) => input.kind === 'group')
  @IsInt()
  @Min(1)
  @ApiProperty({ type: 'integer', minimum: 1, required: false })
  product_group_id?: number;

  /**
   * The new place on the store's scale, usually halfway between the new neighbours' positions
   * from the store's order; -1000 to 1000.
   */
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(-1000)
  @Max(1000)
  position: number;
}

