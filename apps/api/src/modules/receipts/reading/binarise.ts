import { otsu } from './page-geometry.js';

/**
 * Adaptive binarisation (Sauvola) for the page OCR reads. Tesseract's own binarisation is one
 * global (Otsu) threshold over the whole page: on real paper it takes faded thermal print, dotted
 * print with missing dots, a coloured stripe or a logo printed behind the prices, and the back
 * side's print showing through, all for the same kind of dark, and the digits in those places are
 * lost. Sauvola's threshold follows the neighbourhood instead: t = m · (1 + k · (s / R − 1)), from
 * the local mean m and standard deviation s, so faint print on a grey patch is still ink and a flat
 * grey patch without print is paper.
 *
 * The mean and deviation are measured per cell of CELL × CELL pixels over a window of cells about
 * a text line across, and the threshold is interpolated between cell centres: the cost is one pass
 * over the pixels and memory for a few small arrays, not two full-size integral images.
 *
 * Where the picture is dark on average (a table, a lid or grey cardboard beside the paper, a bold
 * heading), one threshold for the page is used instead, as tesseract would: there a
 * local threshold turns the grain of the surface into specks that read as letters at either end
 * of every line.
 */

/**
 * A cell darker on average than this share of the paper's brightness is no paper (or solid ink).
 * Grey cardboard beside a scanned receipt lies below it (at half, its grain read as letters before
 * every line of a receipt scanned on it); a faded or show-through-covered print area lies above.
 */
const DARK_SHARE = 0.75;

/** Pixels per side of a cell (the threshold grid). */
const CELL = 8;

export interface SauvolaOptions {
  /** The window's half side, in pixels (about a text line high is right for print). */
  radius: number;
  /** How far below the local mean ink must be, relative to the local contrast (Sauvola's k). */
  k: number;
  /** The dynamic range of the deviation (Sauvola's R; 128 for 8-bit grey). */
  range?: number;
  /** Cells darker than this share of the paper's brightness get the page's one threshold (`DARK_SHARE` unless given). */
  darkShare?: number;
  /**
   * Pixels that are no part of the picture (non-zero: the white a turn fills the corners with, the
   * surround whitened beside a sheet), left out of the paper's brightness and the page's one threshold.
   */
  fill?: Uint8Array | null;
}

/** The grey page as black (0) and white (255), thresholded by its neighbourhood. */
export function sauvola(pixels: Uint8Array, width: number, height: number, options: SauvolaOptions): Uint8Array {
  const { k, range = 128, darkShare = DARK_SHARE, fill = null } = options;
  const cw = Math.ceil(width / CELL);
  const ch = Math.ceil(height / CELL);
  // Sum, sum of squares and count of each cell.
  const sum = new Float64Array(cw * ch);
  const squares = new Float64Array(cw * ch);
  const count = new Uint32Array(cw * ch);
  const filled = new Uint32Array(fill ? cw * ch : 0);
  const histogram = new Array<number>(256).fill(0);
  for (let y = 0; y < height; y += 1) {
    const row = ((y / CELL) | 0) * cw;
    for (let x = 0, at = y * width; x < width; x += 1, at += 1) {
      const cell = row + ((x / CELL) | 0);
      const value = pixels[at];
      sum[cell] += value;
      squares[cell] += value * value;
      count[cell] += 1;
      if (fill?.[at]) filled[cell] += 1;
      else histogram[value] += 1;
    }
  }
  // The paper's brightness: the cell mean most cells of the picture stay below. The fill around a
  // page turned level (a third of a photo's cut tilted by 8°) is white: counted, it would set the
  // paper's brightness above all of a dimly lit sheet, and take the whole sheet for no paper.
  const cellMeans = Float32Array.from(sum, (value, cell) => value / Math.max(1, count[cell]));
  const inPicture = fill ? cellMeans.filter((_, cell) => filled[cell] === 0) : cellMeans;
  const means = (inPicture.length > 0 ? inPicture : cellMeans).sort();
  const dark = darkShare * means[Math.floor(0.9 * (means.length - 1))];
  const global = otsu(histogram);
  // Summed-area tables over the cells, then each cell's threshold from the window around it.
  const stride = cw + 1;
  const sumArea = new Float64Array(stride * (ch + 1));
  const squareArea = new Float64Array(stride * (ch + 1));
  const countArea = new Float64Array(stride * (ch + 1));
  for (let y = 0; y < ch; y += 1) {
    let rowSum = 0;
    let rowSquares = 0;
    let rowCount = 0;
    for (let x = 0; x < cw; x += 1) {
      rowSum += sum[y * cw + x];
      rowSquares += squares[y * cw + x];
      rowCount += count[y * cw + x];
      const at = (y + 1) * stride + x + 1;
      sumArea[at] = sumArea[at - stride] + rowSum;
      squareArea[at] = squareArea[at - stride] + rowSquares;
      countArea[at] = countArea[at - stride] + rowCount;
    }
  }
  const reach = Math.max(1, Math.round(options.radius / CELL));
  const threshold = new Float32Array(cw * ch);
  const area = (table: Float64Array, x0: number, y0: number, x1: number, y1: number) => table[y1 * stride + x1] - table[y0 * stride + x1] - table[y1 * stride + x0] + table[y0 * stride + x0];
  for (let y = 0; y < ch; y += 1) {
    const y0 = Math.max(0, y - reach);
    const y1 = Math.min(ch, y + reach + 1);
    for (let x = 0; x < cw; x += 1) {
      const x0 = Math.max(0, x - reach);
      const x1 = Math.min(cw, x + reach + 1);
      const n = area(countArea, x0, y0, x1, y1);
      const mean = area(sumArea, x0, y0, x1, y1) / n;
      const deviation = Math.sqrt(Math.max(0, area(squareArea, x0, y0, x1, y1) / n - mean * mean));
      threshold[y * cw + x] = mean * (1 + k * (deviation / range - 1));
    }
  }
  // Each pixel against the threshold interpolated between the four cell centres around it.
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y += 1) {
    const row = ((y / CELL) | 0) * cw;
    const fy = Math.min(ch - 1, Math.max(0, (y + 0.5) / CELL - 0.5));
    const cy0 = Math.floor(fy);
    const cy1 = Math.min(ch - 1, cy0 + 1);
    const wy = fy - cy0;
    for (let x = 0, at = y * width; x < width; x += 1, at += 1) {
      const cell = row + ((x / CELL) | 0);
      if (sum[cell] < dark * count[cell]) {
        out[at] = pixels[at] > global ? 255 : 0;
        continue;
      }
      const fx = Math.min(cw - 1, Math.max(0, (x + 0.5) / CELL - 0.5));
      const cx0 = Math.floor(fx);
      const cx1 = Math.min(cw - 1, cx0 + 1);
      const wx = fx - cx0;
      const top = threshold[cy0 * cw + cx0] * (1 - wx) + threshold[cy0 * cw + cx1] * wx;
      const bottom = threshold[cy1 * cw + cx0] * (1 - wx) + threshold[cy1 * cw + cx1] * wx;
      out[at] = pixels[at] > top * (1 - wy) + bottom * wy ? 255 : 0;
    }
  }
  return out;
}
