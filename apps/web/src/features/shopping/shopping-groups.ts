export interface ShoppingGroup<T> {
  /** The product group's name; null collects items without one. */
  name: string | null;
  items: T[];
}

/**
 * Open items by product group, so the list reads aisle by aisle: groups alphabetically (in the
 * user's language), items without a group last, and within a group the server's order
 * (most recently changed first).
 */
export function groupByProductGroup<T extends { product_group_name?: string | null }>(items: T[], locale: string): ShoppingGroup<T>[] {
  const groups = new Map<string | null, T[]>();
  for (const item of items) {
    const name = item.product_group_name ?? null;
    groups.set(name, [...(groups.get(name) ?? []), item]);
  }
  const collator = new Intl.Collator(locale);
  return [...groups.entries()]
    .sort(([a], [b]) => (a === null ? 1 : b === null ? -1 : collator.compare(a, b)))
    .map(([name, grouped]) => ({ name, items: grouped }));
}
