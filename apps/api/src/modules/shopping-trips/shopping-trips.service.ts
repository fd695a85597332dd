import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { IsNull, type EntityManager } from 'typeorm';
import type { Principal } from '../../common/access/principal.js';
import { Clock } from '../../common/clock.js';
import { ApiException } from '../../common/errors/api-exception.js';
import { Database } from '../../database/database.js';
import { LiveEvents } from '../live/live-events.js';
import type {
  ShoppingCurrentTripResponse,
  ShoppingStoreResponse,
  ShoppingStoresResponse,
  ShoppingTripResponse,
  ShoppingTripStartInput,
  StoreOrderResponse,
  StorePlacementInput,
} from './dto/shopping-trips.dto.js';
import { ShoppingStoreEntity, ShoppingStorePlacementEntity, ShoppingTripCheckoffEntity, ShoppingTripEntity } from './shopping-trip.entities.js';
import { groupPositions, groupPositionsAcrossStores, learnProductPositions, storeOrder, TRIPS_CONSIDERED, type TripSequence } from './store-order.js';

/** A trip without a check-off for this long is over. */
export const TRIP_IDLE_MS = 2 * 60 * 60 * 1000;
/** Other stores read for the usual place of a group (most recently visited first). */
const OTHER_STORES_CONSIDERED = 20;
/** The store list offers at most this many. */
const STORES_LISTED = 100;

/** "  REWE  City " and "rewe city" are one store. */
export function normalizeStoreName(name: string): string {
  return name.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('de');
}

/** A trip's name, trimmed and with runs of spaces made one. */
const tidyStoreName = (name: string) => name.normalize('NFC').trim().replace(/\s+/g, ' ');

interface TripRow extends ShoppingTripEntity {
  storeName: string;
  checkoffCount: number;
}

/**
 * Shopping trips: a member starts one at a store, check-offs made with its id are recorded in
 * order, and it ends with "Done" or two hours after the latest check-off. From the sequences of
 * earlier trips at a store the store's walking order is learned (store-order.ts); places set by
 * hand are kept per store.
 */
@Injectable()
export class ShoppingTripsService {
  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
    private readonly live: LiveEvents,
  ) {}

  /** Stores of earlier trips (latest first), then stores only known from receipts. */
  async stores(): Promise<ShoppingStoresResponse> {
    const manager = this.database.manager;
    const visited: { id: string; name: string; normalized_name: string; trip_count: number; last_visit_at: string | null }[] = await manager.query(
      `SELECT s.id, s.name, s.normalized_name, COUNT(t.id) AS trip_count, MAX(t.started_at) AS last_visit_at
       FROM shopping_stores s LEFT JOIN shopping_trips t ON t.store_id = s.id
       GROUP BY s.id ORDER BY last_visit_at IS NULL, last_visit_at DESC, s.name LIMIT ?`,
      [STORES_LISTED],
    );
    const fromReceipts: { store_name: string; last_visit_at: string | null }[] = await manager.query(
      `SELECT store_name, MAX(COALESCE(purchase_date, created_at)) AS last_visit_at FROM receipts
       WHERE store_name IS NOT NULL AND TRIM(store_name) <> '' GROUP BY store_name ORDER BY last_visit_at DESC LIMIT ?`,
      [STORES_LISTED],
    );
    const stores: ShoppingStoreResponse[] = visited.map((row) => ({ id: row.id, name: row.name, trip_count: Number(row.trip_count), last_visit_at: row.last_visit_at }));
    const known = new Set(visited.map((row) => row.normalized_name));
    for (const row of fromReceipts) {
      const normalized = normalizeStoreName(row.store_name);
      if (known.has(normalized) || stores.length >= STORES_LISTED) continue;
      known.add(normalized);
      stores.push({ id: null, name: tidyStoreName(row.store_name), trip_count: 0, last_visit_at: row.last_visit_at });
    }
    const latest = await manager.findOne(ShoppingTripEntity, { where: {}, order: { startedAt: 'DESC' }, relations: { store: true } });
    return { stores, last_store_name: latest?.store?.name ?? null };
  }

  /** The caller's trip that is still going, if any. */
  async current(principal: Principal): Promise<ShoppingCurrentTripResponse> {
    const cutoff = new Date(this.clock.now().getTime() - TRIP_IDLE_MS).toISOString();
    const rows = await this.tripRows('t.started_by = ? AND t.ended_at IS NULL AND t.last_activity_at > ? ORDER BY t.started_at DESC LIMIT 1', [principal.userId, cutoff]);
    return { trip: rows[0] ? this.toTrip(rows[0]) : null };
  }

  /** Starts a trip at a store (made on first use); a trip of the caller still going ends. */
  async start(principal: Principal, input: ShoppingTripStartInput): Promise<ShoppingTripResponse> {
    const name = tidyStoreName(input.store_name);
    const normalized = normalizeStoreName(name);
    if (!normalized) throw new ApiException(422, 'store_name_blank');
    const now = this.clock.now().toISOString();
    const { id: tripId, replaced } = await this.database.write(async (manager) => {
      await this.expireIdleTrips(manager);
      const replaced = await manager.find(ShoppingTripEntity, { where: { startedBy: principal.userId, endedAt: IsNull() } });
      for (const trip of replaced) await manager.update(ShoppingTripEntity, { id: trip.id }, { endedAt: now, endReason: 'replaced' });
      let store = await manager.findOneBy(ShoppingStoreEntity, { normalizedName: normalized });
      if (!store) {
        store = Object.assign(new ShoppingStoreEntity(), { id: randomUUID(), name, normalizedName: normalized, createdAt: now });
        await manager.insert(ShoppingStoreEntity, store);
      }
      const id = randomUUID();
      await manager.insert(ShoppingTripEntity, { id, storeId: store.id, startedBy: principal.userId, startedAt: now, lastActivityAt: now, endedAt: null, endReason: null });
      return { id, replaced: replaced.map((trip) => trip.id) };
    });
    for (const id of [...replaced, tripId]) this.live.publish({ topic: 'trip', id, version: now });
    return this.trip(tripId);
  }

  /** "Done": ends the trip (ending one that is over already changes nothing). */
  async end(principal: Principal, tripId: string): Promise<ShoppingTripResponse> {
    const now = this.clock.now().toISOString();
    const ended = await this.database.write(async (manager) => {
      await this.expireIdleTrips(manager);
      const trip = await manager.findOneBy(ShoppingTripEntity, { id: tripId });
      if (!trip) throw new ApiException(404, 'trip_not_found');
      if (trip.endedAt) return false;
      await manager.update(ShoppingTripEntity, { id: tripId }, { endedAt: now, endReason: 'done' });
      return true;
    });
    if (ended) this.live.publish({ topic: 'trip', id: tripId, version: now });
    return this.trip(tripId);
  }

  /**
   * Notes a check-off (or its undo) of a list item in a trip, inside the shopping write. A check-off
   * made again goes to the end of the sequence. An unknown trip (erased meanwhile) is ignored: the
   * check-off itself must not be lost for it. A trip that is over still takes the check-offs made
   * during it (an offline phone sends them late), but is not reopened.
   */
  async recordCheck(manager: EntityManager, tripId: string, item: { id: string; productId: string | null }, checked: boolean): Promise<void> {
    const trip = await manager.findOneBy(ShoppingTripEntity, { id: tripId });
    if (!trip) return;
    await manager.delete(ShoppingTripCheckoffEntity, { tripId, itemId: item.id });
    if (!checked || item.productId === null) return;
    const now = this.clock.now();
    const [{ last }] = (await manager.query('SELECT MAX(sequence) AS last FROM shopping_trip_checkoffs WHERE trip_id = ?', [tripId])) as { last: number | null }[];
    await manager.insert(ShoppingTripCheckoffEntity, { id: randomUUID(), tripId, itemId: item.id, productId: item.productId, sequence: (last ?? 0) + 1, checkedAt: now.toISOString() });
    if (!trip.endedAt && now.getTime() - Date.parse(trip.lastActivityAt) < TRIP_IDLE_MS) {
      await manager.update(ShoppingTripEntity, { id: tripId }, { lastActivityAt: now.toISOString() });
    }
  }

  /** The store's walking order, learned from its trips, with places set by hand. */
  async order(storeId: string): Promise<StoreOrderResponse> {
    const manager = this.database.manager;
    const store = await manager.findOneBy(ShoppingStoreEntity, { id: storeId });
    if (!store) throw new ApiException(404, 'store_not_found');
    const groupRows: { id: string; group_id: number | null }[] = await manager.query('SELECT id, product_group_id AS group_id FROM products');
    const groupOf = new Map(groupRows.map((row) => [row.id, row.group_id]));
    const groupNames = new Map(((await manager.query('SELECT id, name FROM product_groups')) as { id: number; name: string }[]).map((row) => [row.id, row.name]));

    const otherStores: { id: string }[] = await manager.query(
      `SELECT store_id AS id FROM shopping_trips WHERE store_id <> ? GROUP BY store_id ORDER BY MAX(started_at) DESC LIMIT ?`,
      [storeId, OTHER_STORES_CONSIDERED],
    );
    const sequences = await this.sequences(manager, [storeId, ...otherStores.map((other) => other.id)]);
    const elsewhere = [];
    for (const other of otherStores) {
      const learned = learnProductPositions(sequences.get(other.id) ?? []);
      if (learned.tripCount > 0) elsewhere.push(groupPositions(learned.positions, groupOf));
    }
    const placements = await manager.findBy(ShoppingStorePlacementEntity, { storeId });
    const order = storeOrder({
      trips: sequences.get(storeId) ?? [],
      groupOf,
      otherStoreGroups: groupPositionsAcrossStores(elsewhere),
      manualProducts: new Map(placements.filter((p) => p.kind === 'product').map((p) => [p.targetId, p.position])),
      manualGroups: new Map(placements.filter((p) => p.kind === 'group').map((p) => [Number(p.targetId), p.position])),
    });
    return {
      store_id: store.id,
      store_name: store.name,
      trip_count: order.tripCount,
      other_store_count: elsewhere.length,
      products: [...order.products]
        .filter(([productId]) => groupOf.has(productId))
        .map(([product_id, entry]) => ({ product_id, position: entry.position, source: entry.source }))
        .sort((a, b) => a.position - b.position),
      groups: [...order.groups]
        .filter(([groupId]) => groupNames.has(groupId))
        .map(([product_group_id, entry]) => ({ product_group_id, product_group_name: groupNames.get(product_group_id) as string, position: entry.position, source: entry.source }))
        .sort((a, b) => a.position - b.position),
    };
  }

  /** Puts a product or a group in its place at a store, for every later trip there. */
  async place(principal: Principal, storeId: string, input: StorePlacementInput): Promise<StoreOrderResponse> {
    const now = this.clock.now().toISOString();
    await this.database.write(async (manager) => {
      if (!(await manager.existsBy(ShoppingStoreEntity, { id: storeId }))) throw new ApiException(404, 'store_not_found');
      let targetId: string;
      if (input.kind === 'product') {
        const [row] = await manager.query('SELECT id FROM products WHERE id = ?', [input.product_id]);
        if (!row) throw new ApiException(404, 'product_not_found');
        targetId = row.id;
      } else {
        const [row] = await manager.query('SELECT id FROM product_groups WHERE id = ?', [input.product_group_id]);
        if (!row) throw new ApiException(404, 'product_group_not_found');
        targetId = String(row.id);
      }
      const existing = await manager.findOneBy(ShoppingStorePlacementEntity, { storeId, kind: input.kind, targetId });
      if (existing) await manager.update(ShoppingStorePlacementEntity, { id: existing.id }, { position: input.position, updatedBy: principal.userId, updatedAt: now });
      else await manager.insert(ShoppingStorePlacementEntity, { id: randomUUID(), storeId, kind: input.kind, targetId, position: input.position, updatedBy: principal.userId, updatedAt: now });
    });
    this.live.publish({ topic: 'store-order', id: storeId, version: now });
    return this.order(storeId);
  }

  /** Forgets every place set by hand at a store: the learned order alone again. */
  async resetPlacements(storeId: string): Promise<StoreOrderResponse> {
    const now = this.clock.now().toISOString();
    await this.database.write(async (manager) => {
      if (!(await manager.existsBy(ShoppingStoreEntity, { id: storeId }))) throw new ApiException(404, 'store_not_found');
      await manager.delete(ShoppingStorePlacementEntity, { storeId });
    });
    this.live.publish({ topic: 'store-order', id: storeId, version: now });
    return this.order(storeId);
  }

  /** Check-off sequences of each store's latest trips (TRIPS_CONSIDERED), newest first, by store. */
  private async sequences(manager: EntityManager, storeIds: readonly string[]): Promise<Map<string, TripSequence[]>> {
    // One query for every store asked about: each store's latest trips, numbered within the store.
    const rows: { store_id: string; trip_id: string; product_id: string }[] = await manager.query(
      `SELECT t.store_id, c.trip_id, c.product_id FROM shopping_trip_checkoffs c
       JOIN (
         SELECT id, store_id, started_at, ROW_NUMBER() OVER (PARTITION BY store_id ORDER BY started_at DESC, id) AS recent
         FROM shopping_trips WHERE store_id IN (SELECT value FROM json_each(?))
       ) t ON t.id = c.trip_id
       WHERE t.recent <= ?
       ORDER BY t.store_id, t.started_at DESC, t.id, c.sequence`,
      [JSON.stringify(storeIds), TRIPS_CONSIDERED],
    );
    const trips = new Map<string, Map<string, string[]>>();
    for (const row of rows) {
      const store = trips.get(row.store_id) ?? new Map<string, string[]>();
      trips.set(row.store_id, store);
      store.set(row.trip_id, [...(store.get(row.trip_id) ?? []), row.product_id]);
    }
    return new Map([...trips].map(([store, sequences]) => [store, [...sequences.values()].map((products) => ({ products }))]));
  }

  /** Trips two hours past their latest check-off are over: written down when a write passes by. */
  private async expireIdleTrips(manager: EntityManager): Promise<void> {
    const cutoff = new Date(this.clock.now().getTime() - TRIP_IDLE_MS).toISOString();
    const idle: { id: string; last_activity_at: string }[] = await manager.query('SELECT id, last_activity_at FROM shopping_trips WHERE ended_at IS NULL AND last_activity_at <= ?', [cutoff]);
    for (const trip of idle) {
      await manager.update(ShoppingTripEntity, { id: trip.id }, { endedAt: new Date(Date.parse(trip.last_activity_at) + TRIP_IDLE_MS).toISOString(), endReason: 'timeout' });
    }
  }

  private async trip(tripId: string): Promise<ShoppingTripResponse> {
    const [row] = await this.tripRows('t.id = ?', [tripId]);
    if (!row) throw new ApiException(404, 'trip_not_found');
    return this.toTrip(row);
  }

  private async tripRows(where: string, params: unknown[]): Promise<TripRow[]> {
    const rows: Record<string, unknown>[] = await this.database.manager.query(
      `SELECT t.id, t.store_id, t.started_by, t.started_at, t.last_activity_at, t.ended_at, t.end_reason, s.name AS store_name,
              (SELECT COUNT(*) FROM shopping_trip_checkoffs c WHERE c.trip_id = t.id) AS checkoff_count
       FROM shopping_trips t JOIN shopping_stores s ON s.id = t.store_id WHERE ${where}`,
      params,
    );
    return rows.map((row) =>
      Object.assign(new ShoppingTripEntity(), {
        id: row.id,
        storeId: row.store_id,
        startedBy: row.started_by,
        startedAt: row.started_at,
        lastActivityAt: row.last_activity_at,
        endedAt: row.ended_at,
        endReason: row.end_reason,
        storeName: row.store_name,
        checkoffCount: Number(row.checkoff_count),
      }) as TripRow,
    );
  }

  /** A trip as the API shows it; one past its two idle hours reads as ended by timeout. */
  private toTrip(row: TripRow): ShoppingTripResponse {
    const endsAt = new Date(Date.parse(row.lastActivityAt) + TRIP_IDLE_MS).toISOString();
    const idle = !row.endedAt && this.clock.now().toISOString() >= endsAt;
    const endedAt = row.endedAt ?? (idle ? endsAt : null);
    return {
      id: row.id,
      store_id: row.storeId,
      store_name: row.storeName,
      started_at: row.startedAt,
      last_activity_at: row.lastActivityAt,
      ends_at: row.endedAt ?? endsAt,
      ended_at: endedAt,
      end_reason: row.endReason ?? (idle ? 'timeout' : null),
      active: endedAt === null,
      checkoff_count: row.checkoffCount,
    };
  }
}
