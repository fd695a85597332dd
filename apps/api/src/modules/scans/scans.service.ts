import { Injectable } from '@nestjs/common';
import { checkBarcode, type BarcodeCheck } from '@hinv/shared';
import { In, IsNull, Not, type EntityManager } from 'typeorm';
import { v7 as timeOrderedId } from 'uuid';
import type { Principal } from '../../common/access/principal.js';
import { calendarDay, Clock } from '../../common/clock.js';
import { ApiException } from '../../common/errors/api-exception.js';
import { RequestValidationException } from '../../common/errors/validation.js';
import { ISSUE_TEXTS } from '../../common/errors/validation-messages.js';
import { AppConfig } from '../../config/app-config.js';
import { Database } from '../../database/database.js';
import { CatalogService } from '../catalog/catalog.service.js';
import { MasterDataService } from '../catalog/master-data/master-data.service.js';
import { ProductEntity } from '../catalog/product.entity.js';
import { ExternalRefsService } from '../open-food-facts/external-refs.service.js';
import { OpenFoodFactsClient, offFailureTexts } from '../open-food-facts/open-food-facts.client.js';
import { ReceiptReconcileService } from '../receipts/receipt-reconcile.service.js';
import { ShoppingService } from '../shopping/shopping.service.js';
import { StockService } from '../stock/stock.service.js';
import type { BarcodeLookupResponse, ScanConfirmInput, ScanResolveInput, ScanResponse, ScanUpdateInput } from './dto/scan.dto.js';
import { ScanDraftEntity, type ResolutionSource, type ScanMode } from './scan-draft.entity.js';
import { ScanDraftsRepository } from './scan-drafts.repository.js';
import { parsePackageQuantity } from '../catalog/package-quantity.js';
import { toScanResponse } from './scan.mapper.js';

type ValidCode = Extract<BarcodeCheck, { valid: true }>;

/** The code as the scanner rules accept it, or a 422 on `body.barcode` (and no draft). */
function validCode(raw: string): ValidCode {
  const check = checkBarcode(raw);
  if (check.valid) return check;
  throw new RequestValidationException([{ loc: ['body', 'barcode'], text: ISSUE_TEXTS[`barcode_${check.reason}`], type: `barcode_${check.reason}` }]);
}

interface DraftFacts {
  source: ResolutionSource;
  /** `{}` when there is nothing to suggest, as the reference sends it. */
  suggestion: Record<string, unknown>;
  upstreamError: string | null;
}

/**
 * Barcode scans become review-only drafts: resolving changes no stock and no list; only a
 * confirmation applies the chosen action, through the stock and shopping services, in one
 * transaction. Resolve and confirm are idempotent by their own `client_mutation_id`.
 */
@Injectable()
export class ScansService {
  constructor(
    private readonly config: AppConfig,
    private readonly database: Database,
    private readonly clock: Clock,
    private readonly catalog: CatalogService,
    private readonly masterData: MasterDataService,
    private readonly stock: StockService,
    private readonly shopping: ShoppingService,
    private readonly openFoodFacts: OpenFoodFactsClient,
    private readonly externalRefs: ExternalRefsService,
    private readonly drafts: ScanDraftsRepository,
    private readonly receiptReconcile: ReceiptReconcileService,
  ) {}

  async resolve(principal: Principal, input: ScanResolveInput): Promise<ScanResponse> {
    const code = validCode(input.barcode);
    const mode = input.mode ?? 'identify';
    const key = input.client_mutation_id ?? null;
    // The key is looked up only inside the write path. Outside it, a read on the one shared
    // connection also sees the uncommitted draft of a unit still running (a device's overlapping
    // syncs send the same key at once): answering with it would let the device drop its queued
    // scan before that draft is durable, and lose it if that unit never commits.
    const local = this.drafts.localHit(code.code);
    if (local) {
      // A local hit always makes a new resolved draft (unless the key was used already).
      const draft = await this.database.write(async () => {
        const replay = key ? this.drafts.byResolveKey(key) : null;
        if (replay) return replay;
        return this.drafts.insert(
          this.newDraft(principal, input.barcode, code, mode, key, { status: 'resolved', source: 'local', ...local, suggestion: {}, upstreamError: null }),
        );
      });
      return this.respond(draft);
    }
    const facts = await this.externalFacts(code);
    const draft = await this.database.write(async (manager) => {
      const replay = key ? await manager.findOneBy(ScanDraftEntity, { resolveKey: key }) : null;
      if (replay) return replay;
      if (facts.store) await this.externalRefs.store(manager, code.code, facts.store);
      return this.reuseOrInsertUnresolved(manager, principal, input.barcode, code, mode, key, facts);
    });
    return this.respond(draft);
  }

  /** Cache first (hits 30 days, misses 24 hours), then Open Food Facts; internal codes never leave the box. */
  private async externalFacts(code: ValidCode): Promise<DraftFacts & { store?: Parameters<ExternalRefsService['store']>[2] }> {
    if (!code.retail) return { source: 'unresolved', suggestion: {}, upstreamError: null };
    const cached = await this.externalRefs.fresh(code.code);
    if (cached) return cached.found ? { source: 'cache', suggestion: cached.suggestion ?? {}, upstreamError: null } : { source: 'unresolved', suggestion: {}, upstreamError: null };
    const result = await this.openFoodFacts.lookup(code.code);
    if (result.kind === 'hit') return { source: 'open_facts', suggestion: result.suggestion, upstreamError: null, store: result };
    if (result.kind === 'miss') return { source: 'unresolved', suggestion: {}, upstreamError: null, store: result };
    return { source: 'unresolved', suggestion: {}, upstreamError: result.message };
  }

  /** The same code scanned again in the same mode while still unresolved updates that draft. */
  private async reuseOrInsertUnresolved(
    manager: EntityManager,
    principal: Principal,
    raw: string,
    code: ValidCode,
    mode: ScanMode,
    key: string | null,
    facts: DraftFacts,
  ): Promise<ScanDraftEntity> {
    const open = await manager.findOne(ScanDraftEntity, { where: { barcodeNormalized: code.code, mode, status: 'unresolved' }, order: { updatedAt: 'DESC' } });
    if (open) {
      Object.assign(open, {
        resolutionSource: facts.source,
        suggestion: facts.suggestion,
        upstreamError: facts.upstreamError,
        resolveKey: open.resolveKey ?? key,
        updatedAt: this.clock.now().toISOString(),
      });
      return manager.save(open);
    }
    return this.drafts.insert(this.newDraft(principal, raw, code, mode, key, { status: 'unresolved', productId: null, variantId: null, ...facts }));
  }

  private newDraft(
    principal: Principal,
    raw: string,
    code: ValidCode,
    mode: ScanMode,
    key: string | null,
    fields: Pick<ScanDraftEntity, 'status' | 'productId' | 'variantId'> & DraftFacts,
  ): ScanDraftEntity {
    const now = this.clock.now().toISOString();
    return {
      // Time-ordered: a new draft's key lands at the end of the primary key's index instead of on
      // a random page of it, so a batch of scans dirties (and syncs) a few pages, not one each.
      id: timeOrderedId(),
      barcodeRaw: raw,
      barcodeNormalized: code.code,
      symbology: code.symbology,
      mode,
      status: fields.status,
      resolutionSource: fields.source,
      productId: fields.productId,
      variantId: fields.variantId,
      suggestion: fields.suggestion,
      upstreamError: fields.upstreamError,
      resolveKey: key,
      confirmKey: null,
      actionResult: null,
      createdBy: principal.userId,
      stationName: principal.stationName ?? null,
      createdAt: now,
      updatedAt: now,
    };
  }

  async get(id: string): Promise<ScanResponse> {
    const draft = await this.database.manager.findOneBy(ScanDraftEntity, { id });
    if (!draft) throw new ApiException(404, 'scan_not_found');
    return this.respond(draft);
  }

  /** Unresolved drafts, most recently touched first (at most 100). */
  async unresolved(): Promise<ScanResponse[]> {
    const drafts = await this.database.manager.find(ScanDraftEntity, { where: { status: 'unresolved' }, order: { updatedAt: 'DESC' }, take: 100 });
    return this.respondMany(drafts);
  }

  /** Station drafts that wait for review (resolved or unresolved), most recently touched first (at most 100). */
  async fromStations(): Promise<ScanResponse[]> {
    const drafts = await this.database.manager.find(ScanDraftEntity, {
      where: { status: In(['resolved', 'unresolved']), stationName: Not(IsNull()) },
      order: { updatedAt: 'DESC' },
      take: 100,
    });
    return this.respondMany(drafts);
  }

  async update(principal: Principal, id: string, given: ScanUpdateInput): Promise<ScanResponse> {
    const input = withoutTokenImage(principal, given);
    const draft = await this.database.write(async (manager) => {
      const draft = await this.openDraft(manager, id);
      if (input.mode) draft.mode = input.mode;
      if (input.product_id) {
        const product = await manager.findOneBy(ProductEntity, { id: input.product_id, active: true });
        if (!product) throw new ApiException(404, 'product_not_found');
        const holder = await this.catalog.findByBarcode(manager, draft.barcodeNormalized);
        Object.assign(draft, { productId: product.id, variantId: holder?.product.id === product.id ? holder.variant.id : null, status: 'resolved', resolutionSource: 'local' });
      }
      const edits = { name: input.name, brand: input.brand, quantity: input.quantity_label, image_url: input.image_url };
      const merged = Object.fromEntries(Object.entries(edits).filter(([, value]) => value !== null && value !== undefined));
      if (Object.keys(merged).length > 0) draft.suggestion = { ...(draft.suggestion ?? {}), ...merged };
      draft.updatedAt = this.clock.now().toISOString();
      return manager.save(draft);
    });
    return this.respond(draft);
  }

  /** Marks a draft discarded (kept, not deleted); confirmed drafts stay as they are (409). */
  async discard(id: string): Promise<ScanResponse> {
    const draft = await this.database.write(async (manager) => {
      const draft = await manager.findOneBy(ScanDraftEntity, { id });
      // 409 for a missing draft too, as the reference answers; the text says which case it is.
      if (!draft) throw new ApiException(409, 'scan_not_found');
      if (draft.status === 'confirmed') throw new ApiException(409, 'scan_not_changeable');
      Object.assign(draft, { status: 'discarded', updatedAt: this.clock.now().toISOString() });
      return manager.save(draft);
    });
    return this.respond(draft);
  }

  /** A draft that may still change: exists and is neither confirmed nor discarded (else 409). */
  private async openDraft(manager: EntityManager, id: string): Promise<ScanDraftEntity> {
    const draft = await manager.findOneBy(ScanDraftEntity, { id });
    if (!draft) throw new ApiException(409, 'scan_not_found');
    if (draft.status === 'confirmed' || draft.status === 'discarded') throw new ApiException(409, 'scan_not_changeable');
    return draft;
  }

  /** The household's calendar day (TZ), for purchase dates and best-before defaults. */
  private today(offsetDays = 0): string {
    return calendarDay(this.clock.now(), this.config.env.TZ, offsetDays);
  }

  async confirm(principal: Principal, id: string, given: ScanConfirmInput): Promise<ScanResponse> {
    const input = withoutTokenImage(principal, given);
    const draft = await this.database.write(async (manager) => {
      const draft = await manager.findOneBy(ScanDraftEntity, { id });
      if (!draft) throw new ApiException(404, 'scan_not_found');
      if (draft.status === 'confirmed') {
        if (draft.confirmKey === input.client_mutation_id) return draft;
        throw new ApiException(409, 'scan_already_confirmed');
      }
      if (draft.status === 'discarded') throw new ApiException(409, 'scan_discarded');
      const keyHolder = await manager.findOneBy(ScanDraftEntity, { confirmKey: input.client_mutation_id });
      if (keyHolder) throw new ApiException(409, 'confirm_key_used');

      const product = await this.mapProduct(manager, draft, input);
      const quantity = input.quantity ?? 1;
      const cause = { source: 'scanner' as const, referenceId: draft.id };
      let extras: Record<string, unknown> = {};
      switch (draft.mode) {
        case 'identify':
          break;
        case 'add': {
          const locationId = input.location_id ? (await this.masterData.requireActive(manager, 'locations', input.location_id)).id : product.defaultLocationId;
          const bestBefore = input.best_before_date ?? (product.defaultBestBeforeDays > 0 ? this.today(product.defaultBestBeforeDays) : null);
          const { lotId } = this.stock.add({
            productId: product.id,
            variantId: draft.variantId,
            locationId,
            quantity,
            bestBeforeDate: bestBefore,
            unitPrice: input.unit_price ?? null,
            purchasedDate: this.today(),
            movementType: 'scan_add',
            ...cause,
          });
          extras = { lot_id: lotId, location_id: locationId, best_before_date: bestBefore };
          break;
        }
        case 'consume':
          extras = { movement_ids: this.stock.consume(product.id, quantity, { movementType: 'scan_consume', ...cause }).movementIds };
          break;
        case 'open': {
          const opened = this.stock.open(product.id, { movementType: 'scan_open', ...cause });
          extras = { lot_id: opened.lotId, opened_at: opened.openedAt };
          break;
        }
        case 'shopping':
          extras = { shopping_item_id: await this.shopping.addForProduct(manager, product, quantity) };
          break;
      }
      const reconciled = await this.receiptReconcile.reconcile(manager);
      Object.assign(draft, {
        status: 'confirmed',
        confirmKey: input.client_mutation_id,
        actionResult: { mode: draft.mode, quantity, reconciled_receipt_items: reconciled.resolved, suggested_receipt_items: reconciled.suggested, ...extras },
        updatedAt: this.clock.now().toISOString(),
      });
      return manager.save(draft);
    });
    // Open shopping lists elsewhere show the scanned product at once.
    const added = (draft.actionResult as { shopping_item_id?: unknown } | null)?.shopping_item_id;
    if (typeof added === 'string') this.shopping.announce({ id: added, updated_at: draft.updatedAt });
    return this.respond(draft);
  }

  /**
   * The product the confirmation acts on: the one named in the body, the draft's, or a new one
   * from the body and the suggestion. External data only fills a new variant or empty fields.
   */
  private async mapProduct(manager: EntityManager, draft: ScanDraftEntity, input: ScanConfirmInput): Promise<ProductEntity> {
    if (!input.product_id && draft.productId) {
      const product = await manager.findOneBy(ProductEntity, { id: draft.productId, active: true });
      if (!product) throw new ApiException(404, 'product_not_found');
      return product;
    }
    const suggestion = draft.suggestion ?? {};
    const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
    let product: ProductEntity | null;
    if (input.product_id) {
      product = await manager.findOneBy(ProductEntity, { id: input.product_id, active: true });
      if (!product) throw new ApiException(404, 'product_not_found');
    } else {
      const name = text(input.name) ?? text(suggestion.name);
      if (!name) throw new RequestValidationException([{ loc: ['body', 'name'], text: ISSUE_TEXTS.scan_needs_name, type: 'missing' }]);
      const check = async (kind: 'locations' | 'quantity-units' | 'product-groups', value: number | null | undefined) =>
        value ? (await this.masterData.requireActive(manager, kind, value)).id : null;
      product = await this.catalog.productForScan(manager, {
        name,
        locationId: await check('locations', input.location_id),
        quantityUnitId: await check('quantity-units', input.quantity_unit_id),
        productGroupId: await check('product-groups', input.product_group_id),
        defaultBestBeforeDays: input.default_best_before_days ?? 0,
      });
    }
    const parsed = parsePackageQuantity(suggestion.quantity);
    const variant = await this.catalog.variantForScan(
      manager,
      product,
      { code: draft.barcodeNormalized, symbology: draft.symbology },
      {
        brand: input.brand ?? text(suggestion.brand),
        name: input.variant_name ?? null,
        package_amount: input.package_amount ?? parsed?.amount ?? null,
        package_unit: input.package_unit ?? parsed?.unit ?? null,
        image_url: input.image_url ?? text(suggestion.image_url),
      },
    );
    if (!product.imageUrl && text(input.image_url ?? suggestion.image_url)) {
      product.imageUrl = text(input.image_url ?? suggestion.image_url);
      await manager.update(ProductEntity, { id: product.id }, { imageUrl: product.imageUrl });
    }
    if (draft.resolutionSource === 'cache' || draft.resolutionSource === 'open_facts') {
      await this.externalRefs.link(manager, draft.barcodeNormalized, product.id, variant.id);
    }
    Object.assign(draft, { productId: product.id, variantId: variant.id, status: 'resolved' });
    return product;
  }

  /** Stand-alone lookup: the local catalog, else Open Food Facts directly, without the cache (502 when it fails). */
  async lookup(raw: string): Promise<BarcodeLookupResponse> {
    const check = checkBarcode(raw);
    if (!check.valid) throw new RequestValidationException([{ loc: ['path', 'barcode'], text: ISSUE_TEXTS.barcode_invalid, type: `barcode_${check.reason}` }]);
    const local = await this.catalog.findByBarcode(this.database.manager, check.code);
    if (local) {
      // The reference's flat shape (product fields plus the variant holding the code), then our product detail.
      const { variant } = local;
      const product = {
        ...(await this.catalog.detail(local.product.id)),
        variant_id: variant.id,
        variant_name: variant.name,
        brand: variant.brand,
        package_amount: variant.packageAmount,
        package_unit: variant.packageUnit,
        barcode: check.code,
      };
      return { found: true, local: true, product };
    }
    // Internal codes never leave the box; with lookups switched off nothing failed, there is just no answer.
    if (!check.retail || !this.openFoodFacts.enabled) return { found: false, local: false, product: null };
    const result = await this.openFoodFacts.lookup(check.code);
    if (result.kind === 'error') throw new ApiException(502, 'upstream_unavailable', { reason: offFailureTexts(result) });
    return result.kind === 'hit' ? { found: true, local: false, product: result.suggestion } : { found: false, local: false, product: null };
  }

  private respond(draft: ScanDraftEntity): ScanResponse {
    return toScanResponse(draft, draft.productId ? this.drafts.context(draft.productId, draft.variantId) : undefined);
  }

  private respondMany(drafts: ScanDraftEntity[]): ScanResponse[] {
    return drafts.map((draft) => this.respond(draft));
  }
}

/**
 * A product photo address is shown on every family device, so only a browser session may set
 * one: from a token (a scanner station, an automation) `image_url` is ignored, and a new product
 * takes Open Food Facts' photo or none. Otherwise any token holder could plant an outside image
 * that every device fetches (a tracking pixel; the app's CSP allows https images).
 */
function withoutTokenImage<T extends { image_url?: string | null }>(principal: Principal, input: T): T {
  return principal.kind === 'token' ? { ...input, image_url: null } : input;
}
