import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { checkBarcode, type Locale } from '@hinv/shared';
import type { EntityManager } from 'typeorm';
import { ApiException } from '../../common/errors/api-exception.js';
import { RequestValidationException } from '../../common/errors/validation.js';
import { ISSUE_TEXTS } from '../../common/errors/validation-messages.js';
import { Database } from '../../database/database.js';
import { CatalogService } from '../catalog/catalog.service.js';
import type { CatalogProductCreateInput } from '../catalog/dto/catalog.dto.js';
import { parsePackageQuantity } from '../catalog/package-quantity.js';
import { ProductEntity } from '../catalog/product.entity.js';
import { ExternalRefsService } from '../open-food-facts/external-refs.service.js';
import { OpenFoodFactsClient, offFailureText } from '../open-food-facts/open-food-facts.client.js';
import type { ProductCandidateConfirmInput, ProductCandidateResponse, ProductCandidateSearchResponse } from './dto/product-candidates.dto.js';
import type { ReceiptResponse } from './dto/receipts.dto.js';
import { readHit, scoreCandidate, selectCandidates, type ScoredCandidate } from './product-candidates.js';
import { ReceiptItemEntity } from './receipt-item.entity.js';
import { ReceiptMappingService } from './receipt-mapping.service.js';
import { ReceiptReconcileService } from './receipt-reconcile.service.js';
import { ReceiptEntity } from './receipt.entity.js';
import { ReceiptsService } from './receipts.service.js';

/** A confirmed candidate is looked up in the cache for up to ten years (the reference's bound). */
const CONFIRM_MAX_AGE_DAYS = 3650;

/** What a cached candidate search holds. */
interface CachedSearch {
  candidates: ScoredCandidate[];
}

/**
 * Real products for a receipt line, from the Open Food Facts search (never assigned by
 * themselves), and the two ways a line gets a new catalog product: confirming a candidate, or
 * creating one from the line. Both map the line as a manual mapping does and reconcile.
 */
@Injectable()
export class ReceiptCandidatesService {
  constructor(
    private readonly database: Database,
    private readonly catalog: CatalogService,
    private readonly openFoodFacts: OpenFoodFactsClient,
    private readonly externalRefs: ExternalRefsService,
    private readonly mapping: ReceiptMappingService,
    private readonly reconciler: ReceiptReconcileService,
    private readonly receipts: ReceiptsService,
  ) {}

  async candidates(receiptId: string, itemId: string, limit: number, locale: Locale): Promise<ProductCandidateSearchResponse> {
    const receipt = await this.database.manager.findOneBy(ReceiptEntity, { id: receiptId });
    if (!receipt) throw new ApiException(404, 'receipt_not_found');
    const item = await this.database.manager.findOneBy(ReceiptItemEntity, { id: itemId, receiptId });
    if (!item) throw new ApiException(404, 'receipt_item_not_found');
    const query = item.normalizedName?.trim() || item.rawName.trim();
    // No AI model re-ranks candidates here, so the provider part of the reference's key is fixed.
    const key = createHash('sha256')
      .update(JSON.stringify({ query, store_name: receipt.storeName, unit_price: item.unitPrice, provider_type: null, provider_model: null }))
      .digest('hex');

    const warnings: string[] = [];
    let scored: ScoredCandidate[];
    const cached = (await this.externalRefs.freshSearch(key)) as CachedSearch | null;
    if (cached) {
      scored = cached.candidates;
    } else {
      scored = [];
      const result = await this.openFoodFacts.search(query);
      if (result.kind === 'error') {
        warnings.push(offFailureText(result, locale));
      } else {
        const { WRatio } = await import('fuzzball');
        const line = { query, names: [item.rawName, item.normalizedName ?? ''], storeName: receipt.storeName };
        const seen = new Set<string>();
        for (const hit of result.hits) {
          const read = readHit(hit, this.openFoodFacts.baseUrl);
          if (!read || seen.has(read.code)) continue;
          seen.add(read.code);
          const candidate = scoreCandidate(line, read, WRatio);
          if (candidate) scored.push(candidate);
        }
        scored.sort((a, b) => b.score - a.score);
      }
      await this.database.write(async (manager) => {
        // Each candidate is what the scanner would have read for its barcode: the same cache.
        for (const candidate of scored) await this.externalRefs.store(manager, candidate.barcode, { kind: 'hit', suggestion: candidate.suggestion });
        // A failed search is not an answer; an empty clean one is.
        if (warnings.length === 0 || scored.length > 0) await this.externalRefs.storeSearch(manager, key, scored.length > 0, { candidates: scored } satisfies CachedSearch);
      });
    }

    const selected = selectCandidates(scored, limit);
    const local = await this.catalog.findByBarcodes(this.database.manager, selected.map((candidate) => candidate.barcode));
    return {
      query,
      store_name: receipt.storeName,
      receipt_unit_price: item.unitPrice,
      currency: receipt.currency,
      source: 'open_facts',
      cached: cached !== null,
      ai_ranked: false,
      candidates: selected.map((candidate) => toCandidateResponse(candidate, local.get(candidate.barcode)?.product ?? null)),
      warnings,
    };
  }

  /**
   * Confirms a cached candidate for a line: the product given, else the one holding the barcode,
   * else a new one; a variant of the same brand and package is reused, else created; the barcode
   * goes on it; the line is mapped and the open lines reconciled.
   */
  async confirm(receiptId: string, itemId: string, input: ProductCandidateConfirmInput): Promise<ReceiptResponse> {
    await this.database.write(async (manager) => {
      const { receipt, item } = await this.mapping.openLine(manager, receiptId, itemId);
      const code = checkBarcode(input.external_id);
      const record = code.valid ? await this.externalRefs.record(manager, code.code, CONFIRM_MAX_AGE_DAYS) : null;
      if (!code.valid || !record?.suggestion) throw new ApiException(409, 'candidate_not_cached');
      const suggestion = record.suggestion;
      const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
      const imageUrl = text(suggestion.image_url);
      const parsed = parsePackageQuantity(suggestion.quantity);
      const variantFields = { brand: text(suggestion.brand), package_amount: parsed?.amount ?? null, package_unit: parsed?.unit ?? null, image_url: imageUrl };

      const product = await this.productFor(manager, input, code.code, text(suggestion.name), variantFields);
      const variant = await this.catalog.variantForRecord(manager, product, { code: code.code, symbology: code.symbology }, variantFields);
      if (!product.imageUrl && imageUrl) await manager.update(ProductEntity, { id: product.id }, { imageUrl });
      await this.externalRefs.link(manager, code.code, product.id, variant.id);
      await this.mapping.mapLine(manager, receipt, item, product, variant.id, input.remember !== false);
      await this.reconciler.reconcile(manager, { except: item.id });
    });
    return this.receipts.detail(receiptId);
  }

  /** Creates a catalog product from the line (as `POST /catalog/products`) and maps the line to it. */
  async createProduct(receiptId: string, itemId: string, input: CatalogProductCreateInput): Promise<ReceiptResponse> {
    await this.database.write(async (manager) => {
      const { receipt, item } = await this.mapping.openLine(manager, receiptId, itemId);
      const { product, variant } = await this.catalog.createIn(manager, input);
      await this.mapping.mapLine(manager, receipt, item, product, variant?.id ?? null, input.remember !== false);
      await this.reconciler.reconcile(manager, { except: item.id });
    });
    return this.receipts.detail(receiptId);
  }

  private async productFor(
    manager: EntityManager,
    input: ProductCandidateConfirmInput,
    code: string,
    candidateName: string | null,
    variant: { brand: string | null; package_amount: number | null; package_unit: string | null; image_url: string | null },
  ): Promise<ProductEntity> {
    if (input.product_id) {
      const product = await manager.findOneBy(ProductEntity, { id: input.product_id, active: true });
      if (!product) throw new ApiException(404, 'product_not_found');
      return product;
    }
    const holder = await this.catalog.findByBarcode(manager, code);
    if (holder) return holder.product;
    const name = input.name?.trim() || candidateName;
    const missing = [
      !name && { loc: ['body', 'name'], text: ISSUE_TEXTS.candidate_needs_name, type: 'missing' },
      !input.location_id && !input.new_location_name?.trim() && { loc: ['body', 'location_id'], text: ISSUE_TEXTS.needs_location, type: 'missing' },
      !input.quantity_unit_id &&
        !input.new_quantity_unit_name?.trim() && { loc: ['body', 'quantity_unit_id'], text: ISSUE_TEXTS.needs_unit, type: 'missing' },
    ].filter((problem) => problem !== false);
    if (missing.length > 0 || !name) throw new RequestValidationException(missing);
    const created = await this.catalog.createIn(
      manager,
      {
        name,
        location_id: input.location_id,
        new_location_name: input.new_location_name,
        new_location_is_freezer: input.new_location_is_freezer,
        quantity_unit_id: input.quantity_unit_id,
        new_quantity_unit_name: input.new_quantity_unit_name,
        product_group_id: input.product_group_id,
        new_product_group_name: input.new_product_group_name,
        default_best_before_days: input.default_best_before_days ?? 0,
      },
      variant,
    );
    return created.product;
  }
}

function toCandidateResponse(candidate: ScoredCandidate, local: ProductEntity | null): ProductCandidateResponse {
  return {
    external_id: candidate.barcode,
    barcode: candidate.barcode,
    name: candidate.name,
    brand: candidate.brand,
    quantity: candidate.quantity,
    image_url: candidate.image_url,
    source: 'open_facts',
    source_label: 'Open Food Facts',
    source_url: candidate.source_url,
    attribution: candidate.attribution,
    database_license: candidate.database_license,
    image_license: candidate.image_license,
    score: candidate.score,
    store_match: candidate.store_match,
    stores: candidate.stores,
    evidence: candidate.evidence,
    local_product_id: local?.id ?? null,
    local_product_name: local?.name ?? null,
    ai_confidence: null,
    ai_reason: null,
  };
}
