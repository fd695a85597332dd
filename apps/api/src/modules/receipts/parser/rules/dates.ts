export type DateOrder = 'dmy' | 'mdy';

/**
 * Dates as tills print them: DD.MM.YY(YY) (also with commas or spaces that OCR puts in:
 * "15,04,20", "04. 04. 2020"), DD-MM-YY(YY), YYYY-MM-DD, slashed dates in `slashOrder` unless a
 * part above 12 settles it, and DDMMYYYY run together beside "Datum"/"Date" or a time.
 */
const DATE = /(?<![\d.,])(?:(\d{4})-(\d{1,2})-(\d{1,2})|(\d{1,2}) ?[.,] ?(\d{1,2}) ?[.,] ?(\d{4}|\d{2})|(\d{1,2})\/(\d{1,2})\/(\d{4}|\d{2})|(\d{2})-(\d{2})-(\d{4}|\d{2}))(?![\d,:]|\.\d)/g;
const RUN_TOGETHER = /(?<!\d)(\d{2})(\d{2})(20\d{2})(?!\d)/g;
const TIME = /\b\d{1,2}:\d{2}\b/;
const DATE_WORD = /\b(?:datum|date|zeit|time|dated)\b/i;
/** Dates that are not the purchase: best before, validity of a coupon, a promotion's end. */
const OTHER_DATE = /\b(?:mhd|best|haltbar|gültig|gueltig|valid|bis|until|expires?|ablauf)\b/i;
/** Receipts older than this are not what a household scans; a year read as 2075 is a misreading. */
const FIRST_YEAR = 2000;

/**
 * The purchase date printed on the receipt, as YYYY-MM-DD. A date next to a time or after
 * "Datum"/"Date" is preferred, and so is one printed more than once (receipt and card slip); dates
 * before 2000 or over a year after `today` (when the caller knows it) are misreadings, and one
 * after today is taken only when no other date is printed.
 */
export function findPurchaseDate(lines: readonly string[], slashOrder: DateOrder, today?: string): string | null {
  const notAfter = today;
  const found: Array<{ date: string; score: number; index: number }> = [];
  // More than a year after today cannot be a till's clock: a misread year (2075).
  const latest = notAfter === undefined ? '2100-12-31' : `${Number(notAfter.slice(0, 4)) + 1}${notAfter.slice(4)}`;
  const add = (year: number, month: number, day: number, line: string, index: number) => {
    if (year < 100) year += 2000;
    const date = new Date(Date.UTC(year, month - 1, day));
    if (year < FIRST_YEAR || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return;
    const iso = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
    if (iso > latest) return;
    // After today: a misreading unless nothing better is printed (a clock set wrong on the till).
    const future = notAfter !== undefined && iso > notAfter ? 5 : 0;
    const score = (TIME.test(line) ? 2 : 0) + (DATE_WORD.test(line) ? 2 : 0) - (OTHER_DATE.test(line) ? 3 : 0) - future;
    found.push({ date: iso, score, index });
  };
  lines.forEach((line, index) => {
    for (const m of line.matchAll(DATE)) {
      if (m[1]) add(Number(m[1]), Number(m[2]), Number(m[3]), line, index);
      else if (m[4]) add(Number(m[6]), Number(m[5]), Number(m[4]), line, index);
      else if (m[7]) {
        const [a, b] = [Number(m[7]), Number(m[8])];
        const monthFirst = a > 12 ? false : b > 12 ? true : slashOrder === 'mdy';
        const [month, day] = monthFirst ? [a, b] : [b, a];
        add(Number(m[9]), month, day, line, index);
      } else add(Number(m[12]), Number(m[11]), Number(m[10]), line, index);
    }
    if (TIME.test(line) || DATE_WORD.test(line)) for (const m of line.matchAll(RUN_TOGETHER)) add(Number(m[3]), Number(m[2]), Number(m[1]), line, index);
  });
  const repeats = new Map<string, number>();
  for (const f of found) repeats.set(f.date, (repeats.get(f.date) ?? 0) + 1);
  found.sort((a, b) => b.score + (repeats.get(b.date)! - 1) - (a.score + (repeats.get(a.date)! - 1)) || a.index - b.index);
  return found[0]?.date ?? null;
}
