import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { Symbology } from '@hinv/shared';

export const SCAN_MODES = ['identify', 'add', 'consume', 'open', 'shopping'] as const;
export type ScanMode = (typeof SCAN_MODES)[number];
export const SCAN_STATUSES = ['resolved', 'unresolved', 'confirmed', 'discarded'] as const;
export type ScanStatus = (typeof SCAN_STATUSES)[number];
export const RESOLUTION_SOURCES = ['local', 'cache', 'open_facts', 'unresolved'] as const;
export type ResolutionSource = (typeof RESOLUTION_SOURCES)[number];

/**
 * A scanned code waiting for review. Nothing changes stock or the list until it is confirmed.
 *
 * Every scan inserts a row, so the indexes hold only what a query looks for: the keys only where
 * set (a key is unique where it is set; most scans come without one, and a new draft never has a
 * confirmation key), the code only of unresolved drafts (the one query by code looks for the
 * unresolved draft to reuse). A local hit then touches the table, its primary key and the inbox.
 */
@Entity({ name: 'scan_drafts' })
@Index('idx_scan_drafts_inbox', ['status', 'updatedAt'])
@Index('idx_scan_drafts_unresolved_code', ['barcodeNormalized', 'mode', 'updatedAt'], { where: `"status" = 'unresolved'` })
export class ScanDraftEntity {
  @PrimaryColumn({ type: 'text' })
  id: string;

  @Column({ name: 'barcode_raw', type: 'text' })
  barcodeRaw: string;

  @Column({ name: 'barcode_normalized', type: 'text' })
  barcodeNormalized: string;

  @Column({ type: 'text' })
  symbology: Symbology;

  @Column({ type: 'text' })
  mode: ScanMode;

  @Column({ type: 'text' })
  status: ScanStatus;

  @Column({ name: 'resolution_source', type: 'text' })
  resolutionSource: ResolutionSource;

  @Column({ name: 'product_id', type: 'text', nullable: true })
  productId: string | null;

  @Column({ name: 'variant_id', type: 'text', nullable: true })
  variantId: string | null;

  /** Editable suggestion from Open Food Facts (or edits of the household), as JSON. */
  @Column({ type: 'simple-json', nullable: true })
  suggestion: Record<string, unknown> | null;

  @Column({ name: 'upstream_error', type: 'text', nullable: true })
  upstreamError: string | null;

  /** Idempotency key of the resolve request; unique across all drafts. */
  @Index('idx_scan_drafts_resolve_key', { unique: true, where: '"resolve_key" IS NOT NULL' })
  @Column({ name: 'resolve_key', type: 'text', nullable: true })
  resolveKey: string | null;

  /** Idempotency key of the confirmation; unique across all drafts. */
  @Index('idx_scan_drafts_confirm_key', { unique: true, where: '"confirm_key" IS NOT NULL' })
  @Column({ name: 'confirm_key', type: 'text', nullable: true })
  confirmKey: string | null;

  @Column({ name: 'action_result', type: 'simple-json', nullable: true })
  actionResult: Record<string, unknown> | null;

  @Column({ name: 'created_by', type: 'text', nullable: true })
  createdBy: string | null;

  /** The name of the automation token (a scanner station) the scan came with, as it was then; null from a browser. */
  @Column({ name: 'station_name', type: 'text', nullable: true })
  stationName: string | null;

  @Column({ name: 'created_at', type: 'text' })
  createdAt: string;

  @Column({ name: 'updated_at', type: 'text' })
  updatedAt: string;
}
