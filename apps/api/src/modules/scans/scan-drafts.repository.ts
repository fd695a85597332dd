import { Injectable } from '@nestjs/common';
import type { Statement } from 'better-sqlite3';
import { boundText } from '../../database/bound-text.js';
import { CommittedReads } from '../../database/committed-reads.js';
import { Database } from '../../database/database.js';
import type { ScanDraftEntity } from './scan-draft.entity.js';
import type { DraftContext } from './scan.mapper.js';

interface DraftRow {
  id: string;
  barcode_raw: string;
  barcode_normalized: string;
  symbology: ScanDraftEntity['symbology'];
  mode: ScanDraftEntity['mode'];
  status: ScanDraftEntity['status'];
  resolution_source: ScanDraftEntity['resolutionSource'];
  product_id: string | null;
  variant_id: string | null;
  suggestion: string | null;
  upstream_error: string | null;
  resolve_key: string | null;
  confirm_key: string | null;
  action_result: string | null;
  created_by: string | null;
  station_name: string | null;
  created_at: string;
  updated_at: string;
}

/** The draft a resolve request's idempotency key made, if any. */
export const RESOLVE_KEY_SQL = 'SELECT * FROM scan_drafts WHERE resolve_key = ?';

/** The product and variant a known barcode belongs to. */
export const LOCAL_HIT_SQL = `
  SELECT p.id AS product_id, v.id AS variant_id FROM product_barcodes b
  JOIN product_variants v ON v.id = b.variant_id JOIN products p ON p.id = v.product_id
  WHERE b.barcode = ${boundText()} AND p.active = 1`;

/** What the review of a resolved draft shows about its product. */
export const CONTEXT_SQL = `
  SELECT p.name AS product_name, p.image_url AS product_image_url,
         p.default_location_id, loc.name AS default_location_name, p.default_quantity_unit_id, u.name AS default_quantity_unit_name,
         v.name AS variant_name, v.brand, v.package_amount, v.package_unit,
         (SELECT ROUND(COALESCE(SUM(l.quantity), 0), 6) FROM stock_lots l WHERE l.product_id = p.id AND l.quantity > 0) AS stock_quantity
  FROM products p
  LEFT JOIN product_variants v ON v.id = ${boundText('variantId')}
  LEFT JOIN locations loc ON loc.id = p.default_location_id
  LEFT JOIN quantity_units u ON u.id = p.default_quantity_unit_id
  WHERE p.id = ${boundText('productId')}`;

const json = (value: string | null): Record<string, unknown> | null => (value === null ? null : (JSON.parse(value) as Record<string, unknown>));
const jsonText = (value: Record<string, unknown> | null): string | null => (value === null ? null : JSON.stringify(value));

/**
 * A new draft's columns and values, bound by position: every scan inserts one, and binding 18
 * named parameters from an object cost more than the insert itself.
 */
const INSERT_COLUMNS: readonly [column: string, value: (draft: ScanDraftEntity) => unknown][] = [
  ['id', (draft) => draft.id],
  ['barcode_raw', (draft) => draft.barcodeRaw],
  ['barcode_normalized', (draft) => draft.barcodeNormalized],
  ['symbology', (draft) => draft.symbology],
  ['mode', (draft) => draft.mode],
  ['status', (draft) => draft.status],
  ['resolution_source', (draft) => draft.resolutionSource],
  ['product_id', (draft) => draft.productId],
  ['variant_id', (draft) => draft.variantId],
  ['suggestion', (draft) => jsonText(draft.suggestion)],
  ['upstream_error', (draft) => draft.upstreamError],
  ['resolve_key', (draft) => draft.resolveKey],
  ['confirm_key', (draft) => draft.confirmKey],
  ['action_result', (draft) => jsonText(draft.actionResult)],
  ['created_by', (draft) => draft.createdBy],
  ['station_name', (draft) => draft.stationName],
  ['created_at', (draft) => draft.createdAt],
  ['updated_at', (draft) => draft.updatedAt],
];

function toEntity(row: DraftRow): ScanDraftEntity {
  return {
    id: row.id,
    barcodeRaw: row.barcode_raw,
    barcodeNormalized: row.barcode_normalized,
    symbology: row.symbology,
    mode: row.mode,
    status: row.status,
    resolutionSource: row.resolution_source,
    productId: row.product_id,
    variantId: row.variant_id,
    suggestion: json(row.suggestion),
    upstreamError: row.upstream_error,
    resolveKey: row.resolve_key,
    confirmKey: row.confirm_key,
    actionResult: json(row.action_result),
    createdBy: row.created_by,
    stationName: row.station_name,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/**
 * The queries a scanner station makes on every scan, as prepared statements: the resolve hot
 * path (key replay, local barcode hit, new draft, the review context) skips TypeORM's query
 * building, which cost more than the work itself. Inserts, and the key replay that decides them,
 * run inside `Database.write()`.
 */
@Injectable()
export class ScanDraftsRepository {
  private statements?: {
    byResolveKey: Statement<[string], DraftRow>;
    localHit: Statement<[string], { product_id: string; variant_id: string }>;
    insert: Statement<[unknown[]]>;
    context: Statement<[{ productId: string; variantId: string | null }], DraftContext>;
  };

  /** Every scan of a known code reads these two; a station scans the same few codes in a row. */
  private readonly localHits: CommittedReads<{ productId: string; variantId: string } | null>;
  private readonly contexts: CommittedReads<DraftContext | undefined>;

  constructor(private readonly database: Database) {
    this.localHits = new CommittedReads(database, { maxEntries: 256 });
    this.contexts = new CommittedReads(database, { maxEntries: 256 });
  }

  private get sql() {
    const db = this.database.sqlite;
    this.statements ??= {
      byResolveKey: db.prepare(RESOLVE_KEY_SQL),
      localHit: db.prepare(LOCAL_HIT_SQL),
      insert: db.prepare(`INSERT INTO scan_drafts (${INSERT_COLUMNS.map(([column]) => column).join(', ')}) VALUES (${INSERT_COLUMNS.map(() => '?').join(', ')})`),
      context: db.prepare(CONTEXT_SQL),
    };
    return this.statements;
  }

  /** Must run inside `Database.write()`: outside it, this also sees drafts that are not committed yet. */
  byResolveKey(key: string): ScanDraftEntity | null {
    const row = this.sql.byResolveKey.get(key);
    return row ? toEntity(row) : null;
  }

  localHit(code: string): { productId: string; variantId: string } | null {
    return this.localHits.get(code, () => {
      const row = this.sql.localHit.get(code);
      return row ? { productId: row.product_id, variantId: row.variant_id } : null;
    });
  }

  /** Must run inside `Database.write()`. */
  insert(draft: ScanDraftEntity): ScanDraftEntity {
    this.sql.insert.run(INSERT_COLUMNS.map(([, value]) => value(draft)));
    return draft;
  }

  context(productId: string, variantId: string | null): DraftContext | undefined {
    return this.contexts.get(`${productId} ${variantId ?? ''}`, () => this.sql.context.get({ productId, variantId }));
  }
}
