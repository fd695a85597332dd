import { Injectable } from '@nestjs/common';
import { normalizeKey, type Locale } from '@hinv/shared';
import type { EntityManager, EntityTarget } from 'typeorm';
import { Clock } from '../../../common/clock.js';
import { ApiException } from '../../../common/errors/api-exception.js';
import { Database } from '../../../database/database.js';
import { ProductEntity } from '../product.entity.js';
import { LocationEntity, ProductGroupEntity, QuantityUnitEntity, type MasterDataEntity } from './master-data.entity.js';
import type { MasterDataCreateInput, MasterDataItemResponse, MasterDataKind, MasterDataResponse, MasterDataUpdateInput } from './master-data.dto.js';
import { SEED_MASTER_DATA } from './seed-master-data.js';

const KINDS: Record<MasterDataKind, { entity: EntityTarget<MasterDataEntity>; productColumn: keyof ProductEntity }> = {
  locations: { entity: LocationEntity, productColumn: 'defaultLocationId' },
  'quantity-units': { entity: QuantityUnitEntity, productColumn: 'defaultQuantityUnitId' },
  'product-groups': { entity: ProductGroupEntity, productColumn: 'productGroupId' },
};

function toItem(item: MasterDataEntity, usage: number): MasterDataItemResponse {
  return {
    id: item.id,
    name: item.name,
    name_plural: item instanceof QuantityUnitEntity ? item.namePlural : null,
    description: item.description,
    is_freezer: item instanceof LocationEntity ? Number(item.isFreezer) : null,
    active: Number(item.active),
    grocy_id: item.grocyId,
    usage_count: usage,
    created_at: item.createdAt,
    updated_at: item.updatedAt,
  };
}

/** Locations (with freezer flag), quantity units and product groups. */
@Injectable()
export class MasterDataService {
  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
  ) {}

  /** The starting set of a new household, inside the setup transaction. */
  async seed(manager: EntityManager, locale: Locale): Promise<void> {
    const now = this.clock.now().toISOString();
    const seed = SEED_MASTER_DATA[locale];
    const common = { description: '', active: true, grocyId: null, createdAt: now, updatedAt: now };
    await manager.insert(LocationEntity, seed.locations.map((l) => ({ ...common, name: l.name, isFreezer: l.isFreezer })));
    await manager.insert(QuantityUnitEntity, seed.quantityUnits.map((u) => ({ ...common, name: u.name, namePlural: u.namePlural })));
    await manager.insert(ProductGroupEntity, seed.productGroups.map((name) => ({ ...common, name })));
  }

  private async usage(manager: EntityManager, kind: MasterDataKind): Promise<Map<number, number>> {
    const column = manager.connection.getMetadata(ProductEntity).findColumnWithPropertyName(KINDS[kind].productColumn)?.databaseName as string;
    const rows: { id: number; count: number }[] = await manager.query(
      `SELECT "${column}" AS id, COUNT(*) AS count FROM products WHERE active = 1 AND "${column}" IS NOT NULL GROUP BY "${column}"`,
    );
    return new Map(rows.map((row) => [row.id, row.count]));
  }

  private async listKind(kind: MasterDataKind): Promise<MasterDataItemResponse[]> {
    const manager = this.database.manager;
    const usage = await this.usage(manager, kind);
    const items = await manager.find(KINDS[kind].entity, { where: { active: true }, order: { name: 'ASC' } });
    return items.map((item) => toItem(item, usage.get(item.id) ?? 0));
  }

  async list(): Promise<MasterDataResponse> {
    return {
      locations: await this.listKind('locations'),
      quantity_units: await this.listKind('quantity-units'),
      product_groups: await this.listKind('product-groups'),
    };
  }

  private async assertUniqueName(manager: EntityManager, kind: MasterDataKind, name: string, exceptId?: number): Promise<void> {
    const key = normalizeKey(name);
    const clash = (await manager.find(KINDS[kind].entity, { where: { active: true } })).find((item) => normalizeKey(item.name) === key && item.id !== exceptId);
    if (clash) throw new ApiException(409, 'duplicate_name');
  }

  private fields(kind: MasterDataKind, input: MasterDataCreateInput): Partial<LocationEntity & QuantityUnitEntity> {
    return {
      name: input.name.trim(),
      description: input.description ?? '',
      ...(kind === 'locations' ? { isFreezer: input.is_freezer ?? false } : {}),
      ...(kind === 'quantity-units' ? { namePlural: input.name_plural?.trim() || null } : {}),
    };
  }

  async create(kind: MasterDataKind, input: MasterDataCreateInput): Promise<MasterDataItemResponse> {
    return this.database.write(async (manager) => {
      await this.assertUniqueName(manager, kind, input.name);
      const now = this.clock.now().toISOString();
      const entity = manager.create(KINDS[kind].entity, { ...this.fields(kind, input), active: true, grocyId: null, createdAt: now, updatedAt: now });
      await manager.insert(KINDS[kind].entity, entity);
      return toItem(entity, 0);
    });
  }

  private async existing(manager: EntityManager, kind: MasterDataKind, id: number): Promise<MasterDataEntity> {
    const item = await manager.findOneBy(KINDS[kind].entity, { id, active: true });
    if (!item) throw new ApiException(404, 'master_data_not_found');
    return item;
  }

  async update(kind: MasterDataKind, id: number, input: MasterDataUpdateInput): Promise<MasterDataItemResponse> {
    return this.database.write(async (manager) => {
      const item = await this.existing(manager, kind, id);
      if (item.updatedAt !== input.expected_updated_at) throw new ApiException(409, 'stale_update');
      await this.assertUniqueName(manager, kind, input.name, id);
      Object.assign(item, this.fields(kind, input), { updatedAt: this.clock.now().toISOString() });
      await manager.save(item);
      return toItem(item, (await this.usage(manager, kind)).get(id) ?? 0);
    });
  }

  /** Archives an entry; refused while an active product uses it. */
  async archive(kind: MasterDataKind, id: number): Promise<MasterDataItemResponse> {
    return this.database.write(async (manager) => {
      const item = await this.existing(manager, kind, id);
      const used = (await this.usage(manager, kind)).get(id) ?? 0;
      if (used > 0) throw new ApiException(409, 'in_use');
      Object.assign(item, { active: false, updatedAt: this.clock.now().toISOString() });
      await manager.save(item);
      return toItem(item, 0);
    });
  }

  /** An active entry by id, or 404; used when a product names one. */
  async requireActive(manager: EntityManager, kind: MasterDataKind, id: number): Promise<MasterDataEntity> {
    return this.existing(manager, kind, id);
  }

  /** The active entry with this name, or a new one (the "new_location_name" shortcuts). */
  async findOrCreate(manager: EntityManager, kind: MasterDataKind, name: string, extras: { isFreezer?: boolean } = {}): Promise<MasterDataEntity> {
    const key = normalizeKey(name);
    const found = (await manager.find(KINDS[kind].entity, { where: { active: true } })).find((item) => normalizeKey(item.name) === key);
    if (found) return found;
    const now = this.clock.now().toISOString();
    const entity = manager.create(KINDS[kind].entity, {
      name: name.trim(),
      description: '',
      active: true,
      grocyId: null,
      createdAt: now,
      updatedAt: now,
      ...(kind === 'locations' ? { isFreezer: extras.isFreezer ?? false } : {}),
    });
    await manager.insert(KINDS[kind].entity, entity);
    return entity;
  }
}
