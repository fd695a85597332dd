/**
 * The walking order of one store, learned from the order in which things were checked off on
 * earlier trips there. Pure functions: the service loads the trips and saves nothing here.
 *
 * Positions live on one scale: 0 is where people start, 1 where they finish. Every product and
 * every group gets a number on it, so a product learned here, a product placed by its group and a
 * product or group dragged by hand sort against each other without special cases.
 */

/** One trip's check-offs at the store, in the order they happened. */
export interface TripSequence {
  /** Product ids, first checked off first. */
  products: readonly string[];
}

export type ProductOrderSource = 'learned' | 'manual' | 'group';
export type GroupOrderSource = 'learned' | 'other_stores' | 'manual';

export interface LearnedOrder {
  products: Map<string, { position: number; source: ProductOrderSource }>;
  groups: Map<number, { position: number; source: GroupOrderSource }>;
  /** Trips that contributed (with at least two check-offs). */
  tripCount: number;
}

export interface OrderInputs {
  /** Trips at this store, newest first. */
  trips: readonly TripSequence[];
  /** The current group of every product that may appear (products without a group map to null). */
  groupOf: ReadonlyMap<string, number | null>;
  /** Each group's usual position at the household's other stores (see `groupPositionsAcrossStores`). */
  otherStoreGroups: ReadonlyMap<number, number>;
  /** Places set by hand at this store. */
  manualProducts: ReadonlyMap<string, number>;
  manualGroups: ReadonlyMap<number, number>;
}

/** Each older trip counts this much less than the one after it: the store may have been rearranged. */
export const TRIP_DECAY = 0.9;
/** Older trips than this add little (0.9^30 ≈ 4 %) and are not read. */
export const TRIPS_CONSIDERED = 30;
/** Above this many products the pairwise refinement (quadratic memory) is skipped. */
const REFINE_LIMIT = 600;
/** Rounds of aligning each trip's ranks to the current estimate. */
const ALIGNMENT_ROUNDS = 6;
/** Inside a group dragged by hand, its products keep their learned order in a band this wide. */
const GROUP_BAND = 0.001;

interface Vote {
  value: number;
  weight: number;
}

/** The weighted median: half the weight on either side. Robust against one trip gone astray. */
export function weightedMedian(votes: readonly Vote[]): number {
  const sorted = [...votes].sort((a, b) => a.value - b.value);
  const total = sorted.reduce((sum, vote) => sum + vote.weight, 0);
  let seen = 0;
  for (let index = 0; index < sorted.length; index += 1) {
    seen += sorted[index].weight;
    if (seen > total / 2 + 1e-12) return sorted[index].value;
    // Exactly half: the midpoint between this value and the next.
    if (Math.abs(seen - total / 2) <= 1e-12 && index + 1 < sorted.length) return (sorted[index].value + sorted[index + 1].value) / 2;
  }
  return sorted[sorted.length - 1]?.value ?? 0.5;
}

/** Where the i-th of n check-offs sits on the 0..1 scale (the middle of its share). */
const quantile = (index: number, count: number) => (index + 0.5) / count;

/**
 * Robust rank aggregation of check-off sequences. Start: each product's weighted median quantile
 * within its trips. Then, a few rounds: each trip's ranks are laid onto the current estimates of
 * the products it contains (the product checked off third gets the third-smallest estimate among
 * them), and each product's new estimate is the weighted median of what its trips say. A trip
 * that bought only a few things thus still says "these three in this order" at the right place
 * of the store instead of spreading them over the whole scale; a product checked off late once
 * (forgotten, then fetched) is outvoted by the other trips. Newer trips weigh more. Last, a
 * pairwise refinement settles neighbours the medians could not tell apart.
 */
export function learnProductPositions(trips: readonly TripSequence[]): { positions: Map<string, number>; tripCount: number } {
  const used = trips
    .slice(0, TRIPS_CONSIDERED)
    .map((trip, age) => ({ products: [...new Set(trip.products)], weight: TRIP_DECAY ** age }))
    .filter((trip) => trip.products.length >= 2);
  const votes = new Map<string, Vote[]>();
  const collect = (product: string, vote: Vote) => {
    const list = votes.get(product);
    if (list) list.push(vote);
    else votes.set(product, [vote]);
  };
  for (const trip of used) trip.products.forEach((product, index) => collect(product, { value: quantile(index, trip.products.length), weight: trip.weight }));
  let positions = new Map([...votes].map(([product, list]) => [product, weightedMedian(list)]));
  for (let round = 0; round < ALIGNMENT_ROUNDS && used.length > 1; round += 1) {
    votes.clear();
    for (const trip of used) {
      const anchors = trip.products.map((product) => positions.get(product) as number).sort((a, b) => a - b);
      trip.products.forEach((product, index) => collect(product, { value: anchors[index], weight: trip.weight }));
    }
    const next = new Map<string, number>();
    for (const [product, list] of votes) next.set(product, weightedMedian(list));
    positions = spreadEvenly(next);
  }
  const ranked = [...positions].sort((a, b) => a[1] - b[1]).map(([product]) => product);
  const refined = ranked.length <= REFINE_LIMIT ? fewestDisagreements(used, ranked) : ranked;
  return { positions: new Map(refined.map((product, index) => [product, quantile(index, refined.length)])), tripCount: used.length };
}

/**
 * Local search towards the Kemeny order (the order that disagrees with the fewest weighted
 * "checked off before" pairs of all trips): each product in turn moves to the place where it
 * disagrees least, until a sweep moves nothing. Pairs never seen together cost nothing either
 * way, so their order stays as the alignment above put it.
 */
function fewestDisagreements(trips: readonly { products: string[]; weight: number }[], start: readonly string[]): string[] {
  const index = new Map(start.map((product, position) => [product, position]));
  const count = start.length;
  // before[a * count + b]: weight of trips that checked a off before b.
  const before = new Float64Array(count * count);
  for (const trip of trips) {
    const ids = trip.products.map((product) => index.get(product) as number);
    for (let i = 0; i < ids.length; i += 1) for (let j = i + 1; j < ids.length; j += 1) before[ids[i] * count + ids[j]] += trip.weight;
  }
  const order = start.map((_, position) => position);
  for (let sweep = 0; sweep < 20; sweep += 1) {
    let moved = false;
    for (let from = 0; from < count; from += 1) {
      const item = order[from];
      order.splice(from, 1);
      // At the very front, every other product comes after it: the trips that had them before it disagree.
      let cost = 0;
      for (const other of order) cost += before[other * count + item];
      let best = cost;
      let bestPlace = 0;
      for (let place = 0; place < order.length; place += 1) {
        const other = order[place];
        cost += before[item * count + other] - before[other * count + item];
        if (cost < best - 1e-9) {
          best = cost;
          bestPlace = place + 1;
        }
      }
      order.splice(bestPlace, 0, item);
      if (bestPlace !== from) moved = true;
    }
    if (!moved) break;
  }
  return order.map((position) => start[position]);
}

/**
 * Keeps the estimates' order and spreads them over the scale by rank, so the rounds neither
 * collapse them onto each other nor drift; ties keep the order of the earlier round.
 */
function spreadEvenly(estimates: Map<string, number>): Map<string, number> {
  const ranked = [...estimates].sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : 1));
  return new Map(ranked.map(([product], index) => [product, quantile(index, ranked.length)]));
}

/** A group's place in a store: the median place of its products there. */
export function groupPositions(productPositions: ReadonlyMap<string, number>, groupOf: ReadonlyMap<string, number | null>): Map<number, number> {
  const members = new Map<number, Vote[]>();
  for (const [product, position] of productPositions) {
    const group = groupOf.get(product);
    if (group === null || group === undefined) continue;
    members.set(group, [...(members.get(group) ?? []), { value: position, weight: 1 }]);
  }
  return new Map([...members].map(([group, list]) => [group, weightedMedian(list)]));
}

/** A group's usual place across other stores: the median of its place at each of them. */
export function groupPositionsAcrossStores(perStore: readonly ReadonlyMap<number, number>[]): Map<number, number> {
  const votes = new Map<number, Vote[]>();
  for (const store of perStore) for (const [group, position] of store) votes.set(group, [...(votes.get(group) ?? []), { value: position, weight: 1 }]);
  return new Map([...votes].map(([group, list]) => [group, weightedMedian(list)]));
}

/**
 * The whole order of a store: learned products, then their groups (learned here, else usual
 * elsewhere), with places set by hand winning over both. Products that are not in `products`
 * sort by their group's entry and, failing that, at the end.
 */
export function storeOrder(inputs: OrderInputs): LearnedOrder {
  const { positions: learned, tripCount } = learnProductPositions(inputs.trips);
  const groups = new Map<number, { position: number; source: GroupOrderSource }>();
  for (const [group, position] of inputs.otherStoreGroups) groups.set(group, { position, source: 'other_stores' });
  for (const [group, position] of groupPositions(learned, inputs.groupOf)) groups.set(group, { position, source: 'learned' });
  for (const [group, position] of inputs.manualGroups) groups.set(group, { position, source: 'manual' });

  const products = new Map<string, { position: number; source: ProductOrderSource }>();
  for (const [product, position] of learned) {
    const group = inputs.groupOf.get(product) ?? null;
    const dragged = group !== null ? inputs.manualGroups.get(group) : undefined;
    // A group moved by hand takes its products along, in their learned order.
    if (dragged !== undefined) products.set(product, { position: dragged + GROUP_BAND * position, source: 'group' });
    else products.set(product, { position, source: 'learned' });
  }
  for (const [product, position] of inputs.manualProducts) products.set(product, { position, source: 'manual' });
  return { products, groups, tripCount };
}
