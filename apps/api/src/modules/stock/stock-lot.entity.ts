import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { LocationEntity } from '../catalog/master-data/master-data.entity.js';
import { ProductEntity } from '../catalog/product.entity.js';
import { VariantEntity } from '../catalog/variant.entity.js';

/**
 * A lot of one product: what is left of one purchase, scan or count increase. Its quantity is
 * decremented in place and may reach 0; lots are never deleted. Stock on hand is the sum.
 */
@Entity({ name: 'stock_lots' })
@Index('idx_stock_lots_product', ['productId'])
export class StockLotEntity {
  @PrimaryColumn({ type: 'text' })
  id: string;

  @Column({ name: 'product_id', type: 'text' })
  productId: string;

  @ManyToOne(() => ProductEntity, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'product_id' })
  product?: Relation<ProductEntity>;

  @Column({ name: 'variant_id', type: 'text', nullable: true })
  variantId: string | null;

  @ManyToOne(() => VariantEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'variant_id' })
  variant?: Relation<VariantEntity> | null;

  @Column({ name: 'location_id', type: 'integer', nullable: true })
  locationId: number | null;

  @ManyToOne(() => LocationEntity, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'location_id' })
  location?: Relation<LocationEntity> | null;

  @Column({ type: 'real' })
  quantity: number;

  /** Calendar date YYYY-MM-DD. */
  @Column({ name: 'best_before_date', type: 'text', nullable: true })
  bestBeforeDate: string | null;

  @Column({ name: 'unit_price', type: 'real', nullable: true })
  unitPrice: number | null;

  @Column({ name: 'purchased_date', type: 'text', nullable: true })
  purchasedDate: string | null;

  @Column({ name: 'opened_at', type: 'text', nullable: true })
  openedAt: string | null;

  @Column({ name: 'created_at', type: 'text' })
  createdAt: string;

  @Column({ name: 'updated_at', type: 'text' })
  updatedAt: string;
}
