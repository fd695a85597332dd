import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { ProductEntity } from '../catalog/product.entity.js';

/**
 * A name a person confirmed for a product by mapping a receipt line to it (the raw and the
 * normalised name), at any store. A key may end up pointing at several products; the matcher
 * then uses none of them.
 */
@Entity({ name: 'product_aliases' })
export class ProductAliasEntity {
  /** `canonicalReceiptKey()` of the confirmed name. */
  @PrimaryColumn({ name: 'alias_key', type: 'text' })
  aliasKey: string;

  @PrimaryColumn({ name: 'product_id', type: 'text' })
  @Index('idx_product_aliases_product')
  productId: string;

  @ManyToOne(() => ProductEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'product_id' })
  product?: Relation<ProductEntity>;

  /** The name as it was confirmed, before keying. */
  @Column({ type: 'text' })
  alias: string;

  @Column({ name: 'created_at', type: 'text' })
  createdAt: string;
}
