/**
 * Printed rules (a row of dashes, dots, `=` or a solid line across the receipt) and the bars of
 * barcodes taken off the page before OCR reads it. Tesseract reads the page as one block of text lines; a rule a few
 * pixels above a line of print is taken into that line's box, and the line is then read as noise
 * or not at all: the article line under a rule, the total under `----------`.
 *
 * A rule is a band of rows with ink, between rows without, far thinner than a text line and
 * spread across a good part of the page: no line of print is that thin, and a dash or a dot of
 * the rule is no letter. A barcode's bars run down far longer than any letter is high; the line of
 * print beside their ends (a date and a time under a discounter's barcode) was read as part of it.
 * A dark band down the page's side (the scanner's lid or the table beside a receipt's edge, kept
 * by the cut) starts every line with a block of ink: the page then reads slower and worse.
 */

/** A band at most this share of a text line's height thick can be a rule (print is far thicker). */
const MAX_THICKNESS = 0.3;
/** The share of the page's width a rule's ink spans at least, first to last ink. */
const MIN_SPAN = 0.4;
/** The share of its span a rule's ink fills at least (dashes and dots fill a third or more). */
const MIN_FILL = 0.25;
/** A run of ink down a column longer than this many text lines is a bar (a barcode's, a border), no letter. */
const BAR_LINES = 2.5;
/** A barcode has at least this many bars side by side; a word of print three lines high has a dozen long strokes. */
const MIN_BARS = 20;
/** The most rows without ink inside a bar (its missed dots), and the columns beside it cleared with it (its ragged edge). */
const BAR_GAP = 2;
const BAR_EDGE = 2;
/** The share of the width at either edge left out: a sliver of the surface beside the paper, the paper's own edge. */
const EDGE = 0.03;
/** A column at least this share ink, at the page's side, is the surface beside the paper: print never fills one. */
const BAND_FILL = 0.6;

/**
 * Clears the rules on a black-and-white page (0 ink, 255 paper, one byte per pixel, row by row)
 * whose text lines are about `lineHeight` pixels high; answers how many it cleared.
 */
export function clearRules(ink: Uint8Array, width: number, height: number, lineHeight: number): number {
  // A row with a few ink pixels counts as ink; a speck in an otherwise blank row does not.
  const floor = Math.max(2, Math.round(width * 0.002));
  const left = Math.round(width * EDGE);
  const right = width - left;
  const inkIn = (y: number) => {
    let count = 0;
    for (let at = y * width + left, end = y * width + right; at < end; at += 1) if (ink[at] === 0) count += 1;
    return count;
  };
  const maxThickness = Math.max(2, Math.round(MAX_THICKNESS * lineHeight));
  let cleared = 0;
  let start = -1;
  for (let y = 0; y <= height; y += 1) {
    const on = y < height && inkIn(y) >= floor;
    if (on && start < 0) start = y;
    if (on || start < 0) continue;
    if (y - start <= maxThickness && isRule(ink, width, left, right, start, y)) {
      for (let row = start; row < y; row += 1) ink.fill(255, row * width + left, row * width + right);
      cleared += 1;
    }
    start = -1;
  }
  return cleared;
}

/** Whether the rows `from`–`to` (a thin band) hold ink spread across the page between columns `left` and `right`. */
function isRule(ink: Uint8Array, width: number, left: number, right: number, from: number, to: number): boolean {
  let first = -1;
  let last = -1;
  let columns = 0;
  for (let x = left; x < right; x += 1) {
    let on = false;
    for (let y = from; y < to && !on; y += 1) on = ink[y * width + x] === 0;
    if (!on) continue;
    if (first < 0) first = x;
    last = x;
    columns += 1;
  }
  const span = last - first + 1;
  return first >= 0 && span >= MIN_SPAN * width && columns >= MIN_FILL * span;
}

/**
 * Clears the bars of barcodes (MIN_BARS or more runs of ink down columns side by side, each
 * longer than BAR_LINES text lines of `lineHeight` pixels) on a black-and-white page (0 ink, 255
 * paper), with the ink beside them in the same rows (a bar's ragged edge); answers how many
 * runs it cleared. A gap of a pixel or two (a missed dot) does
 * not end a run.
 */
export function clearBars(ink: Uint8Array, width: number, height: number, lineHeight: number): number {
  const longest = Math.round(BAR_LINES * lineHeight);
  const bars: Array<[x: number, from: number, to: number]> = [];
  for (let x = 0; x < width; x += 1) {
    let start = -1;
    let lastInk = -1;
    for (let y = 0; y <= height; y += 1) {
      const on = y < height && ink[y * width + x] === 0;
      if (on) {
        if (start < 0 || y - lastInk > BAR_GAP + 1) {
          if (start >= 0 && lastInk + 1 - start > longest) bars.push([x, start, lastInk + 1]);
          start = y;
        }
        lastInk = y;
      }
    }
    if (start >= 0 && lastInk + 1 - start > longest) bars.push([x, start, lastInk + 1]);
  }
  // A barcode's bars start and end on the same rows: each is cleared only between the rows most
  // of its barcode's bars share, so a digit printed against a bar's end keeps its ink. The bars
  // come column by column; one near the last and overlapping its rows belongs to the same barcode.
  const barcodes: Array<Array<[x: number, from: number, to: number]>> = [];
  for (const bar of bars) {
    const current = barcodes.at(-1);
    const last = current?.at(-1);
    if (current && last && bar[0] - last[0] <= 4 * lineHeight && bar[1] < last[2] && bar[2] > last[1]) current.push(bar);
    else barcodes.push([bar]);
  }
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
  let cleared = 0;
  for (const barcode of barcodes) {
    // Bold print twice or three times the height of a line has a dozen long strokes, no more.
    if (countBars(barcode) < MIN_BARS) continue;
    cleared += barcode.length;
    const top = median(barcode.map(([, from]) => from));
    const bottom = median(barcode.map(([, , to]) => to));
    for (const [x, from, to] of barcode) {
      for (let column = Math.max(0, x - BAR_EDGE); column <= Math.min(width - 1, x + BAR_EDGE); column += 1) {
        for (let y = Math.max(from, top); y < Math.min(to, bottom); y += 1) ink[y * width + column] = 255;
      }
    }
  }
  return cleared;
}

/** The bars of a barcode: its runs counted once per group of adjacent columns. */
function countBars(runs: ReadonlyArray<[x: number, from: number, to: number]>): number {
  let bars = 0;
  let previous = -2;
  for (const [x] of runs) {
    if (x > previous + 1) bars += 1;
    previous = x;
  }
  return bars;
}

/**
 * Clears a dark band down either side of a black-and-white page (0 ink, 255 paper): columns at
 * least BAND_FILL ink that begin within EDGE of the width (or two text lines, for the white
 * wedge a deskewed page's corners get) from the side. In each row the run of ink from the side
 * inwards is cleared, so a band whose inner edge runs at a slant is cleared along it and the print
 * beside it is kept. Answers how many sides it cleared.
 */
export function clearEdgeBands(ink: Uint8Array, width: number, height: number, lineHeight: number): number {
  const reach = Math.max(Math.round(width * EDGE), 2 * lineHeight);
  const fill = (x: number) => {
    let count = 0;
    for (let at = x; at < ink.length; at += width) if (ink[at] === 0) count += 1;
    return count / height;
  };
  let cleared = 0;
  for (const side of [1, -1] as const) {
    const column = (step: number) => (side === 1 ? step : width - 1 - step);
    // The band: full columns reached from the side, and how far in the last of them lies.
    let inner = -1;
    for (let step = 0; step < width / 2; step += 1) {
      if (fill(column(step)) >= BAND_FILL) inner = step;
      else if (inner >= 0 || step > reach) break;
    }
    if (inner < 0) continue;
    cleared += 1;
    // Row by row, the ink from the side (past a white corner) up to where the band's ink ends,
    // at most a text line beyond its last full column.
    for (let y = 0; y < height; y += 1) {
      const row = y * width;
      let step = 0;
      while (step <= reach && ink[row + column(step)] !== 0) step += 1;
      if (step > reach) continue;
      for (; step <= inner + lineHeight && step < width && ink[row + column(step)] === 0; step += 1) ink[row + column(step)] = 255;
    }
  }
  return cleared;
}
