import { Column, Entity, Index, JoinColumn, ManyToOne, OneToMany, PrimaryColumn, type Relation } from 'typeorm';
import { LocationEntity, ProductGroupEntity, QuantityUnitEntity } from './master-data/master-data.entity.js';
import { VariantEntity } from './variant.entity.js';

/** A generic product ("Milk"); packages and brands are its variants. Archived, never deleted. */
@Entity({ name: 'products' })
@Index('idx_products_normalized_name', ['normalizedName'])
export class ProductEntity {
  @PrimaryColumn({ type: 'text' })
  id: string;

  @Column({ type: 'text' })
  name: string;

  @Column({ name: 'normalized_name', type: 'text' })
  normalizedName: string;

  @Column({ name: 'default_best_before_days', type: 'integer', default: 0 })
  defaultBestBeforeDays: number;

  @Column({ name: 'default_location_id', type: 'integer', nullable: true })
  defaultLocationId: number | null;

  @ManyToOne(() => LocationEntity, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'default_location_id' })
  defaultLocation?: Relation<LocationEntity> | null;

  @Column({ name: 'default_quantity_unit_id', type: 'integer', nullable: true })
  defaultQuantityUnitId: number | null;

  @ManyToOne(() => QuantityUnitEntity, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'default_quantity_unit_id' })
  defaultQuantityUnit?: Relation<QuantityUnitEntity> | null;

  @Column({ name: 'product_group_id', type: 'integer', nullable: true })
  productGroupId: number | null;

  @ManyToOne(() => ProductGroupEntity, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'product_group_id' })
  productGroup?: Relation<ProductGroupEntity> | null;

  @Column({ name: 'minimum_stock_quantity', type: 'real', default: 0 })
  minimumStockQuantity: number;

  @Column({ name: 'shopping_target_quantity', type: 'real', default: 0 })
  shoppingTargetQuantity: number;

  @Column({ name: 'image_url', type: 'text', nullable: true })
  imageUrl: string | null;

  @Column({ type: 'text', default: '' })
  notes: string;

  @Column({ type: 'boolean', default: true })
  active: boolean;

  @Column({ name: 'grocy_product_id', type: 'integer', nullable: true })
  grocyProductId: number | null;

  @Column({ name: 'created_at', type: 'text' })
  createdAt: string;

  /** Millisecond ISO timestamp; clients send it back as `expected_updated_at`. */
  @Column({ name: 'updated_at', type: 'text' })
  updatedAt: string;

  @OneToMany(() => VariantEntity, (variant) => variant.product)
  variants?: Relation<VariantEntity[]>;
}
