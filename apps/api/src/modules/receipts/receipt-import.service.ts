import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { addDays, calendarDays, Clock, receiptDay } from '../../common/clock.js';
import { ApiException } from '../../common/errors/api-exception.js';
import { AppConfig } from '../../config/app-config.js';
import { Database } from '../../database/database.js';
import { ProductEntity } from '../catalog/product.entity.js';
import { GrocyFailure } from '../grocy/grocy.client.js';
import { GrocyService } from '../grocy/grocy.service.js';
import { StockService } from '../stock/stock.service.js';
import type { ReceiptImportResponse } from './dto/receipt-import.dto.js';
import { ImportRunEntity, type ImportRunDetail } from './import-run.entity.js';
import { ReceiptItemEntity } from './receipt-item.entity.js';
import { ReceiptEntity } from './receipt.entity.js';
import { ReceiptsService } from './receipts.service.js';

/** Line unit prices are kept to 4 decimals (a weighed line's total ÷ its kilograms). */
const roundPrice = (value: number): number => Math.round(value * 1e4) / 1e4;

/**
 * What a receipt line puts into stock: its quantity (1 when it has none), its unit price (or
 * total ÷ quantity), best-before from the line or the product's default days counted from the
 * purchase date. Without a default location the lot has no location, as a scan's lot would.
 */
export function lotFromLine(
  line: Pick<ReceiptItemEntity, 'quantity' | 'unitPrice' | 'totalPrice' | 'bestBeforeDate'>,
  product: Pick<ProductEntity, 'defaultLocationId' | 'defaultBestBeforeDays'>,
  purchaseDay: string,
): { quantity: number; unitPrice: number | null; bestBeforeDate: string | null; locationId: number | null } {
  const quantity = line.quantity > 0 ? line.quantity : 1;
  const unitPrice = line.unitPrice ?? (line.totalPrice !== null ? roundPrice(line.totalPrice / quantity) : null);
  const bestBeforeDate = line.bestBeforeDate ?? (product.defaultBestBeforeDays > 0 ? addDays(purchaseDay, product.defaultBestBeforeDays) : null);
  return { quantity, unitPrice, bestBeforeDate, locationId: product.defaultLocationId };
}

/**
 * Commits reviewed receipt lines to stock: per line one lot and one `purchase` movement through
 * the stock service, the line marked imported, the receipt's status and an `import_runs` row, all
 * in one write. Imports of one receipt also queue behind each other here (per-receipt lock), so
 * the second of two parallel imports sees the lines the first one took as imported and takes
 * none of them again.
 */
@Injectable()
export class ReceiptImportService {
  private readonly running = new Map<string, Promise<unknown>>();

  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
    private readonly config: AppConfig,
    private readonly stock: StockService,
    private readonly receipts: ReceiptsService,
    private readonly grocy: GrocyService,
  ) {}

  import(receiptId: string, itemIds: readonly string[] | null | undefined, userId: string | null): Promise<ReceiptImportResponse> {
    const previous = this.running.get(receiptId) ?? Promise.resolve();
    const run = previous.catch(() => undefined).then(() => this.importNow(receiptId, itemIds ?? null, userId));
    this.running.set(receiptId, run);
    void run.catch(() => undefined).finally(() => {
      if (this.running.get(receiptId) === run) this.running.delete(receiptId);
    });
    return run;
  }

  private async importNow(receiptId: string, itemIds: readonly string[] | null, userId: string | null): Promise<ReceiptImportResponse> {
    const outcome = await this.database.write(async (manager) => {
      const receipt = await manager.findOneBy(ReceiptEntity, { id: receiptId });
      if (!receipt) throw new ApiException(404, 'receipt_not_found');
      const lines = (await manager.find(ReceiptItemEntity, { where: { receiptId, imported: false }, relations: { product: true }, order: { position: 'ASC' } })).filter(
        (line) => line.productId !== null && (itemIds === null || itemIds.includes(line.id)),
      );
      if (lines.length === 0) throw new ApiException(409, 'receipt_nothing_to_import');

      const now = this.clock.now().toISOString();
      const purchaseDay = receiptDay(receipt.purchaseDate, receipt.createdAt, calendarDays(this.config.env.TZ));
      const runId = randomUUID();
      const sqlite = this.database.sqlite;
      const details: ImportRunDetail[] = [];
      const exports: GrocyExport[] = [];
      for (const line of lines) {
        const product = line.product;
        if (!product?.active) {
          await manager.update(ReceiptItemEntity, { id: line.id }, { importError: 'product_inactive', updatedAt: now });
          details.push({ item_id: line.id, ok: false, grocy: 'skipped', error: 'product_inactive' });
          continue;
        }
        // Each line in its own savepoint: a line that fails leaves neither a lot nor a movement.
        sqlite.exec('SAVEPOINT receipt_import_line');
        try {
          const lot = lotFromLine(line, product, purchaseDay);
          const { lotId } = this.stock.add({
            movementType: 'purchase',
            source: 'receipt',
            referenceId: receiptId,
            productId: product.id,
            variantId: line.variantId,
            locationId: lot.locationId,
            quantity: lot.quantity,
            unitPrice: lot.unitPrice,
            bestBeforeDate: lot.bestBeforeDate,
            purchasedDate: receipt.purchaseDate,
          });
          await manager.update(ReceiptItemEntity, { id: line.id }, { imported: true, importError: null, updatedAt: now });
          sqlite.exec('RELEASE receipt_import_line');
          details.push({ item_id: line.id, ok: true, grocy: 'skipped', lot_id: lotId });
          const grocyProductId = line.grocyProductId ?? product.grocyProductId;
          if (grocyProductId !== null && !line.grocyExported) {
            exports.push({ itemId: line.id, grocyProductId, amount: lot.quantity, price: lot.unitPrice, bestBeforeDate: lot.bestBeforeDate, purchasedDate: purchaseDay });
          }
        } catch (error) {
          sqlite.exec('ROLLBACK TO receipt_import_line');
          sqlite.exec('RELEASE receipt_import_line');
          const reason = error instanceof ApiException ? error.code : 'stock_write_failed';
          await manager.update(ReceiptItemEntity, { id: line.id }, { importError: reason, updatedAt: now });
          details.push({ item_id: line.id, ok: false, grocy: 'skipped', error: reason });
        }
      }
      const imported = details.filter((detail) => detail.ok).length;
      const failed = details.length - imported;
      // As the reference: a run without failures makes the receipt `imported`, even when lines
      // were left out of the selection; any failure makes it `partial`.
      await manager.update(ReceiptEntity, { id: receiptId }, { status: failed === 0 ? 'imported' : 'partial', updatedAt: now });
      await manager.insert(ImportRunEntity, {
        id: runId,
        receiptId,
        userId,
        requested: details.length,
        imported,
        failed,
        grocyExported: 0,
        grocyFailed: 0,
        details,
        createdAt: now,
      });
      return { runId, imported, failed, details, exports, storeName: receipt.storeName };
    });
    const grocy = await this.exportToGrocy(outcome.runId, outcome.exports, outcome.storeName, outcome.details);
    return {
      run_id: outcome.runId,
      requested: outcome.details.length,
      imported: outcome.imported,
      failed: outcome.failed,
      grocy_exported: grocy.exported,
      grocy_failed: grocy.failed,
      details: outcome.details.map((detail) => ({ ...detail })),
      receipt: await this.receipts.detail(receiptId),
    };
  }

  /**
   * The purchase export, best effort and after the import is committed (no write waits on
   * Grocy): only with the connector on and a key, only lines with a Grocy product (the line's, else
   * its product's link) not exported before. The receipt's store is found in Grocy by name or
   * created first; then one purchase per line. A failure marks that line `failed` with Grocy's
   * reason and never undoes the import. The run's row and the lines get the outcome.
   */
  private async exportToGrocy(runId: string, exports: GrocyExport[], storeName: string | null, details: ImportRunDetail[]): Promise<{ exported: number; failed: number }> {
    if (exports.length === 0) return { exported: 0, failed: 0 };
    let connection;
    try {
      connection = await this.grocy.exportConnection();
    } catch {
      connection = null;
    }
    if (!connection) return { exported: 0, failed: 0 };
    const outcome = new Map<string, { ok: true } | { ok: false; reason: string }>();
    let storeId: number | null = null;
    let storeError: string | null = null;
    if (storeName?.trim()) {
      try {
        storeId = (await this.grocy.ensureMasterData(connection, 'shopping_locations', null, storeName))?.id ?? null;
      } catch (error) {
        storeError = grocyError(error);
      }
    }
    for (const line of exports) {
      if (storeError !== null) {
        outcome.set(line.itemId, { ok: false, reason: storeError });
        continue;
      }
      try {
        await this.grocy.addPurchase(connection, line.grocyProductId, { ...line, shoppingLocationId: storeId });
        outcome.set(line.itemId, { ok: true });
      } catch (error) {
        outcome.set(line.itemId, { ok: false, reason: grocyError(error) });
      }
    }
    for (const detail of details) {
      const result = outcome.get(detail.item_id);
      if (!result) continue;
      detail.grocy = result.ok ? 'exported' : 'failed';
      if (!result.ok) detail.grocy_error = result.reason;
    }
    const exported = [...outcome.values()].filter((result) => result.ok).length;
    const failed = outcome.size - exported;
    await this.database.write(async (manager) => {
      const now = this.clock.now().toISOString();
      for (const [itemId, result] of outcome) if (result.ok) await manager.update(ReceiptItemEntity, { id: itemId }, { grocyExported: true, updatedAt: now });
      await manager.update(ImportRunEntity, { id: runId }, { grocyExported: exported, grocyFailed: failed, details });
    });
    return { exported, failed };
  }
}

/** One line's purchase for Grocy. */
interface GrocyExport {
  itemId: string;
  grocyProductId: number;
  amount: number;
  price: number | null;
  bestBeforeDate: string | null;
  purchasedDate: string;
}

/** Grocy's reason (already without the key and short), or a plain word for anything else. */
function grocyError(error: unknown): string {
  if (error instanceof GrocyFailure) return error.reason;
  if (error instanceof ApiException) return error.detail;
  return 'export failed';
}
