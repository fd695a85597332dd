/**
 * Where the receipt is on a picture and how it lies, measured on a small grey copy of it (a
 * "probe", at most ~1,000 px on its long side, so every step here costs a few milliseconds):
 * - the paper: the largest bright region (a receipt on grey cardboard, a black lid, a table), or,
 *   when the whole picture is bright (a receipt on a white scanner lid, or a cropped scan), the
 *   block of ink on it;
 * - the direction of its text lines (a scan lying at 90° has vertical lines) and the skew, both
 *   from projection profiles: the ink projected across the text lines is sharpest at their angle;
 * - the height of its text lines, so the page can be scaled to what the OCR engine reads best.
 * Pure functions over pixels, no I/O.
 */

import { grown, holdsPrint, shadeFloor } from './shaded-paper.js';

export interface GreyImage {
  width: number;
  height: number;
  /** One byte per pixel, row by row. */
  data: Uint8Array;
}

export interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface PageGeometry {
  /** The receipt on the probe. */
  paper: Rect;
  /**
   * Clockwise degrees (0 or 90) that make the text lines horizontal; whether the page is also
   * upside down cannot be told from geometry (the OCR engine's confidence tells that).
   */
  quarterTurn: 0 | 90;
  /** Further clockwise degrees that make the lines level (after the quarter turn). */
  skew: number;
  /** Median height of a text line on the probe, in probe pixels; null when no lines were found. */
  lineHeight: number | null;
  /**
   * For lines running down the probe: the probe turned by 90° clockwise and what measurePage
   * gives for it, measured on the way (a caller that turns the picture need not measure it again).
   */
  upright?: { probe: GreyImage; geometry: PageGeometry };
  /**
   * Part of the paper lies in a shadow as dark as the surround it was cut from (see
   * withShadedPaper): its light is uneven and is evened out before the print is told from paper.
   */
  shaded?: boolean;
}

export interface PaperOptions {
  /**
   * The picture is a sheet already cut out along its outline (a photo made upright; see
   * paper-outline): no surround is left, so a darker part is cut away only when it holds no print
   * (the cardboard or lid of a scan photographed), never for being darker (a shadow across the sheet).
   */
  cutOut?: boolean;
}

/** The share of the picture a bright region fills at least to be taken for the receipt … */
const MIN_PAPER = 0.03;
/** … or at least this share, when it is far brighter than the rest and holds its print (see findPaper). */
const MIN_SMALL_PAPER = 0.005;

/**
 * Faint print (see inkMasks): pixels darker than their neighbourhood by this share of how much
 * darker the page's darkest print is (its DARKEST_PRINT quantile), never by less than FAINT_FLOOR
 * grey levels (the grain of paper and JPEG stays well under it).
 */
const FAINT_SHARE = 0.4;
const DARKEST_PRINT = 0.995;
const FAINT_FLOOR = 12;
/** A block of ink this much wider with faint print counted holds a column the usual cut missed (see inkBlock). */
const MISSED_COLUMN = 1.5;

/** How often the bright region is split again inside itself (black lid, grey cardboard, paper). */
const MAX_DEPTH = 3;

/**
 * The least step in brightness (block maxima, grey levels) between a region's brighter and darker
 * part that splits it: any such step at the first split (paper or cardboard on a dark lid), only
 * a strong one further inside (white paper on grey cardboard) unless the darker part holds no print.
 */
const WEAK_STEP = 28;
const STRONG_STEP = 55;
/**
 * A darker part with less ink per block than this share of the brighter part's holds no print.
 * Grey cardboard beside the scanned receipts measures 0.02–0.11 of the paper's; shadowed paper
 * with its text lines is near 1.
 */
const PRINTLESS_SHARE = 0.2;

/**
 * Columns of ink closer than this share of the probe's width are one column of print; a column
 * farther away joins only when it holds print (see textColumns).
 */
const COLUMN_GAP = 0.06;
/** The fewest text lines a column of print beside the receipt's main column holds. */
const MIN_COLUMN_LINES = 3;

/** How far the skew is searched either way, and in which steps (degrees). */
const MAX_SKEW = 8;
const SKEW_STEP = 0.5;

export function measurePage(probe: GreyImage, options: PaperOptions = {}): PageGeometry {
  const found = measureAsItLies(probe, options);
  if (found.quarterTurn === 0) return found;
  // Lines running down the page: the paper is found again on the probe turned upright, where a
  // receipt on a white lid is cut to its columns of print and the rows it fills (inkBlock reads
  // the picture as text lines running across).
  const turned = turnClockwise(probe);
  const upright = measureAsItLies(turned, options);
  if (upright.quarterTurn !== 0) return found;
  const { left, top, width, height } = upright.paper;
  return { ...upright, quarterTurn: 90, paper: { left: top, top: probe.height - left - width, width: height, height: width }, upright: { probe: turned, geometry: upright } };
}

function measureAsItLies(probe: GreyImage, options: PaperOptions): PageGeometry {
  const { shaded, ...paper } = findPaper(probe, options);
  const ink = inkMask(probe, paper);
  const points = inkPoints(ink, probe.width, paper);
  const level = bestAngle(points, 0);
  const turned = bestAngle(points, 90);
  const quarterTurn = turned.sharpness > level.sharpness * 1.15 ? 90 : 0;
  const best = quarterTurn === 90 ? turned : level;
  return { paper, quarterTurn, skew: best.angle, lineHeight: lineHeightOf(best.profile), ...(shaded ? { shaded } : {}) };
}

/** The probe turned by 90° clockwise: its row y is the old column y, read from the bottom up. */
export function turnClockwise(probe: GreyImage): GreyImage {
  const { width, height, data } = probe;
  const turned = new Uint8Array(data.length);
  for (let y = 0; y < height; y += 1) for (let x = 0; x < width; x += 1) turned[x * height + (height - 1 - y)] = data[y * width + x];
  return { width: height, height: width, data: turned };
}

/** Otsu's threshold of a histogram: the grey level that best splits it into two classes. */
export function otsu(histogram: readonly number[]): number {
  const total = histogram.reduce((a, b) => a + b, 0);
  let sum = 0;
  for (let i = 0; i < 256; i += 1) sum += i * histogram[i];
  let sumBack = 0;
  let weightBack = 0;
  let best = 0;
  let threshold = 128;
  for (let i = 0; i < 256; i += 1) {
    weightBack += histogram[i];
    if (weightBack === 0) continue;
    const weightFore = total - weightBack;
    if (weightFore === 0) break;
    sumBack += i * histogram[i];
    const meanBack = sumBack / weightBack;
    const meanFore = (sum - sumBack) / weightFore;
    const between = weightBack * weightFore * (meanBack - meanFore) ** 2;
    if (between > best) {
      best = between;
      threshold = i;
    }
  }
  return threshold;
}

/**
 * The receipt's rectangle on the probe. Blocks of 8×8 pixels take their brightest value, so the
 * print on the paper does not break it up. Within the picture, blocks above Otsu's threshold form
 * regions and the largest one is kept; this repeats inside it while it still splits into clearly
 * brighter and darker parts (paper on grey cardboard on a black lid). A picture without a darker
 * surround is cut to its block of ink instead.
 */
export function findPaper(probe: GreyImage, options: PaperOptions = {}): Rect & { shaded?: boolean } {
  const whole = { left: 0, top: 0, width: probe.width, height: probe.height };
  const block = PAPER_BLOCK;
  const { blocks, bw, bh } = blockMaxima(probe, block);
  // The blocks of the region found so far (at first, all).
  let members: Uint8Array = new Uint8Array(blocks.length).fill(1);
  let region: Rect = { left: 0, top: 0, width: bw, height: bh };
  let cut = false;
  let shaded = false;
  // The region the last split was made in (blocks): print running on past the paper's sides stays inside it.
  let outer: Rect = region;
  let inkBlocks: Float64Array | undefined;
  for (let depth = 0; depth < MAX_DEPTH; depth += 1) {
    const histogram = new Array<number>(256).fill(0);
    let count = 0;
    for (let i = 0; i < blocks.length; i += 1) {
      if (!members[i]) continue;
      histogram[blocks[i]] += 1;
      count += 1;
    }
    const threshold = otsu(histogram);
    const bright = histogram.slice(threshold + 1).reduce((a, b) => a + b, 0);
    const step = meanOf(histogram, threshold + 1, 256) - meanOf(histogram, 0, threshold + 1);
    if (bright / count > 0.99 || step < WEAK_STEP) break;
    const lit = largestRegion(blocks, bw, members, threshold);
    if (!lit || lit.rect.width < 6 || lit.rect.height < 6) break;
    const ink = (inkBlocks ??= inkPerBlock(probe, bw, block));
    // Too small to be the receipt (a label, a reflection): keep what was found so far. A short
    // receipt photographed from afar is smaller: it counts when it stands out strongly and holds
    // the print, the rest of the region next to none (a reflection holds no print).
    const small = lit.size < MIN_PAPER * blocks.length;
    if (small && !(lit.size >= MIN_SMALL_PAPER * blocks.length && step >= STRONG_STEP && printless(ink, members, lit.rect, bw))) break;
    const largest = withShadedPaper(lit, blocks, members, bw, shadeFloor(meanOf(histogram, 0, threshold + 1), threshold), ink);
    // Inside the first region a weak step counts only where the darker part holds no print (grey
    // cardboard beside the paper), not the uneven light across one sheet in a photo; on a sheet
    // already cut out, any step (a shadow across it is as strong as a lid).
    if ((depth > 0 || options.cutOut) && (step < STRONG_STEP || options.cutOut) && !printless(ink, members, largest.rect, bw)) break;
    // A thin dark edge cut away: look further inside (grey cardboard may still surround the paper).
    if (largest.size < 0.97 * count) cut = true;
    shaded ||= largest !== lit;
    members = largest.members;
    outer = region;
    region = largest.rect;
  }
  if (!cut) return inkBlock(probe, whole);
  const paper = clampRect({ left: region.left * block, top: region.top * block, width: region.width * block, height: region.height * block }, probe.width, probe.height);
  // Still most of the picture: a white lid around the receipt with only a dark edge cut away.
  const within = clampRect({ left: outer.left * block, top: outer.top * block, width: outer.width * block, height: outer.height * block }, probe.width, probe.height);
  const found = paper.width * paper.height > 0.6 * probe.width * probe.height ? inkBlock(probe, paper) : withPrintRunningOn(probe, paper, within);
  return shaded ? { ...found, shaded } : found;
}

/** How far past each side of the paper (a share of its width) print running on is looked for. */
const RUN_ON_REACH = 0.25;
/** A row of the paper prints a text line where this share of its pixels is ink. */
const LINE_INK = 0.02;
/** A column inked in more than this share of the rows is an edge, not print. */
const EDGE_ROWS = 0.5;
/**
 * Print running on past a side puts far more of its ink on the paper's text lines than their
 * share of the rows: at least this share of the way from that share to all of it.
 */
const ON_LINES = 0.3;

/**
 * The paper widened to the print that runs on past its sides: the cut followed the light, not the
 * paper (a receipt whose edges lie in the shade of its folds, as dark as the cardboard under it,
 * so only its lit middle stood out), and the lines lost their starts and their prices. A side
 * moves only when the print ends within RUN_ON_REACH beyond it (and within `outer`, the region
 * the paper was split from): print that runs on as far as that is another half of the picture in
 * shade, not the edge of a receipt. Text lines run across, so only the sides move.
 */
function withPrintRunningOn(probe: GreyImage, paper: Rect, outer: Rect): Rect {
  const reach = Math.round(paper.width * RUN_ON_REACH);
  const left = Math.max(outer.left, paper.left - reach);
  const right = Math.min(outer.left + outer.width, paper.left + paper.width + reach);
  const wide = { left, top: paper.top, width: right - left, height: paper.height };
  const mask = inkMask(probe, wide);
  const print = blockOfInk(probe, wide, mask, 0);
  if (!print) return paper;
  const margin = inkMargin(print);
  // Ink per pixel of the rows' stretch between `from` and `to`: the cardboard's grain beside a
  // receipt has a tenth of the print's (see PRINTLESS_SHARE).
  const inkIn = (from: number, to: number) => {
    let sum = 0;
    for (let y = wide.top; y < wide.top + wide.height; y += 1) for (let x = from; x < to; x += 1) sum += mask[y * probe.width + x];
    return sum / Math.max(1, (to - from) * wide.height);
  };
  // The rows the paper prints text lines in.
  const lineRows = new Uint8Array(wide.height);
  for (let y = 0; y < wide.height; y += 1) {
    let ink = 0;
    for (let x = paper.left; x < paper.left + paper.width; x += 1) ink += mask[(wide.top + y) * probe.width + x];
    lineRows[y] = ink >= Math.max(1, LINE_INK * paper.width) ? 1 : 0;
  }
  const rowShare = lineRows.reduce((sum, line) => sum + line, 0) / wide.height;
  // Whether the ink of the stretch lies on those lines: print running on does; the cardboard's
  // grain is spread over every row alike. A column inked down most of the rows is an edge (the
  // paper's, a shade's), no print, and is left out.
  const onLines = (from: number, to: number) => {
    let strip = 0;
    let inLines = 0;
    for (let x = from; x < to; x += 1) {
      let column = 0;
      let onLine = 0;
      for (let y = 0; y < wide.height; y += 1) {
        const ink = mask[(wide.top + y) * probe.width + x];
        column += ink;
        onLine += ink * lineRows[y];
      }
      if (column > EDGE_ROWS * wide.height) continue;
      strip += column;
      inLines += onLine;
    }
    return strip > 0 && inLines / strip >= rowShare + ON_LINES * (1 - rowShare);
  };
  const printed = PRINTLESS_SHARE * inkIn(paper.left, paper.left + paper.width);
  const paperEnd = paper.left + paper.width;
  const end = print.left + print.width;
  // The paper's sides are found to a block: print within a block past one is no print running on.
  const runsLeft = print.left <= paper.left - PAPER_BLOCK && print.left > left && inkIn(print.left, paper.left) >= printed && onLines(print.left, paper.left);
  const runsRight = end >= paperEnd + PAPER_BLOCK && end < right && inkIn(paperEnd, end) >= printed && onLines(paperEnd, end);
  const from = runsLeft ? Math.max(0, print.left - margin) : paper.left;
  const to = runsRight ? Math.min(probe.width, end + margin) : paper.left + paper.width;
  return { ...paper, left: from, width: to - from };
}

/**
 * The bright region with the paper beside it in a shadow (a crease, a fold across the sheet): as
 * dark as the cardboard around, but reached from the lit paper in small steps (see grown) within
 * the region being split, and holding print. Without it, the sheet is cut along the shadow's edge
 * and every line loses its start. A shadow darker than the cardboard beside the sheet lets the
 * growth run on across the cardboard, which holds no print: then the lit region stays as it was.
 */
function withShadedPaper(
  lit: { members: Uint8Array; size: number; rect: Rect },
  blocks: Uint8Array,
  within: Uint8Array,
  bw: number,
  floor: number,
  ink: Float64Array,
): { members: Uint8Array; size: number; rect: Rect } {
  const bh = blocks.length / bw;
  const members = grown(lit.members, blocks.map((value, i) => (within[i] ? value : 0)), bw, bh, floor);
  let size = 0;
  for (const member of members) size += member;
  if (size === lit.size || !holdsPrint(ink, lit.members, members)) return lit;
  return { members, size, rect: filledRect(members, bw, bh) };
}

/** The side of the blocks the paper is looked for in (probe pixels). */
export const PAPER_BLOCK = 8;

/** The brightest value of each block of `block` × `block` pixels: print on the paper does not break it up. */
export function blockMaxima(probe: GreyImage, block: number): { blocks: Uint8Array; bw: number; bh: number } {
  const bw = Math.ceil(probe.width / block);
  const bh = Math.ceil(probe.height / block);
  const blocks = new Uint8Array(bw * bh);
  for (let y = 0; y < probe.height; y += 1) {
    const row = (y / block) | 0;
    for (let x = 0; x < probe.width; x += 1) {
      const at = row * bw + ((x / block) | 0);
      const value = probe.data[y * probe.width + x];
      if (value > blocks[at]) blocks[at] = value;
    }
  }
  return { blocks, bw, bh };
}

/** Ink pixels (inkMask over the whole probe) per block of `block` × `block` pixels. */
export function inkPerBlock(probe: GreyImage, bw: number, block: number): Float64Array {
  const mask = inkMask(probe, { left: 0, top: 0, width: probe.width, height: probe.height });
  const counts = new Float64Array(bw * Math.ceil(probe.height / block));
  for (let y = 0; y < probe.height; y += 1) {
    const row = ((y / block) | 0) * bw;
    for (let x = 0, at = y * probe.width; x < probe.width; x += 1, at += 1) counts[row + ((x / block) | 0)] += mask[at];
  }
  return counts;
}

/**
 * Whether the member blocks outside `rect` hold (almost) no print: far less ink per block than
 * the blocks inside it. Grey cardboard has its grain and a scratch or two; paper in a shadow has
 * its text lines.
 */
function printless(ink: Float64Array, members: Uint8Array, rect: Rect, bw: number): boolean {
  let inside = 0;
  let insideBlocks = 0;
  let outside = 0;
  let outsideBlocks = 0;
  for (let i = 0; i < members.length; i += 1) {
    if (!members[i]) continue;
    const x = i % bw;
    const y = (i / bw) | 0;
    if (x >= rect.left && x < rect.left + rect.width && y >= rect.top && y < rect.top + rect.height) {
      inside += ink[i];
      insideBlocks += 1;
    } else {
      outside += ink[i];
      outsideBlocks += 1;
    }
  }
  if (outsideBlocks === 0 || inside === 0) return false;
  return outside / outsideBlocks < PRINTLESS_SHARE * (inside / insideBlocks);
}

/** The value below which `share` of a histogram's counts lie. */
function quantileOf(histogram: readonly number[], share: number): number {
  const total = histogram.reduce((a, b) => a + b, 0);
  let seen = 0;
  for (let value = 0; value < histogram.length; value += 1) {
    seen += histogram[value];
    if (seen >= share * total) return value;
  }
  return histogram.length - 1;
}

export function meanOf(histogram: readonly number[], from: number, to: number): number {
  let n = 0;
  let s = 0;
  for (let i = from; i < to; i += 1) {
    n += histogram[i];
    s += i * histogram[i];
  }
  return n === 0 ? 0 : s / n;
}

/**
 * The largest 4-connected region of member blocks brighter than `threshold`: its blocks, count and
 * the rectangle it fills (see filledRect). `inside`: only regions that keep off the picture's edge.
 */
export function largestRegion(
  blocks: Uint8Array,
  bw: number,
  members: Uint8Array,
  threshold: number,
  { inside = false }: { inside?: boolean } = {},
): { members: Uint8Array; size: number; rect: Rect } | null {
  const label = new Int32Array(blocks.length);
  const stack: number[] = [];
  const bh = blocks.length / bw;
  let best: { id: number; size: number } | null = null;
  let id = 0;
  for (let start = 0; start < blocks.length; start += 1) {
    if (label[start] || !members[start] || blocks[start] <= threshold) continue;
    id += 1;
    let size = 0;
    let edge = false;
    stack.push(start);
    label[start] = id;
    while (stack.length > 0) {
      const at = stack.pop()!;
      const x = at % bw;
      const y = (at / bw) | 0;
      size += 1;
      if (x === 0 || y === 0 || x === bw - 1 || y === bh - 1) edge = true;
      for (const next of [x > 0 ? at - 1 : -1, x < bw - 1 ? at + 1 : -1, y > 0 ? at - bw : -1, y < bh - 1 ? at + bw : -1]) {
        if (next >= 0 && !label[next] && members[next] && blocks[next] > threshold) {
          label[next] = id;
          stack.push(next);
        }
      }
    }
    if ((!inside || !edge) && (!best || size > best.size)) best = { id, size };
  }
  if (!best) return null;
  const chosen = new Uint8Array(blocks.length);
  for (let i = 0; i < blocks.length; i += 1) if (label[i] === best.id) chosen[i] = 1;
  return { members: chosen, size: best.size, rect: filledRect(chosen, bw, bh) };
}

/** A column or row of the region belongs to its rectangle when it holds at least this share of the fullest one's blocks. */
const FILLED = 0.25;

/**
 * The rectangle a region of blocks fills: the columns, then within them the rows, that hold a fair
 * share of its blocks. Not its bounding box: the odd bright block of the grey cardboard beside the
 * paper (a fleck, a scratch catching the light) joins the paper's region and would stretch the box
 * across the cardboard.
 */
function filledRect(chosen: Uint8Array, bw: number, bh: number): Rect {
  const columns = new Array<number>(bw).fill(0);
  for (let i = 0; i < chosen.length; i += 1) columns[i % bw] += chosen[i];
  const [left, right] = filledSpan(columns);
  const rows = new Array<number>(bh).fill(0);
  for (let y = 0; y < bh; y += 1) for (let x = left; x <= right; x += 1) rows[y] += chosen[y * bw + x];
  const [top, bottom] = filledSpan(rows);
  return { left, top, width: right - left + 1, height: bottom - top + 1 };
}

/** The first and last index whose count reaches FILLED of the largest. */
function filledSpan(counts: readonly number[]): [number, number] {
  const floor = FILLED * Math.max(...counts);
  let first = counts.findIndex((count) => count >= floor);
  let last = counts.length - 1;
  while (last > first && counts[last] < floor) last -= 1;
  if (first < 0) first = 0;
  return [first, last];
}

/**
 * Ink: pixels clearly darker than their neighbourhood (the mean of a window about a text line
 * high), inside `within`. Uneven light, a shadow or a grey surround are not ink; print is.
 */
export function inkMask(probe: GreyImage, within: Rect): Uint8Array {
  return inkMasks(probe, within, false).usual;
}

/**
 * The ink as inkMask finds it and, with `faint`, also with print lighter than usual counted, by a
 * cut that follows the page's own darkest print (FAINT_SHARE of it): a small or blurred photo's
 * strokes are a few grey levels below the paper, short of the fixed cut, and a receipt's sparse
 * columns then hold too few ink pixels to be print. Both from one pass over the neighbourhoods.
 */
function inkMasks(probe: GreyImage, within: Rect, faint: boolean): { usual: Uint8Array; faint: Uint8Array | null } {
  const { width, height, data } = probe;
  const integral = new Float64Array((width + 1) * (height + 1));
  for (let y = 0; y < height; y += 1) {
    let row = 0;
    for (let x = 0; x < width; x += 1) {
      row += data[y * width + x];
      integral[(y + 1) * (width + 1) + x + 1] = integral[y * (width + 1) + x + 1] + row;
    }
  }
  const radius = Math.max(4, Math.round(Math.min(within.width, within.height) / 40));
  const mask = new Uint8Array(width * height);
  // For the faint cut: each pixel's neighbourhood, and how many pixels are how much darker than theirs.
  const means = faint ? new Float64Array(width * height) : null;
  const darker = new Array<number>(256).fill(0);
  for (let y = within.top; y < within.top + within.height; y += 1) {
    const y0 = Math.max(0, y - radius);
    const y1 = Math.min(height, y + radius + 1);
    for (let x = within.left; x < within.left + within.width; x += 1) {
      const x0 = Math.max(0, x - radius);
      const x1 = Math.min(width, x + radius + 1);
      const sum = integral[y1 * (width + 1) + x1] - integral[y0 * (width + 1) + x1] - integral[y1 * (width + 1) + x0] + integral[y0 * (width + 1) + x0];
      const mean = sum / ((x1 - x0) * (y1 - y0));
      const at = y * width + x;
      if (data[at] < mean * 0.82 - 6) mask[at] = 1;
      if (means && mean > data[at]) {
        means[at] = mean;
        darker[Math.min(255, Math.round(mean - data[at]))] += 1;
      }
    }
  }
  let faintMask: Uint8Array | null = null;
  if (means) {
    faintMask = mask.slice();
    const faintCut = Math.max(FAINT_FLOOR, FAINT_SHARE * quantileOf(darker, DARKEST_PRINT));
    for (let y = within.top; y < within.top + within.height; y += 1) {
      for (let x = within.left, at = y * width + x; x < within.left + within.width; x += 1, at += 1) if (means[at] - data[at] > faintCut) faintMask[at] = 1;
    }
  }
  const longest = Math.max(12, Math.round(Math.max(width, height) * 0.02));
  withoutLongRuns(mask, width, within, longest);
  if (faintMask) withoutLongRuns(faintMask, width, within, longest);
  return { usual: mask, faint: faintMask };
}

/**
 * Clears ink in runs longer than `longest` across or down: the paper's edges, rules, barcodes and
 * inverted logos are not text, and their straight lines would pass for text lines turned by 90°.
 */
function withoutLongRuns(mask: Uint8Array, width: number, within: Rect, longest: number): void {
  const long = new Uint8Array(mask.length);
  const right = within.left + within.width;
  const bottom = within.top + within.height;
  for (let y = within.top; y < bottom; y += 1) {
    let start = -1;
    for (let x = within.left; x <= right; x += 1) {
      const on = x < right && mask[y * width + x] === 1;
      if (on && start < 0) start = x;
      if (!on && start >= 0) {
        if (x - start > longest) for (let k = start; k < x; k += 1) long[y * width + k] = 1;
        start = -1;
      }
    }
  }
  for (let x = within.left; x < right; x += 1) {
    let start = -1;
    for (let y = within.top; y <= bottom; y += 1) {
      const on = y < bottom && mask[y * width + x] === 1;
      if (on && start < 0) start = y;
      if (!on && start >= 0) {
        if (y - start > longest) for (let k = start; k < y; k += 1) long[k * width + x] = 1;
        start = -1;
      }
    }
  }
  for (let i = 0; i < mask.length; i += 1) if (long[i]) mask[i] = 0;
}

/**
 * The rectangle around the main block of ink on a page without a dark surround, with a margin.
 * Where faint print (see inkMasks) makes the block far wider, a column of it was missed (the prices
 * of a receipt photographed small): the wider block is the receipt. Otherwise the faint cut only
 * moves the margins a little, and the block stays as the print seen at the usual cut gives it.
 */
function inkBlock(probe: GreyImage, within: Rect): Rect {
  const masks = inkMasks(probe, within, true);
  const block = blockOfInk(probe, within, masks.usual);
  const faint = masks.faint && blockOfInk(probe, within, masks.faint);
  if (!block || !faint) return block ?? faint ?? within;
  return faint.width >= MISSED_COLUMN * block.width ? faint : block;
}

/** The margin kept around a block of print (see blockOfInk). */
const inkMargin = (print: { width: number; height: number }) => Math.round(Math.max(print.width, print.height) * 0.03);

/** The rectangle around the main block of `mask`'s ink within `within`, with a margin (`inkMargin` unless given); null when it holds none. */
function blockOfInk(probe: GreyImage, within: Rect, mask: Uint8Array, margin?: number): Rect | null {
  const columns = new Array<number>(probe.width).fill(0);
  for (let y = within.top; y < within.top + within.height; y += 1) for (let x = within.left; x < within.left + within.width; x += 1) columns[x] += mask[y * probe.width + x];
  // Scanner edges and dust leave a few specks in every column; printed columns hold far more.
  const lines = (from: number, to: number) => linesOf(mask, probe.width, within, from, to);
  const [left, right] = textColumns(columns, Math.max(1, within.height * 0.02), Math.round(probe.width * COLUMN_GAP), within.width / 4, lines);
  if (right <= left) return null;
  const rows = new Array<number>(probe.height).fill(0);
  for (let y = within.top; y < within.top + within.height; y += 1) for (let x = left; x < right; x += 1) rows[y] += mask[y * probe.width + x];
  const [top, bottom] = mainRun(rows, Math.max(1, (right - left) * 0.01), Math.round(probe.height * 0.12));
  if (bottom <= top) return null;
  const kept = margin ?? inkMargin({ width: right - left, height: bottom - top });
  return clampRect({ left: left - kept, top: top - kept, width: right - left + 2 * kept, height: bottom - top + 2 * kept }, probe.width, probe.height);
}

/**
 * The columns of the receipt's text: the main run of `profile` (see mainRun), widened by the runs
 * beside it that are no farther from it than `reach` and hold print: a few lines about as tall as
 * the text's beside them (by `linesIn(start, end)`), in a column at least as wide. A receipt's
 * columns (names, quantity, unit price, amount, tax flag) stand apart by more than a small fixed gap, farther the wider the paper, and
 * the heaviest of them is usually the names: cut to that one alone, the page lost its prices.
 * The specks along a scanned page's edge or its punched holes are no lines of print.
 */
function textColumns(profile: readonly number[], floor: number, gap: number, reach: number, linesIn: (start: number, end: number) => { height: number; count: number }): [number, number] {
  const runs = runsOf(profile, floor, gap);
  if (runs.length === 0) return [0, 0];
  let first = runs.reduce((best, run, i) => (run.mass > runs[best].mass ? i : best), 0);
  let last = first;
  // Compared with as wide a strip of the text at the side it would join: a slanted photo smears
  // lines together the more the wider the strip.
  const joins = (next: { start: number; end: number } | undefined, gapTo: number, side: 'left' | 'right') => {
    if (next === undefined || gapTo > reach) return false;
    const width = Math.min(next.end - next.start, runs[last].end - runs[first].start);
    const beside = (side === 'left' ? linesIn(runs[first].start, runs[first].start + width) : linesIn(runs[last].end - width, runs[last].end)).height;
    const own = linesIn(next.start, next.end);
    // A column of print is a character or more wide and holds a few lines; specks down a scanned
    // page's edge are narrower, its punched holes two round blots.
    return next.end - next.start >= beside && own.count >= MIN_COLUMN_LINES && own.height >= beside / 2;
  };
  let leftOpen = true;
  let rightOpen = true;
  while (leftOpen || rightOpen) {
    const leftGap = first > 0 ? runs[first].start - runs[first - 1].end : Infinity;
    const rightGap = last < runs.length - 1 ? runs[last + 1].start - runs[last].end : Infinity;
    // The nearer side first; a side whose next run does not join stays closed.
    if (leftOpen && (leftGap <= rightGap || !rightOpen)) {
      if (joins(runs[first - 1], leftGap, 'left')) first -= 1;
      else leftOpen = false;
    } else if (joins(runs[last + 1], rightGap, 'right')) last += 1;
    else rightOpen = false;
  }
  return [runs[first].start, runs[last].end];
}

/**
 * The text lines (runs of rows within `within` that hold ink between columns `from` and `to`):
 * how many, and their mean height (a text line's for print, a few pixels for specks).
 */
function linesOf(mask: Uint8Array, width: number, within: Rect, from: number, to: number): { height: number; count: number } {
  let rows = 0;
  let count = 0;
  let before = false;
  for (let y = within.top; y < within.top + within.height; y += 1) {
    let on = false;
    for (let x = from; x < to && !on; x += 1) on = mask[y * width + x] === 1;
    if (on) rows += 1;
    if (on && !before) count += 1;
    before = on;
  }
  return { height: count === 0 ? 0 : rows / count, count };
}

/** The run of profile entries above `floor` (gaps up to `gap` bridged) holding the most ink: [start, end). */
function mainRun(profile: readonly number[], floor: number, gap: number): [number, number] {
  const runs = runsOf(profile, floor, gap);
  if (runs.length === 0) return [0, 0];
  const best = runs.reduce((a, b) => (b.mass > a.mass ? b : a));
  return [best.start, best.end];
}

/** The runs of profile entries above `floor`, gaps up to `gap` bridged, in order: [start, end) and the ink they hold. */
function runsOf(profile: readonly number[], floor: number, gap: number): Array<{ start: number; end: number; mass: number }> {
  const runs: Array<{ start: number; end: number; mass: number }> = [];
  let start = -1;
  let lastOn = -1;
  let mass = 0;
  for (let i = 0; i <= profile.length; i += 1) {
    const on = i < profile.length && profile[i] > floor;
    if (!on) continue;
    if (start >= 0 && i - lastOn > gap) {
      runs.push({ start, end: lastOn + 1, mass });
      start = -1;
    }
    if (start < 0) {
      start = i;
      mass = 0;
    }
    lastOn = i;
    mass += profile[i];
  }
  if (start >= 0) runs.push({ start, end: lastOn + 1, mass });
  return runs;
}

function clampRect(rect: Rect, width: number, height: number): Rect {
  const left = Math.max(0, Math.min(width - 1, Math.round(rect.left)));
  const top = Math.max(0, Math.min(height - 1, Math.round(rect.top)));
  return { left, top, width: Math.max(1, Math.min(width - left, Math.round(rect.width))), height: Math.max(1, Math.min(height - top, Math.round(rect.height))) };
}

/** Ink pixel coordinates relative to the paper's centre (every pixel on small probes, a sample on large ones). */
export function inkPoints(mask: Uint8Array, width: number, paper: Rect): Float64Array {
  const cx = paper.left + paper.width / 2;
  const cy = paper.top + paper.height / 2;
  let count = 0;
  for (let y = paper.top; y < paper.top + paper.height; y += 1) for (let x = paper.left; x < paper.left + paper.width; x += 1) count += mask[y * width + x];
  const every = Math.max(1, Math.ceil(count / 120_000));
  const points = new Float64Array(2 * Math.ceil(count / every));
  let n = 0;
  let k = 0;
  for (let y = paper.top; y < paper.top + paper.height; y += 1) {
    for (let x = paper.left; x < paper.left + paper.width; x += 1) {
      if (!mask[y * width + x]) continue;
      if (k++ % every !== 0) continue;
      points[n++] = x - cx;
      points[n++] = y - cy;
    }
  }
  return points.subarray(0, n);
}

/**
 * The angle near `base` (degrees, clockwise turn that levels the lines) whose profile across the
 * lines is sharpest: the sum of squared bin counts, which is largest when ink falls into few bins.
 */
export function bestAngle(points: Float64Array, base: number): { angle: number; sharpness: number; profile: number[] } {
  let best = { angle: 0, sharpness: -1, profile: [] as number[] };
  for (let step = -MAX_SKEW; step <= MAX_SKEW + 1e-9; step += SKEW_STEP) {
    const profile = profileAt(points, base + step);
    // Normalised by the spread (bins) and the ink (points): 1 for ink spread evenly.
    let sharpness = 0;
    for (const value of profile) sharpness += value * value;
    sharpness = (sharpness * profile.length) / Math.max(1, (points.length / 2) ** 2);
    if (sharpness > best.sharpness) best = { angle: step, sharpness, profile };
  }
  return best;
}

/** Ink counted per row after turning the points clockwise by `degrees`. */
function profileAt(points: Float64Array, degrees: number): number[] {
  const radians = (degrees * Math.PI) / 180;
  const sin = Math.sin(radians);
  const cos = Math.cos(radians);
  let min = Infinity;
  let max = -Infinity;
  const rows = new Float64Array(points.length / 2);
  for (let i = 0; i < points.length; i += 2) {
    // Clockwise turn (y down): y' = x·sin + y·cos.
    const y = points[i] * sin + points[i + 1] * cos;
    rows[i / 2] = y;
    if (y < min) min = y;
    if (y > max) max = y;
  }
  if (rows.length === 0) return [];
  const profile = new Array<number>(Math.floor(max - min) + 1).fill(0);
  for (const y of rows) profile[Math.floor(y - min)] += 1;
  return profile;
}

/** The median height of the runs of rows with ink (text lines) in a levelled profile. */
function lineHeightOf(profile: readonly number[]): number | null {
  if (profile.length === 0) return null;
  const peak = [...profile].sort((a, b) => b - a)[Math.floor(profile.length * 0.05)] ?? 0;
  const floor = Math.max(1, peak * 0.12);
  const runs: number[] = [];
  let start = -1;
  for (let i = 0; i <= profile.length; i += 1) {
    const on = i < profile.length && profile[i] > floor;
    if (on && start < 0) start = i;
    if (!on && start >= 0) {
      if (i - start >= 2) runs.push(i - start);
      start = -1;
    }
  }
  if (runs.length < 3) return null;
  runs.sort((a, b) => a - b);
  return runs[Math.floor(runs.length / 2)];
}
