import type { Schemas } from '@hinv/api-client';

export type StoreOrder = Schemas['StoreOrderResponse'];

/** Where products without any place go: after everything placed, in name order. */
const END = 2;
const END_STEP = 0.001;

interface Orderable {
  label: string;
  product_id?: string | null;
  product_group_id?: number | null;
  product_group_name?: string | null;
}

export interface Placed<T> {
  row: T;
  /** The row's place on the store's scale, the same numbers the server sends and takes. */
  position: number;
  /** The group the row is shown under (null: none). */
  groupId: number | null;
  groupName: string | null;
}

/**
 * The list in the store's walking order: a product's own place (learned or set by hand), else its
 * group's place (found by id, or by name for an item added without a signal), else the end, in
 * name order. Every row gets a number, so a row dragged between two others can be given the
 * number halfway between theirs.
 */
export function sortByStoreOrder<T>(rows: readonly T[], item: (row: T) => Orderable, order: StoreOrder | undefined, locale: string): Placed<T>[] {
  const products = new Map(order?.products.map((product) => [product.product_id, product.position]));
  const groupsById = new Map(order?.groups.map((group) => [group.product_group_id, group]));
  const groupsByName = new Map(order?.groups.map((group) => [group.product_group_name, group]));
  const collator = new Intl.Collator(locale);
  const placed = rows.map((row) => {
    const look = item(row);
    const group = (look.product_group_id != null ? groupsById.get(look.product_group_id) : undefined) ?? (look.product_group_name ? groupsByName.get(look.product_group_name) : undefined);
    const own = look.product_id ? products.get(look.product_id) : undefined;
    return {
      row,
      position: own ?? group?.position ?? END,
      groupId: look.product_group_id ?? group?.product_group_id ?? null,
      groupName: look.product_group_name ?? null,
      label: look.label,
    };
  });
  placed.sort((a, b) => a.position - b.position || collator.compare(a.label, b.label));
  let end = 0;
  return placed.map(({ label: _label, ...entry }) => (entry.position >= END ? { ...entry, position: END + END_STEP * end++ } : entry));
}

/** The place halfway between the new neighbours of an entry moved from `from` to `to`. */
export function positionBetween(positions: readonly number[], from: number, to: number): number {
  const rest = positions.filter((_, index) => index !== from);
  const before = rest[to - 1];
  const after = rest[to];
  if (before === undefined && after === undefined) return 0.5;
  if (before === undefined) return (after as number) - 0.05;
  if (after === undefined) return before + 0.05;
  return (before + after) / 2;
}

/** Consecutive rows of one group, for the group's heading and its handle. */
export interface Section<T> {
  key: string;
  groupId: number | null;
  groupName: string | null;
  entries: Placed<T>[];
}

export function sectionsOf<T>(placed: readonly Placed<T>[]): Section<T>[] {
  const sections: Section<T>[] = [];
  for (const entry of placed) {
    const last = sections[sections.length - 1];
    if (last && last.groupId === entry.groupId && last.groupName === entry.groupName) last.entries.push(entry);
    else sections.push({ key: `${entry.groupId ?? entry.groupName ?? 'none'}:${sections.length}`, groupId: entry.groupId, groupName: entry.groupName, entries: [entry] });
  }
  return sections;
}
