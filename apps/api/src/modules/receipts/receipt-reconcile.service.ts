import { Injectable } from '@nestjs/common';
import { checkBarcode } from '@hinv/shared';
import type { EntityManager } from 'typeorm';
import { Clock } from '../../common/clock.js';
import { CatalogService } from '../catalog/catalog.service.js';
import { ProductEntity } from '../catalog/product.entity.js';
import { ReceiptItemEntity, type MatchEvidence, type MatchReason, type MatchStatus } from './receipt-item.entity.js';
import { NameIndex } from './name-index.js';
import { canonicalReceiptKey } from './receipt-keys.js';

export interface ReconcileCounts {
  /** Open lines looked at. */
  scanned: number;
  /** Lines now mapped to a product. */
  resolved: number;
  /** Lines left open that carry a catalog suggestion. */
  suggested: number;
}

/** Below this WRatio a similar name is not even worth suggesting. */
const SUGGESTION_MIN_SCORE = 90;
const EVIDENCE_SOURCE = 'catalog';

type CatalogProduct = Pick<ProductEntity, 'id' | 'name' | 'normalizedName'>;
type Similarity = (typeof import('fuzzball'))['WRatio'];

type Outcome =
  | { kind: 'mapped'; product: CatalogProduct; variantId: string | null; status: MatchStatus; reason: MatchReason }
  | { kind: 'suggested'; product: CatalogProduct; score: number };

/**
 * Matches open receipt lines (no product, not imported) against the local catalog again, e.g.
 * after a scan created a product or a barcode. Only the local catalog is asked, never anything
 * outside the box, and it runs inside the caller's write so it sees what that write created.
 */
@Injectable()
export class ReceiptReconcileService {
  constructor(
    private readonly catalog: CatalogService,
    private readonly clock: Clock,
  ) {}

  async reconcile(manager: EntityManager): Promise<ReconcileCounts> {
    // Literal values, not parameters: SQLite only uses the partial index idx_receipt_items_open
    // when the query's WHERE visibly implies the index's WHERE.
    const lines = await manager
      .createQueryBuilder(ReceiptItemEntity, 'item')
      .where('item.imported = 0 AND item.productId IS NULL')
      .orderBy('item.receiptId')
      .addOrderBy('item.position')
      .getMany();
    const counts: ReconcileCounts = { scanned: lines.length, resolved: 0, suggested: 0 };
    if (lines.length === 0) return counts;

    const products: CatalogProduct[] = await manager.find(ProductEntity, {
      select: { id: true, name: true, normalizedName: true },
      where: { active: true },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
    const byName = new Map<string, CatalogProduct>();
    for (const product of products) if (!byName.has(product.normalizedName)) byName.set(product.normalizedName, product);
    const similarNames = new NameIndex(products, (product) => product.normalizedName);
    const byBarcode = await this.catalog.findByBarcodes(manager, lines.map(lineCode).filter((code): code is string => code !== null));
    // Loaded on the first open line, not at start: without receipts the matcher is never needed.
    const { WRatio } = await import('fuzzball');

    const now = this.clock.now().toISOString();
    for (const line of lines) {
      const outcome = this.match(line, byBarcode, byName, similarNames, WRatio);
      if (!outcome) continue;
      if (outcome.kind === 'mapped') {
        counts.resolved += 1;
        await manager.update(ReceiptItemEntity, { id: line.id }, {
          productId: outcome.product.id,
          variantId: outcome.variantId,
          matchStatus: outcome.status,
          matchReason: outcome.reason,
          matchScore: 100,
          matchEvidence: withCatalogEvidence(line, { source: EVIDENCE_SOURCE, label: outcome.product.name, confidence: 1, automatic: true }),
          suggestedProductId: null,
          suggestedProductScore: null,
          updatedAt: now,
        });
        continue;
      }
      counts.suggested += 1;
      const unchanged = line.matchStatus === 'suggested' && line.suggestedProductId === outcome.product.id && line.suggestedProductScore === outcome.score;
      if (unchanged) continue;
      await manager.update(ReceiptItemEntity, { id: line.id }, {
        matchStatus: 'suggested',
        matchReason: 'fuzzy_name',
        matchScore: outcome.score,
        matchEvidence: withCatalogEvidence(line, { source: EVIDENCE_SOURCE, label: outcome.product.name, confidence: outcome.score / 100, automatic: false }),
        suggestedProductId: outcome.product.id,
        suggestedProductScore: outcome.score,
        updatedAt: now,
      });
    }
    return counts;
  }

  /**
   * The local matching order. A line nothing matches keeps what it had: reconcile only ever
   * improves a line and never drops what the analysis proposed.
   */
  private match(
    line: ReceiptItemEntity,
    byBarcode: Awaited<ReturnType<CatalogService['findByBarcodes']>>,
    byName: Map<string, CatalogProduct>,
    similarNames: NameIndex<CatalogProduct>,
    similarity: Similarity,
  ): Outcome | null {
    const code = lineCode(line);
    const holder = code === null ? undefined : byBarcode.get(code);
    if (holder) return { kind: 'mapped', product: holder.product, variantId: holder.variant.id, status: 'barcode', reason: 'barcode' };
    // Learned store mappings and confirmed aliases come second and third; their tables arrive with receipt analysis.
    const keys = [...new Set([line.normalizedName, line.rawName].filter((name): name is string => Boolean(name)).map(canonicalReceiptKey))].filter(Boolean);
    for (const key of keys) {
      const product = byName.get(key);
      if (product) return { kind: 'mapped', product, variantId: null, status: 'exact', reason: 'exact_name' };
    }
    let best: { product: CatalogProduct; score: number } | null = null;
    for (const key of keys) {
      for (const product of similarNames.candidates(key)) {
        const score = similarity(key, product.normalizedName);
        if (score >= SUGGESTION_MIN_SCORE && score > (best?.score ?? 0)) best = { product, score };
      }
    }
    return best && { kind: 'suggested', ...best };
  }
}

/** The line's barcode as scanning normalises it, or null when it has none or an invalid one. */
function lineCode(line: ReceiptItemEntity): string | null {
  const check = line.barcode ? checkBarcode(line.barcode) : null;
  return check?.valid ? check.code : null;
}

/** The line's evidence with this service's earlier entry replaced; what the analysis recorded stays. */
function withCatalogEvidence(line: ReceiptItemEntity, entry: MatchEvidence): MatchEvidence[] {
  return [...(line.matchEvidence ?? []).filter((evidence) => evidence.source !== EVIDENCE_SOURCE), entry];
}
