import { bestAngle, blockMaxima, inkMask, inkPerBlock, inkPoints, largestRegion, meanOf, otsu, PAPER_BLOCK, type GreyImage } from './page-geometry.js';
import type { Point, Quad } from './perspective.js';
import { grown, holdsPrint, SHADE_STEP, shadeFloor } from './shaded-paper.js';

/**
 * The outline of a sheet photographed on a darker surface (a table, a lid, a hand): its four
 * corners on the probe, so the sheet can be cut out exactly and made upright (see perspective)
 * however the camera looked at it. Seen at a slant the sheet is a quadrilateral, not a
 * rectangle: a box around it keeps the table in two corners, and a box inside it cuts the print
 * in two others (the prices run along the right edge).
 *
 * The sheet is the largest region of bright blocks (block maxima: its print does not break it
 * up; a shadow across it darkens it far less than the table beside it is dark), traced at pixel
 * level along each row, and its outline is the largest quadrilateral inside that region's convex
 * hull. Not a sheet: a region that the quadrilateral does not fill (a crumpled corner, the
 * surround's bright half), that covers next to nothing or nearly all the picture.
 */

/**
 * The least step in brightness (block maxima) between the sheet and its surround: a light grey
 * counter is 30–40 darker than the paper on it; a flat scan's paper, all of it, steps by under 10.
 */
const MIN_STEP = 25;
/**
 * The sheet covers at least this share of the picture, and leaves at least this much of it around.
 * A long receipt photographed whole from further away covers 5–10 % of the frame: cut out, it is
 * read as a sheet (lit evenly, scaled to the usual line height); left lying on the table, its
 * small print came out thin and broken.
 */
const MIN_SHARE = 0.03;
const MAX_SHARE = 0.97;
/** The quadrilateral fills at least this share of the region's hull, and the region this share of the quadrilateral. */
const MIN_FIT = 0.93;
/** Each corner's angle lies within this many degrees of a right angle (a sheet seen from above, if at a slant). */
const MAX_CORNER_SLANT = 35;
/** Hull vertices kept for the search (those at the sharpest turns). */
const MAX_VERTICES = 90;

export function findPaperOutline(probe: GreyImage): Quad | null {
  const { blocks, bw, bh } = blockMaxima(probe, PAPER_BLOCK);
  const histogram = new Array<number>(256).fill(0);
  for (const value of blocks) histogram[value] += 1;
  const threshold = otsu(histogram);
  if (meanOf(histogram, threshold + 1, 256) - meanOf(histogram, 0, threshold + 1) < MIN_STEP) return null;
  const region = largestRegion(blocks, bw, new Uint8Array(blocks.length).fill(1), threshold);
  if (!region || region.size < MIN_SHARE * blocks.length || region.size > MAX_SHARE * blocks.length) return null;
  // Paper in a shadow may be as dark as the lit table, but not as dark as the table on average.
  const darkMean = meanOf(histogram, 0, threshold + 1);
  const floor = shadeFloor(darkMean, threshold);
  let members = grown(region.members, blocks, bw, bh, floor);
  // Grown into print (the shadowed side of the sheet), not into a printless surface that happens
  // to grow darker as gradually (the grey cardboard beside a scanned receipt).
  // Nor into the surround: lit unevenly, it may grow lighter towards one side as gradually, but
  // it runs on to the picture's edge, where the sheet lying on it does not.
  const ink = inkPerBlock(probe, bw, PAPER_BLOCK);
  if (reachesEdge(region.members, members, bw, bh) || !holdsPrint(ink, region.members, members)) members = region.members;
  const outline = outlineOf(probe, blocks, bw, threshold, members);
  if (outline) return withPrintOutside(ink, members, bw, outline);
  // The region took in part of a surround nearly as bright as the sheet: a light counter lit
  // from one side, brighter near the lamp than the paper far from it.
  const sheet = litSheet(blocks, ink, region.members, bw, bh, floor);
  return sheet ? outlineOf(probe, blocks, bw, threshold, sheet) : null;
}

/**
 * The most a block of a sheet on a light surface is darker than its neighbour on the sheet: the
 * surface beside the paper is 10–15 % darker than it (its grain's brightest spots less), and the
 * light from a lamp falls off by a fraction of a percent from one block to the next.
 */
const SURFACE_STEP = 0.95;

/**
 * The sheet on a surface that one threshold does not part from it (see findPaperOutline): the
 * blocks reached from the region's print without a step down of more than SURFACE_STEP from one
 * block to the next. Light falls off gradually across paper, and drops at once at its edge to
 * the surface beside it. The largest such patch that does not run on to the picture's edge (the
 * surface does, a sheet lying on it does not); null when it covers too little or too much.
 */
function litSheet(blocks: Uint8Array, ink: Float64Array, region: Uint8Array, bw: number, bh: number, floor: number): Uint8Array | null {
  const seeds = new Uint8Array(blocks.length);
  for (let i = 0; i < blocks.length; i += 1) if (region[i] && ink[i] >= PRINT_PIXELS) seeds[i] = 1;
  const sheet = largestRegion(blocks, bw, grown(seeds, blocks, bw, bh, floor, SURFACE_STEP), -1, { inside: true });
  if (!sheet || sheet.size < MIN_SHARE * blocks.length || sheet.size > MAX_SHARE * blocks.length) return null;
  return sheet.members;
}

/** The sheet's outline from the blocks taken for it: the largest quadrilateral in their hull, if it fits them (see MIN_FIT) and its corners are near right angles. */
function outlineOf(probe: GreyImage, blocks: Uint8Array, bw: number, threshold: number, members: Uint8Array): Quad | null {
  const bh = blocks.length / bw;
  const solid = opened(members, bw, bh);
  // The sheet's edge along each row: its first and last pixel brighter than the threshold in a block of the region.
  const points: Point[] = [];
  let area = 0;
  for (let y = 0; y < probe.height; y += 1) {
    const row = ((y / PAPER_BLOCK) | 0) * bw;
    let first = -1;
    let last = -1;
    for (let x = 0, at = y * probe.width; x < probe.width; x += 1, at += 1) {
      const cell = row + ((x / PAPER_BLOCK) | 0);
      // Brighter than the surround's light, or (in a shadow, where the paper is darker than
      // that) than the block's own paper by the usual fall of the light inside it.
      if (!solid[cell] || (probe.data[at] <= threshold && probe.data[at] < SHADE_STEP * blocks[cell])) continue;
      if (first < 0) first = x;
      last = x;
    }
    if (first < 0) continue;
    points.push([first, y], [last + 1, y], [first, y + 1], [last + 1, y + 1]);
    area += last + 1 - first;
  }
  const hull = convexHull(points);
  if (hull.length < 4) return null;
  const quad = largestQuad(sharpestTurns(hull, MAX_VERTICES));
  const quadArea = polygonArea(quad);
  if (quadArea < MIN_FIT * polygonArea(hull) || area < MIN_FIT * quadArea) return null;
  if (quadArea > MAX_SHARE * probe.width * probe.height) return null;
  const ordered = clockwiseFromTopLeft(quad);
  return cornerAngles(ordered).every((angle) => Math.abs(angle - 90) <= MAX_CORNER_SLANT) ? ordered : null;
}

/**
 * Print of the region this many blocks or more outside the outline means the outline cuts through
 * the paper: a receipt lying on grey cardboard and overhanging it, whose bright union the
 * quadrilateral fits but for the strip that sticks out (and that strip holds the prices).
 */
const MIN_PRINT_OUTSIDE = 6;

/**
 * The outline, its sides moved out (each parallel to itself) just far enough to take in the
 * region's print that lies wholly outside it (see MIN_PRINT_OUTSIDE), and a block beyond. Less
 * print than that outside (a letter touching the edge, a speck) leaves the outline as it is.
 */
function withPrintOutside(ink: Float64Array, members: Uint8Array, bw: number, quad: Quad): Quad {
  const outside: Point[][] = [];
  const bh = members.length / bw;
  // Inside the region only: a block on its border holds the dark surface beside the paper, which
  // counts as ink there.
  const inside = (i: number) => {
    const bx = i % bw;
    const by = (i / bw) | 0;
    return bx > 0 && by > 0 && bx < bw - 1 && by < bh - 1 && members[i - 1] && members[i + 1] && members[i - bw] && members[i + bw];
  };
  for (let i = 0; i < members.length; i += 1) {
    if (!members[i] || ink[i] < PRINT_PIXELS || !inside(i)) continue;
    const x = (i % bw) * PAPER_BLOCK;
    const y = ((i / bw) | 0) * PAPER_BLOCK;
    const corners: Point[] = [[x, y], [x + PAPER_BLOCK, y], [x, y + PAPER_BLOCK], [x + PAPER_BLOCK, y + PAPER_BLOCK]];
    if (!corners.some(([cx, cy]) => insideQuad(quad, cx, cy))) outside.push(corners);
  }
  if (outside.length < MIN_PRINT_OUTSIDE) return quad;
  // Side i runs from corner i to corner i + 1, clockwise on screen: (dy, −dx) points out of the sheet.
  const sides = quad.map((from, i) => {
    const to = quad[(i + 1) % 4];
    const length = Math.hypot(to[0] - from[0], to[1] - from[1]);
    const normal: Point = [(to[1] - from[1]) / length, -(to[0] - from[0]) / length];
    let push = 0;
    for (const corners of outside) for (const [x, y] of corners) push = Math.max(push, (x - from[0]) * normal[0] + (y - from[1]) * normal[1]);
    return { normal, offset: from[0] * normal[0] + from[1] * normal[1] + (push > 0 ? push + PAPER_BLOCK : 0) };
  });
  // Corner i where side i − 1 and side i meet: n·p = offset for both.
  return quad.map((corner, i) => {
    const a = sides[(i + 3) % 4];
    const b = sides[i];
    const det = a.normal[0] * b.normal[1] - a.normal[1] * b.normal[0];
    if (Math.abs(det) < 1e-9) return corner;
    return [(a.offset * b.normal[1] - a.normal[1] * b.offset) / det, (a.normal[0] * b.offset - a.offset * b.normal[0]) / det] as const;
  }) as unknown as Quad;
}

/**
 * The light on a sheet's print is uneven when its brighter tenth is lit this much more than its
 * darker tenth (the paper between the letters of a block that holds print, or beside it). A
 * shadow across a photographed sheet makes 1.19–1.6; a flat scan 1.05–1.13, with grey cardboard
 * or a printed grey panel beside its print (see unevenlyLit).
 */
const UNEVEN_LIGHT = 1.16;
/** A block holds print when at least this many of its pixels are ink (of PAPER_BLOCK², 64). */
const PRINT_PIXELS = 8;

/**
 * Whether the light on the print inside `quad` (on `probe`) is uneven (see UNEVEN_LIGHT): the
 * sheet is then lit evenly before it is read, though its outline needs no warp (a sheet
 * photographed square from above, with the phone's shadow across it). Measured where the print
 * is, since paper between lines of print is the paper the light matters on: a scan's grey
 * cardboard beside the receipt holds no print, so it does not count as paper in a shadow.
 */
export function unevenlyLit(probe: GreyImage, quad: Quad): boolean {
  const { blocks, bw, bh } = blockMaxima(probe, PAPER_BLOCK);
  const ink = inkPerBlock(probe, bw, PAPER_BLOCK);
  const lights: number[] = [];
  for (let by = 0; by < bh; by += 1) {
    for (let bx = 0; bx < bw; bx += 1) {
      if (ink[by * bw + bx] < PRINT_PIXELS || !insideQuad(quad, (bx + 0.5) * PAPER_BLOCK, (by + 0.5) * PAPER_BLOCK)) continue;
      // The brightest paper in the blocks around: a block inside a bold letter has none of its own.
      let light = 0;
      for (let y = Math.max(0, by - 1); y <= Math.min(bh - 1, by + 1); y += 1) for (let x = Math.max(0, bx - 1); x <= Math.min(bw - 1, bx + 1); x += 1) light = Math.max(light, blocks[y * bw + x]);
      lights.push(light);
    }
  }
  if (lights.length < 50) return false;
  lights.sort((a, b) => a - b);
  const darker = lights[Math.floor(0.1 * (lights.length - 1))];
  const brighter = lights[Math.floor(0.9 * (lights.length - 1))];
  return brighter > UNEVEN_LIGHT * Math.max(1, darker);
}

/** Whether the point lies inside the convex quadrilateral (on the same side of all four sides). */
function insideQuad(quad: Quad, x: number, y: number): boolean {
  let sign = 0;
  for (let i = 0; i < 4; i += 1) {
    const [ax, ay] = quad[i];
    const [bx, by] = quad[(i + 1) % 4];
    const cross = Math.sign((bx - ax) * (y - ay) - (by - ay) * (x - ax));
    if (cross === 0) continue;
    if (sign === 0) sign = cross;
    else if (cross !== sign) return false;
  }
  return true;
}

/** The share of the sheet's length, from an end, whose print tells which way that end's lines run. */
const END_BAND = 0.25;

/**
 * Whether the sheet inside `quad` (on `probe`) is to be warped upright rather than cut out: when
 * its outline is more than the axis-aligned box around it (see isUprightBox). Only one end off
 * (its long sides and the other end level or plumb) is either a sheet seen at a slant from that
 * end or a flat scan whose one end is torn or cut at a slant; the print near that end tells them
 * apart: seen at a slant, its lines run along that end, torn, they run along the other.
 */
export function needsWarp(probe: GreyImage, quad: Quad): boolean {
  const off = offSides(quad);
  if (!off.some(Boolean)) return false;
  const [long, ends] = longSides(quad);
  if (long.some((i) => off[i]) || ends.every((i) => off[i])) return true;
  const end = off[ends[0]] ? ends[0] : ends[1];
  const other = end === ends[0] ? ends[1] : ends[0];
  const lines = printSlant(probe, quad, end);
  if (lines === null) return true;
  return Math.abs(lines - sideSlant(quad, end)) < Math.abs(lines - sideSlant(quad, other));
}

/**
 * Whether the outline is no more than the axis-aligned box around it: each side leaves level or
 * plumb by at most `degrees` or by `pixels` (the tracing's own unevenness on a short side). Then
 * a plain cut does as well as a warp, and a scanned page keeps its cut.
 */
export function isUprightBox(quad: Quad, degrees = 1.5, pixels = 3): boolean {
  return !offSides(quad, degrees, pixels).some(Boolean);
}

/** For each side (top, right, bottom, left), whether it leaves level or plumb by more than `degrees` and `pixels`. */
function offSides(quad: Quad, degrees = 1.5, pixels = 3): boolean[] {
  return quad.map((point, i) => {
    const next = quad[(i + 1) % 4];
    const dx = Math.abs(next[0] - point[0]);
    const dy = Math.abs(next[1] - point[1]);
    const [along, off] = dx >= dy ? [dx, dy] : [dy, dx];
    return off > Math.max(pixels, along * Math.tan((degrees * Math.PI) / 180));
  });
}

/** The long sides' indices and the ends' (0 top, 1 right, 2 bottom, 3 left). */
function longSides(quad: Quad): [number[], number[]] {
  const length = (i: number) => Math.hypot(quad[(i + 1) % 4][0] - quad[i][0], quad[(i + 1) % 4][1] - quad[i][1]);
  return length(0) + length(2) > length(1) + length(3) ? [[0, 2], [1, 3]] : [[1, 3], [0, 2]];
}

/** How far (degrees) side `i` leaves level (a top or bottom) or plumb (a left or right), in the sense bestAngle measures lines. */
function sideSlant(quad: Quad, i: number): number {
  const [a, b] = [quad[i], quad[(i + 1) % 4]];
  const degrees = (Math.atan2(b[1] - a[1], b[0] - a[0]) * 180) / Math.PI;
  const base = i % 2 === 0 ? 0 : 90;
  // The direction taken modulo 180°, near its base.
  const deviation = ((((degrees - base) % 180) + 270) % 180) - 90;
  return -deviation;
}

/**
 * The slant (degrees, as bestAngle turns to level them) of the print's lines in the band of the
 * sheet within END_BAND of its end `i`, inside the sheet's sides; null without print there.
 */
function printSlant(probe: GreyImage, quad: Quad, i: number): number | null {
  const [a, b] = [quad[i], quad[(i + 1) % 4]];
  const [d, c] = [quad[(i + 3) % 4], quad[(i + 2) % 4]];
  const toward = (from: Point, to: Point, share: number): Point => [from[0] + (to[0] - from[0]) * share, from[1] + (to[1] - from[1]) * share];
  // The band's corners: the end's, and a quarter of the way along each long side; kept inside the sheet.
  const corners = [toward(a, d, 0.02), toward(b, c, 0.02), toward(b, c, END_BAND), toward(a, d, END_BAND)];
  const xs = corners.map(([x]) => x).sort((p, q) => p - q);
  const ys = corners.map(([, y]) => y).sort((p, q) => p - q);
  // Across the end (a top or bottom runs across): between the long sides' inner points; along it: the band.
  const [left, right, top, bottom] = i % 2 === 0 ? [xs[1], xs[2], ys[0], ys[3]] : [xs[0], xs[3], ys[1], ys[2]];
  const margin = 0.04 * (i % 2 === 0 ? right - left : bottom - top);
  const rect = i % 2 === 0
    ? { left: Math.ceil(left + margin), top: Math.ceil(top), width: Math.floor(right - left - 2 * margin), height: Math.floor(bottom - top) }
    : { left: Math.ceil(left), top: Math.ceil(top + margin), width: Math.floor(right - left), height: Math.floor(bottom - top - 2 * margin) };
  if (rect.width < 8 || rect.height < 8) return null;
  const clamped = { left: Math.max(0, rect.left), top: Math.max(0, rect.top), width: Math.min(probe.width - Math.max(0, rect.left), rect.width), height: Math.min(probe.height - Math.max(0, rect.top), rect.height) };
  const points = inkPoints(inkMask(probe, clamped), probe.width, clamped);
  if (points.length < 2 * 200) return null;
  return bestAngle(points, i % 2 === 0 ? 0 : 90).angle;
}

/** Whether any block `grown` adds to `members` lies on the picture's edge. */
function reachesEdge(members: Uint8Array, grown: Uint8Array, bw: number, bh: number): boolean {
  for (let i = 0; i < members.length; i += 1) {
    if (members[i] || !grown[i]) continue;
    const x = i % bw;
    const y = (i / bw) | 0;
    if (x === 0 || y === 0 || x === bw - 1 || y === bh - 1) return true;
  }
  return false;
}

/** The region without thin strands and specks (eroded, then grown back, by one block across and down). */
function opened(members: Uint8Array, bw: number, bh: number): Uint8Array {
  const at = (source: Uint8Array, x: number, y: number) => (x < 0 || y < 0 || x >= bw || y >= bh ? 0 : source[y * bw + x]);
  const eroded = new Uint8Array(members.length);
  for (let y = 0; y < bh; y += 1) for (let x = 0; x < bw; x += 1) eroded[y * bw + x] = at(members, x, y) & at(members, x - 1, y) & at(members, x + 1, y) & at(members, x, y - 1) & at(members, x, y + 1);
  const grown = new Uint8Array(members.length);
  for (let y = 0; y < bh; y += 1) for (let x = 0; x < bw; x += 1) grown[y * bw + x] = at(eroded, x, y) | at(eroded, x - 1, y) | at(eroded, x + 1, y) | at(eroded, x, y - 1) | at(eroded, x, y + 1);
  return grown;
}

/** The convex hull (Andrew's monotone chain), counter-clockwise on screen. */
export function convexHull(points: readonly Point[]): Point[] {
  const sorted = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const cross = (o: Point, a: Point, b: Point) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const chain = (from: readonly Point[]) => {
    const out: Point[] = [];
    for (const point of from) {
      while (out.length >= 2 && cross(out[out.length - 2], out[out.length - 1], point) <= 0) out.pop();
      out.push(point);
    }
    out.pop();
    return out;
  };
  return [...chain(sorted), ...chain([...sorted].reverse())];
}

/** At most `count` vertices of a convex polygon, those where it turns most, in their order. */
function sharpestTurns(polygon: readonly Point[], count: number): Point[] {
  if (polygon.length <= count) return [...polygon];
  const turn = polygon.map((point, i) => {
    const before = polygon[(i + polygon.length - 1) % polygon.length];
    const after = polygon[(i + 1) % polygon.length];
    const a = Math.atan2(point[1] - before[1], point[0] - before[0]);
    const b = Math.atan2(after[1] - point[1], after[0] - point[0]);
    return { i, turn: Math.abs(Math.atan2(Math.sin(b - a), Math.cos(b - a))) };
  });
  const kept = new Set(
    turn
      .sort((a, b) => b.turn - a.turn)
      .slice(0, count)
      .map(({ i }) => i),
  );
  return polygon.filter((_, i) => kept.has(i));
}

/** The quadrilateral of largest area with its corners among a convex polygon's vertices. */
function largestQuad(polygon: readonly Point[]): Quad {
  const n = polygon.length;
  const triangle = (a: Point, b: Point, c: Point) => Math.abs((b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])) / 2;
  let best = { area: -1, corners: [0, 1, 2, 3] };
  for (let i = 0; i < n; i += 1) {
    for (let j = i + 2; j < n; j += 1) {
      // The farthest vertex from the diagonal i–j on each side.
      let left = -1;
      let leftArea = -1;
      for (let k = i + 1; k < j; k += 1) {
        const area = triangle(polygon[i], polygon[k], polygon[j]);
        if (area > leftArea) [left, leftArea] = [k, area];
      }
      let right = -1;
      let rightArea = -1;
      for (let k = j + 1; k < n + i; k += 1) {
        const area = triangle(polygon[i], polygon[k % n], polygon[j]);
        if (area > rightArea) [right, rightArea] = [k % n, area];
      }
      if (left < 0 || right < 0) continue;
      if (leftArea + rightArea > best.area) best = { area: leftArea + rightArea, corners: [i, left, j, right] };
    }
  }
  const [a, b, c, d] = best.corners.map((index) => polygon[index]);
  return [a, b, c, d];
}

/** The shoelace area of a polygon. */
function polygonArea(polygon: readonly Point[]): number {
  let twice = 0;
  for (let i = 0; i < polygon.length; i += 1) {
    const [x0, y0] = polygon[i];
    const [x1, y1] = polygon[(i + 1) % polygon.length];
    twice += x0 * y1 - x1 * y0;
  }
  return Math.abs(twice) / 2;
}

/** The corners clockwise on screen (y down), starting at the top-left one (least x + y). */
function clockwiseFromTopLeft(quad: Quad): Quad {
  let signed = 0;
  for (let i = 0; i < 4; i += 1) signed += quad[i][0] * quad[(i + 1) % 4][1] - quad[(i + 1) % 4][0] * quad[i][1];
  // With y down, a positive shoelace sum runs clockwise on screen.
  const clockwise = signed > 0 ? [...quad] : [...quad].reverse();
  const start = clockwise.reduce((best, point, i) => (point[0] + point[1] < clockwise[best][0] + clockwise[best][1] ? i : best), 0);
  const [a, b, c, d] = [0, 1, 2, 3].map((k) => clockwise[(start + k) % 4]);
  return [a, b, c, d];
}

/** The interior angle at each corner, in degrees. */
function cornerAngles(quad: Quad): number[] {
  return quad.map((point, i) => {
    const before = quad[(i + 3) % 4];
    const after = quad[(i + 1) % 4];
    const a = Math.atan2(before[1] - point[1], before[0] - point[0]);
    const b = Math.atan2(after[1] - point[1], after[0] - point[0]);
    return (Math.abs(Math.atan2(Math.sin(b - a), Math.cos(b - a))) * 180) / Math.PI;
  });
}
