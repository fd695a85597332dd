import { Injectable } from '@nestjs/common';
import { normalizeKey } from '@hinv/shared';
import { In, IsNull, Not, type EntityManager, type EntityTarget } from 'typeorm';
import { Clock, nextTimestamp } from '../../common/clock.js';
import { ApiException } from '../../common/errors/api-exception.js';
import { Database } from '../../database/database.js';
import { CatalogService } from '../catalog/catalog.service.js';
import type { MasterDataItemResponse, MasterDataResponse } from '../catalog/master-data/master-data.dto.js';
import { LocationEntity, ProductGroupEntity, QuantityUnitEntity, type MasterDataEntity } from '../catalog/master-data/master-data.entity.js';
import { ProductEntity } from '../catalog/product.entity.js';
import { SettingsService } from '../settings/settings.service.js';
import { readCatalogSummary } from '../status/status.service.js';
import { roundQuantity, StockService } from '../stock/stock.service.js';
import type { GrocyCatalogImportResponse, GrocyImportCounts, GrocyProductResponse, GrocyStockPreviewItemResponse, GrocyStockPreviewResponse, GrocyUnmappedStockResponse } from './dto/grocy.dto.js';
import { GrocyClient, type GrocyConnection } from './grocy.client.js';
import { grocyActive, grocyId, grocyName, grocyNumber, groupGrocyStock, type GrocyRecord } from './grocy-wire.js';

/** Grocy's master-data objects and the local tables they become. */
export const GROCY_MASTER_DATA = {
  locations: { entity: LocationEntity, path: 'objects/locations', label: 'location' },
  quantity_units: { entity: QuantityUnitEntity, path: 'objects/quantity_units', label: 'quantity unit' },
  product_groups: { entity: ProductGroupEntity, path: 'objects/product_groups', label: 'product group' },
} as const;
export type GrocyMasterDataKind = keyof typeof GROCY_MASTER_DATA;

/** A Grocy master-data row that can be imported: active, with a name and an id. */
interface GrocyMasterRow {
  id: number;
  name: string;
  row: GrocyRecord;
}

function masterRows(rows: readonly GrocyRecord[]): GrocyMasterRow[] {
  return rows.flatMap((row) => {
    const id = grocyId(row.id);
    const name = grocyName(row);
    return id !== null && name !== null && grocyActive(row) ? [{ id, name, row }] : [];
  });
}

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' });

/**
 * The Grocy connector: the catalog import (additive, idempotent), the stock preview (read-only),
 * Grocy's own master data and products, and the calls receipts make (create a product, ensure a
 * store, post a purchase). Grocy is always asked first and the answers are written afterwards in
 * one write, so no transaction waits on the network.
 */
@Injectable()
export class GrocyService {
  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
    private readonly settings: SettingsService,
    private readonly client: GrocyClient,
    private readonly catalog: CatalogService,
    private readonly stock: StockService,
  ) {}

  /** The connection for owner actions; 409 when not connected (and, with `requireEnabled`, when switched off). */
  async connection(requireEnabled: boolean): Promise<GrocyConnection> {
    return this.settings.grocyConnection(await this.settings.read(), { requireEnabled });
  }

  /** The connection receipts export through: null unless the connector is on and has a key. */
  async exportConnection(): Promise<GrocyConnection | null> {
    const settings = await this.settings.read();
    if (!settings.grocyEnabled || settings.grocyApiKey === null) return null;
    return this.settings.grocyConnection(settings, { requireEnabled: true });
  }

  /**
   * Copies Grocy's catalog in. Locations, units and groups (active ones) are found by their Grocy
   * id, else by name, else created, and keep Grocy's id. Products (active, named) are found by
   * their Grocy id, else by name: the name follows Grocy's, empty defaults (location, unit from
   * `qu_id_stock` else `qu_id_purchase`, group, best-before days above 0) are filled, the Grocy id
   * is stored. Nothing is removed and nothing set here is overwritten, so a second run changes nothing.
   * Works while the connector is switched off.
   */
  async importCatalog(): Promise<GrocyCatalogImportResponse> {
    const connection = await this.connection(false);
    const [locations, units, groups, products] = await Promise.all([
      this.client.list(connection, GROCY_MASTER_DATA.locations.path),
      this.client.list(connection, GROCY_MASTER_DATA.quantity_units.path),
      this.client.list(connection, GROCY_MASTER_DATA.product_groups.path),
      this.client.list(connection, 'objects/products'),
    ]);
    return this.database.write(async (manager) => {
      const ids = {
        locations: await this.upsertMasterData(manager, 'locations', masterRows(locations)),
        quantity_units: await this.upsertMasterData(manager, 'quantity_units', masterRows(units)),
        product_groups: await this.upsertMasterData(manager, 'product_groups', masterRows(groups)),
      };
      const imported: GrocyImportCounts = {
        locations: ids.locations.size,
        quantity_units: ids.quantity_units.size,
        product_groups: ids.product_groups.size,
        products: await this.upsertProducts(manager, masterRows(products), ids),
      };
      return { imported, catalog: await readCatalogSummary(manager) };
    });
  }

  /** Grocy id → local id for every row taken. */
  private async upsertMasterData(manager: EntityManager, kind: GrocyMasterDataKind, rows: GrocyMasterRow[]): Promise<Map<number, number>> {
    const entity = GROCY_MASTER_DATA[kind].entity as EntityTarget<MasterDataEntity>;
    // Archived entries too: one archived here stays archived (as products do), and is never made twice.
    const local = await manager.find(entity);
    const now = this.clock.now().toISOString();
    const ids = new Map<number, number>();
    for (const { id, name, row } of rows) {
      const found = local.find((item) => item.grocyId === id) ?? local.find((item) => normalizeKey(item.name) === normalizeKey(name));
      if (found) {
        // An entry already linked to another Grocy id keeps its link (Grocy had two of that name).
        if (found.grocyId === null) {
          await manager.update(entity, { id: found.id }, { grocyId: id, updatedAt: now });
          found.grocyId = id;
        }
        ids.set(id, found.id);
        continue;
      }
      const created = manager.create(entity, {
        name,
        description: typeof row.description === 'string' ? row.description.slice(0, 1000) : '',
        active: true,
        grocyId: id,
        createdAt: now,
        updatedAt: now,
        ...(kind === 'locations' ? { isFreezer: grocyNumber(row.is_freezer) === 1 } : {}),
        ...(kind === 'quantity_units' ? { namePlural: grocyName({ name: row.name_plural }) } : {}),
      });
      await manager.insert(entity, created);
      local.push(created);
      ids.set(id, created.id);
    }
    return ids;
  }

  private async upsertProducts(manager: EntityManager, rows: GrocyMasterRow[], ids: Record<GrocyMasterDataKind, Map<number, number>>): Promise<number> {
    const now = this.clock.now().toISOString();
    let count = 0;
    for (const { id, name, row } of rows) {
      const defaults = {
        location: ids.locations.get(grocyId(row.location_id) ?? 0) ?? null,
        unit: ids.quantity_units.get(grocyId(row.qu_id_stock) ?? 0) ?? ids.quantity_units.get(grocyId(row.qu_id_purchase) ?? 0) ?? null,
        group: ids.product_groups.get(grocyId(row.product_group_id) ?? 0) ?? null,
        bestBeforeDays: Math.max(0, Math.min(3650, Math.trunc(grocyNumber(row.default_best_before_days) ?? 0))),
      };
      const linked = await manager.findOneBy(ProductEntity, { grocyProductId: id });
      // An archived product keeps its link and stays archived; the import does not bring it back.
      if (linked && !linked.active) continue;
      const named = linked ? null : await manager.findOneBy(ProductEntity, { normalizedName: normalizeKey(name), active: true });
      // A product of that name linked to another Grocy product (renamed in Grocy since): left alone.
      if (named && named.grocyProductId !== null) continue;
      const product = linked ?? named;
      if (!product) {
        const created = await this.catalog.createIn(manager, {
          name,
          default_best_before_days: defaults.bestBeforeDays,
          location_id: defaults.location,
          quantity_unit_id: defaults.unit,
          product_group_id: defaults.group,
        });
        await manager.update(ProductEntity, { id: created.product.id }, { grocyProductId: id });
        count += 1;
        continue;
      }
      const changes: Partial<ProductEntity> = {};
      // The name follows Grocy's, unless another active product here already has it.
      if (product.name !== name) {
        const holder = await manager.findOneBy(ProductEntity, { normalizedName: normalizeKey(name), active: true });
        if (!holder || holder.id === product.id) Object.assign(changes, { name, normalizedName: normalizeKey(name) });
      }
      if (product.defaultLocationId === null && defaults.location !== null) changes.defaultLocationId = defaults.location;
      if (product.defaultQuantityUnitId === null && defaults.unit !== null) changes.defaultQuantityUnitId = defaults.unit;
      if (product.productGroupId === null && defaults.group !== null) changes.productGroupId = defaults.group;
      if (product.defaultBestBeforeDays === 0 && defaults.bestBeforeDays > 0) changes.defaultBestBeforeDays = defaults.bestBeforeDays;
      if (product.grocyProductId !== id) changes.grocyProductId = id;
      if (Object.keys(changes).length > 0) await manager.update(ProductEntity, { id: product.id }, { ...changes, updatedAt: nextTimestamp(product.updatedAt, new Date(now)) });
      count += 1;
    }
    return count;
  }

  /**
   * What Grocy holds against what is here, for every active product linked to Grocy (proposed 0
   * when Grocy has none), plus Grocy stock no product here is linked to. Reads only; applying it
   * is a stock count with `source = grocy_review`. 409 while the connector is switched off.
   */
  async stockPreview(): Promise<GrocyStockPreviewResponse> {
    const connection = await this.connection(true);
    const grocy = groupGrocyStock(await this.client.list(connection, 'stock'));
    const manager = this.database.manager;
    const products = await manager.find(ProductEntity, {
      where: { active: true, grocyProductId: Not(IsNull()) },
      relations: { defaultLocation: true, defaultQuantityUnit: true },
    });
    const items: GrocyStockPreviewItemResponse[] = products.map((product) => {
      const entry = grocy.get(product.grocyProductId as number);
      const current = this.stock.onHand(product.id);
      const proposed = entry?.quantity ?? 0;
      return {
        product_id: product.id,
        product_name: product.name,
        grocy_product_id: product.grocyProductId as number,
        current_quantity: current,
        proposed_quantity: proposed,
        quantity_delta: roundQuantity(proposed - current),
        default_location_id: product.defaultLocationId,
        default_location_name: product.defaultLocation?.name ?? null,
        quantity_unit_name: product.defaultQuantityUnit?.name ?? null,
        best_before_date: entry?.bestBeforeDate ?? null,
      };
    });
    items.sort((a, b) => byName({ name: a.product_name }, { name: b.product_name }));
    const linked = new Set(products.map((product) => product.grocyProductId));
    const unmapped: GrocyUnmappedStockResponse[] = [...grocy.values()]
      .filter((entry) => !linked.has(entry.grocyProductId) && entry.quantity !== 0)
      .map((entry) => ({ grocy_product_id: entry.grocyProductId, product_name: entry.productName, quantity: entry.quantity }));
    if (unmapped.some((entry) => entry.product_name === null)) {
      const names = new Map(masterRows(await this.client.list(connection, 'objects/products')).map((row) => [row.id, row.name]));
      for (const entry of unmapped) entry.product_name ??= names.get(entry.grocy_product_id) ?? null;
    }
    unmapped.sort((a, b) => byName({ name: a.product_name ?? '' }, { name: b.product_name ?? '' }) || a.grocy_product_id - b.grocy_product_id);
    return { items, unmapped, generated_at: this.clock.now().toISOString() };
  }

  /** Grocy's own locations, units and groups (active ones, by name); ids are Grocy's. */
  async masterData(): Promise<MasterDataResponse> {
    const connection = await this.connection(true);
    const [locations, units, groups] = await Promise.all([
      this.client.list(connection, GROCY_MASTER_DATA.locations.path),
      this.client.list(connection, GROCY_MASTER_DATA.quantity_units.path),
      this.client.list(connection, GROCY_MASTER_DATA.product_groups.path),
    ]);
    const item = (kind: GrocyMasterDataKind) => ({ id, name, row }: GrocyMasterRow): MasterDataItemResponse => ({
      id,
      name,
      name_plural: kind === 'quantity_units' ? grocyName({ name: row.name_plural }) : null,
      description: typeof row.description === 'string' ? row.description : null,
      is_freezer: kind === 'locations' ? (grocyNumber(row.is_freezer) === 1 ? 1 : 0) : null,
      active: 1,
      grocy_id: id,
      usage_count: 0,
      created_at: typeof row.row_created_timestamp === 'string' ? row.row_created_timestamp : null,
      updated_at: null,
    });
    return {
      locations: masterRows(locations).sort(byName).map(item('locations')),
      quantity_units: masterRows(units).sort(byName).map(item('quantity_units')),
      product_groups: masterRows(groups).sort(byName).map(item('product_groups')),
    };
  }

  /** Grocy's active products whose name contains `q` (case and accents as the matcher folds them), by name. */
  async searchProducts(q: string): Promise<GrocyProductResponse[]> {
    const connection = await this.connection(true);
    const key = normalizeKey(q);
    return masterRows(await this.client.list(connection, 'objects/products'))
      .filter((row) => key === '' || normalizeKey(row.name).includes(key))
      .sort(byName)
      .map((row) => ({ id: row.id, name: row.name }));
  }

  /**
   * Grocy's entry of this kind with this name (case-insensitive), created when missing; answers
   * its id and name. With `id` instead, checks that Grocy has it (404 otherwise).
   */
  async ensureMasterData(connection: GrocyConnection, kind: GrocyMasterDataKind | 'shopping_locations', id: number | null, name: string | null): Promise<GrocyMasterRow | null> {
    if (id === null && !name?.trim()) return null;
    const path = kind === 'shopping_locations' ? 'objects/shopping_locations' : GROCY_MASTER_DATA[kind].path;
    const rows = masterRows(await this.client.list(connection, path));
    if (id !== null) {
      const found = rows.find((row) => row.id === id);
      if (!found) throw new ApiException(404, 'grocy_master_data_not_found', { kind: kind === 'shopping_locations' ? 'store' : GROCY_MASTER_DATA[kind].label, id: String(id) });
      return found;
    }
    const wanted = (name as string).trim();
    const found = rows.find((row) => row.name.toLocaleLowerCase() === wanted.toLocaleLowerCase());
    if (found) return found;
    const body: GrocyRecord = { name: wanted, active: 1 };
    if (kind === 'quantity_units') body.name_plural = wanted;
    const created = grocyId(((await this.client.post(connection, path, body)) as GrocyRecord | null)?.created_object_id);
    if (created === null) throw new ApiException(502, 'grocy_failed', { reason: `creating the ${kind === 'shopping_locations' ? 'store' : GROCY_MASTER_DATA[kind].label} answered no id` });
    return { id: created, name: wanted, row: body };
  }

  /** Grocy's active product of this name (case-insensitive), if there is one. */
  async findProductByName(connection: GrocyConnection, name: string): Promise<{ id: number; name: string } | null> {
    const wanted = name.trim().toLocaleLowerCase();
    const found = masterRows(await this.client.list(connection, 'objects/products')).find((row) => row.name.toLocaleLowerCase() === wanted);
    return found ? { id: found.id, name: found.name } : null;
  }

  /** Creates a product in Grocy; answers its id. */
  async createProduct(
    connection: GrocyConnection,
    input: { name: string; locationId: number; unitId: number; groupId: number | null; bestBeforeDays: number },
  ): Promise<number> {
    const body: GrocyRecord = {
      name: input.name,
      location_id: input.locationId,
      qu_id_purchase: input.unitId,
      qu_id_stock: input.unitId,
      min_stock_amount: 0,
      default_best_before_days: input.bestBeforeDays,
    };
    if (input.groupId !== null) body.product_group_id = input.groupId;
    const created = grocyId(((await this.client.post(connection, 'objects/products', body)) as GrocyRecord | null)?.created_object_id);
    if (created === null) throw new ApiException(502, 'grocy_failed', { reason: 'creating the product answered no id' });
    return created;
  }

  /** Posts one purchase to Grocy's stock (`stock/products/{id}/add`). */
  async addPurchase(
    connection: GrocyConnection,
    grocyProductId: number,
    purchase: { amount: number; price: number | null; purchasedDate: string; bestBeforeDate: string | null; shoppingLocationId: number | null },
  ): Promise<void> {
    const body: GrocyRecord = { amount: purchase.amount, transaction_type: 'purchase', purchased_date: purchase.purchasedDate };
    if (purchase.price !== null) body.price = Math.round(purchase.price * 1e4) / 1e4;
    if (purchase.bestBeforeDate !== null) body.best_before_date = purchase.bestBeforeDate;
    if (purchase.shoppingLocationId !== null) body.shopping_location_id = purchase.shoppingLocationId;
    await this.client.post(connection, `stock/products/${grocyProductId}/add`, body);
  }

  /**
   * The local product for a Grocy product inside the caller's write: the one linked to it, else
   * the active one of that name (linked now, empty defaults filled), else a new one. Master data
   * is found by Grocy id, else by name, else created with Grocy's id.
   */
  async localProductFor(
    manager: EntityManager,
    grocy: { id: number; name: string; location: GrocyMasterRow; unit: GrocyMasterRow; group: GrocyMasterRow | null; bestBeforeDays: number; isFreezer: boolean },
  ): Promise<ProductEntity> {
    const ids = {
      locations: await this.upsertMasterData(manager, 'locations', [{ ...grocy.location, row: { ...grocy.location.row, is_freezer: grocy.isFreezer ? 1 : grocy.location.row.is_freezer } }]),
      quantity_units: await this.upsertMasterData(manager, 'quantity_units', [grocy.unit]),
      product_groups: await this.upsertMasterData(manager, 'product_groups', grocy.group ? [grocy.group] : []),
    };
    const row: GrocyRecord = {
      location_id: grocy.location.id,
      qu_id_stock: grocy.unit.id,
      product_group_id: grocy.group?.id ?? null,
      default_best_before_days: grocy.bestBeforeDays,
    };
    await this.upsertProducts(manager, [{ id: grocy.id, name: grocy.name, row }], ids);
    const product = await manager.findOneBy(ProductEntity, { grocyProductId: grocy.id, active: true });
    if (!product) throw new ApiException(404, 'product_not_found');
    return product;
  }

  /** Local products by id, with their Grocy links (for the purchase export). */
  async grocyLinks(manager: EntityManager, productIds: readonly string[]): Promise<Map<string, number>> {
    const products = await manager.find(ProductEntity, { select: { id: true, grocyProductId: true }, where: { id: In([...productIds]), grocyProductId: Not(IsNull()) } });
    return new Map(products.map((product) => [product.id, product.grocyProductId as number]));
  }
}

