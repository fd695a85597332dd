import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The one household of this installation. */
@Entity({ name: 'households' })
export class HouseholdEntity {
  @PrimaryColumn({ type: 'text' })
  id: string;

  @Column({ type: 'text' })
  name: string;

  @Column({ name: 'created_at', type: 'text' })
  createdAt: string;
}
