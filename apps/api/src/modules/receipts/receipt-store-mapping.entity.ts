import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn, Index, type Relation } from 'typeorm';
import { ProductEntity } from '../catalog/product.entity.js';
import { VariantEntity } from '../catalog/variant.entity.js';

/**
 * What a person taught the matcher: at this store (`retailer_key`, or `*` for a receipt without
 * a store), the line printed as `line_key` is this product (and package). One per store and key;
 * mapping the same line again replaces it.
 */
@Entity({ name: 'receipt_store_mappings' })
export class ReceiptStoreMappingEntity {
  /** `retailerKey()` of the receipt's store: a chain ("rewe"), another store's normalised name, or `*`. */
  @PrimaryColumn({ name: 'retailer_key', type: 'text' })
  retailerKey: string;

  /** `canonicalReceiptKey()` of the printed line. */
  @PrimaryColumn({ name: 'line_key', type: 'text' })
  lineKey: string;

  @Index('idx_receipt_store_mappings_product')
  @Column({ name: 'product_id', type: 'text' })
  productId: string;

  @ManyToOne(() => ProductEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'product_id' })
  product?: Relation<ProductEntity>;

  // A deleted package only loses the variant; the product is still what the line is.
  @Index('idx_receipt_store_mappings_variant')
  @Column({ name: 'variant_id', type: 'text', nullable: true })
  variantId: string | null;

  @ManyToOne(() => VariantEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'variant_id' })
  variant?: Relation<VariantEntity> | null;

  @Column({ name: 'created_at', type: 'text' })
  createdAt: string;

  @Column({ name: 'updated_at', type: 'text' })
  updatedAt: string;
}
