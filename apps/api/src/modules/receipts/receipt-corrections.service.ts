import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Not } from 'typeorm';
import { Clock } from '../../common/clock.js';
import { ApiException } from '../../common/errors/api-exception.js';
import { Database } from '../../database/database.js';
import { ProductEntity } from '../catalog/product.entity.js';
import type { ReceiptCorrectionInput, ReceiptItemCorrectionInput, ReceiptItemCreateInput } from './dto/receipt-corrections.dto.js';
import type { ReceiptResponse } from './dto/receipts.dto.js';
import { ReceiptItemEntity } from './receipt-item.entity.js';
import { isMatchEvidence } from './match-evidence.js';
import { retailerKey, retailerLabel } from './receipt-keys.js';
import { ReceiptMappingService } from './receipt-mapping.service.js';
import { ReceiptReconcileService } from './receipt-reconcile.service.js';
import { ReceiptEntity } from './receipt.entity.js';
import { openReceipt, ReceiptsService } from './receipts.service.js';

/** A receipt holds at most this many lines (as many as one import may name). */
export const RECEIPT_MAX_ITEMS = 500;

/**
 * Putting right what the reading got wrong, before anything goes into stock, prices or the
 * budget: the receipt's head and foot, a line's name and amounts, a missed line, a line that is
 * no purchase. Each change is one write; once the receipt (any line) or the line is imported it
 * is refused (409), as budget and prices depend on it. The analysed fingerprint stays, so the
 * same paper uploaded again is still known.
 */
@Injectable()
export class ReceiptCorrectionsService {
  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
    private readonly reconciler: ReceiptReconcileService,
    private readonly mapping: ReceiptMappingService,
    private readonly receipts: ReceiptsService,
  ) {}

  async correctReceipt(receiptId: string, input: ReceiptCorrectionInput): Promise<ReceiptResponse> {
    await this.database.write(async (manager) => {
      const receipt = await openReceipt(manager, receiptId);
      const changes: Partial<ReceiptEntity> = { updatedAt: this.clock.now().toISOString() };
      if (input.store_name !== undefined) {
        const storeName = input.store_name === null ? null : input.store_name.trim();
        Object.assign(changes, { storeName, retailer: storeName ? retailerLabel(storeName) : null });
      }
      if (input.purchase_date !== undefined) changes.purchaseDate = input.purchase_date;
      if (input.total !== undefined) changes.total = input.total;
      if (input.currency !== undefined) changes.currency = input.currency;
      await manager.update(ReceiptEntity, { id: receipt.id }, changes);
      if (changes.storeName === undefined || changes.storeName === receipt.storeName) return;
      // Another store has other learned mappings: what the misread store's taught goes first (lines
      // mapped by hand stay), then this receipt's open lines are matched again.
      if (retailerKey(changes.storeName) !== retailerKey(receipt.storeName)) {
        const learned = await manager.findBy(ReceiptItemEntity, { receiptId: receipt.id, imported: false, matchStatus: Not('manual'), matchReason: 'learned_store' });
        for (const line of learned) await manager.update(ReceiptItemEntity, { id: line.id }, unmatched(line, changes.updatedAt as string));
      }
      await this.reconciler.reconcile(manager, { receipt: receipt.id });
    });
    return this.receipts.detail(receiptId);
  }

  async correctItem(receiptId: string, itemId: string, input: ReceiptItemCorrectionInput): Promise<ReceiptResponse> {
    await this.database.write(async (manager) => {
      const { receipt, item } = await this.mapping.openLine(manager, receiptId, itemId);
      const now = this.clock.now().toISOString();
      const changes: Partial<ReceiptItemEntity> = { corrected: true, amountRepaired: false, updatedAt: now };
      if (input.quantity !== undefined) changes.quantity = input.quantity;
      if (input.unit_price !== undefined) changes.unitPrice = input.unit_price;
      if (input.total_price !== undefined) changes.totalPrice = input.total_price;
      const name = input.name?.trim();
      const renamed = name !== undefined && name !== item.normalizedName;
      const byHand = item.matchStatus === 'manual' && item.productId !== null;
      // A line mapped by hand keeps its product; what its misread name taught (if it taught anything) moves to the corrected one.
      let taught = false;
      if (renamed) {
        Object.assign(changes, { rawName: name, normalizedName: name });
        if (byHand) taught = await this.mapping.forget(manager, receipt, item, item.productId as string);
        else Object.assign(changes, unmatched(item, now));
      }
      await manager.update(ReceiptItemEntity, { id: item.id }, changes);
      await manager.update(ReceiptEntity, { id: receipt.id }, { updatedAt: now });
      if (!renamed) return;
      const product = byHand ? await manager.findOneBy(ProductEntity, { id: item.productId as string }) : null;
      const renamedItem = { ...item, ...changes };
      if (product) await this.mapping.mapLine(manager, receipt, renamedItem, product, item.variantId, taught);
      await this.reconciler.reconcile(manager, { receipt: receipt.id });
    });
    return this.receipts.detail(receiptId);
  }

  async addItem(receiptId: string, input: ReceiptItemCreateInput): Promise<ReceiptResponse> {
    await this.database.write(async (manager) => {
      const receipt = await openReceipt(manager, receiptId);
      const count = await manager.countBy(ReceiptItemEntity, { receiptId: receipt.id });
      if (count >= RECEIPT_MAX_ITEMS) throw new ApiException(409, 'receipt_items_limit', { max: String(RECEIPT_MAX_ITEMS) });
      const last: { position: number | null } | undefined = await manager
        .createQueryBuilder(ReceiptItemEntity, 'item')
        .select('MAX(item.position)', 'position')
        .where({ receiptId: receipt.id })
        .getRawOne();
      const now = this.clock.now().toISOString();
      const name = input.name.trim();
      await manager.insert(ReceiptItemEntity, {
        id: randomUUID(),
        receiptId: receipt.id,
        position: (last?.position ?? 0) + 1,
        rawName: name,
        normalizedName: name,
        quantity: input.quantity ?? 1,
        unitPrice: input.unit_price ?? null,
        totalPrice: input.total_price,
        ...UNMATCHED,
        matchEvidence: [],
        corrected: true,
        createdAt: now,
        updatedAt: now,
      });
      await manager.update(ReceiptEntity, { id: receipt.id }, { updatedAt: now });
      await this.reconciler.reconcile(manager, { receipt: receipt.id });
    });
    return this.receipts.detail(receiptId);
  }

  async removeItem(receiptId: string, itemId: string): Promise<ReceiptResponse> {
    await this.database.write(async (manager) => {
      const { receipt, item } = await this.mapping.openLine(manager, receiptId, itemId);
      await manager.delete(ReceiptItemEntity, { id: item.id });
      await manager.update(ReceiptEntity, { id: receipt.id }, { updatedAt: this.clock.now().toISOString() });
    });
    return this.receipts.detail(receiptId);
  }
}

/** A line matched to nothing, for the matcher to look at afresh. */
const UNMATCHED = {
  productId: null,
  variantId: null,
  matchStatus: 'unresolved',
  matchReason: 'unresolved',
  matchScore: null,
  suggestedProductId: null,
  suggestedProductScore: null,
} as const satisfies Partial<ReceiptItemEntity>;

/** The line matched to nothing; the analysis's own evidence stays, only that of the match goes (as mapping does). */
function unmatched(item: ReceiptItemEntity, now: string): Partial<ReceiptItemEntity> {
  return { ...UNMATCHED, matchEvidence: (item.matchEvidence ?? []).filter((entry) => !isMatchEvidence(entry)), updatedAt: now };
}
