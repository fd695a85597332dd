/**
 * Uneven light taken off a page before it is thresholded: a shadow across a photographed sheet
 * (a hand, the phone) leaves one side half as bright as the other, and the binarisation then
 * takes that side for no paper at all (see binarise: dark cells get one threshold for the page).
 * The paper's brightness is estimated per block (its brightest pixels: print is darker, and a
 * block of a page scaled to its text lines always holds some paper), smoothed across
 * neighbouring blocks; right beside each pixel it is the brightest paper within a stroke's reach,
 * which follows a crease's sharp-edged shade where the blocks cannot. Each pixel is divided by it,
 * so paper is white everywhere and print keeps its contrast to it. Pure function over grey
 * pixels, no I/O.
 */

/** A block is lit at least this share of the brightest block's light (a sliver of table at the edge is not paper to be lit up). */
const MIN_LIGHT = 0.3;
/**
 * The paper's light right beside a pixel is the brightest pixel within this share of a block (a
 * text line's height) around it: farther than a stroke is wide, so a letter's stroke always has
 * paper within reach. It follows a crease's shade, whose edge is sharp, where the blocks cannot.
 */
const STROKE_REACH = 0.2;
/**
 * Light beside a pixel below this share of the blocks' estimate is taken for ink, not shade: a
 * solid dark patch (a logo, a heading printed white on black) keeps its darkness.
 */
const SHADE_FLOOR = 0.6;

/** Divides each pixel of a grey page (one byte each, row by row) by the light on the paper around it, in place. */
export function flattenLight(pixels: Uint8Array, width: number, height: number, block: number): void {
  const bw = Math.ceil(width / block);
  const bh = Math.ceil(height / block);
  const maxima = new Uint8Array(bw * bh);
  for (let y = 0; y < height; y += 1) {
    const row = ((y / block) | 0) * bw;
    for (let x = 0, at = y * width; x < width; x += 1, at += 1) {
      const cell = row + ((x / block) | 0);
      if (pixels[at] > maxima[cell]) maxima[cell] = pixels[at];
    }
  }
  // A block filled with print (a bold heading, a logo) takes the light its neighbours have (the
  // median of the 25 around); then the light is smoothed, as light falls smoothly, but over
  // no more than the blocks beside: a shadow's edge falls off within a few blocks.
  const filled = neighbourhood(maxima, bw, bh, 2, (values) => values.sort((a, b) => a - b)[values.length >> 1]);
  const light = neighbourhood(filled, bw, bh, 1, (values) => values.reduce((a, b) => a + b, 0) / values.length);
  const floor = MIN_LIGHT * Math.max(1, ...light);
  for (let i = 0; i < light.length; i += 1) light[i] = Math.max(floor, light[i]);
  const near = maxFilter(pixels, width, height, Math.max(1, Math.round(block * STROKE_REACH)));
  for (let y = 0; y < height; y += 1) {
    const fy = Math.min(bh - 1, Math.max(0, (y + 0.5) / block - 0.5));
    const y0 = Math.floor(fy);
    const y1 = Math.min(bh - 1, y0 + 1);
    const wy = fy - y0;
    for (let x = 0, at = y * width; x < width; x += 1, at += 1) {
      const fx = Math.min(bw - 1, Math.max(0, (x + 0.5) / block - 0.5));
      const x0 = Math.floor(fx);
      const x1 = Math.min(bw - 1, x0 + 1);
      const wx = fx - x0;
      const top = light[y0 * bw + x0] * (1 - wx) + light[y0 * bw + x1] * wx;
      const bottom = light[y1 * bw + x0] * (1 - wx) + light[y1 * bw + x1] * wx;
      const blocks = top * (1 - wy) + bottom * wy;
      pixels[at] = Math.min(255, Math.round((pixels[at] * 255) / Math.max(near[at], SHADE_FLOOR * blocks)));
    }
  }
}

/**
 * Each block's value replaced by `reduce` over the blocks within `reach` of it (across and down),
 * the window kept symmetric at the picture's edges (fewer blocks, but centred on the block), so
 * the light falling off towards an edge is not taken from further inside.
 */
function neighbourhood(values: ArrayLike<number>, bw: number, bh: number, reach: number, reduce: (values: number[]) => number): Float64Array {
  const out = new Float64Array(bw * bh);
  for (let y = 0; y < bh; y += 1) {
    const ry = Math.min(reach, y, bh - 1 - y);
    for (let x = 0; x < bw; x += 1) {
      const rx = Math.min(reach, x, bw - 1 - x);
      const around: number[] = [];
      for (let dy = -ry; dy <= ry; dy += 1) for (let dx = -rx; dx <= rx; dx += 1) around.push(values[(y + dy) * bw + x + dx]);
      out[y * bw + x] = reduce(around);
    }
  }
  return out;
}

/**
 * The brightest pixel within `reach` of each pixel (a square window), in two passes (across, then
 * down) of van Herk and Gil-Werman's running maximum: a few comparisons per pixel whatever the reach.
 */
export function maxFilter(pixels: Uint8Array, width: number, height: number, reach: number): Uint8Array {
  const across = new Uint8Array(pixels.length);
  for (let y = 0; y < height; y += 1) runningMax(pixels, across, y * width, 1, width, reach);
  const out = new Uint8Array(pixels.length);
  for (let x = 0; x < width; x += 1) runningMax(across, out, x, width, height, reach);
  return out;
}

/** The maximum over ±`reach` of the `length` values of `from` starting at `start`, `step` apart, into `to`. */
function runningMax(from: Uint8Array, to: Uint8Array, start: number, step: number, length: number, reach: number): void {
  const size = 2 * reach + 1;
  const ahead = new Uint8Array(length);
  const behind = new Uint8Array(length);
  for (let i = 0; i < length; i += 1) {
    const value = from[start + i * step];
    ahead[i] = i % size === 0 ? value : Math.max(ahead[i - 1], value);
  }
  for (let i = length - 1; i >= 0; i -= 1) {
    const value = from[start + i * step];
    behind[i] = i === length - 1 || (i + 1) % size === 0 ? value : Math.max(behind[i + 1], value);
  }
  for (let i = 0; i < length; i += 1) {
    const first = i - reach;
    const last = i + reach;
    if (first >= 0 && last < length) {
      // A whole window spans two blocks of `size` at most: the tail of one, the head of the next.
      to[start + i * step] = Math.max(behind[first], ahead[last]);
      continue;
    }
    // Cut short by an edge: counted out.
    let most = 0;
    for (let k = Math.max(0, first); k <= Math.min(length - 1, last); k += 1) most = Math.max(most, from[start + k * step]);
    to[start + i * step] = most;
  }
}
