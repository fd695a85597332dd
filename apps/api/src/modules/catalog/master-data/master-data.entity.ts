import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** What locations, quantity units and product groups have in common. Archived, never deleted. */
export abstract class MasterDataEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'text', default: '' })
  description: string;

  @Column({ type: 'boolean', default: true })
  active: boolean;

  /** The matching object's id in a connected Grocy, once imported. */
  @Column({ name: 'grocy_id', type: 'integer', nullable: true })
  grocyId: number | null;

  @Column({ name: 'created_at', type: 'text' })
  createdAt: string;

  @Column({ name: 'updated_at', type: 'text' })
  updatedAt: string;
}

@Entity({ name: 'locations' })
export class LocationEntity extends MasterDataEntity {
  @Column({ name: 'is_freezer', type: 'boolean', default: false })
  isFreezer: boolean;
}

@Entity({ name: 'quantity_units' })
export class QuantityUnitEntity extends MasterDataEntity {
  @Column({ name: 'name_plural', type: 'text', nullable: true })
  namePlural: string | null;
}

@Entity({ name: 'product_groups' })
export class ProductGroupEntity extends MasterDataEntity {}
