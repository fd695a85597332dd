import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { ProductEntity } from '../catalog/product.entity.js';

/** One line of the household's shopping list. Checking it off keeps the row (checked = true). */
@Entity({ name: 'shopping_list_items' })
@Index('idx_shopping_list_items_open', ['checked', 'productId'])
export class ShoppingItemEntity {
  @PrimaryColumn({ type: 'text' })
  id: string;

  @Column({ name: 'product_id', type: 'text', nullable: true })
  productId: string | null;

  @ManyToOne(() => ProductEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'product_id' })
  product?: Relation<ProductEntity> | null;

  @Column({ type: 'text' })
  label: string;

  @Column({ name: 'desired_quantity', type: 'real', default: 1 })
  desiredQuantity: number;

  @Column({ type: 'boolean', default: false })
  checked: boolean;

  @Column({ type: 'text', default: '' })
  notes: string;

  @Column({ name: 'created_at', type: 'text' })
  createdAt: string;

  @Column({ name: 'updated_at', type: 'text' })
  updatedAt: string;
}
