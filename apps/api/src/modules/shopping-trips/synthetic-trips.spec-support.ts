/**
 * Synthetic shopping trips for the order tests: a hidden "true" walking order of a store and
 * noisy check-off sequences drawn from it, and how close a learned order comes to it.
 * Deterministic for a seed. Test support only: the build leaves `*.spec-support.ts` out.
 */

/** mulberry32: a small seeded generator, so every run draws the same trips. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A standard normal draw (Box–Muller). */
function normal(random: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

export interface SyntheticStore {
  /** Product ids in the store's true walking order. */
  truth: string[];
  /** Each product's group; groups are contiguous stretches of the true order, as aisles are. */
  groupOf: Map<string, number>;
}

/** `groups` aisles of `perGroup` products each, in walking order. */
export function syntheticStore(groups: number, perGroup: number): SyntheticStore {
  const truth: string[] = [];
  const groupOf = new Map<string, number>();
  for (let group = 1; group <= groups; group += 1) {
    for (let index = 0; index < perGroup; index += 1) {
      const id = `p${group}-${index}`;
      truth.push(id);
      groupOf.set(id, group);
    }
  }
  return { truth, groupOf };
}

export interface TripNoise {
  /** Chance that a product is on this trip's list. */
  buy: number;
  /** Standard deviation of where a product is checked off, in places of the true order. */
  jitter: number;
  /** Chance that a product is checked off somewhere else entirely (forgotten, fetched later, ticked early). */
  stray: number;
}

export const DEFAULT_NOISE: TripNoise = { buy: 0.5, jitter: 1.5, stray: 0.05 };

/** One trip: a random part of the store, checked off in the true order with noise. */
export function syntheticTrip(store: SyntheticStore, random: () => number, noise: TripNoise = DEFAULT_NOISE): string[] {
  const keyed: { id: string; key: number }[] = [];
  store.truth.forEach((id, index) => {
    if (random() >= noise.buy) return;
    const key = random() < noise.stray ? random() * store.truth.length : index + noise.jitter * normal(random);
    keyed.push({ id, key });
  });
  return keyed.sort((a, b) => a.key - b.key).map((entry) => entry.id);
}

/** Kendall's tau-a between two orders of the same items (1 = identical, -1 = reversed). */
export function kendallTau(order: readonly string[], truth: readonly string[]): number {
  const rank = new Map(truth.map((item, index) => [item, index]));
  const items = order.filter((item) => rank.has(item));
  let concordant = 0;
  let discordant = 0;
  for (let i = 0; i < items.length; i += 1) {
    for (let j = i + 1; j < items.length; j += 1) {
      if ((rank.get(items[i]) as number) < (rank.get(items[j]) as number)) concordant += 1;
      else discordant += 1;
    }
  }
  const pairs = concordant + discordant;
  return pairs === 0 ? 1 : (concordant - discordant) / pairs;
}
