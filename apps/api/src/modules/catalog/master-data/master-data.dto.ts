import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean, IsOptional, IsString, Length, MaxLength, ValidateIf } from 'class-validator';

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
