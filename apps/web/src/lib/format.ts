/**
 * Numbers and dates in the reader's language (de: `1.234,5`, `23.11.2026`; en: `1,234.5`,
 * `Nov 23, 2026`). Formatters are cached per locale: building one costs more than using it.
 */
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

export function formatQuantity(value: number, locale: string): string {
  let format = numberFormats.get(locale);
  if (!format) numberFormats.set(locale, (format = new Intl.NumberFormat(locale, { maximumFractionDigits: 3 })));
  return format.format(value);
}

/** A calendar date (`YYYY-MM-DD`, no time zone) as the reader writes it. */
export function formatDay(isoDate: string, locale: string): string {
  let format = dateFormats.get(locale);
  if (!format) dateFormats.set(locale, (format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' })));
  return format.format(new Date(`${isoDate.slice(0, 10)}T00:00:00Z`));
}

/** A file's size as people read it: `820 kB`, `3.4 MB` (`3,4 MB` in German). */
export function formatFileSize(bytes: number, locale: string): string {
  const [value, unit] = bytes >= 1_000_000 ? [bytes / 1_000_000, 'megabyte'] : [Math.max(1, Math.round(bytes / 1000)), 'kilobyte'];
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 }).format(value);
}

/** Today as `YYYY-MM-DD` in the device's time zone, plus `days`. */
export function localDay(days = 0, now = new Date()): string {
  const day = new Date(now.getFullYear(), now.getMonth(), now.getDate() + days);
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
}

export type Freshness = 'expired' | 'soon' | 'ok';

/** How a best-before date reads today: past it, within `soonDays`, or fine. */
export function freshness(bestBefore: string | null | undefined, today: string, soonDays = 3): Freshness {
  if (!bestBefore) return 'ok';
  if (bestBefore < today) return 'expired';
  return bestBefore <= localDayFrom(today, soonDays) ? 'soon' : 'ok';
}

function localDayFrom(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number);
  return localDay(days, new Date(year, month - 1, date));
}
