import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { checkBarcode, normalizeKey } from '@hinv/shared';
import { In, type EntityManager } from 'typeorm';
import { Clock, nextTimestamp } from '../../common/clock.js';
import { ApiException } from '../../common/errors/api-exception.js';
import { RequestValidationException } from '../../common/errors/validation.js';
import { ISSUE_TEXTS } from '../../common/errors/validation-messages.js';
import { Database } from '../../database/database.js';
import { StockLotEntity } from '../stock/stock-lot.entity.js';
import { BarcodeEntity } from './barcode.entity.js';
import { toProductDetail, toProductResponse, type ProductFigures } from './catalog.mapper.js';
import type {
  CatalogBarcodeCreateInput,
  CatalogProductCreateInput,
  CatalogProductDetailResponse,
  CatalogProductResponse,
  CatalogProductUpdateInput,
  CatalogVariantCreateInput,
  CatalogVariantUpdateInput,
} from './dto/catalog.dto.js';
import { MasterDataService } from './master-data/master-data.service.js';
import { ProductEntity } from './product.entity.js';
import { VariantEntity } from './variant.entity.js';

const PRODUCT_RELATIONS = { variants: { barcodes: true }, defaultLocation: true, defaultQuantityUnit: true, productGroup: true } as const;

/** A target of 0 turns refills off; any other target must be above the minimum. */
function assertTargetAboveMinimum(input: { minimum_stock_quantity?: number; shopping_target_quantity?: number }): void {
  const minimum = input.minimum_stock_quantity ?? 0;
  const target = input.shopping_target_quantity ?? 0;
  if (target > 0 && target <= minimum) {
    throw new RequestValidationException([
      { loc: ['body', 'shopping_target_quantity'], text: ISSUE_TEXTS.refill_target, type: 'value_error' },
    ]);
  }
}

/** A barcode as the scanner would accept it, or a 422 located at `field`. */
export function validBarcode(raw: string, field: string): { code: string; symbology: BarcodeEntity['symbology'] } {
  const check = checkBarcode(raw);
  if (!check.valid) {
    throw new RequestValidationException([{ loc: ['body', field], text: ISSUE_TEXTS[`barcode_${check.reason}`], type: `barcode_${check.reason}` }]);
  }
  return { code: check.code, symbology: check.symbology };
}

/** Products, their variants and barcodes. Writes are for owners and admins; scans reuse `createFromScan` later. */
@Injectable()
export class CatalogService {
  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
    private readonly masterData: MasterDataService,
  ) {}

  private async figures(manager: EntityManager, productIds: string[]): Promise<Map<string, ProductFigures>> {
    const result = new Map<string, ProductFigures>(productIds.map((id) => [id, { stockQuantity: 0, lotCountByVariant: new Map() }]));
    if (productIds.length === 0) return result;
    const rows: { product_id: string; variant_id: string | null; quantity: number; lots: number }[] = await manager
      .createQueryBuilder(StockLotEntity, 'lot')
      .select('lot.product_id', 'product_id')
      .addSelect('lot.variant_id', 'variant_id')
      .addSelect('SUM(lot.quantity)', 'quantity')
      .addSelect('COUNT(*)', 'lots')
      .where('lot.product_id IN (:...ids)', { ids: productIds })
      .groupBy('lot.product_id')
      .addGroupBy('lot.variant_id')
      .getRawMany();
    for (const row of rows) {
      const figures = result.get(row.product_id) as ProductFigures;
      figures.stockQuantity = Math.round((figures.stockQuantity + Number(row.quantity)) * 1e6) / 1e6;
      if (row.variant_id) figures.lotCountByVariant.set(row.variant_id, Number(row.lots));
    }
    return result;
  }

  /** Active products matching `query` (name, brand or barcode) with their figures. */
  private async find(query: string): Promise<{ products: ProductEntity[]; figures: Map<string, ProductFigures> }> {
    const manager = this.database.manager;
    const q = query.trim();
    const builder = manager.createQueryBuilder(ProductEntity, 'product').select('product.id', 'id').where('product.active = 1');
    if (q) {
      const digits = q.replace(/[\s-]+/g, '');
      const key = normalizeKey(q);
      // A query of only punctuation has an empty name key, which would match every name.
      builder.andWhere(
        `(${key ? "product.normalized_name LIKE :key ESCAPE '\\'" : '0'} OR product.id IN (
            SELECT v.product_id FROM product_variants v LEFT JOIN product_barcodes b ON b.variant_id = v.id
            WHERE LOWER(v.brand) LIKE :brand ESCAPE '\\' OR b.barcode LIKE :barcode ESCAPE '\\'))`,
        { key: `%${likeEscape(key)}%`, brand: `%${likeEscape(q.toLowerCase())}%`, barcode: `${likeEscape(digits)}%` },
      );
    }
    const ids = (await builder.getRawMany<{ id: string }>()).map((row) => row.id);
    const products = await manager.find(ProductEntity, { where: { id: In(ids) }, relations: PRODUCT_RELATIONS, order: { normalizedName: 'ASC' } });
    return { products, figures: await this.figures(manager, ids) };
  }

  async search(query: string): Promise<CatalogProductResponse[]> {
    const { products, figures } = await this.find(query);
    return products.map((product) => toProductResponse(product, figures.get(product.id) as ProductFigures));
  }

  /** The same search with full details (variants, barcodes), as the stock count needs them. */
  async searchDetails(query: string): Promise<CatalogProductDetailResponse[]> {
    const { products, figures } = await this.find(query);
    return products.map((product) => toProductDetail(product, figures.get(product.id) as ProductFigures));
  }

  async detail(productId: string, manager: EntityManager = this.database.manager): Promise<CatalogProductDetailResponse> {
    const product = await manager.findOne(ProductEntity, { where: { id: productId }, relations: PRODUCT_RELATIONS });
    if (!product) throw new ApiException(404, 'product_not_found');
    return toProductDetail(product, (await this.figures(manager, [product.id])).get(product.id) as ProductFigures);
  }

  private async assertNameFree(manager: EntityManager, name: string, exceptId?: string): Promise<void> {
    const holder = await manager.findOneBy(ProductEntity, { normalizedName: normalizeKey(name), active: true });
    if (holder && holder.id !== exceptId) throw new ApiException(409, 'duplicate_name');
  }

  /** Resolves `…_id` or `new_…_name` to an active master-data id (404 for an unknown id) inside the caller's write. */
  async masterDataId(
    manager: EntityManager,
    kind: Parameters<MasterDataService['findOrCreate']>[1],
    id: number | null | undefined,
    newName: string | null | undefined,
    extras: { isFreezer?: boolean } = {},
  ): Promise<number | null> {
    if (id) return (await this.masterData.requireActive(manager, kind, id)).id;
    if (newName?.trim()) return (await this.masterData.findOrCreate(manager, kind, newName, extras)).id;
    return null;
  }

  async create(input: CatalogProductCreateInput): Promise<CatalogProductDetailResponse> {
    return this.database.write(async (manager) => this.detail((await this.createIn(manager, input)).product.id, manager));
  }

  /**
   * Creates a product with its first variant (and barcode) inside the caller's write: 409 for a
   * taken name or barcode. `variant` gives the first variant more than the input's brand.
   */
  /**
   * A new product; with a barcode or a brand also its first variant (holding them), as the
   * reference does. Without either there is nothing to tell variants apart yet, so none is made
   * (a barcode added later, or a scan, makes one).
   */
  async createIn(manager: EntityManager, input: CatalogProductCreateInput, variant: CatalogVariantCreateInput = {}): Promise<{ product: ProductEntity; variant: VariantEntity | null }> {
    assertTargetAboveMinimum(input);
    const barcode = input.barcode ? validBarcode(input.barcode, 'barcode') : null;
    await this.assertNameFree(manager, input.name);
    if (barcode && (await manager.existsBy(BarcodeEntity, { barcode: barcode.code }))) throw new ApiException(409, 'barcode_taken');
    const now = this.clock.now().toISOString();
    const product = this.newProduct(
      {
        name: input.name,
        defaultBestBeforeDays: input.default_best_before_days ?? 0,
        defaultLocationId: await this.masterDataId(manager, 'locations', input.location_id, input.new_location_name, { isFreezer: input.new_location_is_freezer }),
        defaultQuantityUnitId: await this.masterDataId(manager, 'quantity-units', input.quantity_unit_id, input.new_quantity_unit_name),
        productGroupId: await this.masterDataId(manager, 'product-groups', input.product_group_id, input.new_product_group_name),
        minimumStockQuantity: input.minimum_stock_quantity ?? 0,
        shoppingTargetQuantity: input.shopping_target_quantity ?? 0,
      },
      now,
    );
    if (variant.image_url) product.imageUrl = variant.image_url;
    await manager.insert(ProductEntity, product);
    const brand = variant.brand ?? (input.brand?.trim() || null);
    if (!barcode && !brand) return { product, variant: null };
    const first = this.newVariant(product.id, { ...variant, brand }, now);
    await manager.insert(VariantEntity, first);
    if (barcode) await manager.insert(BarcodeEntity, this.newBarcode(first.id, barcode, now));
    return { product, variant: first };
  }

  /**
   * Puts an outside record's barcode on `product`: the product's variant already holding it, else
   * its variant of the same brand and package, else a new one. Found variants get only the fields
   * they lack; the barcode is added when missing. 409 when another product holds the barcode.
   */
  async variantForRecord(
    manager: EntityManager,
    product: ProductEntity,
    barcode: { code: string; symbology: BarcodeEntity['symbology'] },
    fields: CatalogVariantCreateInput,
  ): Promise<VariantEntity> {
    const now = this.clock.now().toISOString();
    const holder = await manager.findOne(BarcodeEntity, { where: { barcode: barcode.code }, relations: { variant: true } });
    if (holder?.variant && holder.variant.productId !== product.id) throw new ApiException(409, 'barcode_taken');
    const incoming = this.variantFields(fields);
    const same = (a: string | null | undefined, b: string | null | undefined) => normalizeKey(a ?? '') === normalizeKey(b ?? '');
    const siblings = await manager.findBy(VariantEntity, { productId: product.id });
    const variant =
      holder?.variant ??
      siblings.find((candidate) => same(candidate.brand, incoming.brand) && candidate.packageAmount === (incoming.packageAmount ?? null) && same(candidate.packageUnit, incoming.packageUnit));
    if (!variant) {
      const created = this.newVariant(product.id, fields, now);
      await manager.insert(VariantEntity, created);
      await manager.insert(BarcodeEntity, this.newBarcode(created.id, barcode, now));
      await this.touch(manager, product);
      return created;
    }
    const fill = Object.fromEntries(Object.entries(incoming).filter(([key, value]) => value !== null && (variant as unknown as Record<string, unknown>)[key] == null));
    if (Object.keys(fill).length > 0) {
      Object.assign(variant, fill, { updatedAt: nextTimestamp(variant.updatedAt, this.clock.now()) });
      await manager.save(VariantEntity, variant);
    }
    if (!holder) await manager.insert(BarcodeEntity, this.newBarcode(variant.id, barcode, now));
    await this.touch(manager, product);
    return variant;
  }

  async update(productId: string, input: CatalogProductUpdateInput): Promise<CatalogProductDetailResponse> {
    assertTargetAboveMinimum(input);
    return this.database.write(async (manager) => {
      const product = await this.activeProduct(manager, productId);
      if (product.updatedAt !== input.expected_updated_at) throw new ApiException(409, 'stale_update');
      await this.assertNameFree(manager, input.name, product.id);
      await manager.update(ProductEntity, { id: product.id }, {
        name: input.name.trim(),
        normalizedName: normalizeKey(input.name),
        defaultBestBeforeDays: input.default_best_before_days ?? 0,
        defaultLocationId: await this.masterDataId(manager, 'locations', input.default_location_id, null),
        defaultQuantityUnitId: await this.masterDataId(manager, 'quantity-units', input.default_quantity_unit_id, null),
        productGroupId: await this.masterDataId(manager, 'product-groups', input.product_group_id, null),
        minimumStockQuantity: input.minimum_stock_quantity ?? 0,
        shoppingTargetQuantity: input.shopping_target_quantity ?? 0,
        imageUrl: input.image_url ?? null,
        notes: input.notes ?? '',
        updatedAt: nextTimestamp(product.updatedAt, this.clock.now()),
      });
      return this.detail(product.id, manager);
    });
  }

  /** Takes a product out of use; its stock history stays. */
  async archive(productId: string): Promise<CatalogProductDetailResponse> {
    return this.database.write(async (manager) => {
      const product = await this.activeProduct(manager, productId);
      await manager.update(ProductEntity, { id: product.id }, { active: false, updatedAt: nextTimestamp(product.updatedAt, this.clock.now()) });
      return this.detail(product.id, manager);
    });
  }

  async addVariant(productId: string, input: CatalogVariantCreateInput): Promise<CatalogProductDetailResponse> {
    return this.database.write(async (manager) => {
      const product = await this.activeProduct(manager, productId);
      await manager.insert(VariantEntity, this.newVariant(product.id, input, this.clock.now().toISOString()));
      await this.touch(manager, product);
      return this.detail(product.id, manager);
    });
  }

  async updateVariant(variantId: string, input: CatalogVariantUpdateInput): Promise<CatalogProductDetailResponse> {
    return this.database.write(async (manager) => {
      const variant = await this.variant(manager, variantId);
      if (variant.updatedAt !== input.expected_updated_at) throw new ApiException(409, 'stale_update');
      await manager.update(VariantEntity, { id: variant.id }, { ...this.variantFields(input), updatedAt: nextTimestamp(variant.updatedAt, this.clock.now()) });
      await this.touch(manager, variant.product as ProductEntity);
      return this.detail(variant.productId, manager);
    });
  }

  /** Removes a variant nothing refers to (no stock lot, no scan draft); the last variant of a product stays. */
  async deleteVariant(variantId: string): Promise<CatalogProductDetailResponse> {
    return this.database.write(async (manager) => {
      const variant = await this.variant(manager, variantId);
      const siblings = await manager.countBy(VariantEntity, { productId: variant.productId });
      const lots = await manager.countBy(StockLotEntity, { variantId: variant.id });
      const [{ drafts }] = (await manager.query('SELECT COUNT(*) AS drafts FROM scan_drafts WHERE variant_id = ?', [variant.id])) as { drafts: number }[];
      if (siblings <= 1 || lots > 0 || drafts > 0) throw new ApiException(409, 'variant_in_use');
      await manager.delete(VariantEntity, { id: variant.id });
      await this.touch(manager, variant.product as ProductEntity);
      return this.detail(variant.productId, manager);
    });
  }

  async addBarcode(variantId: string, input: CatalogBarcodeCreateInput): Promise<CatalogProductDetailResponse> {
    const barcode = validBarcode(input.barcode, 'barcode');
    return this.database.write(async (manager) => {
      const variant = await this.variant(manager, variantId);
      const existing = await manager.findOneBy(BarcodeEntity, { barcode: barcode.code });
      if (existing && existing.variantId !== variant.id) throw new ApiException(409, 'barcode_taken');
      if (!existing) {
        await manager.insert(BarcodeEntity, this.newBarcode(variant.id, barcode, this.clock.now().toISOString()));
        await this.touch(manager, variant.product as ProductEntity);
      }
      return this.detail(variant.productId, manager);
    });
  }

  async removeBarcode(variantId: string, rawBarcode: string): Promise<CatalogProductDetailResponse> {
    const code = checkBarcode(rawBarcode).code;
    return this.database.write(async (manager) => {
      const variant = await this.variant(manager, variantId);
      const result = await manager.delete(BarcodeEntity, { barcode: code, variantId: variant.id });
      if (!result.affected) throw new ApiException(404, 'barcode_not_found');
      await this.touch(manager, variant.product as ProductEntity);
      return this.detail(variant.productId, manager);
    });
  }

  /** The active product and variant that hold a normalised barcode, if any. */
  async findByBarcode(manager: EntityManager, code: string): Promise<{ product: ProductEntity; variant: VariantEntity } | null> {
    return (await this.findByBarcodes(manager, [code])).get(code) ?? null;
  }

  /** The same for many codes in one query; codes without an active holder are left out. */
  async findByBarcodes(manager: EntityManager, codes: readonly string[]): Promise<Map<string, { product: ProductEntity; variant: VariantEntity }>> {
    const holders = new Map<string, { product: ProductEntity; variant: VariantEntity }>();
    if (codes.length === 0) return holders;
    const barcodes = await manager.find(BarcodeEntity, { where: { barcode: In([...new Set(codes)]) }, relations: { variant: { product: true } } });
    for (const { barcode, variant } of barcodes) if (variant?.product?.active) holders.set(barcode, { product: variant.product, variant });
    return holders;
  }

  /**
   * A confirmed scan's product: the active one with this name, or a new one. Household values
   * stay: an existing product only gets defaults it did not have yet.
   */
  async productForScan(
    manager: EntityManager,
    spec: { name: string; locationId: number | null; quantityUnitId: number | null; productGroupId: number | null; defaultBestBeforeDays: number },
  ): Promise<ProductEntity> {
    const existing = await manager.findOneBy(ProductEntity, { normalizedName: normalizeKey(spec.name), active: true });
    if (existing) {
      const fill: Partial<ProductEntity> = {};
      if (existing.defaultLocationId === null && spec.locationId !== null) fill.defaultLocationId = spec.locationId;
      if (existing.defaultQuantityUnitId === null && spec.quantityUnitId !== null) fill.defaultQuantityUnitId = spec.quantityUnitId;
      if (existing.productGroupId === null && spec.productGroupId !== null) fill.productGroupId = spec.productGroupId;
      if (existing.defaultBestBeforeDays === 0 && spec.defaultBestBeforeDays > 0) fill.defaultBestBeforeDays = spec.defaultBestBeforeDays;
      if (Object.keys(fill).length > 0) {
        Object.assign(existing, fill, { updatedAt: nextTimestamp(existing.updatedAt, this.clock.now()) });
        await manager.save(existing);
      }
      return existing;
    }
    const product = this.newProduct(
      {
        name: spec.name,
        defaultBestBeforeDays: spec.defaultBestBeforeDays,
        defaultLocationId: spec.locationId,
        defaultQuantityUnitId: spec.quantityUnitId,
        productGroupId: spec.productGroupId,
      },
      this.clock.now().toISOString(),
    );
    await manager.insert(ProductEntity, product);
    return product;
  }

  /**
   * Puts a scanned code on `product`: the variant already holding it moves to the product (and
   * gets only the fields it lacked), otherwise a new variant with the barcode is created.
   */
  async variantForScan(
    manager: EntityManager,
    product: ProductEntity,
    barcode: { code: string; symbology: BarcodeEntity['symbology'] },
    fields: CatalogVariantCreateInput,
  ): Promise<VariantEntity> {
    const now = this.clock.now().toISOString();
    const holder = await manager.findOne(BarcodeEntity, { where: { barcode: barcode.code }, relations: { variant: true } });
    const variant = holder?.variant;
    if (variant) {
      const incoming = this.variantFields(fields);
      const fill = Object.fromEntries(
        Object.entries(incoming).filter(([key, value]) => value !== null && (variant as unknown as Record<string, unknown>)[key] == null),
      );
      Object.assign(variant, fill, { productId: product.id, updatedAt: now });
      await manager.save(VariantEntity, variant);
      return variant;
    }
    const created = this.newVariant(product.id, fields, now);
    await manager.insert(VariantEntity, created);
    await manager.insert(BarcodeEntity, this.newBarcode(created.id, barcode, now));
    return created;
  }

  private async activeProduct(manager: EntityManager, productId: string): Promise<ProductEntity> {
    const product = await manager.findOneBy(ProductEntity, { id: productId, active: true });
    if (!product) throw new ApiException(404, 'product_not_found');
    return product;
  }

  private async variant(manager: EntityManager, variantId: string): Promise<VariantEntity> {
    const variant = await manager.findOne(VariantEntity, { where: { id: variantId }, relations: { product: true } });
    if (!variant?.product?.active) throw new ApiException(404, 'variant_not_found');
    return variant;
  }

  /** A change to a variant or barcode is a change of the product: its `updated_at` moves on. */
  private async touch(manager: EntityManager, product: ProductEntity): Promise<void> {
    await manager.update(ProductEntity, { id: product.id }, { updatedAt: nextTimestamp(product.updatedAt, this.clock.now()) });
  }

  /** Strictly later than `previous`, so two changes within one millisecond still differ. */
  private variantFields(input: CatalogVariantCreateInput): Partial<VariantEntity> {
    return {
      name: input.name?.trim() || null,
      brand: input.brand?.trim() || null,
      packageAmount: input.package_amount ?? null,
      packageUnit: input.package_unit?.trim() || null,
      imageUrl: input.image_url ?? null,
    };
  }

  /** A new active product; the name is stored trimmed and its key normalised. */
  private newProduct(
    fields: Pick<ProductEntity, 'name' | 'defaultBestBeforeDays' | 'defaultLocationId' | 'defaultQuantityUnitId' | 'productGroupId'> &
      Partial<Pick<ProductEntity, 'minimumStockQuantity' | 'shoppingTargetQuantity'>>,
    now: string,
  ): ProductEntity {
    return Object.assign(new ProductEntity(), {
      id: randomUUID(),
      minimumStockQuantity: 0,
      shoppingTargetQuantity: 0,
      ...fields,
      name: fields.name.trim(),
      normalizedName: normalizeKey(fields.name),
      imageUrl: null,
      notes: '',
      active: true,
      grocyProductId: null,
      createdAt: now,
      updatedAt: now,
    });
  }

  private newVariant(productId: string, input: CatalogVariantCreateInput, now: string): VariantEntity {
    return Object.assign(new VariantEntity(), { id: randomUUID(), productId, ...this.variantFields(input), createdAt: now, updatedAt: now });
  }

  private newBarcode(variantId: string, barcode: { code: string; symbology: BarcodeEntity['symbology'] }, now: string): BarcodeEntity {
    return Object.assign(new BarcodeEntity(), { barcode: barcode.code, variantId, symbology: barcode.symbology, isPrimary: true, createdAt: now, updatedAt: now });
  }
}

function likeEscape(value: string): string {
  return value.replace(/[\\%_]/g, (match) => `\\${match}`);
}
