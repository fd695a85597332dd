import { Column, Entity, PrimaryColumn } from 'typeorm';

export type ExternalRefSource = 'open_facts' | 'product_candidate_search_v1';

/**
 * What an outside product database said about a code, kept so the household does not ask again:
 * hits for 30 days, misses (`found = false`) for 24 hours. Candidate searches for receipt lines
 * are kept here too, for 30 days, under a hash of what was asked.
 */
@Entity({ name: 'catalog_external_refs' })
export class ExternalRefEntity {
  /** `open_facts`: a product read by barcode; `product_candidate_search_v1`: a receipt line's candidate search. */
  @PrimaryColumn({ type: 'text' })
  source: ExternalRefSource;

  /** The barcode as asked, or the search's cache key. */
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
