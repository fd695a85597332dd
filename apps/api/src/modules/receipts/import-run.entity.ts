import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { ReceiptEntity } from './receipt.entity.js';

/** What one line of an import run came to; `grocy` says whether its purchase went to Grocy. */
export interface ImportRunDetail {
  item_id: string;
  ok: boolean;
  grocy: 'skipped' | 'exported' | 'failed';
  lot_id?: string;
  error?: string;
  /** Grocy's reason when the export failed (at most 500 characters, never the key). */
  grocy_error?: string;
}

/**
 * One `POST /receipts/{id}/import`: which lines it took and how each one went. Written in the same
 * transaction as the lots and movements it created, so a run on record is a run in stock.
 */
@Entity({ name: 'import_runs' })
@Index('idx_import_runs_receipt', ['receiptId', 'createdAt'])
export class ImportRunEntity {
  @PrimaryColumn({ type: 'text' })
  id: string;

  @Column({ name: 'receipt_id', type: 'text' })
  receiptId: string;

  @ManyToOne(() => ReceiptEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'receipt_id' })
  receipt?: Relation<ReceiptEntity>;

  /** The member who started it. */
  @Column({ name: 'user_id', type: 'text', nullable: true })
  userId: string | null;

  @Column({ type: 'integer' })
  requested: number;

  @Column({ type: 'integer' })
  imported: number;

  @Column({ type: 'integer' })
  failed: number;

  @Column({ name: 'grocy_exported', type: 'integer', default: 0 })
  grocyExported: number;

  @Column({ name: 'grocy_failed', type: 'integer', default: 0 })
  grocyFailed: number;

  @Column({ type: 'simple-json' })
  details: ImportRunDetail[];

  @Column({ name: 'created_at', type: 'text' })
  createdAt: string;
}
