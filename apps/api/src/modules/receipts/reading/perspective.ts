/**
 * Perspective correction for a photographed receipt: the paper, seen at a slant, is a
 * quadrilateral on the photo; a homography (a 3 × 3 projective map) takes the upright
 * rectangle's points to that quadrilateral's, and the rectangle is filled by sampling the photo
 * there (bilinear). Pure functions over grey pixels, no I/O.
 */

export type Point = readonly [x: number, y: number];
/** Four corners: top-left, top-right, bottom-right, bottom-left. */
export type Quad = readonly [Point, Point, Point, Point];
/** A homography's nine coefficients, row by row (the last is 1). */
export type Homography = readonly number[];

/**
 * The homography taking each of the four points `from` to the point of `to` at the same index,
 * solved as the usual 8 × 8 linear system by Gaussian elimination with partial pivoting.
 */
export function homography(from: Quad, to: Quad): Homography {
  const rows: number[][] = [];
  for (let i = 0; i < 4; i += 1) {
    const [x, y] = from[i];
    const [u, v] = to[i];
    rows.push([x, y, 1, 0, 0, 0, -u * x, -u * y, u]);
    rows.push([0, 0, 0, x, y, 1, -v * x, -v * y, v]);
  }
  for (let column = 0; column < 8; column += 1) {
    let pivot = column;
    for (let r = column + 1; r < 8; r += 1) if (Math.abs(rows[r][column]) > Math.abs(rows[pivot][column])) pivot = r;
    [rows[column], rows[pivot]] = [rows[pivot], rows[column]];
    if (Math.abs(rows[column][column]) < 1e-12) throw new Error('degenerate quadrilateral');
    for (let r = 0; r < 8; r += 1) {
      if (r === column) continue;
      const factor = rows[r][column] / rows[column][column];
      for (let k = column; k < 9; k += 1) rows[r][k] -= factor * rows[column][k];
    }
  }
  return [...rows.map((row, i) => row[8] / row[i]), 1];
}

/** Where the homography takes a point. */
export function mapPoint(h: Homography, x: number, y: number): [number, number] {
  const d = h[6] * x + h[7] * y + h[8];
  return [(h[0] * x + h[1] * y + h[2]) / d, (h[3] * x + h[4] * y + h[5]) / d];
}

/** The size of the upright rectangle a quadrilateral stands for: its opposite sides' mean lengths. */
export function rectifiedSize(quad: Quad): { width: number; height: number } {
  const length = (a: Point, b: Point) => Math.hypot(a[0] - b[0], a[1] - b[1]);
  return {
    width: Math.max(1, Math.round((length(quad[0], quad[1]) + length(quad[3], quad[2])) / 2)),
    height: Math.max(1, Math.round((length(quad[0], quad[3]) + length(quad[1], quad[2])) / 2)),
  };
}

/**
 * The quadrilateral `quad` of a grey picture (one byte per pixel, row by row) made an upright
 * `width` × `height` rectangle; answers its pixels and the homography from them to the picture's.
 * Points outside the picture are white (paper, as the page is read).
 */
export function warpQuad(
  source: { width: number; height: number; data: Uint8Array },
  quad: Quad,
  width: number,
  height: number,
): { data: Uint8Array; toSource: Homography } {
  const toSource = homography(
    [
      [0, 0],
      [width, 0],
      [width, height],
      [0, height],
    ],
    quad,
  );
  const { width: sw, height: sh, data: pixels } = source;
  const out = new Uint8Array(width * height);
  const [a, b, c, d, e, f, g, h] = toSource;
  for (let y = 0; y < height; y += 1) {
    // Pixel centres: the output pixel (x, y) covers [x, x + 1).
    const py = y + 0.5;
    for (let x = 0, at = y * width; x < width; x += 1, at += 1) {
      const px = x + 0.5;
      const w = g * px + h * py + 1;
      const sx = (a * px + b * py + c) / w - 0.5;
      const sy = (d * px + e * py + f) / w - 0.5;
      if (sx < 0 || sy < 0 || sx > sw - 1 || sy > sh - 1) {
        out[at] = 255;
        continue;
      }
      const x0 = Math.min(sw - 2, sx | 0);
      const y0 = Math.min(sh - 2, sy | 0);
      const fx = sx - x0;
      const fy = sy - y0;
      const i = y0 * sw + x0;
      const top = pixels[i] + (pixels[i + 1] - pixels[i]) * fx;
      const bottom = pixels[i + sw] + (pixels[i + sw + 1] - pixels[i + sw]) * fx;
      out[at] = Math.round(top + (bottom - top) * fy);
    }
  }
  return { data: out, toSource };
}

/**
 * Whitens the pixels of a grey picture (one byte each, row by row) that lie outside `quad` grown
 * by `margin` pixels away from its centre: the surround a sheet's outline leaves in the box cut
 * around it (a wedge of table beside a sheet lying a degree off plumb), which would otherwise be
 * read as a black bar beside the print. In place; answers how many pixels it whitened.
 */
export function whitenOutside(pixels: Uint8Array, width: number, height: number, quad: Quad, margin: number): number {
  let whitened = 0;
  insideSpans(width, height, quad, margin, (y, left, right) => {
    pixels.fill(255, y * width, y * width + left);
    pixels.fill(255, y * width + right, (y + 1) * width);
    whitened += width - (right - left);
  });
  return whitened;
}

/** The share of a `width` × `height` picture that lies outside `quad` grown by `margin` pixels (see whitenOutside). */
export function shareOutside(width: number, height: number, quad: Quad, margin: number): number {
  let outside = 0;
  insideSpans(width, height, quad, margin, (_, left, right) => (outside += width - (right - left)));
  return outside / Math.max(1, width * height);
}

/** For each row, the columns [left, right) inside `quad` grown by `margin` pixels away from its centre (left = right = width: none). */
function insideSpans(width: number, height: number, quad: Quad, margin: number, each: (y: number, left: number, right: number) => void): void {
  const cx = quad.reduce((sum, [x]) => sum + x, 0) / 4;
  const cy = quad.reduce((sum, [, y]) => sum + y, 0) / 4;
  const grown = quad.map(([x, y]) => {
    const length = Math.hypot(x - cx, y - cy) || 1;
    return [x + ((x - cx) / length) * margin, y + ((y - cy) / length) * margin] as const;
  });
  for (let y = 0; y < height; y += 1) {
    const row = y + 0.5;
    let from = Infinity;
    let to = -Infinity;
    for (let i = 0; i < 4; i += 1) {
      const [ax, ay] = grown[i];
      const [bx, by] = grown[(i + 1) % 4];
      if ((row < ay && row < by) || (row > ay && row > by) || ay === by) continue;
      const x = ax + ((row - ay) / (by - ay)) * (bx - ax);
      from = Math.min(from, x);
      to = Math.max(to, x);
    }
    const left = from > to ? width : Math.max(0, Math.min(width, Math.floor(from)));
    const right = from > to ? width : Math.max(left, Math.min(width, Math.ceil(to)));
    each(y, left, right);
  }
}
