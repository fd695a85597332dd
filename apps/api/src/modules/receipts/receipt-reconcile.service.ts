import { Injectable } from '@nestjs/common';
import { checkBarcode } from '@hinv/shared';
import { Clock } from '../../common/clock.js';
import { CatalogService } from '../catalog/catalog.service.js';
import { ProductEntity } from '../catalog/product.entity.js';
import { In, type EntityManager as EntityManager } from 'typeorm';
import { ProductAliasEntity } from './product-alias.entity.js';
import { ReceiptItemEntity, type MatchEvidence, type MatchStatus } from './receipt-item.entity.js';
import { isMatchEvidence, matchEvidence, type EvidenceReason } from './match-evidence.js';
import { ReceiptStoreMappingEntity } from './receipt-store-mapping.entity.js';
import { ReceiptEntity } from './receipt.entity.js';
import { NameIndex } from './name-index.js';
import { canonicalReceiptKey, retailerKey } from './receipt-keys.js';

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

type CatalogProduct = Pick<ProductEntity, 'id' | 'name' | 'normalizedName'>;
type Similarity = (typeof import('fuzzball'))['WRatio'];

/** What people taught the matcher, for the keys of the lines at hand. */
interface Learned {
  /** Store mapping by `retailer_key` + NUL + `line_key`, active products only. */
  mappings: Map<string, { product: CatalogProduct; variantId: string | null }>;
  /** Confirmed alias key → the active products it names. */
  aliases: Map<string, Map<string, CatalogProduct>>;
  /** Receipt id → its store's retailer key. */
  stores: Map<string, string>;
}

type Outcome =
  | { kind: 'mapped'; product: CatalogProduct; variantId: string | null; status: MatchStatus; reason: EvidenceReason }
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

  /**
   * Matches every open line again. `except` leaves one line alone: a line just unmapped by hand
   * must not be mapped straight back by what it taught. `receipt` keeps to one receipt's lines: a
   * correction of one receipt changes what its own lines match, not anyone else's.
   */
  async reconcile(manager: EntityManager, options: { except?: string; receipt?: string } = {}): Promise<ReconcileCounts> {
    // Literal values, not parameters: SQLite only uses the partial index idx_receipt_items_open
    // when the query's WHERE visibly implies the index's WHERE.
    const query = manager.createQueryBuilder(ReceiptItemEntity, 'item').where('item.imported = 0 AND item.productId IS NULL');
    if (options.receipt !== undefined) query.andWhere('item.receiptId = :receipt', { receipt: options.receipt });
    const lines = await query
      .orderBy('item.receiptId')
      .addOrderBy('item.position')
      .getMany()
      .then((found) => found.filter((line) => line.id !== options.except));
    const counts: ReconcileCounts = { scanned: lines.length, resolved: 0, suggested: 0 };
    if (lines.length === 0) return counts;

    const products: CatalogProduct[] = await manager.find(ProductEntity, {
      select: { id: true, name: true, normalizedName: true },
      where: { active: true },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
    const byName = new Map<string, CatalogProduct>();
    for (const product of products) if (!byName.has(product.normalizedName)) byName.set(product.normalizedName, product);
    const byBarcode = await this.catalog.findByBarcodes(manager, lines.map(lineCode).filter((code): code is string => code !== null));
    const learned = await this.learned(manager, lines);
    // Loaded on the first open line, not at start: without receipts the matcher is never needed.
    const { WRatio, full_process: fullProcess } = await import('fuzzball');
    // The index cleans names exactly as WRatio does (its defaults), so its length rules are WRatio's.
    const similarNames = new NameIndex(products, (product) => product.normalizedName, (name) => fullProcess(name, { force_ascii: false, collapseWhitespace: true }));

    const now = this.clock.now().toISOString();
    for (const line of lines) {
      const outcome = this.match(line, byBarcode, learned, byName, similarNames, WRatio);
      if (!outcome) continue;
      if (outcome.kind === 'mapped') {
        counts.resolved += 1;
        await manager.update(ReceiptItemEntity, { id: line.id }, {
          productId: outcome.product.id,
          variantId: outcome.variantId,
          matchStatus: outcome.status,
          matchReason: outcome.reason,
          matchScore: 100,
          matchEvidence: withMatchEvidence(line, matchEvidence(outcome.reason, 1, true)),
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
        matchEvidence: withMatchEvidence(line, matchEvidence('fuzzy_name', outcome.score / 100, false)),
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
    learned: Learned,
    byName: Map<string, CatalogProduct>,
    similarNames: NameIndex<CatalogProduct>,
    similarity: Similarity,
  ): Outcome | null {
    const code = lineCode(line);
    const holder = code === null ? undefined : byBarcode.get(code);
    if (holder) return { kind: 'mapped', product: holder.product, variantId: holder.variant.id, status: 'barcode', reason: 'barcode' };
    const keys = lineKeys(line);
    // A mapping learned at this store wins over one learned for receipts without a store (`*`).
    const store = learned.stores.get(line.receiptId) ?? '*';
    for (const retailer of store === '*' ? ['*'] : [store, '*']) {
      for (const key of keys) {
        const mapping = learned.mappings.get(mappingId(retailer, key));
        if (mapping) return { kind: 'mapped', product: mapping.product, variantId: mapping.variantId, status: 'learned', reason: 'learned_store' };
      }
    }
    const aliased = new Map<string, CatalogProduct>();
    for (const key of keys) for (const [id, product] of learned.aliases.get(key) ?? []) aliased.set(id, product);
    // A name confirmed for two products says nothing about which one this line is.
    if (aliased.size === 1) {
      const [product] = aliased.values();
      return { kind: 'mapped', product, variantId: null, status: 'alias', reason: 'confirmed_alias' };
    }
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

  /**
   * The store mappings and confirmed aliases for these lines' keys, pointing at active products.
   */
  private async learned(manager: EntityManager, lines: readonly ReceiptItemEntity[]): Promise<Learned> {
    const keys = [...new Set(lines.flatMap(lineKeys))];
    const receipts = await manager.find(ReceiptEntity, { select: { id: true, storeName: true }, where: { id: In([...new Set(lines.map((line) => line.receiptId))]) } });
    const stores = new Map(receipts.map((receipt) => [receipt.id, retailerKey(receipt.storeName)]));
    const learned: Learned = { mappings: new Map(), aliases: new Map(), stores };
    if (keys.length === 0) return learned;
    const mappings = await manager.find(ReceiptStoreMappingEntity, {
      where: { lineKey: In(keys), retailerKey: In([...new Set([...stores.values(), '*'])]), product: { active: true } },
      relations: { product: true },
    });
    for (const mapping of mappings) {
      if (mapping.product) learned.mappings.set(mappingId(mapping.retailerKey, mapping.lineKey), { product: mapping.product, variantId: mapping.variantId });
    }
    const aliases = await manager.find(ProductAliasEntity, { where: { aliasKey: In(keys), product: { active: true } }, relations: { product: true } });
    for (const alias of aliases) {
      if (!alias.product) continue;
      const named = learned.aliases.get(alias.aliasKey) ?? new Map<string, CatalogProduct>();
      named.set(alias.productId, alias.product);
      learned.aliases.set(alias.aliasKey, named);
    }
    return learned;
  }
}

/** The keys a line is known by: its analysed name's and its printed name's. */
export function lineKeys(line: Pick<ReceiptItemEntity, 'rawName' | 'normalizedName'>): string[] {
  return [...new Set([line.normalizedName, line.rawName].filter((name): name is string => Boolean(name)).map(canonicalReceiptKey))].filter(Boolean);
}

function mappingId(retailer: string, key: string): string {
  return `${retailer}\u0000${key}`;
}

/** The line's barcode as scanning normalises it, or null when it has none or an invalid one. */
function lineCode(line: ReceiptItemEntity): string | null {
  const check = line.barcode ? checkBarcode(line.barcode) : null;
  return check?.valid ? check.code : null;
}

/** The line's evidence with the earlier match entry replaced; what the analysis recorded stays. */
function withMatchEvidence(line: ReceiptItemEntity, entry: MatchEvidence): MatchEvidence[] {
  return [...(line.matchEvidence ?? []).filter((evidence) => !isMatchEvidence(evidence)), entry];
}
