import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * What an outside product database said about a code, kept so the household does not ask again:
 * hits for 30 days, misses (`found = false`) for 24 hours.
 */
@Entity({ name: 'catalog_external_refs' })
export class ExternalRefEntity {
  @PrimaryColumn({ type: 'text' })
  source: 'open_facts';

  /** The barcode as asked. */
  @PrimaryColumn({ name: 'external_id', type: 'text' })
  externalId: string;

  @Column({ type: 'boolean' })
  found: boolean;

  @Column({ type: 'simple-json', nullable: true })
  suggestion: Record<string, unknown> | null;

  @Column({ name: 'product_id', type: 'text', nullable: true })
  productId: string | null;

  @Column({ name: 'variant_id', type: 'text', nullable: true })
  variantId: string | null;

  @Column({ name: 'fetched_at', type: 'text' })
  fetchedAt: string;
}
