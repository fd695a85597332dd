import { createHash, randomUUID } from 'node:crypto';
import { lstat, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import { Injectable, Logger } from '@nestjs/common';
import { In, type EntityManager } from 'typeorm';
import { Clock } from '../../common/clock.js';
import { ApiException } from '../../common/errors/api-exception.js';
import { hasAtMostDecimals } from '../../common/errors/decimal-places.js';
import { AppConfig } from '../../config/app-config.js';
import { Database } from '../../database/database.js';
import { SettingsService } from '../settings/settings.service.js';
import type { ReceiptItemResponse, ReceiptResponse } from './dto/receipts.dto.js';
import type { ReceiptReading } from './reading/receipt-reading.js';
import { ReceiptReaders } from './reading/receipt-readers.js';
import { ReceiptItemEntity } from './receipt-item.entity.js';
import { ReceiptEntity } from './receipt.entity.js';
import { checkReceipt, type CheckReason } from './receipt-checks.js';
import { containedReceiptPath } from './receipt-file-path.js';
import { receiptFingerprint } from './receipt-fingerprint.js';
import { retailerKey, retailerLabel } from './receipt-keys.js';
import { storedLines } from './receipt-lines.js';
import { ReceiptReconcileService } from './receipt-reconcile.service.js';
import { acceptReceiptSource, SOURCE_EXTENSION } from './receipt-source.js';
import { answerLanguage } from '../../common/http/request-locale.js';
import { toEvidenceResponse } from './match-evidence.js';

/** How many receipts the list shows, newest first. */
export const RECEIPT_LIST_LIMIT = 100;

export interface UploadedReceiptFile {
  buffer: Buffer;
  mimetype?: string;
  originalname?: string;
}

interface LineCounts {
  item_count: number;
  ready_count: number;
  review_count: number;
  imported_count: number;
  lines_sum: number;
  lines_difference: number | null;
}

/**
 * Receipt analysis: the file is read by the current engine (see `ReceiptReaders`) into store,
 * date, total and lines; the lines are matched against the local catalog. The source file is
 * staged under DATA_DIR/receipts/.staging and renamed into DATA_DIR/receipts only once the
 * receipt's row is committed; any failure removes it and leaves no row.
 */
@Injectable()
export class ReceiptsService {
  private readonly logger = new Logger(ReceiptsService.name);
  private readonly directory: string;
  private readonly staging: string;

  constructor(
    config: AppConfig,
    private readonly database: Database,
    private readonly clock: Clock,
    private readonly reconcile: ReceiptReconcileService,
    private readonly readers: ReceiptReaders,
    private readonly settings: SettingsService,
  ) {
    this.directory = resolve(config.dataDir, 'receipts');
    this.staging = join(this.directory, '.staging');
  }

  async analyze(file: UploadedReceiptFile | undefined): Promise<ReceiptResponse> {
    if (!file) throw new ApiException(422, 'receipt_file_missing');
    const bytes = file.buffer;
    const type = acceptReceiptSource(bytes, file.mimetype);
    const reader = await this.readers.current();
    const analysisVersion = reader.analysisVersion;
    const sourceSha256 = createHash('sha256').update(bytes).digest('hex');
    const known = await this.sameSource(this.database.manager, sourceSha256, analysisVersion);
    if (known) return { ...(await this.detail(known.id)), duplicate: true };

    const parsed = await reader.read(bytes, type);
    const lines = storedLines(parsed.lines);
    if (lines.length === 0) throw new ApiException(422, 'receipt_no_items');
    const fingerprint = receiptFingerprint({
      storeName: parsed.storeName,
      storeNumber: parsed.storeNumber,
      purchaseDate: parsed.purchaseDate,
      currency: parsed.currency,
      total: parsed.total,
      lines: lines.map((line) => ({ name: line.name, quantity: line.quantity, totalPrice: line.totalPrice })),
    });

    const id = randomUUID();
    const fileName = `${id}.${SOURCE_EXTENSION[type]}`;
    // Retention "delete after analysis": the source is not kept once it was read (the staged copy goes in `finally`).
    const keepSource = !(await this.settings.read()).privacyDeleteImageAfterAnalysis;
    const staged = this.contained(this.staging, `${id}.upload`);
    const final = this.contained(this.directory, fileName);
    await mkdir(this.staging, { recursive: true, mode: 0o700 });
    try {
      await writeFile(staged, bytes, { mode: 0o600, flag: 'wx' });
      const outcome = await this.database.write(async (manager) => {
        // Checked again inside the write: two uploads of one file at once store it once.
        const twin =
          (await this.sameSource(manager, sourceSha256, analysisVersion)) ??
          (fingerprint ? await manager.findOne(ReceiptEntity, { where: { fingerprint }, order: { createdAt: 'ASC', id: 'ASC' } }) : null) ??
          (await this.samePurchase(manager, parsed, lines));
        if (twin) return { duplicateOf: twin.id as string | null };
        const now = this.clock.now().toISOString();
        await manager.insert(ReceiptEntity, {
          id,
          status: 'review',
          storeName: parsed.storeName,
          storeAddress: null,
          storeNumber: parsed.storeNumber,
          retailer: parsed.storeName ? retailerLabel(parsed.storeName) : null,
          purchaseDate: parsed.purchaseDate,
          currency: parsed.currency,
          total: parsed.total,
          sourceSha256,
          analysisVersion,
          fingerprint,
          imagePath: keepSource ? fileName : null,
          createdAt: now,
          updatedAt: now,
        });
        await manager.insert(
          ReceiptItemEntity,
          lines.map((line, index) => ({
            id: randomUUID(),
            receiptId: id,
            position: index + 1,
            rawName: line.rawText,
            normalizedName: line.name,
            barcode: line.barcode,
            quantity: line.quantity,
            // A price in tenths of a cent (fuel per litre) is kept by the reading for its arithmetic,
            // not stored: a unit price is money in cents, as the correction's own check wants it back.
            unitPrice: line.unitPrice !== null && hasAtMostDecimals(line.unitPrice, 2) ? line.unitPrice : null,
            totalPrice: line.totalPrice,
            box: line.box ?? null,
            ocrConfidence: line.ocrConfidence ?? null,
            amountRepaired: line.amountRepaired ?? false,
            matchStatus: 'unresolved' as const,
            matchReason: 'unresolved' as const,
            matchEvidence: [],
            createdAt: now,
            updatedAt: now,
          })),
        );
        // The local matcher (barcode, exact name, fuzzy suggestion) over the open lines, these included.
        await this.reconcile.reconcile(manager);
        return { duplicateOf: null };
      });
      if (outcome.duplicateOf !== null) return { ...(await this.detail(outcome.duplicateOf)), duplicate: true };
      if (!keepSource) return { ...(await this.detail(id)), duplicate: false };
      try {
        await rename(staged, final);
      } catch (error) {
        await this.database.write(async (manager) => {
          await manager.delete(ReceiptItemEntity, { receiptId: id });
          await manager.delete(ReceiptEntity, { id });
        });
        throw error;
      }
      return { ...(await this.detail(id)), duplicate: false };
    } finally {
      await rm(staged, { force: true });
    }
  }

  async list(): Promise<ReceiptResponse[]> {
    const receipts = await this.database.manager.find(ReceiptEntity, { order: { createdAt: 'DESC', id: 'DESC' }, take: RECEIPT_LIST_LIMIT });
    if (receipts.length === 0) return [];
    const rows: Array<{ receipt_id: string; item_count: number; ready_count: number; review_count: number; imported_count: number; sum_cents: number }> = await this.database.manager
      .createQueryBuilder(ReceiptItemEntity, 'item')
      .select('item.receiptId', 'receipt_id')
      .addSelect('COUNT(*)', 'item_count')
      .addSelect('SUM(CASE WHEN item.imported = 0 AND item.productId IS NOT NULL THEN 1 ELSE 0 END)', 'ready_count')
      .addSelect('SUM(CASE WHEN item.imported = 0 AND item.productId IS NULL THEN 1 ELSE 0 END)', 'review_count')
      .addSelect('SUM(CASE WHEN item.imported = 1 THEN 1 ELSE 0 END)', 'imported_count')
      .addSelect('SUM(ROUND(COALESCE(item.totalPrice, 0) * 100))', 'sum_cents')
      .where({ receiptId: In(receipts.map((receipt) => receipt.id)) })
      .groupBy('item.receiptId')
      .getRawMany();
    const counts = new Map(rows.map((row) => [row.receipt_id, row]));
    return receipts.map((receipt) => {
      const row = counts.get(receipt.id);
      const sumCents = Number(row?.sum_cents ?? 0);
      return toResponse(receipt, {
        item_count: Number(row?.item_count ?? 0),
        ready_count: Number(row?.ready_count ?? 0),
        review_count: Number(row?.review_count ?? 0),
        imported_count: Number(row?.imported_count ?? 0),
        lines_sum: sumCents / 100,
        lines_difference: receipt.total === null ? null : (Math.round(receipt.total * 100) - sumCents) / 100,
      });
    });
  }

  async detail(id: string): Promise<ReceiptResponse> {
    const receipt = await this.database.manager.findOneBy(ReceiptEntity, { id });
    if (!receipt) throw new ApiException(404, 'receipt_not_found');
    const items = await this.database.manager.find(ReceiptItemEntity, {
      where: { receiptId: id },
      relations: { product: true, variant: true, suggestedProduct: true },
      order: { position: 'ASC' },
    });
    const checks = checkReceipt(receipt.total, items);
    const counts: LineCounts = {
      item_count: items.length,
      ready_count: items.filter((item) => !item.imported && item.productId !== null).length,
      review_count: items.filter((item) => !item.imported && item.productId === null).length,
      imported_count: items.filter((item) => item.imported).length,
      lines_sum: checks.linesSum,
      lines_difference: checks.difference,
    };
    return { ...toResponse(receipt, counts), items: items.map((item) => toItemResponse(item, checks.reasons.get(item.id) ?? [])) };
  }

  /**
   * The stored source file to serve, with its type. 404 when the receipt has none (never kept,
   * removed by retention), when it is gone from disk or is no regular file, and for a stored path
   * that would lead outside DATA_DIR/receipts.
   */
  async file(id: string): Promise<{ path: string; type: string }> {
    const receipt = await this.database.manager.findOneBy(ReceiptEntity, { id });
    if (!receipt) throw new ApiException(404, 'receipt_not_found');
    const path = receipt.imagePath ? containedReceiptPath(this.directory, receipt.imagePath) : null;
    const type = receipt.imagePath ? fileType(receipt.imagePath) : null;
    const info = path ? await lstat(path).catch(() => null) : null;
    if (!path || !type || !info?.isFile()) throw new ApiException(404, 'receipt_file_not_found');
    return { path, type };
  }

  /**
   * Deletes a receipt nobody imported from (409 otherwise: budget and prices depend on it) with
   * its lines and its file. The row goes in the write (checked there, so an import that got in
   * first keeps the receipt), the file once that is committed, as retention does: a crash in
   * between leaves a file nothing points at, never a receipt whose file is gone. A stored path
   * outside DATA_DIR/receipts is never touched.
   */
  async remove(id: string): Promise<void> {
    const receipt = await this.database.write(async (manager) => {
      const open = await openReceipt(manager, id);
      await manager.delete(ReceiptEntity, { id });
      return open;
    });
    const file = receipt.imagePath ? containedReceiptPath(this.directory, receipt.imagePath) : null;
    if (!file) return;
    await rm(file, { force: true }).catch((error: NodeJS.ErrnoException) => {
      this.logger.warn({ message: 'receipt file not deleted', receipt: id, error: error.code ?? 'unknown' });
    });
  }

  /**
   * The same purchase captured another way (the e-mailed PDF, then a photo; a second photo): the
   * same store (chain or name), date, currency and total, whatever OCR made of the lines. Where one
   * capture has no store name at all (its header was not read), the lines must also add up to the
   * same sum in the same count: two €2.50 coffees at one bakery on one day stay two purchases.
   * Null when the date or total is missing, or neither capture names a store: too little to tell.
   */
  private async samePurchase(
    manager: EntityManager,
    parsed: Pick<ReceiptReading, 'storeName' | 'purchaseDate' | 'total' | 'currency'>,
    lines: ReadonlyArray<{ totalPrice: number }>,
  ): Promise<ReceiptEntity | null> {
    if (!parsed.purchaseDate || parsed.total === null) return null;
    const store = parsed.storeName ? retailerKey(parsed.storeName) : null;
    const candidates = await manager.find(ReceiptEntity, { where: { purchaseDate: parsed.purchaseDate, total: parsed.total, currency: parsed.currency }, order: { createdAt: 'ASC', id: 'ASC' } });
    const sum = centsOf(lines);
    for (const receipt of candidates) {
      const other = receipt.storeName ? retailerKey(receipt.storeName) : null;
      if (store !== null && other !== null) {
        if (store === other) return receipt;
        continue;
      }
      if (store === null && other === null) continue;
      const theirs = await manager.find(ReceiptItemEntity, { where: { receiptId: receipt.id }, select: { id: true, totalPrice: true } });
      if (theirs.length === lines.length && centsOf(theirs) === sum) return receipt;
    }
    return null;
  }

  private sameSource(manager: EntityManager, sourceSha256: string, analysisVersion: string): Promise<ReceiptEntity | null> {
    return manager.findOne(ReceiptEntity, { where: { sourceSha256, analysisVersion }, order: { createdAt: 'ASC', id: 'ASC' } });
  }

  /** A path inside `directory`, refused (a bare 500) should a name ever lead outside DATA_DIR/receipts. */
  private contained(directory: string, name: string): string {
    const path = resolve(directory, name);
    if (!path.startsWith(this.directory + sep)) throw new Error(`receipt file path outside ${this.directory}`);
    return path;
  }
}

/** The receipt, for a change of the whole: 404 when unknown, 409 once any of its lines is imported. */
export async function openReceipt(manager: EntityManager, receiptId: string): Promise<ReceiptEntity> {
  const receipt = await manager.findOneBy(ReceiptEntity, { id: receiptId });
  if (!receipt) throw new ApiException(404, 'receipt_not_found');
  if (await manager.existsBy(ReceiptItemEntity, { receiptId, imported: true })) throw new ApiException(409, 'receipt_imported');
  return receipt;
}

/** The lines' amounts added up in whole cents (an unread amount counts as nothing). */
function centsOf(lines: ReadonlyArray<{ totalPrice: number | null }>): number {
  return lines.reduce((sum, line) => sum + Math.round((line.totalPrice ?? 0) * 100), 0);
}

/** The media type a stored file is served as, by the extension the upload gave it. */
const FILE_TYPES: Record<string, string> = { pdf: 'application/pdf', jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp', heic: 'image/heic' };

function fileType(name: string): string | null {
  return FILE_TYPES[extname(name).slice(1)] ?? null;
}

function toResponse(receipt: ReceiptEntity, counts: LineCounts): ReceiptResponse {
  const type = receipt.imagePath ? fileType(receipt.imagePath) : null;
  return {
    id: receipt.id,
    status: receipt.status,
    store_name: receipt.storeName,
    store_address: receipt.storeAddress,
    store_number: receipt.storeNumber,
    retailer: receipt.retailer,
    purchase_date: receipt.purchaseDate,
    currency: receipt.currency,
    total: receipt.total,
    ...counts,
    file_url: type ? `/api/v1/receipts/${receipt.id}/file` : null,
    file_type: type,
    created_at: receipt.createdAt,
    updated_at: receipt.updatedAt,
    // The reference sends both on every receipt; the lines only come with one receipt.
    duplicate: false,
    items: null,
  };
}

function toItemResponse(item: ReceiptItemEntity, checkReasons: CheckReason[]): ReceiptItemResponse {
  return {
    id: item.id,
    receipt_id: item.receiptId,
    position: item.position,
    raw_name: item.rawName,
    normalized_name: item.normalizedName,
    barcode: item.barcode,
    brand: item.brand,
    quantity: item.quantity,
    unit_price: item.unitPrice,
    total_price: item.totalPrice,
    best_before_date: item.bestBeforeDate,
    match_status: item.matchStatus,
    match_reason: item.matchReason,
    match_score: item.matchScore,
    match_evidence: (item.matchEvidence ?? []).map((entry) => toEvidenceResponse(entry, item.matchReason, answerLanguage())),
    catalog_product_id: item.productId,
    catalog_product_name: item.product?.name ?? null,
    catalog_product_image_url: item.product?.imageUrl ?? null,
    catalog_variant_id: item.variantId,
    catalog_variant_name: item.variant?.name ?? null,
    catalog_variant_brand: item.variant?.brand ?? null,
    catalog_variant_package_amount: item.variant?.packageAmount ?? null,
    catalog_variant_package_unit: item.variant?.packageUnit ?? null,
    suggested_catalog_product_id: item.suggestedProductId,
    suggested_catalog_product_name: item.suggestedProduct?.name ?? null,
    suggested_catalog_product_score: item.suggestedProductScore,
    suggested_location: item.suggestedLocation,
    suggested_unit: item.suggestedUnit,
    suggested_product_group: item.suggestedProductGroup,
    suggested_best_before_days: item.suggestedBestBeforeDays,
    suggestion_confidence: item.suggestionConfidence,
    imported: item.imported ? 1 : 0,
    import_error: item.importError,
    grocy_product_id: item.grocyProductId,
    grocy_product_name: item.grocyProductName,
    grocy_exported: item.grocyExported ? 1 : 0,
    check_reasons: checkReasons,
    ocr_confidence: item.ocrConfidence,
    corrected: item.corrected,
    box: item.box,
  };
}
