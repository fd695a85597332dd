import type { ReceiptTextLine, ReceiptWord } from '../parser/receipt-text.js';

/**
 * Repairs what OCR typically gets wrong on receipts, before the parser reads the text. Only what
 * the receipt itself proves is changed:
 * - an amount in the price column that lost its decimal separator (`599 A` → `5,99 A`): the word
 *   boxes show it stands where the amounts of the neighbouring lines end;
 * - a separator read with spaces or as a low quote (`44 , 35`, `44 ‚35`);
 * - unit abbreviations after a number, where letters and digits look alike (`500m1l` → `500ml`,
 *   `24 0Z` → `24OZ`, `/1b` → `/lb`);
 * - a counted line's amount read with a stray digit before it, where count × unit price proves it
 *   (`3 Apfeltasche 1,50 14,50` → `4,50`);
 * - a speck or two read left of the names' column, on the surround the paper lies on
 *   (`5 SALATBAR 2,18`), where the name itself starts on the column's edge;
 * - specks read right of the price column, on the surround beside the paper (`1,79 B | E`).
 * The parser's own checks (count × price, lines against the total) correct the rest.
 */
export function repairOcrLines(lines: readonly ReceiptTextLine[]): ReceiptTextLine[] {
  const text = lines.map((line) => line.text).join('\n');
  const decimal = (text.match(/\d\.\d{2}(?!\d)/g)?.length ?? 0) > (text.match(/\d,\d{2}(?!\d)/g)?.length ?? 0) ? '.' : ',';
  const repaired = lines.map((line) => {
    if (!line.words) return { ...line, text: repairText(line.text, decimal) };
    const upper = line.words.filter((word) => /\p{Lu}{3,}/u.test(word.text)).length > line.words.filter((word) => /\p{Ll}{3,}/u.test(word.text)).length;
    const amountAt = amountPlace(line.words);
    const words = withoutLeadingNoise(line.words.map((word, i) => ({ ...word, text: repairUnits(word.text, upper, i >= amountAt) })));
    return { ...line, words, text: repairText(words.map((word) => word.text).join(' '), decimal) };
  });
  const unspecked = withoutSpecksBeforeNames(withoutSpecksAfterAmounts(repaired, decimal), decimal);
  return restoreColumnDecimals(numericTaxClasses(unspecked.map(tableCountOfOne).map(countedAmountWithStrayDigit)), decimal);
}

/** Item lines whose names' left edge is measured: fewer tell no column. */
const MIN_NAMED_LINES = 5;
/** The most characters a word left of the names' column has to be taken for a speck. */
const SPECK_CHARS = 3;
/** The least gap, in glyph widths, between a speck off the paper and the name after it. */
const SPECK_GAP = 2.5;

/**
 * Specks left of the column the names start in: the cardboard, table or counter beside the paper
 * read as a letter or digit or two ("5 SALATBAR 2,18", "ZI REIBEKUCHEN"). The column's left edge is
 * where most lines that end in an amount start their name; a short word that ends well before it,
 * far apart from the line's next word, which starts on that edge, lies off the paper. A count
 * printed before a name ("2 Brötchen") stands a space before it, or starts on the edge itself.
 */
function withoutSpecksBeforeNames(lines: ReceiptTextLine[], decimal: ',' | '.'): ReceiptTextLine[] {
  const glyph = medianGlyphWidth(lines);
  if (glyph === null) return lines;
  const starts = lines
    .filter((line) => columnEdges(line).length > 0)
    .map((line) => line.words?.find((word) => /\p{L}{2,}/u.test(word.text))?.box?.x0)
    .filter((x0): x0 is number => x0 !== undefined)
    .sort((a, b) => a - b);
  if (starts.length < MIN_NAMED_LINES) return lines;
  const edge = starts[Math.floor(starts.length / 2)];
  return lines.map((line) => {
    const words = line.words;
    if (!words) return line;
    let first = 0;
    while (first < words.length - 1 && words[first].text.length <= SPECK_CHARS && (words[first].box?.x1 ?? Infinity) < edge - 1.5 * glyph) first += 1;
    const name = words[first].box;
    if (first === 0 || !name || Math.abs(name.x0 - edge) > glyph) return line;
    // Apart from the name by more than a space: a count ("2 Rolle") stands a space before it.
    if (name.x0 - (words[first - 1].box?.x1 ?? name.x0) < SPECK_GAP * glyph) return line;
    const kept = words.slice(first);
    return { ...line, words: kept, text: repairText(kept.map((word) => word.text).join(' '), decimal) };
  });
}

/** Lines with an amount that tell where the price column ends: fewer tell no column. */
const MIN_AMOUNT_LINES = 5;
/** How far (glyph widths) right of the price column print still stands: a space, a tax class of two letters, a flag. */
const TAX_CLASS_REACH = 5;

/**
 * Specks right of the price column: the surface beside the paper's right edge (a counter's grain,
 * the shade of a fold) read as a letter or two after every line ("1,79 B | E", "2,67 B ‚3"), and
 * the line then ends in no amount. The column's right edge is where the amounts of most lines
 * end (the upper quartile, so that a column of unit prices further left does not move it); the
 * short words at a line's end that start well past it and stand apart from the word before them
 * lie off the paper. A tax class stands a space after its amount; a word of print (`UMSATZ` over
 * the tax table's last column) is longer.
 */
function withoutSpecksAfterAmounts(lines: ReceiptTextLine[], decimal: ',' | '.'): ReceiptTextLine[] {
  const glyph = medianGlyphWidth(lines);
  const ends = lines
    .flatMap((line) => line.words?.filter((word) => word.box && AMOUNT_WORD.test(word.text)).slice(-1) ?? [])
    .map((word) => word.box!.x1)
    .sort((a, b) => a - b);
  if (glyph === null || ends.length < MIN_AMOUNT_LINES) return lines;
  const edge = ends[Math.floor(0.75 * (ends.length - 1))] + TAX_CLASS_REACH * glyph;
  return lines.map((line) => {
    const words = line.words;
    if (!words) return line;
    let last = words.length;
    while (last > 1) {
      const word = words[last - 1];
      const before = words[last - 2].box;
      if (!word.box || !before || word.text.length > SPECK_CHARS || word.box.x0 <= edge || word.box.x0 - before.x1 < SPECK_GAP * glyph) break;
      last -= 1;
    }
    if (last === words.length) return line;
    const kept = words.slice(0, last);
    return { ...line, words: kept, text: repairText(kept.map((word) => word.text).join(' '), decimal) };
  });
}

/**
 * A counted line whose amount OCR read with a stray digit before it ("3 Apfeltasche 1,50 14,50"):
 * the count times the unit price is the amount without its first digit, and nothing else.
 */
function countedAmountWithStrayDigit(line: ReceiptTextLine): ReceiptTextLine {
  const words = line.words;
  if (!words || words.length < 4) return line;
  const count = /^(\d{1,2})[xX×]?$/.exec(words[0].text);
  let at = words.length - 1;
  if (!AMOUNT_WORD.test(words[at].text) && at > 2) at -= 1;
  const amount = /^(\d)(\d{1,4}[.,]\d{2})$/.exec(words[at].text);
  const unit = words[at - 1]?.text ?? '';
  if (!count || !amount || !AMOUNT_WORD.test(unit) || at < 3) return line;
  const cents = (text: string) => Math.round(Number(text.replace(',', '.')) * 100);
  const times = Number(count[1]);
  if (times < 2 || times * cents(unit) === cents(words[at].text) || times * cents(unit) !== cents(amount[2])) return line;
  const fixed = words.map((word, i) => (i === at ? { ...word, text: amount[2] } : word));
  return { ...line, words: fixed, text: fixed.map((word) => word.text).join(' ') };
}

/**
 * A count of 1 in a table's quantity column read as a sign ("Reis 1kg % 2,49 2,49"): a lone
 * look-alike between a word and the unit price and line amount.
 */
function tableCountOfOne(line: ReceiptTextLine): ReceiptTextLine {
  const words = line.words;
  if (!words || words.length < 4) return line;
  const at = words.findIndex((word, i) => i > 0 && /^[%|ılI!]$/.test(word.text) && AMOUNT_WORD.test(words[i + 1]?.text ?? '') && AMOUNT_WORD.test(words[i + 2]?.text ?? ''));
  if (at < 0) return line;
  const fixed = words.map((word, i) => (i === at ? { ...word, text: '1' } : word));
  return { ...line, words: fixed, text: fixed.map((word) => word.text).join(' ') };
}

/** What a printed "1" after an amount becomes in OCR on tills that number their tax classes. */
const ONE_LOOK_ALIKES = /^[ıl|!I]$/;

/**
 * Tills that print the tax class as a digit ("2,45 1") get it back where OCR read a look-alike
 * ("9,80 ı"): only when other lines of the receipt end in that digit.
 */
function numericTaxClasses(lines: ReceiptTextLine[]): ReceiptTextLine[] {
  const endsInOne = lines.filter((line) => / \d+[.,]\d{2} 1$/.test(line.text)).length;
  if (endsInOne < 2) return lines;
  return lines.map((line) => {
    const words = line.words;
    if (!words || words.length < 2 || !ONE_LOOK_ALIKES.test(words.at(-1)!.text) || !AMOUNT_WORD.test(words.at(-2)!.text)) return line;
    const fixed = [...words.slice(0, -1), { ...words.at(-1)!, text: '1' }];
    return { ...line, words: fixed, text: fixed.map((word) => word.text).join(' ') };
  });
}

const AMOUNT_WORD = /^-?[€$£]?\d{1,5}[.,]\d{2}-?$/;
/**
 * What an amount in the price column looks like after OCR: its separator lost ("599"), read as a
 * colon or the other separator ("2:25", "9,54" on a receipt with points), speckles around it
 * ("£E1:55°", "2,2513").
 */
const COLUMN_AMOUNT_WORD = /^(-?)[^\d-]{0,2}(-?)(\d{1,5}?)[.,:;]?(\d{2})(?:\D{0,2}|\D?\d{1,2})$/;
/** What may stand after the amount: a tax class (© is a C), a currency sign, a star. */
const TAX_WORD = /^(?:[A-Z©€][A-Z]?|\d|\*|[A-Z]\*)$/;
/** How many lines up and down the price column is looked for (photos are slanted, so only near ones). */
const NEIGHBOURHOOD = 4;

function repairText(text: string, decimal: ',' | '.'): string {
  const separator = decimal === ',' ? '[,‚]' : '[.]';
  return text
    .replace(/‚/g, ',')
    .replace(new RegExp(String.raw`(\d) ?${separator} (\d{2})(?![\d.,])|(\d) ${separator} ?(\d{2})(?![\d.,])`, 'g'), (_all, a, b, c, d) => `${a ?? c}${decimal}${b ?? d}`);
}

/** Specks and rules a photo adds before the first letter or digit of a line ("_ TOTAL", "; Milch"). */
function withoutLeadingNoise(words: ReceiptWord[]): ReceiptWord[] {
  let first = 0;
  while (first < words.length - 1 && /^[^\p{L}\p{N}€$£-]+$/u.test(words[first].text)) first += 1;
  return words.slice(first);
}

/** Where a line's amount stands: its last word, or the one before a tax class that ends the line. */
function amountPlace(words: readonly ReceiptWord[]): number {
  const last = words.length - 1;
  return last > 0 && TAX_WORD.test(words[last].text) ? last - 1 : last;
}

/** `last`: the word stands where the line's amount does (see amountPlace). */
function repairUnits(word: string, upperCaseLine: boolean, last: boolean): string {
  return word
    .replace(/^(\d+(?:[.,]\d+)?)m[1lLI|i]{1,2}$/, '$1ml')
    // "200G" read as "2006" or "4509": a pack size ends in 0 or 5 before its unit (not the line's amount).
    .replace(/^(\d*[05])[69]$/, (all, size: string) => (last ? all : `${size}${upperCaseLine ? 'G' : 'g'}`))
    .replace(/^[I|l]1?L$/, '1L')
    // A tax class printed once, read twice ("ZZ", "zZ").
    .replace(/^([A-Z])\1$/i, (all, letter: string) => (last ? letter.toUpperCase() : all))
    .replace(/^(\d+(?:[.,]\d+)?)0([Zz])$/, (_all, number: string, z: string) => `${number}${z === 'Z' ? 'OZ' : 'oz'}`)
    .replace(/^\/[1lI]{1,2}b$/, '/lb')
    .replace(/^[1I]{1,2}b$/, 'lb');
}

/** Amount words that end a line (or stand before its tax class): where the price column is. */
function columnEdges(line: ReceiptTextLine): number[] {
  const words = line.words ?? [];
  const edges: number[] = [];
  for (let i = words.length - 1; i >= Math.max(0, words.length - 2); i -= 1) {
    const box = words[i].box;
    if (box && AMOUNT_WORD.test(words[i].text)) edges.push(box.x1);
  }
  return edges;
}

/**
 * Passes over the lines: an amount restored in one pass marks the price column for its neighbours
 * in the next, so a run of lines with lost decimal signs is restored from the one amount next to it.
 * What a later pass restores is a shelf price (under 100): a long number beside a restored one is
 * more likely a card slip's or till's number than an article's price.
 */
const COLUMN_PASSES = 4;
const PROPAGATED_DIGITS = 4;

function restoreColumnDecimals(lines: ReceiptTextLine[], decimal: ',' | '.'): ReceiptTextLine[] {
  let restored = lines;
  for (let pass = 0; pass < COLUMN_PASSES; pass += 1) {
    const next = restoreColumnDecimalsOnce(restored, decimal, pass === 0 ? Infinity : PROPAGATED_DIGITS);
    if (next.every((line, index) => line === restored[index])) break;
    restored = next;
  }
  return restored;
}

function restoreColumnDecimalsOnce(lines: ReceiptTextLine[], decimal: ',' | '.', maxDigits: number): ReceiptTextLine[] {
  const edges = lines.map(columnEdges);
  const glyph = medianGlyphWidth(lines);
  if (glyph === null) return lines;
  return lines.map((line, index) => {
    const words = line.words;
    if (!words || words.length < 2) return line;
    const at = amountPlace(words);
    const candidate = words[at];
    if (!candidate.box || (AMOUNT_WORD.test(candidate.text) && candidate.text.includes(decimal))) return line;
    const text = columnAmount(candidate.text, decimal);
    if (text === null || text.replace(/\D/g, '').length > maxDigits) return line;
    // A name must stand before it: "Filiale 7731" is not an amount, nor is a lone number.
    if (!words.slice(0, at).some((word) => /\p{L}{2,}/u.test(word.text))) return line;
    // It must reach the right edge of the price column of a nearby line (photos are slanted).
    const { x0, x1 } = candidate.box;
    const near = edges.slice(Math.max(0, index - NEIGHBOURHOOD), index + NEIGHBOURHOOD + 1).flat();
    if (!near.some((edge) => Math.abs(edge - x1) <= 1.5 * glyph || (x0 < edge && x1 > edge))) return line;
    const fixed: ReceiptWord = { ...candidate, text };
    const repairedWords = words.map((word, i) => (i === at ? fixed : word));
    return { ...line, words: repairedWords, text: repairedWords.map((word) => word.text).join(' ') };
  });
}

/** The amount a price-column word stands for, written with the receipt's separator; null when it is none. */
function columnAmount(word: string, decimal: ',' | '.'): string | null {
  const match = COLUMN_AMOUNT_WORD.exec(word);
  if (!match || match[3] === '') return null;
  const minus = match[1] || match[2] || (word.endsWith('-') ? '-' : '');
  return `${minus}${match[3]}${decimal}${match[4]}`;
}

function medianGlyphWidth(lines: readonly ReceiptTextLine[]): number | null {
  const widths = lines
    .flatMap((line) => line.words ?? [])
    .filter((word) => word.box && AMOUNT_WORD.test(word.text))
    .map((word) => (word.box!.x1 - word.box!.x0) / word.text.length)
    .sort((a, b) => a - b);
  return widths.length === 0 ? null : widths[Math.floor(widths.length / 2)];
}
