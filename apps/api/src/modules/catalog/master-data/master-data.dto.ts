import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean, IsInt, IsOptional, IsString, Length, MaxLength, Min, ValidateIf } from 'class-validator';
import { Nullable } from '../../../common/errors/nullable.js';

export const MASTER_DATA_KINDS = ['locations', 'quantity-units', 'product-groups'] as const;
export type MasterDataKind = (typeof MASTER_DATA_KINDS)[number];

export class MasterDataItemResponse {
  @ApiProperty({ type: 'integer' })
  id: number;
  name: string;
  /** Units only. */
  name_plural?: string | null;
  description?: string | null;
  /** Locations only: 1 for a freezer. */
  @ApiProperty({ type: 'integer', nullable: true, required: false })
  is_freezer?: number | null;
  @ApiProperty({ type: 'integer', default: 1 })
  active?: number;
  @ApiProperty({ type: 'integer', nullable: true, required: false })
  grocy_id?: number | null;
  /** Active products that use this entry. */
  @ApiProperty({ type: 'integer', default: 0 })
  usage_count?: number;
  created_at?: string | null;
  updated_at?: string | null;
}

export class MasterDataResponse {
  locations: MasterDataItemResponse[];
  quantity_units: MasterDataItemResponse[];
  product_groups: MasterDataItemResponse[];
}

export class MasterDataCreateInput {
  @IsString()
  @Length(1, 150)
  name: string;

  /** Units only. */
  @IsOptional()
  @ValidateIf((_object, value) => value !== null)
  @IsString()
  @MaxLength(150)
  name_plural?: string | null;

  @IsOptional()
  @IsString()
  @MaxLength(500)
  description?: string = '';

  /** Locations only. */
  @IsOptional()
  @IsBoolean()
  is_freezer?: boolean = false;
}

export class MasterDataUpdateInput extends MasterDataCreateInput {
  /** The entry's `updated_at` as last seen; a different value means someone else changed it (409). */
  @IsString()
  @Length(10, 80)
  expected_updated_at: string;
}

/**
 * Where a new product goes, each by id or by a new name (found by name, or created): its location,
 * its unit and its group. Shared by the inputs that make a product from a receipt line.
 */
export class MasterDataChoiceInput {
  @IsOptional()
  @Nullable()
  @IsInt()
  @Min(1)
  location_id?: number | null;

  @IsOptional()
  @Nullable()
  @IsString()
  @MaxLength(150)
  new_location_name?: string | null;

  @IsOptional()
  @Nullable()
  @IsInt()
  @Min(1)
  quantity_unit_id?: number | null;

  @IsOptional()
  @Nullable()
  @IsString()
  @MaxLength(150)
  new_quantity_unit_name?: string | null;

  @IsOptional()
  @Nullable()
  @IsInt()
  @Min(1)
  product_group_id?: number | null;

  @IsOptional()
  @Nullable()
  @IsString()
  @MaxLength(150)
  new_product_group_name?: string | null;
}
