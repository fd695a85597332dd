/** The longest edge a receipt photo is sent with: plenty for reading a till's print, a fraction of a phone camera's bytes. */
export const MAX_EDGE = 2000;
export const JPEG_QUALITY = 0.85;

/** The size that fits `maxEdge` on the longer side, never larger than the original. */
export function scaledSize(width: number, height: number, maxEdge = MAX_EDGE): { width: number; height: number } {
  const scale = Math.min(1, maxEdge / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** `IMG_1234.HEIC` becomes `IMG_1234.jpg`; a file without a usable name becomes `receipt.jpg`. */
export function jpegName(name: string): string {
  const base = name.replace(/\.[^./\\]*$/, '').trim();
  return `${base || 'receipt'}.jpg`;
}

/**
 * Whether the file is worth trying to decode: images, and files that came without a type (some
 * sharing apps), but never a PDF.
 */
export function mayScale(file: File): boolean {
  if (file.type === 'application/pdf' || /\.pdf$/i.test(file.name)) return false;
  return file.type === '' || file.type === 'application/octet-stream' || file.type.startsWith('image/');
}

/** Decodes with the photo's EXIF orientation applied, so a portrait shot stays upright. */
async function decode(file: File): Promise<ImageBitmap | null> {
  if (typeof createImageBitmap !== 'function') return null;
  try {
    return await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch (error) {
    // Browsers from before 'from-image' refuse the option itself; they apply EXIF by default.
    if (!(error instanceof TypeError)) return null;
    try {
      return await createImageBitmap(file);
    } catch {
      return null;
    }
  }
}

async function encodeJpeg(bitmap: ImageBitmap, width: number, height: number): Promise<Blob | null> {
  const draw = (context: OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D) => {
    // JPEG has no transparency: a PNG's clear background becomes paper white, not black.
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, height);
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, width, height);
  };
  if (typeof OffscreenCanvas === 'function') {
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d');
    if (!context) return null;
    draw(context);
    return canvas.convertToBlob({ type: 'image/jpeg', quality: JPEG_QUALITY });
  }
  if (typeof document === 'undefined') return null;
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) return null;
  draw(context);
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY));
}

/**
 * Makes a receipt photo smaller on the phone before it is sent: an image the browser can decode
 * is scaled to at most {@link MAX_EDGE} px on its long edge and sent as JPEG, upright, when it is
 * larger than that or the JPEG has fewer bytes. PDFs, and images this browser cannot decode
 * (HEIC outside Safari), go as they are: the server reads those itself.
 */
export async function scalePhoto(file: File): Promise<File> {
  if (!mayScale(file)) return file;
  const bitmap = await decode(file);
  if (!bitmap) return file;
  try {
    const longEdge = Math.max(bitmap.width, bitmap.height);
    const { width, height } = scaledSize(bitmap.width, bitmap.height);
    const jpeg = await encodeJpeg(bitmap, width, height).catch(() => null);
    if (!jpeg || (longEdge <= MAX_EDGE && jpeg.size >= file.size)) return file;
    return new File([jpeg], jpegName(file.name), { type: 'image/jpeg', lastModified: file.lastModified });
  } finally {
    bitmap.close();
  }
}
