import { images } from '../../../common/images/image-library.js';

/**
 * The contrast stretch of sharp's `normalise` (libvips: the lightness L* of the page between its
 * 1st and 99th percentile stretched to 0–100), made from the page's grey histogram and a table of
 * 256 entries instead of converting every pixel to L*a*b* and back: a grey pixel's stretched value
 * depends on its grey level and the two percentiles only. The same pixels as `normalise` gives
 * (see contrast.spec), at a few milliseconds for a page where `normalise` takes half a second.
 */

/** The percentiles `normalise` stretches between by default. */
const LOWER = 1;
const UPPER = 99;

let lightnessTable: Promise<Float32Array> | undefined;

/** L* of each grey level (0–255) as libvips converts it: floats, as its percentiles and stretch see them. */
function lightness(): Promise<Float32Array> {
  lightnessTable ??= images().then(async (sharp) => {
    const ramp = Uint8Array.from({ length: 256 }, (_, grey) => grey);
    const lab = await sharp(ramp, { raw: { width: 256, height: 1, channels: 1 } }).toColourspace('lab').raw({ depth: 'float' }).toBuffer();
    const values = new Float32Array(lab.buffer, lab.byteOffset, 256 * 3);
    return Float32Array.from({ length: 256 }, (_, grey) => values[grey * 3]);
  });
  return lightnessTable;
}

/**
 * The two bounds libvips' `percent` finds on L*: its histogram (L* cast to whole numbers, as
 * many bins as the largest value seen plus one), summed up and scaled so its last bin is that
 * largest value (in single-precision floats, cast to whole numbers again), and the first bin above
 * `percent` % of the bin count; with none above, the bin count.
 */
export function stretchBounds(grey: ArrayLike<number>, levels: Float32Array, fill: Uint8Array | null = null): [lower: number, upper: number] {
  const counts = new Float64Array(256);
  let pixels = 0;
  for (let at = 0; at < grey.length; at += 1) {
    if (fill?.[at]) continue;
    counts[grey[at]] += 1;
    pixels += 1;
  }
  if (pixels === 0) return [0, 0];
  const bins = new Float64Array(101);
  let largest = 0;
  for (let level = 0; level < 256; level += 1) {
    if (counts[level] === 0) continue;
    const bin = Math.trunc(levels[level]);
    bins[bin] += counts[level];
    largest = Math.max(largest, bin);
  }
  const size = largest + 1;
  const scale = Math.fround(largest / pixels);
  const bound = (percent: number) => {
    const threshold = (percent / 100) * size;
    let sum = 0;
    for (let bin = 0; bin < size; bin += 1) {
      sum += bins[bin];
      if (Math.trunc(Math.fround(scale * sum)) > threshold) return bin;
    }
    return size;
  };
  return [bound(LOWER), bound(UPPER)];
}

/**
 * The grey pixels (one byte each, row by row) with their contrast stretched as sharp's
 * `normalise` stretches them, in place. The percentiles are those of the picture without its
 * `fill` (non-zero: the white around a page turned level): a photo's cut tilted by a few degrees
 * is a third fill, which would otherwise be its 99th percentile and leave a dim sheet grey.
 */
export async function stretchContrast(pixels: Uint8Array, width: number, height: number, fill: Uint8Array | null = null): Promise<void> {
  const levels = await lightness();
  const [lower, upper] = stretchBounds(pixels, levels, fill);
  // libvips leaves a page of (nearly) one lightness as it is.
  if (Math.abs(upper - lower) <= 1) return;
  const table = await stretchTable(lower, upper, levels);
  if (table) {
    for (let at = 0; at < pixels.length; at += 1) pixels[at] = table[pixels[at]];
    return;
  }
  // Bounds no run of grey levels spans (the 99th percentile beyond the lightest level): sharp stretches the page itself (fill and all).
  const sharp = await images();
  const stretched = await sharp(pixels, { raw: { width, height, channels: 1 } }).normalise().toColourspace('b-w').raw().toBuffer();
  pixels.set(stretched);
}

/**
 * What `normalise` makes of each grey level between the bounds `lower` and `upper`: the grey
 * levels whose L* lies from `lower` up to `upper` + 1, normalised by sharp with the darkest and
 * the lightest of them as bounds (their L* cast to whole numbers are `lower` and `upper`, as
 * consecutive grey levels lie less than one L* apart), so libvips stretches them by the very same
 * factor. Darker levels turn black and lighter ones white, as the stretch clips them. An upper
 * bound of 101 (beyond white: see stretchBounds) is found the same way on the levels up to white
 * padded with white to a length that falls short too.
 */
async function stretchTable(lower: number, upper: number, levels: Float32Array): Promise<Uint8Array | null> {
  let darkest = 0;
  while (darkest < 255 && levels[darkest] < lower) darkest += 1;
  let lightest = 255;
  while (lightest > 0 && levels[lightest] >= upper + 1) lightest -= 1;
  if (lightest < darkest || Math.trunc(levels[darkest]) !== lower) return null;
  const beyondWhite = upper === Math.trunc(levels[255]) + 1;
  if (!beyondWhite && Math.trunc(levels[lightest]) !== upper) return null;
  let length = lightest - darkest + 1;
  if (beyondWhite) while (!fallsShort(length, Math.trunc(levels[255]))) length += 1;
  const run = Uint8Array.from({ length }, (_, index) => Math.min(lightest, darkest + index));
  const sharp = await images();
  const stretched = await sharp(run, { raw: { width: run.length, height: 1, channels: 1 } })
    .normalise(beyondWhite ? { lower: 0, upper: UPPER } : { lower: 0, upper: 100 })
    .toColourspace('b-w')
    .raw()
    .toBuffer();
  const table = new Uint8Array(256);
  for (let level = 0; level < 256; level += 1) table[level] = level < darkest ? 0 : level > lightest ? 255 : stretched[level - darkest];
  return table;
}

/** Whether the sum of `count` pixels scaled to the bin `largest` falls short of it in single-precision floats. */
function fallsShort(count: number, largest: number): boolean {
  return Math.trunc(Math.fround(Math.fround(largest / count) * count)) < largest;
}
