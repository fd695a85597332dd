import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean, IsOptional, IsString, MaxLength } from 'class-validator';
import { Nullable, Optional } from '../../../common/errors/nullable.js';

/** Maps a receipt line to a catalog product by hand, or (`product_id: null`) unmaps it. */
export class CatalogItemMappingInput {
  /** The active product the line is; `null` leaves the line unmapped. */
  @IsOptional()
  @Nullable()
  @IsString()
  @MaxLength(100)
  product_id?: string | null;

  /**
   * The product's package the line is. Without it: the variant holding the line's barcode, else
   * the product's only variant, else none.
   */
  @IsOptional()
  @Nullable()
  @IsString()
  @MaxLength(100)
  variant_id?: string | null;

  /**
   * Remember the mapping: the next receipt from the same store maps this line by itself, and the
   * line's names become confirmed aliases of the product.
   */
  @Optional()
  @IsBoolean()
  @ApiProperty({ default: true, required: false })
  remember?: boolean = true;
}

/** What a reconcile run did to the open receipt lines. */
export class ReconcileResponse {
  /** Open lines (no product, not imported) looked at. */
  @ApiProperty({ type: 'integer' })
  scanned: number;
  /** Lines now mapped to a product. */
  @ApiProperty({ type: 'integer' })
  resolved: number;
  /** Lines left open that carry a catalog suggestion. */
  @ApiProperty({ type: 'integer' })
  suggested: number;
}
