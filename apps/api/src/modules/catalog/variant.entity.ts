import { Column, Entity, Index, JoinColumn, ManyToOne, OneToMany, PrimaryColumn, type Relation } from 'typeorm';
import { BarcodeEntity } from './barcode.entity.js';
import { ProductEntity } from './product.entity.js';

/** One package of a product (brand, size); barcodes belong to variants. */
@Entity({ name: 'product_variants' })
export class VariantEntity {
  @PrimaryColumn({ type: 'text' })
  id: string;

  @Index('idx_product_variants_product')
  @Column({ name: 'product_id', type: 'text' })
  productId: string;

  @ManyToOne(() => ProductEntity, (product) => product.variants, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'product_id' })
  product?: Relation<ProductEntity>;

  @Column({ type: 'text', nullable: true })
  name: string | null;

  @Column({ type: 'text', nullable: true })
  brand: string | null;

  @Column({ name: 'package_amount', type: 'real', nullable: true })
  packageAmount: number | null;

  @Column({ name: 'package_unit', type: 'text', nullable: true })
  packageUnit: string | null;

  @Column({ name: 'image_url', type: 'text', nullable: true })
  imageUrl: string | null;

  @Column({ name: 'created_at', type: 'text' })
  createdAt: string;

  @Column({ name: 'updated_at', type: 'text' })
  updatedAt: string;

  @OneToMany(() => BarcodeEntity, (barcode) => barcode.variant)
  barcodes?: Relation<BarcodeEntity[]>;
}
