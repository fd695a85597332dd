import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

export const SHOPPING_MUTATION_KINDS = ['update', 'add'] as const;
export type ShoppingMutationKind = (typeof SHOPPING_MUTATION_KINDS)[number];

/**
 * The idempotency record of one list change sent with a `client_mutation_id` (a PATCH of an item
 * or an added item). It keeps the first answer, so a retry with the same key (a phone replaying
 * its offline queue after a lost answer) gets that answer again and changes nothing. Written in
 * the same `Database.write()` unit as the change itself.
 */
@Entity({ name: 'shopping_mutations' })
export class ShoppingMutationEntity {
  @PrimaryColumn({ type: 'text' })
  id: string;

  /** Unique across every shopping list change. */
  @Index('idx_shopping_mutations_key', { unique: true })
  @Column({ name: 'client_mutation_id', type: 'text' })
  clientMutationId: string;

  @Column({ type: 'text' })
  kind: ShoppingMutationKind;

  /** The item changed (update) or the product added (add): a key reused for another one is refused. */
  @Column({ name: 'target_id', type: 'text' })
  targetId: string;

  /** The first answer's body (a ShoppingListItemResponse), replayed as it was. */
  @Column({ type: 'simple-json' })
  response: unknown;

  @Column({ name: 'created_by', type: 'text', nullable: true })
  createdBy: string | null;

  @Column({ name: 'created_at', type: 'text' })
  createdAt: string;
}
