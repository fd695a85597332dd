import { ApiException } from '../../../common/errors/api-exception.js';
import { images, type Sharp } from '../../../common/images/image-library.js';
import type { ReceiptSourceType } from '../receipt-source.js';
import type { DecodedImage } from './decoder.js';
import { sauvola } from './binarise.js';
import { stretchContrast } from './contrast.js';
import { dewarp } from './dewarp.js';
import { flattenLight } from './illumination.js';
import { measurePage, turnClockwise, type GreyImage } from './page-geometry.js';
import { clearBars, clearEdgeBands, clearRules } from './page-rules.js';
import { findPaperOutline, needsWarp, unevenlyLit } from './paper-outline.js';
import { mapPoint, rectifiedSize, shareOutside, warpQuad, whitenOutside, type Quad } from './perspective.js';


/**
 * Tesseract's line recogniser reads text lines scaled to a fixed height; print whose lines are
 * about this high (capitals near 30 px) is read best and fastest. Where no lines can be measured,
 * the page is scaled to roughly 2,000 px across, as before.
 */
const TARGET_LINE_HEIGHT = 40;
const TARGET_WIDTH = { min: 1_400, max: 2_400 };
const MAX_UPSCALE = 2;
const MIN_SCALE = 0.35;
/**
 * The page is given to OCR with its paper made white where a threshold by each pixel's
 * neighbourhood (a window about a text line high; see binarise) finds no ink: tesseract's one
 * threshold for the whole page loses faded, dotted and show-through-covered print.
 */
const BINARISATION = { radius: TARGET_LINE_HEIGHT / 2, k: 0.2 };
/** What OCR is given at most (a long receipt at full height is about 1,000 × 6,000). */
const OCR_MAX_PIXELS = 12_000_000;
/** The blocks the light on a photographed sheet is estimated in: a text line high (see flattenLight). */
const LIGHT_BLOCK = TARGET_LINE_HEIGHT;
/** On a sheet cut out along its outline, paper in shade down to this share of the light is still thresholded as paper (see binarise). */
const SHADED_PAPER = 0.5;
/** How far (probe pixels) outside a sheet's outline the cut still counts as the sheet (its traced edge is a pixel or two off). */
const OUTLINE_MARGIN = 2;
/** The least share of the cut the surround beside a sheet's outline must cover to be whitened (a wedge of table, not a sliver of edge). */
const MIN_SURROUND = 0.01;
/** The long side of the small copy the page geometry is measured on. */
const PROBE_SIDE = 1_200;

/** The format sharp reports for each sniffed type (HEIC is decoded elsewhere, into raw pixels). */
const SHARP_FORMAT: Partial<Record<ReceiptSourceType, string>> = { jpeg: 'jpeg', png: 'png', webp: 'webp' };

/**
 * Checks a photo against its sniffed type and the pixel limit without decoding it (the header
 * says its size), answering 400 as the reference does.
 */
export async function checkPhoto(bytes: Buffer, type: ReceiptSourceType, maxPixels: number): Promise<void> {
  const sharp = await images();
  let metadata: Awaited<ReturnType<ReturnType<Sharp>['metadata']>>;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new ApiException(400, 'receipt_image_unreadable');
  }
  if (metadata.format !== SHARP_FORMAT[type] || !metadata.width || !metadata.height) throw new ApiException(400, 'receipt_image_unreadable');
  if (metadata.width * metadata.height > maxPixels) throw new ApiException(400, 'receipt_image_too_many_pixels', { max: String(Math.floor(maxPixels / 1_000_000)) });
}

/** A page ready for OCR: grey pixels, one byte each, row by row. */
export interface PreparedPage {
  pixels: Uint8Array;
  width: number;
  height: number;
  /**
   * Where a point of this page lies in the upright source (the stored file's pixels after its EXIF
   * turn): undoes the scale, the turn and the cut, so a line's box can be drawn on the photo.
   */
  toSource(x: number, y: number): [number, number];
}

/** Clockwise turns by which a picture is turned without loss (pixels moved, none resampled). */
export type RightAngle = 0 | 90 | 180 | 270;

export interface PrepareOptions {
  /** The picture is a sheet already cut out along its outline and warped upright (see prepareRectified). */
  rectified?: boolean;
  /**
   * Clockwise degrees the upright source (after its EXIF turn) is turned by before anything is
   * measured on it: the way up OCR found for a page first prepared the other way (see readRightWayUp).
   */
  turn?: RightAngle;
  /**
   * The small grey copy of the upright source an earlier preparation of the same source measured
   * (its `probe`): the page prepared again the other way up is not decoded for it again.
   */
  probe?: GreyImage;
}

/**
 * A page prepared from its source, the right angle the source was turned by before it was
 * measured, and the small grey copy of the upright source it was measured on.
 */
export type PreparedSource = PreparedPage & { turn: RightAngle; probe: GreyImage };

/**
 * A photo or a rendered page made ready for OCR: upright by its EXIF flag, cut to the receipt
 * (an A4 scan or a photo holds a table or a lid around it), its text lines turned level (a scan
 * lying at 90°, a slanted photo; see page-geometry), scaled so a text line is about
 * TARGET_LINE_HEIGHT pixels high, contrast stretched, its paper made white and its printed rules
 * and barcodes taken off (see page-rules). Only the
 * receipt is decoded at full size: the geometry is measured on a small copy that JPEG decodes at
 * a fraction of the cost. Whether it is upside down is left to the OCR engine's confidence
 * (`halfTurn`, `quarterTurn`). A file that does not decode in full is a 400.
 *
 * A picture whose lines run down it is first turned by 90° as a whole, without loss, and measured
 * again: from there on it goes through the very steps an upright copy of it does (the paper's cut,
 * the skew, the line height and the scaling measured on the same pixels), so a receipt scanned
 * lying on its side reads as it does scanned upright. `turn` does the same for a page OCR found
 * upside down.
 */
export async function prepareForOcr(source: Buffer | DecodedImage, maxPixels: number, options: PrepareOptions = {}): Promise<PreparedSource> {
  const sharp = await images();
  const rectified = options.rectified ?? false;
  let turn: RightAngle = options.turn ?? 0;
  // The source upright by its EXIF flag.
  const open = () => {
    const input = Buffer.isBuffer(source)
      ? sharp(source, { limitInputPixels: maxPixels, failOn: 'error' })
      : sharp(Buffer.from(source.data.buffer, source.data.byteOffset, source.data.byteLength), {
          raw: { width: source.width, height: source.height, channels: source.channels },
          limitInputPixels: maxPixels,
        });
    return input.autoOrient();
  };
  try {
    const upright = await uprightSize(open());
    const turnedSize = () => (turn % 180 === 0 ? upright : { width: upright.height, height: upright.width });
    const probe = options.probe ?? (await probeOf(open(), upright));
    // Turned by a right angle in memory: the probe a copy of the picture lying that way gives.
    let probeImage = probe;
    for (let quarter = 0; quarter < turn; quarter += 90) probeImage = turnClockwise(probeImage);
    // A sheet photographed at a slant on a darker surface: cut out along its outline and made
    // upright first, then prepared as a scan of it would be. So is a sheet seen square from
    // above with a shadow across its print: cut out along its outline, it is lit evenly.
    let outline = rectified ? null : findPaperOutline(probeImage);
    if (outline && (needsWarp(probeImage, outline) || unevenlyLit(probeImage, outline))) {
      const { width, height } = turnedSize();
      const corners = outline.map(([x, y]) => [(x * width) / probeImage.width, (y * height) / probeImage.height] as const) as unknown as Quad;
      const grey = await greyPixels(turn === 0 ? open() : open().rotate(turn), width, height);
      const page = await prepareRectified({ width, height, data: new Uint8Array(grey.buffer, grey.byteOffset, width * height) }, corners, maxPixels);
      return { ...page, toSource: unturned(page.toSource, turn, upright), turn, probe };
    }
    let geometry = measurePage(probeImage, { cutOut: rectified });
    if (geometry.quarterTurn === 90) {
      // Lines running down the picture: it is turned by 90° without loss (the probe with it) and
      // measured again, as an upright copy of it is (measurePage did so on the way, mostly).
      turn = ((turn + 90) % 360) as RightAngle;
      // The outline found on the picture as it lay, turned with it (a point (x, y) of a picture
      // h high lies at (h − y, x) once the picture is turned clockwise).
      const lyingHeight = probeImage.height;
      if (outline) outline = outline.map(([x, y]) => [lyingHeight - y, x] as const) as unknown as Quad;
      const { upright } = geometry;
      probeImage = upright?.probe ?? turnClockwise(probeImage);
      geometry = upright?.geometry ?? measurePage(probeImage, { cutOut: rectified });
    }
    const { width, height } = turnedSize();
    const toFull = width / probeImage.width;
    const toFullY = height / probeImage.height;
    const left = Math.min(width - 1, Math.floor(geometry.paper.left * toFull));
    const top = Math.min(height - 1, Math.floor(geometry.paper.top * toFullY));
    const paper = {
      left,
      top,
      width: Math.max(1, Math.min(width - left, Math.ceil(geometry.paper.width * toFull))),
      height: Math.max(1, Math.min(height - top, Math.ceil(geometry.paper.height * toFullY))),
    };
    const level = geometry.quarterTurn + geometry.skew;
    const across = geometry.quarterTurn === 90 ? paper.height : paper.width;
    let scale: number;
    if (geometry.lineHeight !== null) scale = TARGET_LINE_HEIGHT / (geometry.lineHeight * toFull);
    else scale = across < TARGET_WIDTH.min ? TARGET_WIDTH.min / across : across > TARGET_WIDTH.max ? TARGET_WIDTH.max / across : 1;
    scale = Math.min(MAX_UPSCALE, Math.max(MIN_SCALE, scale));
    // Never more pixels than the limit allows, whatever the text height says.
    scale = Math.min(scale, Math.sqrt(OCR_MAX_PIXELS / (paper.width * paper.height)));
    // Cut first, in a pipeline of its own: sharp would apply the cut after an arbitrary turn. The
    // cut is taken from the upright source and then turned by the right angle: the same pixels as
    // cut from the picture turned, without turning all of it.
    const onUpright = uprightRect(paper, turn, upright);
    const cut = await turnedBy(await greyPixels(open().extract(onUpright), onUpright.width, onUpright.height), turn, paper);
    // The surround the sheet's outline leaves inside the cut (a wedge of table beside a sheet
    // lying a degree off plumb) is no paper: white, it is no bar beside the print. A sliver (a
    // scanner's edge along a receipt cut out of its lid) is left as it was.
    let surround: Uint8Array | null = null;
    if (outline) {
      const corners = outline.map(([x, y]) => [x * toFull - left, y * toFullY - top] as const) as unknown as Quad;
      if (shareOutside(paper.width, paper.height, corners, OUTLINE_MARGIN * toFull) > MIN_SURROUND) {
        surround = new Uint8Array(paper.width * paper.height);
        whitenOutside(surround, paper.width, paper.height, corners, OUTLINE_MARGIN * toFull);
        for (let at = 0; at < surround.length; at += 1) if (surround[at]) cut[at] = 255;
      }
    }
    // A photographed sheet is lit unevenly (a shadow across it), and so is a sheet whose cut took
    // in its shadowed part (see PageGeometry.shaded); a scan is lit evenly, and the darker
    // surround its cut may keep (cardboard, a lid) must stay dark to be told from paper.
    // The light is taken off before the turn: the white the turn fills the corners with would
    // pass for the light on the paper beside it, and a band along the edge would stay in shadow
    // (grey, with the paper's grain read as specks). Blocks as large as on the scaled page.
    const evenOut = rectified || geometry.shaded === true;
    if (evenOut) flattenLight(new Uint8Array(cut.buffer, cut.byteOffset, paper.width * paper.height), paper.width, paper.height, Math.max(4, Math.round(LIGHT_BLOCK / scale)));
    const out = await sharp(cut, { raw: { width: paper.width, height: paper.height, channels: 1 } })
      .rotate(level, { background: '#ffffff' })
      .resize({ width: Math.max(1, Math.round(across * scale)), kernel: scale > 1 ? 'cubic' : 'lanczos3' })
      .toColourspace('b-w')
      .raw()
      .toBuffer({ resolveWithObject: true });
    // Contrast stretched on the page once made (sharp's `normalise` in the pipeline above would
    // run the turn and the scaling a second time to measure the grey levels first), by a table of
    // grey levels: the same pixels as `normalise` at a fraction of its cost (see contrast).
    const pixels = new Uint8Array(out.data.buffer, out.data.byteOffset, out.info.width * out.info.height);
    // The white the turn filled the corners with, and the surround whitened beside the sheet, are
    // no part of the picture: its grey levels are measured without them.
    const fill = await notPicture(surround, paper, level, out.info.width, out.info.height);
    await stretchContrast(pixels, out.info.width, out.info.height, fill);
    // What the threshold takes for paper turns white; the ink keeps its grey, which tesseract's
    // line recogniser reads better than hard black edges (a blurred photo's 0 would read as 8).
    // A sheet cut out along its outline, or cut with its shadowed part, holds no surround: a band
    // darker than most of it is paper in a crease's or a fold's shade, thresholded by its own
    // neighbourhood like the rest.
    const ink = sauvola(pixels, out.info.width, out.info.height, { ...BINARISATION, fill, ...(evenOut ? { darkShare: SHADED_PAPER } : {}) });
    clearBars(ink, out.info.width, out.info.height, TARGET_LINE_HEIGHT);
    clearRules(ink, out.info.width, out.info.height, TARGET_LINE_HEIGHT);
    clearEdgeBands(ink, out.info.width, out.info.height, TARGET_LINE_HEIGHT);
    for (let at = 0; at < pixels.length; at += 1) if (ink[at] === 255) pixels[at] = 255;
    const toSource = unturned(sourcePoint(paper, level, out.info.width, out.info.height), turn, upright);
    // A photographed sheet may be crumpled or curled (a sheet with a shadowed part is a photo too):
    // its wavy text lines made straight (a scan lies flat under the lid).
    const straight = evenOut ? dewarp(pixels, out.info.width, out.info.height, TARGET_LINE_HEIGHT) : null;
    if (straight) {
      return { pixels: straight.pixels, width: out.info.width, height: out.info.height, toSource: (x, y) => toSource(x, y + straight.shiftAt(x, y)), turn, probe };
    }
    return { pixels, width: out.info.width, height: out.info.height, toSource, turn, probe };
  } catch (error) {
    if (error instanceof ApiException) throw error;
    throw new ApiException(400, 'receipt_image_unreadable');
  }
}

/** The small grey copy of the upright source (`size`) its geometry is measured on: its long side PROBE_SIDE at most. */
async function probeOf(input: ReturnType<Sharp>, size: { width: number; height: number }): Promise<GreyImage> {
  const scale = Math.min(1, PROBE_SIDE / Math.max(size.width, size.height));
  const probe = await input
    .resize({ width: Math.max(1, Math.round(size.width * scale)), height: Math.max(1, Math.round(size.height * scale)), fit: 'fill' })
    .greyscale()
    // sharp writes raw pixels in sRGB unless told: one grey channel is wanted.
    .toColourspace('b-w')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: probe.info.width, height: probe.info.height, data: probe.data };
}

/** The rectangle on the upright source of `size` that is `rect` on the source turned clockwise by `turn`. */
export function uprightRect(rect: { left: number; top: number; width: number; height: number }, turn: RightAngle, size: { width: number; height: number }) {
  const { left, top, width, height } = rect;
  if (turn === 90) return { left: top, top: size.height - left - width, width: height, height: width };
  if (turn === 180) return { left: size.width - left - width, top: size.height - top - height, width, height };
  if (turn === 270) return { left: size.width - top - height, top: left, width: height, height: width };
  return rect;
}

/** Grey pixels of a cut (`size` once turned) turned clockwise by a right angle. */
async function turnedBy(grey: Buffer, turn: RightAngle, size: { width: number; height: number }): Promise<Buffer> {
  if (turn === 0) return grey;
  const sharp = await images();
  const [width, height] = turn === 180 ? [size.width, size.height] : [size.height, size.width];
  return sharp(grey, { raw: { width, height, channels: 1 } }).rotate(turn).toColourspace('b-w').raw().toBuffer();
}

/**
 * Points on the source turned clockwise by `turn` mapped back to the upright source of `size`
 * (`toTurned` gives a point on the turned source).
 */
export function unturned(toTurned: (x: number, y: number) => [number, number], turn: RightAngle, size: { width: number; height: number }) {
  if (turn === 0) return toTurned;
  return (x: number, y: number): [number, number] => {
    const [u, v] = toTurned(x, y);
    if (turn === 90) return [v, size.height - u];
    if (turn === 180) return [size.width - u, size.height - v];
    return [size.width - v, u];
  };
}

/** A picture's pixels as one grey byte each, row by row (transparency on white). */
async function greyPixels(input: ReturnType<Sharp>, width: number, height: number): Promise<Buffer> {
  const sharp = await images();
  const decoded = await input.flatten({ background: '#ffffff' }).greyscale().toColourspace('b-w').raw().toBuffer({ resolveWithObject: true });
  if (decoded.info.channels === 1) return decoded.data;
  return sharp(decoded.data, { raw: { width, height, channels: decoded.info.channels } }).extractChannel(0).toColourspace('b-w').raw().toBuffer();
}

/**
 * The sheet inside `corners` (on the full-size grey picture) warped to an upright rectangle of
 * its own size (at most OCR_MAX_PIXELS), then prepared as a scan; its points map back through
 * the warp.
 */
async function prepareRectified(grey: { width: number; height: number; data: Uint8Array }, corners: Quad, maxPixels: number): Promise<PreparedPage> {
  const size = rectifiedSize(corners);
  const fit = Math.min(1, Math.sqrt(OCR_MAX_PIXELS / (size.width * size.height)));
  const width = Math.max(2, Math.round(size.width * fit));
  const height = Math.max(2, Math.round(size.height * fit));
  const warped = warpQuad(grey, corners, width, height);
  const page = await prepareForOcr({ data: warped.data, width, height, channels: 1 }, maxPixels, { rectified: true });
  return { ...page, toSource: (x, y) => mapPoint(warped.toSource, ...page.toSource(x, y)) };
}

/** The picture's size once its EXIF flag has turned it (orientations 5–8 swap the sides). */
async function uprightSize(input: ReturnType<Sharp>): Promise<{ width: number; height: number }> {
  const { width, height, orientation } = await input.metadata();
  if (!width || !height) throw new ApiException(400, 'receipt_image_unreadable');
  return orientation !== undefined && orientation >= 5 ? { width: height, height: width } : { width, height };
}

/**
 * The page as a binary PGM (Netpbm P5): the OCR engine reads it as it is, where a PNG would cost
 * a compression here and a decompression there.
 */
export function pgm(page: PreparedPage): Buffer {
  const header = Buffer.from(`P5\n${page.width} ${page.height}\n255\n`, 'latin1');
  return Buffer.concat([header, page.pixels]);
}

/**
 * Three bands of about `rows` rows each, at a quarter, half and three quarters down the page and
 * at most `columns` wide (from the middle across), stacked into one picture: a sample of its
 * print that one band of blank paper, background print or a barcode does not spoil. Each band's
 * top and bottom lie in the emptiest row nearby, so no text line is cut in half (half a line
 * reads as noise). The page turned by 180° gives the sample turned by 180°.
 */
export function textSample(page: PreparedPage, rows: number, columns = page.width): PreparedPage {
  const width = Math.min(page.width, columns);
  const left = Math.floor((page.width - width) / 2);
  const ink = (y: number) => {
    let dark = 0;
    for (let x = left, at = y * page.width + left; x < left + width; x += 1, at += 1) if (page.pixels[at] < 128) dark += 1;
    return dark;
  };
  const emptiest = (around: number) => {
    let at = Math.max(0, Math.min(page.height - 1, Math.round(around)));
    let least = ink(at);
    for (let y = Math.max(0, at - 20); y <= Math.min(page.height - 1, at + 20); y += 1) {
      const dark = ink(y);
      if (dark < least) [at, least] = [y, dark];
    }
    return at;
  };
  const bands = [0.25, 0.5, 0.75].map((middle) => [emptiest(middle * page.height - rows / 2), emptiest(middle * page.height + rows / 2)]).filter(([top, bottom]) => bottom > top);
  const height = bands.reduce((sum, [top, bottom]) => sum + bottom - top, 0);
  const pixels = new Uint8Array(width * Math.max(1, height)).fill(255);
  let row = 0;
  for (const [top, bottom] of bands) for (let y = top; y < bottom; y += 1, row += 1) pixels.set(page.pixels.subarray(y * page.width + left, y * page.width + left + width), row * width);
  // Read only to tell how the page lies: no box on it is ever shown.
  return { pixels, width, height: Math.max(1, height), toSource: (x, y) => [x, y] };
}

/**
 * The inverse of cut, turn and scale. sharp turns clockwise about the centre and grows the canvas
 * to hold the turned cut, which is then scaled to the output size.
 */
function sourcePoint(cut: { left: number; top: number; width: number; height: number }, degrees: number, outWidth: number, outHeight: number) {
  const angle = (degrees * Math.PI) / 180;
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const turnedWidth = Math.abs(cut.width * cos) + Math.abs(cut.height * sin);
  const turnedHeight = Math.abs(cut.width * sin) + Math.abs(cut.height * cos);
  return (x: number, y: number): [number, number] => {
    const dx = (x * turnedWidth) / outWidth - turnedWidth / 2;
    const dy = (y * turnedHeight) / outHeight - turnedHeight / 2;
    return [cut.left + cut.width / 2 + dx * cos + dy * sin, cut.top + cut.height / 2 - dx * sin + dy * cos];
  };
}

/**
 * The pixels of the page (`outWidth` × `outHeight`: the cut turned by `degrees` and scaled) that
 * are no part of the picture, as 1: the white the turn filled the corners with and, where given,
 * the `surround` (on the cut, non-zero) whitened beside a sheet's outline. A tilted photo's cut is
 * a third such white: counted, it would be the page's lightest paper. Null when there is none.
 */
export async function notPicture(surround: Uint8Array | null, cut: { width: number; height: number }, degrees: number, outWidth: number, outHeight: number): Promise<Uint8Array | null> {
  if (!surround && degrees % 360 === 0) return null;
  const sharp = await images();
  const marks = surround ?? new Uint8Array(cut.width * cut.height);
  // Turned and scaled as the page was, the turn filling its corners with "not picture".
  const out = await sharp(marks, { raw: { width: cut.width, height: cut.height, channels: 1 } })
    .rotate(degrees, { background: '#ffffff' })
    .resize({ width: outWidth, height: outHeight, fit: 'fill', kernel: 'nearest' })
    .toColourspace('b-w')
    .raw()
    .toBuffer();
  // A plain loop: `Uint8Array.from` with a mapping function walks an iterator and calls the
  // function per pixel, about 50 times slower (3 s for a 12-megapixel page).
  const fill = new Uint8Array(outWidth * outHeight);
  for (let i = 0; i < fill.length; i += 1) fill[i] = out[i] > 127 ? 1 : 0;
  return fill;
}

/** The page turned by 180°: its pixels in reverse order. */
export function halfTurn(page: PreparedPage): PreparedPage {
  return {
    pixels: page.pixels.slice().reverse(),
    width: page.width,
    height: page.height,
    toSource: (x, y) => page.toSource(page.width - x, page.height - y),
  };
}

/**
 * The page turned by 90° clockwise: for a page whose lines the geometry took for the wrong
 * direction (a photo whose surround has stronger lines than its print).
 */
export function quarterTurn(page: PreparedPage): PreparedPage {
  const { width, height, pixels } = page;
  const turned = new Uint8Array(pixels.length);
  // The new row x holds the old column x, read from the bottom up.
  for (let y = 0; y < height; y += 1) for (let x = 0; x < width; x += 1) turned[x * height + (height - 1 - y)] = pixels[y * width + x];
  return { pixels: turned, width: height, height: width, toSource: (x, y) => page.toSource(y, height - x) };
}
