import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataSource } from 'typeorm';
import type { Principal } from '../../common/access/principal.js';
import { Clock } from '../../common/clock.js';
import { Database } from '../../database/database.js';
import { dataSourceOptions } from '../../database/data-source-options.js';
import { LiveEvents, type NumberedChange } from '../live/live-events.js';
import { ShoppingService } from '../shopping/shopping.service.js';
import { ShoppingTripsService } from './shopping-trips.service.js';
import { kendallTau, seededRandom, syntheticStore, syntheticTrip, type SyntheticStore } from './synthetic-trips.spec-support.js';

const principal: Principal = { kind: 'session', userId: 'shopper', householdId: 'h', role: 'member', locale: 'en' };
const GROUPS = 8;
const PER_GROUP = 5;
const STORES = 5;
const NOISE = { buy: 0.5, jitter: 1.0, stray: 0.05 };

/** A clock the test moves forward, so trips follow one another. */
class SteppingClock extends Clock {
  at = Date.parse('2026-03-01T08:00:00.000Z');
  override now(): Date {
    return new Date(this.at);
  }
}

/**
 * Synthetic trips through the real service and a real SQLite file: each store has a hidden true
 * walking order (its own order of aisles and of products within them), each trip buys about half
 * of the products and checks them off in that order with noise (±1 place jitter, 5 % checked off
 * somewhere else entirely). The learned order is compared with the truth by Kendall's tau.
 */
describe('the learned store order, on a real SQLite file', () => {
  const directory = mkdtempSync(join(tmpdir(), 'hinv-trips-'));
  const clock = new SteppingClock();
  const live = new LiveEvents();
  const announced: NumberedChange[] = [];
  let dataSource: DataSource;
  let database: Database;
  let trips: ShoppingTripsService;
  let shopping: ShoppingService;
  /** Per store: its truth and its random source. */
  const stores: { name: string; store: SyntheticStore; random: () => number; storeId?: string }[] = [];

  beforeAll(async () => {
    dataSource = new DataSource(dataSourceOptions(join(directory, 'app.db')));
    await dataSource.initialize();
    await dataSource.runMigrations();
    database = new Database(dataSource);
    trips = new ShoppingTripsService(database, clock, live);
    shopping = new ShoppingService(database, clock, trips, live);
    live.subscribe((change) => announced.push(change));
    const base = syntheticStore(GROUPS, PER_GROUP);
    await database.write(async (manager) => {
      for (let group = 1; group <= GROUPS; group += 1) {
        await manager.query(`INSERT INTO product_groups (id, name, description, active, created_at, updated_at) VALUES (?, ?, '', 1, 'now', 'now')`, [group, `Aisle ${group}`]);
      }
      for (const id of base.truth) {
        await manager.query(
          `INSERT INTO products (id, name, normalized_name, default_best_before_days, minimum_stock_quantity, shopping_target_quantity, notes, active, product_group_id, created_at, updated_at)
           VALUES (?, ?, ?, 0, 0, 0, '', 1, ?, 'now', 'now')`,
          [id, id, id, base.groupOf.get(id)],
        );
      }
    });
    for (let index = 0; index < STORES; index += 1) {
      const random = seededRandom(1000 + index);
      // Each store lays the same products out its own way: aisles and shelves shuffled.
      const aisles = shuffle([...Array(GROUPS).keys()].map((g) => g + 1), random);
      const truth = aisles.flatMap((group) => shuffle(base.truth.filter((id) => base.groupOf.get(id) === group), random));
      stores.push({ name: `Store ${index + 1}`, store: { truth, groupOf: base.groupOf }, random });
    }
  });
  afterAll(async () => {
    await dataSource.destroy();
    rmSync(directory, { recursive: true, force: true });
  });

  /** One trip: the bought products are put on the list, then checked off in the trip's order with its id. */
  async function shop(entry: (typeof stores)[number], sequence: string[], at: number): Promise<void> {
    clock.at = Math.max(clock.at, at);
    const trip = await trips.start({ ...principal, userId: entry.name }, { store_name: entry.name });
    entry.storeId = trip.store_id;
    const now = new Date(clock.at).toISOString();
    const items = sequence.map((productId) => ({ id: `${trip.id}-${productId}`, productId, updatedAt: now }));
    await database.write(async (manager) => {
      for (const item of items) {
        await manager.query(`INSERT INTO shopping_list_items (id, product_id, label, desired_quantity, checked, notes, created_at, updated_at) VALUES (?, ?, ?, 1, 0, '', ?, ?)`, [
          item.id,
          item.productId,
          item.productId,
          now,
          now,
        ]);
      }
    });
    for (const item of items) await shopping.update(principal, item.id, { desired_quantity: 1, checked: true, expected_updated_at: item.updatedAt, trip_id: trip.id });
  }

  /** Every store's next trips, the stores shopped at in parallel (their writes share commits). */
  async function shopUntil(tripCount: number): Promise<void> {
    await Promise.all(
      stores.map(async (entry) => {
        const done = entry.storeId ? (await trips.order(entry.storeId)).trip_count : 0;
        for (let trip = done; trip < tripCount; trip += 1) await shop(entry, syntheticTrip(entry.store, entry.random, NOISE), clock.at + 3 * 60 * 60 * 1000);
      }),
    );
  }

  async function tauOf(entry: (typeof stores)[number]): Promise<number> {
    const order = await trips.order(entry.storeId as string);
    return kendallTau(
      order.products.map((product) => product.product_id),
      entry.store.truth,
    );
  }

  const figures: Record<number, number[]> = {};

  it.each([3, 10])('after %i trips per store the learned order is close to the true one', async (tripCount) => {
    await shopUntil(tripCount);
    const taus = await Promise.all(stores.map(tauOf));
    figures[tripCount] = taus;
    const mean = taus.reduce((sum, tau) => sum + tau, 0) / taus.length;
    console.log(`Kendall tau after ${tripCount} trips, ${STORES} stores: ${taus.map((tau) => tau.toFixed(3)).join(' ')} (mean ${mean.toFixed(3)}, min ${Math.min(...taus).toFixed(3)})`);
    expect(mean).toBeGreaterThanOrEqual(tripCount >= 10 ? 0.9 : 0.8);
    for (const entry of stores) expect((await trips.order(entry.storeId as string)).trip_count).toBe(tripCount);
  }, 240_000);

  it('a product never bought at a store lands with its group', async () => {
    const entry = stores[0];
    await database.write((manager) =>
      manager.query(
        `INSERT INTO products (id, name, normalized_name, default_best_before_days, minimum_stock_quantity, shopping_target_quantity, notes, active, product_group_id, created_at, updated_at)
         VALUES ('newcomer', 'Newcomer', 'newcomer', 0, 0, 0, '', 1, 3, 'now', 'now')`,
      ),
    );
    const order = await trips.order(entry.storeId as string);
    expect(order.products.some((product) => product.product_id === 'newcomer')).toBe(false);
    const group = order.groups.find((candidate) => candidate.product_group_id === 3);
    expect(group?.source).toBe('learned');
    // Where the list puts it: at its group's place, which lies among the group's own products.
    const mates = order.products.filter((product) => entry.store.groupOf.get(product.product_id) === 3).map((product) => product.position);
    expect(group?.position).toBeGreaterThanOrEqual(Math.min(...mates));
    expect(group?.position).toBeLessThanOrEqual(Math.max(...mates));
    const others = order.products.filter((product) => entry.store.groupOf.get(product.product_id) !== 3);
    const between = others.filter((product) => product.position > Math.min(...mates) && product.position < Math.max(...mates));
    expect(between.length).toBeLessThanOrEqual(2);
  });

  it('a group never bought at a store takes its usual place from the other stores', async () => {
    const order = await trips.stores();
    expect(order.stores.filter((store) => store.trip_count > 0)).toHaveLength(STORES);
    // A new store: nothing learned there, every group placed from the others.
    clock.at += 60_000;
    const fresh = await trips.start(principal, { store_name: 'Fresh market' });
    const learned = await trips.order(fresh.store_id);
    expect(learned.trip_count).toBe(0);
    expect(learned.other_store_count).toBe(STORES);
    expect(learned.groups).toHaveLength(GROUPS);
    expect(learned.groups.every((group) => group.source === 'other_stores')).toBe(true);
  });

  it('a dragged product stays where it was put, also after further trips', async () => {
    const entry = stores[1];
    const before = await trips.order(entry.storeId as string);
    const moved = before.products[before.products.length - 1].product_id;
    const place = (before.products[0].position + before.products[1].position) / 2;
    const after = await trips.place(principal, entry.storeId as string, { kind: 'product', product_id: moved, position: place });
    expect(after.products.map((product) => product.product_id).indexOf(moved)).toBe(1);
    expect(after.products.find((product) => product.product_id === moved)?.source).toBe('manual');
    // Two more trips that check it off last again do not move it.
    for (let trip = 0; trip < 2; trip += 1) await shop(entry, [...syntheticTrip(entry.store, entry.random, NOISE).filter((id) => id !== moved), moved], clock.at + 3 * 60 * 60 * 1000);
    const later = await trips.order(entry.storeId as string);
    expect(later.products.map((product) => product.product_id).indexOf(moved)).toBe(1);
  });

  it('a dragged group takes its products along, in their learned order', async () => {
    const entry = stores[2];
    const before = await trips.order(entry.storeId as string);
    const last = before.groups[before.groups.length - 1];
    const after = await trips.place(principal, entry.storeId as string, { kind: 'group', product_group_id: last.product_group_id, position: -0.5 });
    const firstOnes = after.products.slice(0, PER_GROUP).map((product) => product.product_id);
    const ofGroup = before.products.filter((product) => entry.store.groupOf.get(product.product_id) === last.product_group_id).map((product) => product.product_id);
    expect(firstOnes.slice(0, ofGroup.length)).toEqual(ofGroup);
    expect(after.groups[0]).toMatchObject({ product_group_id: last.product_group_id, source: 'manual' });
  });

  it('an undone check-off leaves the sequence; the trip ends with Done or after two idle hours', async () => {
    clock.at += 60_000;
    const trip = await trips.start(principal, { store_name: '  store   1 ' });
    expect(trip.store_id).toBe(stores[0].storeId);
    const item = await shopping.add(principal, { product_id: 'p1-0', desired_quantity: 1, client_mutation_id: `add-undo-${trip.id}` });
    expect(item.desired_quantity).toBe(1);
    const checked = await shopping.update(principal, item.id, { desired_quantity: 1, checked: true, expected_updated_at: item.updated_at, trip_id: trip.id });
    expect((await trips.current(principal)).trip).toMatchObject({ id: trip.id, checkoff_count: 1, active: true });
    await shopping.update(principal, item.id, { desired_quantity: 1, checked: false, expected_updated_at: checked.updated_at, trip_id: trip.id });
    expect((await trips.current(principal)).trip?.checkoff_count).toBe(0);
    clock.at += 2 * 60 * 60 * 1000;
    expect((await trips.current(principal)).trip).toBeNull();
    const next = await trips.start(principal, { store_name: 'Store 2' });
    const ended = await trips.end(principal, next.id);
    expect(ended).toMatchObject({ active: false, end_reason: 'done' });
    const timedOut = (await dataSource.query('SELECT end_reason, ended_at FROM shopping_trips WHERE id = ?', [trip.id]))[0];
    expect(timedOut.end_reason).toBe('timeout');
    // Every list change and trip was announced to the live stream, after its write.
    expect(announced.filter((change) => change.topic === 'shopping' && change.id === item.id).length).toBe(3);
    expect(announced.some((change) => change.topic === 'trip' && change.id === next.id)).toBe(true);
  });

  afterAll(() => {
    if (figures[3] && figures[10]) console.log(`Kendall tau figures: 3 trips ${JSON.stringify(figures[3].map((t) => +t.toFixed(3)))}, 10 trips ${JSON.stringify(figures[10].map((t) => +t.toFixed(3)))}`);
  });
});

function shuffle<T>(items: T[], random: () => number): T[] {
  for (let index = items.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [items[index], items[other]] = [items[other], items[index]];
  }
  return items;
}
