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

/** Two calendar days as one range the way the reader writes it (`1–23 Oct 2026`, `01.–23.10.2026`). */
export function formatDayRange(first: string, last: string, locale: string): string {
  const format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  return format.formatRange(new Date(`${first}T00:00:00Z`), new Date(`${last}T00:00:00Z`));
}

const moneyFormats = new Map<string, Intl.NumberFormat>();

/** An amount as the reader writes money (de: `1.234,56 €`, en: `€1,234.56`). */
export function formatMoney(amount: number, locale: string, currency = 'EUR'): string {
  const key = `${locale}:${currency}`;
  let format = moneyFormats.get(key);
  if (!format) moneyFormats.set(key, (format = new Intl.NumberFormat(locale, { style: 'currency', currency })));
  return format.format(amount);
}

/** A month (`YYYY-MM`) as the reader names it: `November 2026`; `short` gives `Nov 26` for chart labels. */
export function formatMonth(month: string, locale: string, style: 'long' | 'short' = 'long'): string {
  const options: Intl.DateTimeFormatOptions = style === 'long' ? { month: 'long', year: 'numeric', timeZone: 'UTC' } : { month: 'short', timeZone: 'UTC' };
  return new Intl.DateTimeFormat(locale, options).format(new Date(`${month}-01T00:00:00Z`));
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
