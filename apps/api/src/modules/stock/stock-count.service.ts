import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { In, type EntityManager } from 'typeorm';
import type { Principal } from '../../common/access/principal.js';
import { Clock } from '../../common/clock.js';
import { ApiException } from '../../common/errors/api-exception.js';
import { Database } from '../../database/database.js';
import { LocationEntity } from '../catalog/master-data/master-data.entity.js';
import { ProductEntity } from '../catalog/product.entity.js';
import { VariantEntity } from '../catalog/variant.entity.js';
import type { StockCountCreateInput, StockCountLineResponse, StockCountSessionResponse } from './dto/stock-count.dto.js';
import { StockCountLineEntity, StockCountSessionEntity } from './stock-count.entity.js';
import { roundQuantity, StockService } from './stock.service.js';

/**
 * Stock counts: the household counts some products and the differences become movements, all
 * in one transaction. Products left out are untouched; a retry with the same key returns the
 * original count.
 */
@Injectable()
export class StockCountService {
  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
    private readonly stock: StockService,
  ) {}

  async create(principal: Principal, input: StockCountCreateInput): Promise<StockCountSessionResponse> {
    const sessionId = await this.database.write(async (manager) => {
      const existing = await manager.findOneBy(StockCountSessionEntity, { clientMutationId: input.client_mutation_id });
      if (existing) return existing.id;
      const productIds = input.lines.map((line) => line.product_id);
      if (new Set(productIds).size !== productIds.length) throw new ApiException(409, 'duplicate_product_in_count');
      const products = new Map((await manager.findBy(ProductEntity, { id: In(productIds), active: true })).map((p) => [p.id, p]));
      const now = this.clock.now().toISOString();
      const id = randomUUID();
      const cause = (delta: number) => ({ movementType: delta > 0 ? ('stock_count_increase' as const) : ('stock_count_decrease' as const), source: 'stock_count' as const, referenceId: id });
      const lines: StockCountLineEntity[] = [];
      for (const line of input.lines) {
        const product = products.get(line.product_id);
        if (!product) throw new ApiException(404, 'product_not_found');
        const variantId = await this.checkedVariant(manager, product.id, line.variant_id);
        const locationId = await this.checkedLocation(manager, line.location_id ?? product.defaultLocationId);
        const previous = this.stock.onHand(product.id);
        const delta = roundQuantity(line.counted_quantity - previous);
        let movementCount = 0;
        if (delta > 0) {
          this.stock.add({ productId: product.id, variantId, locationId, quantity: delta, bestBeforeDate: line.best_before_date ?? null, unitPrice: line.unit_price ?? null, ...cause(delta) });
          movementCount = 1;
        } else if (delta < 0) {
          movementCount = this.stock.consume(product.id, -delta, cause(delta)).movementIds.length;
        }
        lines.push(
          Object.assign(new StockCountLineEntity(), {
            id: randomUUID(),
            sessionId: id,
            productId: product.id,
            variantId,
            locationId,
            previousQuantity: previous,
            countedQuantity: roundQuantity(line.counted_quantity),
            quantityDelta: delta,
            bestBeforeDate: line.best_before_date ?? null,
            unitPrice: line.unit_price ?? null,
            note: line.note ?? '',
            movementCount,
            createdAt: now,
          }),
        );
      }
      await manager.insert(StockCountSessionEntity, {
        id,
        clientMutationId: input.client_mutation_id,
        source: input.source ?? 'manual',
        note: input.note ?? '',
        status: 'confirmed',
        lineCount: lines.length,
        changedCount: lines.filter((line) => line.quantityDelta !== 0).length,
        createdBy: principal.userId,
        createdAt: now,
      });
      await manager.insert(StockCountLineEntity, lines);
      return id;
    });
    return (await this.load([sessionId]))[0];
  }

  private async checkedVariant(manager: EntityManager, productId: string, variantId: string | null | undefined): Promise<string | null> {
    if (!variantId) return null;
    const variant = await manager.findOneBy(VariantEntity, { id: variantId });
    if (!variant || variant.productId !== productId) throw new ApiException(409, 'variant_mismatch');
    return variant.id;
  }

  private async checkedLocation(manager: EntityManager, locationId: number | null): Promise<number | null> {
    if (locationId === null) return null;
    if (!(await manager.existsBy(LocationEntity, { id: locationId, active: true }))) throw new ApiException(409, 'location_inactive');
    return locationId;
  }

  async list(limit: number): Promise<StockCountSessionResponse[]> {
    const sessions = await this.database.manager.find(StockCountSessionEntity, { order: { createdAt: 'DESC' }, take: limit, select: { id: true } });
    return this.load(sessions.map((session) => session.id));
  }

  /** Sessions with their lines (sorted by product name) and the names the lines refer to. */
  private async load(ids: string[]): Promise<StockCountSessionResponse[]> {
    if (ids.length === 0) return [];
    const manager = this.database.manager;
    const sessions = await manager.find(StockCountSessionEntity, { where: { id: In(ids) }, relations: { lines: true }, order: { createdAt: 'DESC' } });
    const lines = sessions.flatMap((session) => session.lines ?? []);
    const products = new Map(
      (await manager.find(ProductEntity, { where: { id: In(lines.map((l) => l.productId)) }, relations: { defaultQuantityUnit: true } })).map((p) => [p.id, p]),
    );
    const variants = new Map((await manager.findBy(VariantEntity, { id: In(lines.map((l) => l.variantId).filter((v): v is string => v !== null)) })).map((v) => [v.id, v]));
    const locations = new Map((await manager.findBy(LocationEntity, { id: In(lines.map((l) => l.locationId).filter((v): v is number => v !== null)) })).map((l) => [l.id, l]));
    const toLine = (line: StockCountLineEntity): StockCountLineResponse => {
      const product = products.get(line.productId);
      const variant = line.variantId ? variants.get(line.variantId) : undefined;
      return {
        id: line.id,
        session_id: line.sessionId,
        product_id: line.productId,
        product_name: product?.name ?? '',
        variant_id: line.variantId,
        variant_name: variant?.name ?? null,
        variant_brand: variant?.brand ?? null,
        location_id: line.locationId,
        location_name: line.locationId ? (locations.get(line.locationId)?.name ?? null) : null,
        quantity_unit_name: product?.defaultQuantityUnit?.name ?? null,
        previous_quantity: line.previousQuantity,
        counted_quantity: line.countedQuantity,
        quantity_delta: line.quantityDelta,
        best_before_date: line.bestBeforeDate,
        unit_price: line.unitPrice,
        note: line.note,
        movement_count: line.movementCount,
        created_at: line.createdAt,
      };
    };
    return sessions.map((session) => ({
      id: session.id,
      client_mutation_id: session.clientMutationId,
      source: session.source,
      note: session.note,
      status: session.status,
      line_count: session.lineCount,
      changed_count: session.changedCount,
      created_at: session.createdAt,
      lines: (session.lines ?? []).map(toLine).sort((a, b) => a.product_name.localeCompare(b.product_name)),
    }));
  }
}
