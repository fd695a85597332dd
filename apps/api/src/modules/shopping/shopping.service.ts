import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Principal } from '../../common/access/principal.js';
import { Clock } from '../../common/clock.js';
import { ApiException } from '../../common/errors/api-exception.js';
import { RequestValidationException } from '../../common/errors/validation.js';
import { ISSUE_TEXTS } from '../../common/errors/validation-messages.js';
import { Database } from '../../database/database.js';
import { ProductEntity } from '../catalog/product.entity.js';
import { LiveEvents } from '../live/live-events.js';
import { ShoppingTripsService } from '../shopping-trips/shopping-trips.service.js';
import { roundQuantity } from '../stock/stock.service.js';
import type {
  ShoppingListItemCreateInput,
  ShoppingGenerateInput,
  ShoppingGenerationResponse,
  ShoppingListItemResponse,
  ShoppingListItemUpdateInput,
  ShoppingLowStockItemResponse,
  ShoppingLowStockResponse,
} from './dto/shopping.dto.js';
import { ShoppingGenerationItemEntity, ShoppingGenerationRunEntity, type GenerationAction } from './shopping-generation.entity.js';
import { ShoppingItemEntity } from './shopping-item.entity.js';
import { ShoppingMutationEntity, type ShoppingMutationKind } from './shopping-mutation.entity.js';

/** Notes are at most 500 characters, also after an add appended its own. */
const NOTES_MAX = 500;

interface ProductStockRow {
  id: string;
  name: string;
  active: number;
  image_url: string | null;
  unit_name: string | null;
  group_id: number | null;
  group_name: string | null;
  minimum: number;
  target: number;
  current: number;
}

/** A refill is proposed when a target is set, stock is at or below the minimum and below the target. */
export function refillSuggestion(current: number, minimum: number, target: number): number | null {
  if (target <= 0 || current >= target || current > minimum) return null;
  return roundQuantity(target - current);
}

const PRODUCT_STOCK_SQL = `
  SELECT p.id, p.name, p.active, p.image_url, u.name AS unit_name, p.product_group_id AS group_id, g.name AS group_name, p.minimum_stock_quantity AS minimum, p.shopping_target_quantity AS target,
         COALESCE((SELECT ROUND(SUM(l.quantity), 6) FROM stock_lots l WHERE l.product_id = p.id AND l.quantity > 0), 0) AS current
  FROM products p LEFT JOIN quantity_units u ON u.id = p.default_quantity_unit_id LEFT JOIN product_groups g ON g.id = p.product_group_id`;

/**
 * The household's shopping list: open items, refill proposals from minimum stock, reviewed
 * generation (never lowers a larger quantity) and the add used by scanning.
 */
@Injectable()
export class ShoppingService {
  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
    private readonly trips: ShoppingTripsService,
    private readonly live: LiveEvents,
  ) {}

  /** Tells open lists elsewhere that an item changed (after its write committed). */
  announce(item: Pick<ShoppingListItemResponse, 'id' | 'updated_at'>): void {
    this.live.publish({ topic: 'shopping', id: item.id, version: item.updated_at });
  }

  private async productStock(manager: EntityManager, where: string, params: unknown[] = []): Promise<ProductStockRow[]> {
    return manager.query(`${PRODUCT_STOCK_SQL} WHERE ${where}`, params);
  }

  /** Open items, most recently changed first. */
  async list(): Promise<ShoppingListItemResponse[]> {
    const manager = this.database.manager;
    const items = await manager.find(ShoppingItemEntity, { where: { checked: false }, order: { updatedAt: 'DESC', createdAt: 'ASC' } });
    const productIds = [...new Set(items.map((item) => item.productId).filter((id): id is string => id !== null))];
    const products = new Map(
      (productIds.length ? await this.productStock(manager, `p.id IN (${productIds.map(() => '?').join(',')})`, productIds) : []).map((row) => [row.id, row]),
    );
    return items.map((item) => this.toItem(item, item.productId ? products.get(item.productId) : undefined));
  }

  private toItem(item: ShoppingItemEntity, product: ProductStockRow | undefined): ShoppingListItemResponse {
    return {
      id: item.id,
      product_id: item.productId,
      label: item.label,
      desired_quantity: item.desiredQuantity,
      checked: Number(item.checked),
      notes: item.notes,
      product_name: product?.name ?? null,
      product_image_url: product?.image_url ?? null,
      quantity_unit_name: product?.unit_name ?? null,
      product_group_id: product?.group_id ?? null,
      product_group_name: product?.group_name ?? null,
      stock_quantity: product?.current ?? 0,
      minimum_stock_quantity: product?.minimum ?? 0,
      shopping_target_quantity: product?.target ?? 0,
      created_at: item.createdAt,
      updated_at: item.updatedAt,
    };
  }

  /** The most recently changed open item of a product (the one generation raises). */
  private latestOpenItem(manager: EntityManager, productId: string): Promise<ShoppingItemEntity | null> {
    return manager.findOne(ShoppingItemEntity, { where: { productId, checked: false }, order: { updatedAt: 'DESC' } });
  }

  async lowStock(): Promise<ShoppingLowStockResponse> {
    const manager = this.database.manager;
    const rows = await this.productStock(manager, 'p.active = 1 AND p.shopping_target_quantity > 0');
    // Open items newest first, so the first one seen per product is the one generation would raise.
    const openItems = new Map<string, ShoppingItemEntity>();
    for (const item of await manager.find(ShoppingItemEntity, { where: { checked: false }, order: { updatedAt: 'DESC' } })) {
      if (item.productId && !openItems.has(item.productId)) openItems.set(item.productId, item);
    }
    const items: ShoppingLowStockItemResponse[] = [];
    for (const row of rows) {
      const suggested = refillSuggestion(row.current, row.minimum, row.target);
      if (suggested === null) continue;
      const existing = openItems.get(row.id);
      items.push({
        product_id: row.id,
        product_name: row.name,
        product_image_url: row.image_url,
        quantity_unit_name: row.unit_name,
        current_quantity: row.current,
        minimum_quantity: row.minimum,
        target_quantity: row.target,
        suggested_quantity: suggested,
        existing_item_id: existing?.id ?? null,
        existing_desired_quantity: existing?.desiredQuantity ?? null,
      });
    }
    items.sort((a, b) => a.product_name.localeCompare(b.product_name, undefined, { sensitivity: 'base' }));
    return { items, generated_at: this.clock.now().toISOString() };
  }

  /** Puts the chosen proposals on the list, re-checked inside one transaction; a replayed key returns the first run. */
  async generate(principal: Principal, input: ShoppingGenerateInput): Promise<ShoppingGenerationResponse> {
    const runId = await this.database.write(async (manager) => {
      const existing = await manager.findOneBy(ShoppingGenerationRunEntity, { clientMutationId: input.client_mutation_id });
      if (existing) return existing.id;
      if (new Set(input.product_ids).size !== input.product_ids.length) throw new ApiException(409, 'duplicate_product_in_generation');
      const rows = new Map(
        (await this.productStock(manager, `p.id IN (${input.product_ids.map(() => '?').join(',')})`, input.product_ids)).map((row) => [row.id, row]),
      );
      const now = this.clock.now().toISOString();
      const id = randomUUID();
      const results: ShoppingGenerationItemEntity[] = [];
      for (const productId of input.product_ids) {
        const row = rows.get(productId);
        if (!row) throw new ApiException(404, 'product_not_found');
        // An archived product is known but not eligible: skipped, like any other non-proposal.
        const suggested = row.active ? refillSuggestion(row.current, row.minimum, row.target) : null;
        let action: GenerationAction = 'skipped';
        let itemId: string | null = null;
        if (suggested !== null) {
          const open = await this.latestOpenItem(manager, productId);
          if (!open) {
            itemId = randomUUID();
            await manager.insert(ShoppingItemEntity, { id: itemId, productId, label: row.name, desiredQuantity: suggested, checked: false, notes: '', createdAt: now, updatedAt: now });
            action = 'created';
          } else {
            itemId = open.id;
            // Quantities are only ever raised: somebody may have asked for more on purpose.
            if (open.desiredQuantity < suggested) {
              await manager.update(ShoppingItemEntity, { id: open.id }, { desiredQuantity: suggested, updatedAt: now });
              action = 'updated';
            } else action = 'unchanged';
          }
        }
        results.push(
          Object.assign(new ShoppingGenerationItemEntity(), {
            id: randomUUID(),
            runId: id,
            productId,
            productName: row.name,
            quantityUnitName: row.unit_name,
            currentQuantity: row.current,
            minimumQuantity: row.minimum,
            targetQuantity: row.target,
            suggestedQuantity: suggested ?? 0,
            action,
            shoppingItemId: itemId,
            createdAt: now,
          }),
        );
      }
      const count = (action: GenerationAction) => results.filter((result) => result.action === action).length;
      await manager.insert(ShoppingGenerationRunEntity, {
        id,
        clientMutationId: input.client_mutation_id,
        requestedCount: results.length,
        createdCount: count('created'),
        updatedCount: count('updated'),
        unchangedCount: count('unchanged'),
        skippedCount: count('skipped'),
        createdBy: principal.userId,
        createdAt: now,
      });
      await manager.insert(ShoppingGenerationItemEntity, results);
      return id;
    });
    const run = await this.database.manager.findOneOrFail(ShoppingGenerationRunEntity, { where: { id: runId }, relations: { items: true } });
    for (const item of run.items ?? []) if (item.shoppingItemId && item.action !== 'skipped') this.announce({ id: item.shoppingItemId, updated_at: run.createdAt });
    const order = new Map(run.items?.map((item, index) => [item.id, index]));
    return {
      id: run.id,
      client_mutation_id: run.clientMutationId,
      requested_count: run.requestedCount,
      created_count: run.createdCount,
      updated_count: run.updatedCount,
      unchanged_count: run.unchangedCount,
      skipped_count: run.skippedCount,
      created_at: run.createdAt,
      items: [...(run.items ?? [])]
        .sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0))
        .map((item) => ({
          id: item.id,
          run_id: item.runId,
          product_id: item.productId,
          product_name: item.productName,
          quantity_unit_name: item.quantityUnitName,
          current_quantity: item.currentQuantity,
          minimum_quantity: item.minimumQuantity,
          target_quantity: item.targetQuantity,
          suggested_quantity: item.suggestedQuantity,
          action: item.action,
          shopping_item_id: item.shoppingItemId,
          created_at: item.createdAt,
        })),
    };
  }

  /**
   * Changes quantity and notes or checks the item off; `expected_updated_at` must match. With a
   * `client_mutation_id`, a retry returns the first answer (the key is looked up before the
   * timestamp, which the first attempt has moved on) and the change is written once.
   */
  async update(principal: Principal, itemId: string, input: ShoppingListItemUpdateInput): Promise<ShoppingListItemResponse> {
    const answer = await this.database.write(async (manager) => {
      const key = input.client_mutation_id;
      if (key !== undefined) {
        const earlier = await this.earlierAnswer(manager, key, 'update', itemId);
        if (earlier) return earlier;
      }
      const existing = await manager.findOneBy(ShoppingItemEntity, { id: itemId });
      if (!existing) throw new ApiException(404, 'shopping_item_not_found');
      if (existing.updatedAt !== input.expected_updated_at) throw new ApiException(409, 'stale_update');
      const wasChecked = Boolean(existing.checked);
      Object.assign(existing, {
        desiredQuantity: roundQuantity(input.desired_quantity),
        checked: input.checked ?? false,
        notes: input.notes ?? '',
        updatedAt: this.nextUpdatedAt(existing.updatedAt),
      });
      await manager.save(existing);
      // A check-off (or its undo) during a trip is part of the store's walking order.
      if (input.trip_id !== undefined && wasChecked !== existing.checked) await this.trips.recordCheck(manager, input.trip_id, existing, existing.checked);
      const answer = await this.answer(manager, existing);
      if (key !== undefined) await this.remember(manager, principal, key, 'update', itemId, answer);
      return answer;
    });
    this.announce(answer);
    return answer;
  }

  /**
   * Puts one product on the list by hand: an open item of the product gets the quantity added (as
   * scanning in shopping mode does), otherwise a new item is created. The key is required; a retry
   * returns the first answer.
   */
  async add(principal: Principal, input: ShoppingListItemCreateInput): Promise<ShoppingListItemResponse> {
    const answer = await this.database.write(async (manager) => {
      const earlier = await this.earlierAnswer(manager, input.client_mutation_id, 'add', input.product_id);
      if (earlier) return earlier;
      const product = await manager.findOneBy(ProductEntity, { id: input.product_id, active: true });
      if (!product) throw new ApiException(404, 'product_not_found');
      const quantity = roundQuantity(input.desired_quantity);
      if (quantity <= 0) throw new RequestValidationException([{ loc: ['body', 'desired_quantity'], text: ISSUE_TEXTS.quantity_positive, type: 'greater_than' }]);
      const notes = input.notes ?? '';
      const open = await manager.findOne(ShoppingItemEntity, { where: { productId: product.id, checked: false }, order: { createdAt: 'ASC' } });
      let item: ShoppingItemEntity;
      if (open) {
        const joined = !notes || open.notes.includes(notes) ? open.notes : open.notes ? `${open.notes}\n${notes}` : notes;
        item = Object.assign(open, {
          desiredQuantity: Math.min(1_000_000, roundQuantity(open.desiredQuantity + quantity)),
          notes: joined.slice(0, NOTES_MAX),
          updatedAt: this.nextUpdatedAt(open.updatedAt),
        });
        await manager.save(item);
      } else {
        const now = this.clock.now().toISOString();
        item = Object.assign(new ShoppingItemEntity(), { id: randomUUID(), productId: product.id, label: product.name, desiredQuantity: quantity, checked: false, notes, createdAt: now, updatedAt: now });
        await manager.insert(ShoppingItemEntity, item);
      }
      const answer = await this.answer(manager, item);
      await this.remember(manager, principal, input.client_mutation_id, 'add', product.id, answer);
      return answer;
    });
    this.announce(answer);
    return answer;
  }

  /** Strictly later than the last change, so `expected_updated_at` tells every change apart. */
  private nextUpdatedAt(previous: string): string {
    return new Date(Math.max(this.clock.now().getTime(), Date.parse(previous) + 1)).toISOString();
  }

  private async answer(manager: EntityManager, item: ShoppingItemEntity): Promise<ShoppingListItemResponse> {
    const product = item.productId ? (await this.productStock(manager, 'p.id = ?', [item.productId]))[0] : undefined;
    return this.toItem(item, product);
  }

  /** The stored first answer of a key, or null when the key is new; a key of another change is 409. */
  private async earlierAnswer(manager: EntityManager, key: string, kind: ShoppingMutationKind, targetId: string): Promise<ShoppingListItemResponse | null> {
    const earlier = await manager.findOneBy(ShoppingMutationEntity, { clientMutationId: key });
    if (!earlier) return null;
    if (earlier.kind !== kind || earlier.targetId !== targetId) throw new ApiException(409, 'shopping_key_used');
    return earlier.response as ShoppingListItemResponse;
  }

  private async remember(manager: EntityManager, principal: Principal, key: string, kind: ShoppingMutationKind, targetId: string, response: ShoppingListItemResponse): Promise<void> {
    await manager.insert(ShoppingMutationEntity, {
      id: randomUUID(),
      clientMutationId: key,
      kind,
      targetId,
      response,
      createdBy: principal.userId,
      createdAt: this.clock.now().toISOString(),
    });
  }

  /**
   * Scanning in "shopping" mode: raises the oldest open item of the product or adds one. Runs
   * inside the caller's write.
   */
  async addForProduct(manager: EntityManager, product: Pick<ProductEntity, 'id' | 'name'>, quantity: number): Promise<string> {
    const now = this.clock.now().toISOString();
    const open = await manager.findOne(ShoppingItemEntity, { where: { productId: product.id, checked: false }, order: { createdAt: 'ASC' } });
    if (open) {
      await manager.update(ShoppingItemEntity, { id: open.id }, { desiredQuantity: roundQuantity(open.desiredQuantity + quantity), updatedAt: now });
      return open.id;
    }
    const id = randomUUID();
    await manager.insert(ShoppingItemEntity, { id, productId: product.id, label: product.name, desiredQuantity: roundQuantity(quantity), checked: false, notes: '', createdAt: now, updatedAt: now });
    return id;
  }
}
