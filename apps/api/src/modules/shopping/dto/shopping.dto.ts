import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsNumber, IsString, Length, Max, MaxLength, Min } from 'class-validator';
import { GENERATION_ACTIONS, type GenerationAction } from '../shopping-generation.entity.js';
import { Optional } from '../../../common/errors/nullable.js';

export class ShoppingListItemResponse {
  id: string;
  product_id?: string | null;
  label: string;
  desired_quantity: number;
  /** 0 while open; checked items leave the list. */
  @ApiProperty({ type: 'integer' })
  checked: number;
  notes: string;
  product_name?: string | null;
  product_image_url?: string | null;
  quantity_unit_name?: string | null;
  /** The product's group, so a list can be walked aisle by aisle (an addition to the reference contract). */
  @ApiProperty({ type: 'integer', nullable: true, required: false })
  product_group_id?: number | null;
  product_group_name?: string | null;
  stock_quantity?: number = 0;
  minimum_stock_quantity?: number = 0;
  shopping_target_quantity?: number = 0;
  created_at: string;
  /** Send it back as `expected_updated_at` when changing the item. */
  updated_at: string;
}

export class ShoppingListItemUpdateInput {
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0.000001)
  @Max(1_000_000)
  @ApiProperty({ type: 'number', minimum: 0, exclusiveMinimum: true, maximum: 1_000_000 })
  desired_quantity: number;

  /** true completes the item (it leaves the list); leaving it out reopens it. */
  @Optional()
  @IsBoolean()
  checked?: boolean = false;

  @Optional()
  @IsString()
  @MaxLength(500)
  notes?: string = '';

  @IsString()
  @Length(10, 80)
  expected_updated_at: string;

  /**
   * Optional idempotency key (our addition): a retry with the same key returns the first answer
   * and changes nothing, even though `expected_updated_at` no longer matches by then; the key
   * used for another item or change is 409 `shopping_key_used`. An explicit `null` is refused.
   */
  @Optional()
  @IsString()
  @Length(8, 100)
  client_mutation_id?: string;

  /**
   * The shopping trip this check-off (or its undo) belongs to (our addition): the order of a trip's
   * check-offs teaches the store's walking order. An unknown trip is ignored, the change is not.
   */
  @Optional()
  @IsString()
  @Length(1, 100)
  trip_id?: string;
}

/** One product put on the list by hand (our addition; the reference only adds by scan or refill). */
export class ShoppingListItemCreateInput {
  /** An active product. An open item for it already on the list gets this quantity added. */
  @IsString()
  @Length(1, 100)
  product_id: string;

  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0.000001)
  @Max(1_000_000)
  @ApiProperty({ type: 'number', minimum: 0, exclusiveMinimum: true, maximum: 1_000_000 })
  desired_quantity: number;

  /** Kept on a new item; added to an existing item's notes on a line of its own (the whole at most 500 characters). */
  @Optional()
  @IsString()
  @MaxLength(500)
  notes?: string = '';

  /** Idempotency key: a retry with the same key returns the first answer and changes nothing. */
  @IsString()
  @Length(8, 100)
  client_mutation_id: string;
}

export class ShoppingLowStockItemResponse {
  product_id: string;
  product_name: string;
  product_image_url?: string | null;
  quantity_unit_name?: string | null;
  current_quantity: number;
  minimum_quantity: number;
  target_quantity: number;
  /** Target minus current: what brings the stock back to the target. */
  suggested_quantity: number;
  /** The open list item for this product, if there is one. */
  existing_item_id?: string | null;
  existing_desired_quantity?: number | null;
}

export class ShoppingLowStockResponse {
  items: ShoppingLowStockItemResponse[];
  generated_at: string;
}

export class ShoppingGenerateInput {
  @IsString()
  @Length(8, 100)
  client_mutation_id: string;

  /** The proposals the household chose to put on the list. */
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(1000)
  @IsString({ each: true })
  @MaxLength(100, { each: true })
  product_ids: string[];
}

export class ShoppingGenerationItemResponse {
  id: string;
  run_id: string;
  product_id: string;
  product_name: string;
  quantity_unit_name?: string | null;
  current_quantity: number;
  minimum_quantity: number;
  target_quantity: number;
  suggested_quantity: number;
  @ApiProperty({ enum: GENERATION_ACTIONS })
  action: GenerationAction;
  shopping_item_id?: string | null;
  created_at: string;
}

export class ShoppingGenerationResponse {
  id: string;
  client_mutation_id: string;
  @ApiProperty({ type: 'integer' })
  requested_count: number;
  @ApiProperty({ type: 'integer' })
  created_count: number;
  @ApiProperty({ type: 'integer' })
  updated_count: number;
  @ApiProperty({ type: 'integer' })
  unchanged_count: number;
  @ApiProperty({ type: 'integer' })
  skipped_count: number;
  created_at: string;
  items: ShoppingGenerationItemResponse[];
}
