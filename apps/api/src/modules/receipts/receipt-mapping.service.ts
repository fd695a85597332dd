import { Injectable } from '@nestjs/common';
import { checkBarcode } from '@hinv/shared';
import type { EntityManager } from 'typeorm';
import { Clock } from '../../common/clock.js';
import { ApiException } from '../../common/errors/api-exception.js';
import { Database } from '../../database/database.js';
import { CatalogService } from '../catalog/catalog.service.js';
import { ProductEntity } from '../catalog/product.entity.js';
import { VariantEntity } from '../catalog/variant.entity.js';
import type { CatalogItemMappingInput } from './dto/receipt-mapping.dto.js';
import type { ReceiptResponse } from './dto/receipts.dto.js';
import { ProductAliasEntity } from './product-alias.entity.js';
import { ReceiptItemEntity } from './receipt-item.entity.js';
import { isMatchEvidence, matchEvidence } from './match-evidence.js';
import { canonicalReceiptKey, retailerKey } from './receipt-keys.js';
import { ReceiptReconcileService, type ReconcileCounts } from './receipt-reconcile.service.js';
import { ReceiptStoreMappingEntity } from './receipt-store-mapping.entity.js';
import { ReceiptEntity } from './receipt.entity.js';
import { ReceiptsService } from './receipts.service.js';


/**
 * Mapping receipt lines by hand, and what that teaches the matcher: a store mapping (this store,
 * this printed line → product and package) and confirmed aliases (the line's names → product).
 * Every mapping is followed by a reconcile of the other open lines, in the same write.
 */
@Injectable()
export class ReceiptMappingService {
  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
    private readonly reconciler: ReceiptReconcileService,
    private readonly receipts: ReceiptsService,
    private readonly catalog: CatalogService,
  ) {}

  async map(receiptId: string, itemId: string, input: CatalogItemMappingInput): Promise<ReceiptResponse> {
    await this.database.write(async (manager) => {
      const { receipt, item } = await this.openLine(manager, receiptId, itemId);
      const now = this.clock.now().toISOString();
      // Evidence that described the line's match goes when the line is unmapped.
      const evidence = (item.matchEvidence ?? []).filter((entry) => !isMatchEvidence(entry));

      if (input.product_id === null || input.product_id === undefined) {
        if (item.productId !== null && input.remember !== false) await this.forget(manager, receipt, item, item.productId);
        await manager.update(ReceiptItemEntity, { id: item.id }, {
          productId: null,
          variantId: null,
          matchStatus: 'unresolved',
          matchReason: 'unresolved',
          matchScore: null,
          matchEvidence: evidence,
          updatedAt: now,
        });
      } else {
        const product = await manager.findOneBy(ProductEntity, { id: input.product_id, active: true });
        if (!product) throw new ApiException(404, 'product_not_found');
        const variantId = await this.variantFor(manager, product, item, input.variant_id ?? null);
        await this.mapLine(manager, receipt, item, product, variantId, input.remember !== false);
      }
      // The line itself is left out: one just unmapped must not be mapped straight back.
      await this.reconciler.reconcile(manager, { except: item.id });
    });
    return this.receipts.detail(receiptId);
  }

  /** The receipt and its line, for a change of the line: 404 for either unknown, 409 once imported. */
  async openLine(manager: EntityManager, receiptId: string, itemId: string): Promise<{ receipt: ReceiptEntity; item: ReceiptItemEntity }> {
    const receipt = await manager.findOneBy(ReceiptEntity, { id: receiptId });
    if (!receipt) throw new ApiException(404, 'receipt_not_found');
    const item = await manager.findOneBy(ReceiptItemEntity, { id: itemId, receiptId });
    if (!item) throw new ApiException(404, 'receipt_item_not_found');
    if (item.imported) throw new ApiException(409, 'receipt_item_imported');
    return { receipt, item };
  }

  /**
   * Maps the line to the product by hand (status `manual`, score 100) inside the caller's write
   * and, with `remember`, teaches the matcher the store mapping and aliases. The caller reconciles.
   */
  async mapLine(manager: EntityManager, receipt: ReceiptEntity, item: ReceiptItemEntity, product: ProductEntity, variantId: string | null, remember: boolean): Promise<void> {
    const now = this.clock.now().toISOString();
    const evidence = (item.matchEvidence ?? []).filter((entry) => !isMatchEvidence(entry));
    const manual = matchEvidence('manual', 1, false);
    await manager.update(ReceiptItemEntity, { id: item.id }, {
      productId: product.id,
      variantId,
      matchStatus: 'manual',
      matchReason: 'manual',
      matchScore: 100,
      matchEvidence: [...evidence, manual],
      suggestedProductId: null,
      suggestedProductScore: null,
      updatedAt: now,
    });
    if (remember) await this.remember(manager, receipt, item, product, variantId, now);
  }

  /** Matches every open line again against the local catalog and what people taught it. */
  reconcile(): Promise<ReconcileCounts> {
    return this.database.write((manager) => this.reconciler.reconcile(manager));
  }

  /** The given variant (it must be the product's), else the one holding the line's barcode, else the only one. */
  private async variantFor(manager: EntityManager, product: ProductEntity, item: ReceiptItemEntity, variantId: string | null): Promise<string | null> {
    if (variantId !== null) {
      const variant = await manager.findOneBy(VariantEntity, { id: variantId, productId: product.id });
      if (!variant) throw new ApiException(404, 'variant_not_found');
      return variant.id;
    }
    const code = item.barcode ? checkBarcode(item.barcode) : null;
    if (code?.valid) {
      const holder = await this.catalog.findByBarcode(manager, code.code);
      if (holder?.product.id === product.id) return holder.variant.id;
    }
    const variants = await manager.find(VariantEntity, { select: { id: true }, where: { productId: product.id }, take: 2 });
    return variants.length === 1 ? variants[0].id : null;
  }

  /**
   * Unmapping forgets what this line taught about its product (the store mapping and the aliases
   * of its names), or the next reconcile would map it straight back. A corrected name forgets
   * what the misread one taught. True when it removed anything: a mapping or alias to move.
   */
  async forget(manager: EntityManager, receipt: ReceiptEntity, item: ReceiptItemEntity, productId: string): Promise<boolean> {
    let removed = 0;
    const lineKey = printedLineKey(item);
    if (lineKey) removed += (await manager.delete(ReceiptStoreMappingEntity, { retailerKey: retailerKey(receipt.storeName), lineKey, productId })).affected ?? 0;
    for (const aliasKey of aliasKeys(item).keys()) removed += (await manager.delete(ProductAliasEntity, { aliasKey, productId })).affected ?? 0;
    return removed > 0;
  }

  private async remember(manager: EntityManager, receipt: ReceiptEntity, item: ReceiptItemEntity, product: ProductEntity, variantId: string | null, now: string): Promise<void> {
    const lineKey = printedLineKey(item);
    if (lineKey) {
      const retailer = retailerKey(receipt.storeName);
      const existing = await manager.findOneBy(ReceiptStoreMappingEntity, { retailerKey: retailer, lineKey });
      await manager.save(ReceiptStoreMappingEntity, { retailerKey: retailer, lineKey, productId: product.id, variantId, createdAt: existing?.createdAt ?? now, updatedAt: now });
    }
    for (const [aliasKey, alias] of aliasKeys(item)) {
      await manager.createQueryBuilder().insert().into(ProductAliasEntity).values({ aliasKey, productId: product.id, alias, createdAt: now }).orIgnore().execute();
    }
  }
}

/**
 * The key a store mapping is learned under: the printed line, which the till prints again next
 * time; the analysed name stands in when the printed one keys to nothing.
 */
function printedLineKey(item: ReceiptItemEntity): string {
  return canonicalReceiptKey(item.rawName) || canonicalReceiptKey(item.normalizedName ?? '');
}

/** Alias key → name, for the line's printed and analysed names. */
function aliasKeys(item: ReceiptItemEntity): Map<string, string> {
  const keys = new Map<string, string>();
  for (const name of [item.rawName, item.normalizedName]) {
    const key = name ? canonicalReceiptKey(name) : '';
    if (name && key && !keys.has(key)) keys.set(key, name);
  }
  return keys;
}
