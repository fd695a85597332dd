import { ApiException } from '../../../common/errors/api-exception.js';
import { images, type Sharp } from '../../../common/images/image-library.js';
import type { ReceiptSourceType } from '../receipt-source.js';
import type { DecodedImage } from './decoder.js';


/**
 * Tesseract reads receipt print best at roughly 2,000 px across a receipt: narrower photos are
 * enlarged (at most 2×, which is what turns `6,84 1` back from `6,841`), wider ones reduced.
 */
const TARGET_WIDTH = { min: 1_400, max: 2_400 };
const MAX_UPSCALE = 2;

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

/**
 * A photo or a rendered page made ready for OCR: upright (EXIF orientation), grey, scaled to the
 * width tesseract reads best, contrast stretched so faded thermal print and uneven light become
 * black on white. A file that does not decode in full (a truncated JPEG) is a 400.
 */
export async function prepareForOcr(source: Buffer | DecodedImage, maxPixels: number): Promise<Buffer> {
  const sharp = await images();
  const input = Buffer.isBuffer(source)
    ? sharp(source, { limitInputPixels: maxPixels, failOn: 'error' })
    : sharp(Buffer.from(source.data.buffer, source.data.byteOffset, source.data.byteLength), {
        raw: { width: source.width, height: source.height, channels: source.channels },
        limitInputPixels: maxPixels,
      });
  try {
    const size = Buffer.isBuffer(source) ? await input.metadata() : { ...source, orientation: 1 };
    // EXIF orientations 5–8 turn the picture by 90°: its upright width is the stored height.
    const width = ((size.orientation ?? 1) >= 5 ? size.height : size.width) ?? 0;
    if (width <= 0) throw new ApiException(400, 'receipt_image_unreadable');
    const scale = width < TARGET_WIDTH.min ? Math.min(MAX_UPSCALE, TARGET_WIDTH.min / width) : width > TARGET_WIDTH.max ? TARGET_WIDTH.max / width : 1;
    return await input
      .rotate()
      .greyscale()
      .resize({ width: Math.round(width * scale), kernel: scale > 1 ? 'cubic' : 'lanczos3' })
      .normalise()
      .png({ compressionLevel: 1 })
      .toBuffer();
  } catch {
    throw new ApiException(400, 'receipt_image_unreadable');
  }
}

/**
 * How many pixels of the stored file one pixel of the image OCR read is (boxes are kept in the
 * stored file's pixels): its upright width over the prepared PNG's width (IHDR, bytes 16–19).
 * Decoded pages and HEIC photos count in their decoded pixels.
 */
export async function storedPixelsPerOcrPixel(source: Buffer | DecodedImage, prepared: Buffer): Promise<number> {
  const preparedWidth = prepared.readUInt32BE(16);
  if (!Buffer.isBuffer(source)) return source.width / preparedWidth;
  const size = await (await images())(source, { limitInputPixels: false }).metadata();
  const width = ((size.orientation ?? 1) >= 5 ? size.height : size.width) ?? preparedWidth;
  return width / preparedWidth;
}
