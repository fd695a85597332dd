import { median } from './word-boxes.js';

/**
 * Text lines made straight again on a page photographed crumpled, folded or curled: smoothed out
 * on a table, such paper still waves, and its lines rise and fall across the page by as much as a
 * line's height. Tesseract finds lines as straight bands, so a wavy line is read in pieces, glued
 * to the line above or below it, or not at all.
 *
 * How far each part of a line rose or fell is measured from the print itself: the page is cut into
 * narrow vertical strips, and in each band of rows every strip's ink profile (ink per row) is
 * matched against the band's, within less than half a line's height of where the strip beside it
 * lies (a whole line further would match as well; a sloping part of the sheet is followed from
 * strip to strip, however far it falls in all); strips without print (the gap between names and
 * prices) take their displacement from the strips beside them. A wave runs on from band to band,
 * a misreading does not: each displacement is the middle one of its band's and the bands' above
 * and below. Each band of rows keeps its mean position, and every column of pixels is moved back
 * by its displacement. A flat
 * page, whose strips agree within a few pixels in a typical band, is left as it is (a measured
 * spread of 1–8 px on flat photographs of the development set, 9–18 px on crumpled ones). Pure
 * functions over grey pixels, no I/O.
 */

/** Pixels per strip: about two characters, enough print to match and narrow enough to follow a wave. */
const STRIP = 48;
/** Rows per band, in line heights: enough lines to match profiles, few enough to follow the waves down the page. */
const BAND_LINES = 8;
/** The least correlation of two strips' ink profiles that counts as a match. */
const MIN_MATCH = 0.6;
/** A strip with less ink than this share of its band's pixels is taken to hold no print. */
const MIN_INK = 0.01;
/** Displacements spread less than this share of a line's height: the page is flat, and left alone. */
const FLAT = 0.22;
/** Rounds of matching against the reference made again: each brings the shifts nearer their full size (the first reference is blurred by the waves themselves). */
const ROUNDS = 6;

export interface Dewarped {
  pixels: Uint8Array;
  /** How far down in the given page the pixel now at (x, y) came from. */
  shiftAt(x: number, y: number): number;
}

/** The page with its text lines straightened, or null when they are straight already. `lineHeight` is the page's text line height in pixels. */
export function dewarp(pixels: Uint8Array, width: number, height: number, lineHeight: number): Dewarped | null {
  const strips = Math.ceil(width / STRIP);
  const band = BAND_LINES * lineHeight;
  if (strips < 3 || height < band) return null;
  const reach = Math.max(2, Math.floor(lineHeight * 0.4));
  // Ink per row of each strip.
  const profiles = Array.from({ length: strips }, () => new Float32Array(height));
  for (let y = 0; y < height; y += 1) {
    for (let x = 0, at = y * width; x < width; x += 1, at += 1) if (pixels[at] < 128) profiles[(x / STRIP) | 0][y] += 1;
  }
  // Bands of rows overlapping by half, each with one displacement per strip.
  const starts: number[] = [];
  for (let top = 0; top + band <= height; top += band / 2) starts.push(Math.round(top));
  if (starts.at(-1)! + band < height) starts.push(height - band);
  const measured = starts.map((top) => bandShifts(profiles, top, band, reach, STRIP));
  // A wave runs on down the page from band to band; a misreading of one band's print does not: each
  // strip's shift is the middle one of its band's and the two bands' beside it.
  const grid = measured.map((row, j) => (j === 0 || j === measured.length - 1 ? row : row.map((value, i) => median([measured[j - 1][i], value, measured[j + 1][i]])!)));
  // Flat when a typical band's strips agree (the middle band's spread, not the worst one's).
  if (median(grid.map((row) => Math.max(...row) - Math.min(...row)))! < FLAT * lineHeight) return null;
  const centres = starts.map((top) => top + band / 2);
  // Per column, the two strips whose centres it lies between, and how far towards the second.
  const x0s = new Int32Array(width);
  const x1s = new Int32Array(width);
  const wxs = new Float32Array(width);
  for (let x = 0; x < width; x += 1) {
    const fx = Math.min(strips - 1, Math.max(0, (x + 0.5) / STRIP - 0.5));
    x0s[x] = Math.floor(fx);
    x1s[x] = Math.min(strips - 1, x0s[x] + 1);
    wxs[x] = fx - x0s[x];
  }
  /** Each strip's displacement at row `y`, between the centres of the bands around it. */
  const rowShifts = (y: number): Float32Array => {
    let j = 0;
    while (j < centres.length - 1 && centres[j + 1] <= y) j += 1;
    const j1 = Math.min(centres.length - 1, j + 1);
    const wy = j1 === j ? 0 : Math.min(1, Math.max(0, (y - centres[j]) / (centres[j1] - centres[j])));
    return grid[j].map((value, i) => value * (1 - wy) + grid[j1][i] * wy);
  };
  /** Column `x`'s displacement, between the strips' displacements of a row. */
  const inColumn = (row: Float32Array, x: number): number => row[x0s[x]] * (1 - wxs[x]) + row[x1s[x]] * wxs[x];
  const shiftAt = (x: number, y: number): number => inColumn(rowShifts(Math.max(0, Math.min(height - 1, Math.round(y)))), Math.max(0, Math.min(width - 1, Math.round(x))));
  const out = new Uint8Array(width * height).fill(255);
  for (let y = 0; y < height; y += 1) {
    const row = rowShifts(y);
    for (let x = 0, at = y * width; x < width; x += 1, at += 1) {
      const from = Math.round(y + inColumn(row, x));
      if (from >= 0 && from < height) out[at] = pixels[from * width + x];
    }
  }
  return { pixels: out, shiftAt };
}

/**
 * The displacement of each strip's print in the rows `top` to `top + rows`, relative to the band's
 * mean. Every strip with print is matched against the band's reference profile (all strips' ink
 * added up, each moved by its displacement so far), and the reference is made again from the
 * displacements found (`ROUNDS` times), so that a strip across a blank gap (the prices beside the
 * names) is matched against all of the print, not only a neighbour it may share few lines with.
 *
 * Each strip is looked for within `reach` of where its neighbours put it (see followedAcross), not
 * of the band's mean: a part of the sheet that slopes (a corner lifted, a crease) moves its lines
 * by a line's height or more from one side to the other, a little from strip to strip, and a
 * search around the mean would find there the line above or below, or nothing.
 */
function bandShifts(profiles: readonly Float32Array[], top: number, rows: number, reach: number, stripWidth: number): Float32Array {
  const strips = profiles.length;
  const height = profiles[0].length;
  const inked = profiles.map((profile) => {
    let sum = 0;
    for (let y = top; y < top + rows; y += 1) sum += profile[y];
    return sum >= MIN_INK * stripWidth * rows;
  });
  const shifts = followedAcross(profiles, inked, top, rows, reach);
  const known = new Array<boolean>(strips).fill(false);
  for (let round = 0; round < ROUNDS; round += 1) {
    const reference = new Float32Array(height);
    for (let i = 0; i < strips; i += 1) {
      if (!inked[i]) continue;
      const shift = Math.round(shifts[i]);
      for (let y = top; y < top + rows; y += 1) if (y + shift >= 0 && y + shift < height) reference[y] += profiles[i][y + shift];
    }
    for (let i = 0; i < strips; i += 1) {
      if (!inked[i]) continue;
      const shift = bestShift(reference, profiles[i], top, rows, reach, Math.round(shifts[i]));
      known[i] = shift !== null;
      if (shift !== null) shifts[i] = shift;
    }
    const matched = [...known.keys()].filter((i) => known[i]);
    if (matched.length === 0) return new Float32Array(strips);
    // The reference keeps the band's mean position.
    const mean = matched.reduce((sum, i) => sum + shifts[i], 0) / matched.length;
    for (const i of matched) shifts[i] -= mean;
  }
  // One strip off both its neighbours (a logo, a barcode matched to the wrong line) is the outlier:
  // it takes the middle one of the three. Not across a gap: there the print may well lie apart.
  const matched = [...known.keys()].filter((i) => known[i]);
  const middle = matched.map((i) => (known[i - 1] && known[i + 1] ? median([shifts[i - 1], shifts[i], shifts[i + 1]])! : shifts[i]));
  matched.forEach((i, n) => (shifts[i] = middle[n]));
  // Strips without print, or whose print matched nothing: from the strips beside them.
  for (let i = 0; i < strips; i += 1) {
    if (known[i]) continue;
    const before = matched.filter((k) => k < i).at(-1);
    const after = matched.find((k) => k > i);
    shifts[i] = before === undefined ? shifts[after!] : after === undefined ? shifts[before] : shifts[before] + ((shifts[after] - shifts[before]) * (i - before)) / (after - before);
  }
  return shifts;
}

/**
 * The first guess of each strip's displacement: every strip with print matched against the one
 * before it (a few pixels apart at most, even where the sheet slopes), the steps added up from the
 * left. Across a gap (no print, or print that matches nothing) the strip after it starts where the
 * strip before it ended: the sheet runs on, its slope is unknown.
 */
function followedAcross(profiles: readonly Float32Array[], inked: readonly boolean[], top: number, rows: number, reach: number): Float32Array {
  const shifts = new Float32Array(profiles.length);
  let previous = -1;
  for (let i = 0; i < profiles.length; i += 1) {
    if (!inked[i]) continue;
    if (previous >= 0) {
      const step = previous === i - 1 ? bestShift(profiles[previous], profiles[i], top + Math.round(shifts[previous]), rows, reach) : null;
      shifts[i] = shifts[previous] + (step ?? 0);
    }
    previous = i;
  }
  return shifts;
}

/**
 * How many rows further down `b`'s print lies than `a`'s (within `reach` of `around`), or null when
 * their profiles do not match.
 */
function bestShift(a: Float32Array, b: Float32Array, top: number, rows: number, reach: number, around = 0): number | null {
  let best: number | null = null;
  let bestScore = MIN_MATCH;
  for (let shift = around - reach; shift <= around + reach; shift += 1) {
    const from = Math.max(top, top - shift, 0, -shift);
    const to = Math.min(top + rows, top + rows - shift, a.length, b.length - shift);
    const n = to - from;
    if (n < rows / 2) continue;
    let sa = 0;
    let sb = 0;
    for (let y = from; y < to; y += 1) {
      sa += a[y];
      sb += b[y + shift];
    }
    const ma = sa / n;
    const mb = sb / n;
    let cov = 0;
    let va = 0;
    let vb = 0;
    for (let y = from; y < to; y += 1) {
      const da = a[y] - ma;
      const db = b[y + shift] - mb;
      cov += da * db;
      va += da * da;
      vb += db * db;
    }
    const score = va > 0 && vb > 0 ? cov / Math.sqrt(va * vb) : 0;
    if (score > bestScore) [best, bestScore] = [shift, score];
  }
  // A best match at the edge of the reach is no peak: the profiles match better further on (half a
  // line away, where the next line begins to match), which is no shift of this line.
  return best !== null && Math.abs(best - around) < reach ? best : null;
}
