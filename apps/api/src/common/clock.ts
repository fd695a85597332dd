import { existsSync, readFileSync, statSync } from 'node:fs';

/**
 * The service's notion of "now", injected wherever time matters (sessions, recent
 * authentication, TOTP, throttling) so tests can move time instead of waiting.
 *
 * Black-box tests move the clock of the built server through HINV_TEST_CLOCK_FILE: a file holding
 * an offset in milliseconds that is added to the real time. It is read only when the variable is
 * set, which an operator never does.
 */
export class Clock {
  private cachedOffset = 0;
  private cachedStamp = '';

  constructor(private readonly offsetFile?: string) {}

  now(): Date {
    return new Date(Date.now() + this.offset());
  }

  private offset(): number {
    if (!this.offsetFile || !existsSync(this.offsetFile)) return 0;
    // Size as well as mtime: two quick writes can share one timestamp tick.
    const { mtimeMs, size } = statSync(this.offsetFile);
    const stamp = `${mtimeMs}:${size}`;
    if (stamp !== this.cachedStamp) {
      this.cachedStamp = stamp;
      this.cachedOffset = Number(readFileSync(this.offsetFile, 'utf8').trim()) || 0;
    }
    return this.cachedOffset;
  }
}

/** The calendar day (`YYYY-MM-DD`) in `timeZone` at `now`, plus `offsetDays`: the household's "today". */
export function calendarDay(now: Date, timeZone: string, offsetDays = 0): string {
  return calendarDays(timeZone)(new Date(now.getTime() + offsetDays * 86_400_000));
}

/**
 * The calendar day of many instants in one time zone: building the formatter is the expensive part
 * (tens of microseconds), so readers that date thousands of rows build it once.
 */
export function calendarDays(timeZone: string): (instant: Date) => string {
  const format = new Intl.DateTimeFormat('en-CA', { timeZone });
  return (instant) => format.format(instant);
}

/**
 * The day a receipt counts on: its printed purchase date, else the calendar day in the household's
 * time zone on which it was read. Budget, prices and the import all date receipts this way.
 */
export function receiptDay(purchaseDate: string | null, createdAt: string, dayOf: (instant: Date) => string): string {
  return purchaseDate ?? dayOf(new Date(createdAt));
}

/** A calendar day (`YYYY-MM-DD`) plus `days` (negative goes back), across month and year ends. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * An `updated_at` after `previous`: now, or a millisecond later when now is not later (two changes
 * in one millisecond), so `expected_updated_at` always tells the versions apart.
 */
export function nextTimestamp(previous: string, now: Date): string {
  return new Date(Math.max(now.getTime(), Date.parse(previous) + 1)).toISOString();
}
