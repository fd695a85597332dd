/**
 * Reading what Grocy sends. Grocy before 4.0 sends every number as a string (`"amount": "2"`,
 * `"id": "7"`), 4.x sends numbers; `best_before_date` 2999-12-31 means "never"; `/stock` rows
 * carry the product id as `product_id` or only inside a nested `product` object.
 */

export type GrocyRecord = Record<string, unknown>;

/** A finite number from a number or a numeric string; null otherwise. */
export function grocyNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value.trim());
    return Number.isFinite(parsed) ? parsed : null;
  }
  return null;
}

/** A positive whole id, from a number or a string. */
export function grocyId(value: unknown): number | null {
  const parsed = grocyNumber(value);
  return parsed !== null && Number.isInteger(parsed) && parsed > 0 ? parsed : null;
}

/** Grocy marks inactive rows with `active` 0/"0"/false; rows without the field (older versions) are active. */
export function grocyActive(row: GrocyRecord): boolean {
  const active = row.active;
  if (active === undefined || active === null) return true;
  if (typeof active === 'boolean') return active;
  return grocyNumber(active) !== 0;
}

/** The trimmed name, or null when it is missing or blank. */
export function grocyName(row: GrocyRecord): string | null {
  return typeof row.name === 'string' && row.name.trim() !== '' ? row.name.trim() : null;
}

/** A date `YYYY-MM-DD` (a timestamp is cut to its day); dates in 2999 mean "never" and count as none. */
export function grocyDate(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const day = /^(\d{4}-\d{2}-\d{2})/.exec(value.trim())?.[1];
  if (!day || day.startsWith('2999-')) return null;
  return day;
}

/** What Grocy holds of one product, summed over its `/stock` rows. */
export interface GrocyStockEntry {
  grocyProductId: number;
  productName: string | null;
  quantity: number;
  bestBeforeDate: string | null;
}

const round6 = (value: number): number => Math.round(value * 1e6) / 1e6;

/**
 * Groups `/stock` rows by product (`product_id`, else `product.id`). The quantity is the largest
 * `amount_aggregated` (or `amount_total`) when a row has one, which includes sub-products, else
 * the sum of `amount`; the best-before date is the earliest real one.
 */
export function groupGrocyStock(rows: readonly GrocyRecord[]): Map<number, GrocyStockEntry> {
  const groups = new Map<number, { name: string | null; aggregated: number | null; sum: number; bestBefore: string | null }>();
  for (const row of rows) {
    const nested = row.product && typeof row.product === 'object' ? (row.product as GrocyRecord) : null;
    const id = grocyId(row.product_id) ?? (nested ? grocyId(nested.id) : null);
    if (id === null) continue;
    const group = groups.get(id) ?? { name: null, aggregated: null, sum: 0, bestBefore: null };
    group.name ??= nested ? grocyName(nested) : null;
    const aggregated = grocyNumber(row.amount_aggregated) ?? grocyNumber(row.amount_total);
    if (aggregated !== null) group.aggregated = group.aggregated === null ? aggregated : Math.max(group.aggregated, aggregated);
    group.sum += grocyNumber(row.amount) ?? 0;
    const day = grocyDate(row.best_before_date);
    if (day && (group.bestBefore === null || day < group.bestBefore)) group.bestBefore = day;
    groups.set(id, group);
  }
  const entries = new Map<number, GrocyStockEntry>();
  for (const [id, group] of groups) {
    entries.set(id, { grocyProductId: id, productName: group.name, quantity: round6(group.aggregated ?? group.sum), bestBeforeDate: group.bestBefore });
  }
  return entries;
}

/** The answer of `system/info`, kept to its version fields (what the settings screen shows). */
export function grocySystemInfo(answer: unknown): Record<string, unknown> {
  const info = answer && typeof answer === 'object' ? (answer as GrocyRecord) : {};
  const version = info.grocy_version && typeof info.grocy_version === 'object' ? (info.grocy_version as GrocyRecord) : {};
  const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : null);
  return {
    grocy_version: text(version.Version),
    grocy_release_date: text(version.ReleaseDate),
    php_version: text(info.php_version),
    sqlite_version: text(info.sqlite_version),
  };
}
