import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import type { Symbology } from '@hinv/shared';
import { VariantEntity } from './variant.entity.js';

/** A normalised barcode; the primary key makes sure a code belongs to one variant only. */
@Entity({ name: 'product_barcodes' })
export class BarcodeEntity {
  @PrimaryColumn({ type: 'text' })
  barcode: string;

  @Index('idx_product_barcodes_variant')
  @Column({ name: 'variant_id', type: 'text' })
  variantId: string;

  @ManyToOne(() => VariantEntity, (variant) => variant.barcodes, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'variant_id' })
  variant?: Relation<VariantEntity>;

  @Column({ type: 'text' })
  symbology: Symbology;

  @Column({ name: 'is_primary', type: 'boolean', default: true })
  isPrimary: boolean;

  @Column({ name: 'created_at', type: 'text' })
  createdAt: string;

  @Column({ name: 'updated_at', type: 'text' })
  updatedAt: string;
}
