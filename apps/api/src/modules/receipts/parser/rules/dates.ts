import { withinEdits } from './fuzzy.js';
import { oneDigitAway } from './look-alike.js';

export type DateOrder = 'dmy' | 'mdy';

/**
 * Dates as tills print them: DD.MM.YY(YY) (also with commas or spaces that OCR puts in:
 * "15,04,20", "04. 04. 2020"), YYYY-MM-DD (or with slashes or dots), slashed and dashed dates in
 * `slashOrder` unless a part above 12 settles it, month names ("12 Mar 2024", "März 12, 2024"),
 * and DDMMYYYY run together beside "Datum"/"Date" or a time.
 */
const DATE = /(?<![\d.,])(?:(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})|(\d{1,2}) ?([.,]{1,2}) ?(\d{1,2}) ?([.,]{1,2}) ?(\d{4}|\d{2})|(\d{1,2})([/-])(\d{1,2})\10(\d{4}|\d{2}))(?![\d,:]|\.\d)/g;
/** Month names and their abbreviations in German and English, by their first three letters (umlauts spelled out). */
const MONTHS: Readonly<Record<string, number>> = { jan: 1, feb: 2, mar: 3, mae: 3, apr: 4, may: 5, mai: 5, jun: 6, jul: 7, aug: 8, sep: 9, oct: 10, okt: 10, nov: 11, dec: 12, dez: 12 };
const MONTH = String.raw`(jan(?:uar|uary)?|feb(?:ruar|ruary)?|m(?:ä|ae)rz?|mar(?:ch)?|apr(?:il)?|ma[iy]|jun[ie]?|jul[iy]?|aug(?:ust)?|sep(?:t|tember)?|o[ck]t(?:ober)?|nov(?:ember)?|de[cz](?:ember)?)(?![\p{L}])\.?`;
/** "12 Mar 2024", "12. März 2024", "12-Mar-24"; "Mar 12, 2024", "March 12th 2024". */
const DAY_MONTH = new RegExp(String.raw`(?<![\d.])(\d{1,2})(?:\.|st|nd|rd|th)?[\s-]*${MONTH}[\s,-]*(\d{4}|\d{2})(?!\d)`, 'giu');
const MONTH_DAY = new RegExp(String.raw`(?<![\p{L}])${MONTH}\s*(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})(?!\d)`, 'giu');
const monthOf = (name: string) => MONTHS[name.toLowerCase().replace('ä', 'ae').slice(0, 3)];
/** Day and month run together, or with one separator lost: "14032025", "0810.16", "08.1016", "081016". */
const RUN_TOGETHER = /(?<![\d.,])(\d{2})([.,]?)(\d{2})((?:[.,] ?)?)(20\d{2}|\d{2})(?![\d,]|[.:]\d)/g;
/**
 * One separator misread as another character, or a stray character before the year, as OCR reads
 * faint print: "04704. 2020" (the first dot read as a 7), "085 10.16" (read as a 5 before a space),
 * "18.056,20" (a speck after the month).
 */
const MISREAD_SEPARATOR = /(?<![\d.,])(?:(\d{2})(?:[^\s\d.,]|[^\s.,] )(\d{2})[.,] ?(20\d{2}|\d{2})|(\d{2})\d(\d{2})[.,] ?(20\d{2})|(\d{2})[.,](\d{2})([^\s.,])[.,] ?(20\d{2}|\d{2}))(?![\d,]|[.:]\d)/g;
/** Long digit runs (a barcode's number, a transaction id) that carry the date: "…20190131…", "…180520…". */
const DIGIT_RUN = /\d{12,}/g;
/** A full year-first date and the time after it inside a digit run ("…201901311459…"), as tills encode them. */
const RUN_DATE = /(?=(20\d{2})(\d{2})(\d{2})([01]\d|2[0-3])[0-5]\d)/g;
/** Day and month without the year, as card slips print them ("AS-Zeit 15.04. 16:14"). */
const NO_YEAR = /(?<![\d.,])(\d{1,2})\.(\d{1,2})(?:[.,](?!\d)|[.,](?=\d{1,2}:\d{2})|(?=\s))/g;
/** A date preceded by a number and a separator is the tail of a longer, garbled run ("04, 04. 2.02" is not 4 February 2002). */
const AFTER_NUMBER = /\d ?[.,] ?$/;
/** A year beside "Datum" read with its last digit as a letter ("202C", "201O"), or glued to a speck before it ("22020"). */
const LOOSE_YEAR = /(20[0-9][0-9CcOoDQ])(?![\p{L}\d])/gu;
/** A full date beside "Datum" whose year's last digit was read as a letter ("15,04.202C"). */
const LETTER_YEAR = /(?<![\d.,])(\d{2}) ?[.,] ?(\d{2}) ?[.,] ?(20\d)[CcOoDQ](?![\p{L}\d])/gu;
/** A line that prints an amount in euro: "19, 4,16" there is an amount read apart, not a date. */
const AMOUNT_LINE = /€|\bEUR\b|\bEURO\b/i;
const TIME = /\b\d{1,2}:\d{2}\b/;
const DATE_WORDS = ['datum', 'date', 'zeit', 'time', 'dated', 'uhrzeit'];
/** "Datum", "Date", also with one letter misread in the longer words ("Datem"). */
function hasDateWord(line: string): boolean {
  return line
    .toLowerCase()
    .split(/[^\p{L}]+/u)
    .some((word) => DATE_WORDS.some((known) => word === known || (known.length >= 5 && withinEdits(word, known, 1))));
}
/** Dates that are not the purchase: best before, validity of a coupon, a promotion's end. */
const OTHER_DATE = /\b(?:mhd|best|haltbar|gültig|gueltig|valid|bis|until|expires?|ablauf)\b/i;
/** How much surer (0–1) OCR must have been of one reading of a date's digits than of another for it to say which digit the other misread. */
const SURER = 0.5;
/** A day, month or two-digit year as a date writes it: two digits. */
const pad = (part: number) => String(part).padStart(2, '0');
/** Receipts older than this are not what a household scans; a year read as 2075 is a misreading. */
const FIRST_YEAR = 2000;

/** A date-shaped run of digits and letters OCR confuses with them ("l4.05.2O2O", "14.O5.2020", "0Z.03.20"). */
const DATE_SHAPE = /(?<![\p{L}\d])[\dOoQDlI|Zz]{1,4}[.,/-][\dOoQDlI|Zz]{1,2}[.,/-][\dOoQDlI|Zz]{2,4}(?![\p{L}\d])/gu;

/** The line with the letters in its date-shaped runs read as the digits they stand for, when most of the run is digits. */
function withDateDigits(line: string): string {
  return line.replace(DATE_SHAPE, (run) => {
    const letters = run.replace(/[\d.,/-]/g, '').length;
    if (letters === 0 || letters > 2) return run;
    return run.replace(/[OoQD]/g, '0').replace(/[lI|]/g, '1').replace(/[Zz]/g, '2');
  });
}

function validDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * Which way a slashed date reads: month first only in the US (an English receipt in dollars, or
 * one that names neither euro, pound, VAT nor GST), Canada and the Philippines; day first in Germany,
 * the UK, Ireland and the rest (GST is also the tax of Australia, Malaysia, Singapore, New Zealand
 * and India, all day first).
 */
export function slashOrderOf(texts: readonly string[], language: 'de' | 'en', currency: string): DateOrder {
  // The US has no GST: a receipt in dollars that prints it is Australian, Singaporean or from New Zealand.
  const gst = texts.some((text) => /\bGST\b/i.test(text));
  if (currency === 'USD' && !gst) return 'mdy';
  // Canadian and Philippine tills print month first too (Canada's GST notwithstanding).
  if (currency === 'CAD' || currency === 'PHP') return 'mdy';
  if (language === 'de' || currency !== 'EUR' || gst) return 'dmy';
  return texts.some((text) => /€|\bEUR\b|\bVAT\b|£/i.test(text)) ? 'dmy' : 'mdy';
}

/** How sure OCR was (0–1) of the word on line `index` whose digits include `digits`; undefined when not known. */
export type WordSureness = (index: number, digits: string) => number | undefined;

/** Whether a date read is not after today (any date is, when today is not known). */
export function notAfterToday(date: string | null, today?: string): date is string {
  return date !== null && (today === undefined || date <= today);
}

/**
 * The purchase date: as the lines print it, else from their other readings (a date line read
 * again alone). A date after today as printed gives way to a date not after it from the other
 * readings ("18.05.27" read again as "18.05.20"); with none, it stands (a till's clock set wrong).
 */
export function purchaseDateOf(
  lines: readonly string[],
  alternatives: ReadonlyArray<readonly string[] | undefined>,
  slashOrder: DateOrder,
  today?: string,
  sureness?: WordSureness,
): string | null {
  const printed = findPurchaseDate(lines, slashOrder, today, sureness);
  if (notAfterToday(printed, today)) return printed;
  return dateReadAgain(lines, alternatives, slashOrder, today) ?? printed;
}

/**
 * The purchase date from the lines' other readings (a date line read again alone, see
 * reading/date-reading.ts), for a receipt whose lines as read name none: every line by its first
 * other reading, then by its second. A line read again is read less surely than the page: a date
 * after today from it is a misreading ("18.05.27" for "18.05.20"), never a till's clock.
 */
export function dateReadAgain(lines: readonly string[], alternatives: ReadonlyArray<readonly string[] | undefined>, slashOrder: DateOrder, today?: string): string | null {
  const most = Math.max(0, ...alternatives.map((readings) => readings?.length ?? 0));
  for (let k = 0; k < most; k += 1) {
    const date = findPurchaseDate(
      lines.map((text, index) => alternatives[index]?.[k] ?? text),
      slashOrder,
      today,
    );
    if (notAfterToday(date, today)) return date;
  }
  return null;
}

/**
 * The purchase date printed on the receipt, as YYYY-MM-DD. A date next to a time or after
 * "Datum"/"Date" is preferred, and so is one printed more than once (receipt and card slip); dates
 * before 2000 or over a year after `today` (when the caller knows it) are misreadings, and one
 * after today is taken only when no other date is printed.
 */
export function findPurchaseDate(lines: readonly string[], slashOrder: DateOrder, today?: string, sureness?: WordSureness): string | null {
  const notAfter = today;
  const found: Array<{ date: string; score: number; index: number; weight: number }> = [];
  // More than a year after today cannot be a till's clock: a misread year (2075).
  const latest = notAfter === undefined ? '2100-12-31' : `${Number(notAfter.slice(0, 4)) + 1}${notAfter.slice(4)}`;
  // Every reading's day, month and the year's last two digits, the implausible ones too: two
  // readings of one date whose years disagree may still agree on what was printed.
  const readings: DateReading[] = [];
  const read = (year: number, month: number, day: number, line: string, index: number, weight = 0) => {
    if (validDate(2000, month, day)) readings.push({ month, day, yy: pad(year % 100), line, index });
    add(year, month, day, line, index, weight);
  };
  const add = (year: number, month: number, day: number, line: string, index: number, weight = 0) => {
    if (year < 100) year += 2000;
    // One of the century's two digits misread ("15.02.7020"): the year's last two digits still say which.
    // Both of them ("15.02.7520") only in a till's date-and-time stamp, to a year not after today's.
    const century = String(year);
    if ((year < FIRST_YEAR || year > Number(latest.slice(0, 4))) && century.length === 4) {
      const misread = (century[0] === '2' ? 0 : 1) + (century[1] === '0' ? 0 : 1);
      const pastYear = notAfter !== undefined && 2000 + (year % 100) <= Number(notAfter.slice(0, 4));
      if (misread === 1 || (misread === 2 && TIME.test(line) && pastYear)) {
        year = 2000 + (year % 100);
        weight -= misread;
      }
    }
    if (year < FIRST_YEAR || !validDate(year, month, day)) return;
    const iso = `${year}-${pad(month)}-${pad(day)}`;
    if (iso > latest) return;
    // After today: a misreading unless nothing better is printed (a clock set wrong on the till).
    const future = notAfter !== undefined && iso > notAfter ? 5 : 0;
    const score = (TIME.test(line) ? 2 : 0) + (hasDateWord(line) ? 2 : 0) - (OTHER_DATE.test(line) ? 3 : 0) - future;
    found.push({ date: iso, score: score + weight, index, weight });
  };
  lines.forEach((raw, index) => {
    const line = withDateDigits(raw);
    for (const m of line.matchAll(DATE)) {
      const tail = AFTER_NUMBER.test(line.slice(0, m.index)) ? -2 : 0;
      if (m[1]) read(Number(m[1]), Number(m[2]), Number(m[3]), line, index);
      else if (m[4]) {
        // With a comma, only two-digit parts: "19, 4,16" on a payment line is an amount read apart.
        if (m[5].includes(',') || m[7].includes(',')) if (m[4].length < 2 || m[6].length < 2 || AMOUNT_LINE.test(line)) continue;
        read(Number(m[8]), Number(m[6]), Number(m[4]), line, index, tail);
      } else {
        // Slashed or dashed: the country's order unless a part above 12 settles it.
        const [a, b] = [Number(m[9]), Number(m[11])];
        const monthFirst = a > 12 ? false : b > 12 ? true : slashOrder === 'mdy';
        const [month, day] = monthFirst ? [a, b] : [b, a];
        read(Number(m[12]), month, day, line, index, tail);
      }
    }
    for (const m of line.matchAll(DAY_MONTH)) add(Number(m[3]), monthOf(m[2]), Number(m[1]), line, index);
    for (const m of line.matchAll(MONTH_DAY)) add(Number(m[3]), monthOf(m[1]), Number(m[2]), line, index);
    // Run together: beside a time or "Datum"; six digits without any separator only beside "Datum".
    const dated = hasDateWord(line);
    if (TIME.test(line) || dated) {
      for (const m of line.matchAll(RUN_TOGETHER)) {
        const separators = (m[2] ? 1 : 0) + (m[4] ? 1 : 0);
        if (separators === 2 || (separators === 0 && m[5].length === 2 && !dated)) continue;
        add(Number(m[5]), Number(m[3]), Number(m[1]), line, index, -1);
      }
      if (dated) for (const m of line.matchAll(LETTER_YEAR)) add(Number(`${m[3]}0`), Number(m[2]), Number(m[1]), line, index, -1);
      for (const m of line.matchAll(MISREAD_SEPARATOR)) {
        const [day, month, year] = m[1] ? [m[1], m[2], m[3]] : m[4] ? [m[4], m[5], m[6]] : [m[7], m[8], m[10]];
        add(Number(year), Number(month), Number(day), line, index, -1);
        // "18.065,20": the speck may be the month's last digit and the digit before it the speck.
        if (m[9] && /\d/.test(m[9])) add(Number(year), Number(month[0] + m[9]), Number(day), line, index, -1);
      }
    }
  });
  // A date inside a long digit run (year first: "…20190131…"): printed beside a barcode, taken when nothing better is.
  // For confirming, a run OCR broke apart at a space counts whole ("130216 10081416").
  const runs = lines.flatMap((line, index) => (line.replace(/(?<=\d) (?=\d)/g, '').match(DIGIT_RUN) ?? []).map((digits) => ({ digits, index })));
  const printed = found.length;
  lines.forEach((line, index) => {
    for (const run of line.match(DIGIT_RUN) ?? []) for (const m of run.matchAll(RUN_DATE)) add(Number(m[1]), Number(m[2]), Number(m[3]), '', index, -2);
  });
  // The same digit runs confirm a printed date they carry (DDMMYY, YYMMDD and the long forms);
  // a run that carries the printed date with one look-alike digit changed ("18.06.20" printed,
  // "…180520…" in the barcode) says which digit OCR misread: two readings against one.
  const runWith = (iso: string) => {
    const [y, m, d] = iso.split('-');
    const forms = [`${d}${m}${y.slice(2)}`, `${y.slice(2)}${m}${d}`, `${d}${m}${y}`, `${y}${m}${d}`];
    for (const run of runs) {
      const form = forms.find((f) => run.digits.includes(f));
      if (form) return { index: run.index, form };
    }
    return null;
  };
  for (const f of found.slice(0, printed)) {
    if (runWith(f.date)) {
      f.score += 1;
      continue;
    }
    const digits = f.date.replace(/-/g, '');
    const [, month, day] = f.date.split('-');
    const printedSureness = sureness?.(f.index, `${day}${month}`) ?? sureness?.(f.index, `${month}${day}`);
    for (const other of oneDigitAway(digits.slice(2))) {
      const year = Number(`${digits.slice(0, 2)}${other.slice(0, 2)}`);
      const run = runWith(`${year}-${other.slice(2, 4)}-${other.slice(4, 6)}`);
      if (!run) continue;
      // Not against a printed date OCR was sure of, from a run it was not ("Datum 08.10.16" read
      // without doubt, a barcode's number beside it at confidence 0): then the run is the misread.
      const runSureness = sureness?.(run.index, run.form);
      if (printedSureness !== undefined && runSureness !== undefined && printedSureness - runSureness > SURER) continue;
      add(year, Number(other.slice(2, 4)), Number(other.slice(4, 6)), lines[f.index], f.index, f.weight + 1);
    }
  }
  const cardSlip = withoutYear(lines, today);
  // So does the card slip's day and month, read surely, against a printed date OCR was unsure of
  // ("16.04.20" at 0.1, "AS-Zeit 15.04." at 0.95 below it): the slip says which digit was misread.
  for (const f of found.slice(0, printed)) {
    const [year, month, day] = f.date.split('-');
    const printedSureness = sureness?.(f.index, `${day}${month}`);
    if (printedSureness === undefined) continue;
    for (const other of oneDigitAway(`${day}${month}`)) {
      const slip = cardSlip.find((c) => c.index !== f.index && `${pad(c.day)}${pad(c.month)}` === other);
      const slipSureness = slip && sureness?.(slip.index, other);
      if (slipSureness === undefined || slipSureness - printedSureness <= SURER) continue;
      add(Number(year), Number(other.slice(2)), Number(other.slice(0, 2)), lines[f.index], f.index, f.weight + 1);
    }
  }
  for (const { year, month, day, line, index } of yearBothReadingsMissed(readings, notAfter)) add(year, month, day, line, index, 1);
  // Without a printed date, the card slip's day and month with the year beside "Datum" (or a guessed one, weaker than a digit run's).
  if (printed === 0) cardSlip.forEach(({ year, month, day, line, index, guessed }) => year !== null && add(year, month, day, line, index, guessed ? -6 : -1));
  const repeats = new Map<string, number>();
  for (const f of found) repeats.set(f.date, (repeats.get(f.date) ?? 0) + 1);
  // The card slip's day and month ("AS-Zeit 20.05.") confirm the full date they agree with.
  for (const f of found) if (cardSlip.some((c) => f.date.endsWith(`-${pad(c.month)}-${pad(c.day)}`) && c.index !== f.index)) f.score += 1;
  found.sort((a, b) => b.score + (repeats.get(b.date)! - 1) - (a.score + (repeats.get(a.date)! - 1)) || a.index - b.index);
  return found[0]?.date ?? null;
}

/** A date as read on line `index`, with the last two digits of its year as printed ("2078" → "78"). */
interface DateReading {
  month: number;
  day: number;
  yy: string;
  line: string;
  index: number;
}

/**
 * The year of a date printed twice (the receipt's and the card slip's stamp) whose two readings
 * disagree on it, each with one digit misread: "07.09.13" and "07.09.2078" for 2018 (3 for 8, 7
 * for 1). The year both readings are one look-alike digit away from is what was printed, when it
 * is the only such year that is not after today; when one reading is itself a digit away from
 * the other, nothing says which of the two was misread, and nothing is added.
 */
function yearBothReadingsMissed(readings: readonly DateReading[], notAfter: string | undefined): Array<Omit<DateReading, 'yy'> & { year: number }> {
  const out: ReturnType<typeof yearBothReadingsMissed> = [];
  for (const [i, a] of readings.entries()) {
    for (const b of readings.slice(i + 1)) {
      if (a.month !== b.month || a.day !== b.day || a.yy === b.yy || a.index === b.index) continue;
      const near = new Set(oneDigitAway(a.yy));
      if (near.has(b.yy)) continue;
      const day = `${pad(a.month)}-${pad(a.day)}`;
      const both = oneDigitAway(b.yy).filter((yy) => near.has(yy) && notAfterToday(`20${yy}-${day}`, notAfter));
      if (both.length === 1) out.push({ year: 2000 + Number(both[0]), month: a.month, day: a.day, line: a.line, index: a.index });
    }
  }
  return out;
}

/**
 * Dates printed without their year beside a time (a card slip's "AS-Zeit 21.04. 15:01"), for a
 * receipt whose full date OCR could not read. The year is the one printed beside "Datum" (its last
 * digit may be read as a letter), else today's, or last year's when the day is still to come.
 */
function withoutYear(lines: readonly string[], today: string | undefined): Array<{ year: number | null; month: number; day: number; line: string; index: number; guessed: boolean }> {
  let year: number | null = null;
  for (const line of lines) {
    if (year !== null || !hasDateWord(line)) continue;
    for (const m of line.matchAll(LOOSE_YEAR)) year ??= Number(m[1].slice(0, 3) + m[1][3].replace(/[CcOoDQ]/, '0'));
  }
  const out: Array<{ year: number | null; month: number; day: number; line: string; index: number; guessed: boolean }> = [];
  lines.forEach((line, index) => {
    if (!TIME.test(line)) return;
    for (const m of line.matchAll(NO_YEAR)) {
      const [day, month] = [Number(m[1]), Number(m[2])];
      let chosen = year;
      if (chosen === null && today !== undefined) {
        const thisYear = Number(today.slice(0, 4));
        const iso = `${thisYear}-${pad(month)}-${pad(day)}`;
        chosen = iso > today ? thisYear - 1 : thisYear;
      }
      out.push({ year: chosen, month, day, line, index, guessed: year === null });
    }
  });
  return out;
}
