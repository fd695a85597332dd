/**
 * The decode thread: renders the pages of text-less PDFs (mupdf) and decodes HEIC photos
 * (libheif) off the main thread, so a heavy file never stalls other requests. Both are WebAssembly
 * that would otherwise run on the event loop. Self-contained on purpose: it runs as a worker
 * script (compiled, or type-stripped by Node in tests) and imports nothing from the app.
 */
import { parentPort } from 'node:worker_threads';
import { createRequire } from 'node:module';
import { setPriority } from 'node:os';

export interface DecodeLimits {
  maxPages: number;
  /** Render scale for PDF pages (points → pixels). */
  scale: number;
  maxSide: number;
  maxPixels: number;
}

export type DecodeRequest = { id: number; kind: 'pdf' | 'heic'; bytes: Uint8Array; limits: DecodeLimits };

/** Raw pixels, row by row: 1 channel (grey) for PDF pages, 4 (RGBA) for photos. */
export interface DecodedImage {
  width: number;
  height: number;
  channels: 1 | 4;
  data: Uint8Array;
}

/** `problem` is one of the app's error codes; the caller turns it into the answer. */
export type DecodeReply = { id: number; images: DecodedImage[] } | { id: number; problem: string; params?: Record<string, string> };

// Lowest CPU priority for this thread only (a thread's nice value is its own on Linux): decoding
// never delays the server's answers.
if (process.platform === 'linux') setPriority(19);

class DecodeProblem extends Error {
  constructor(
    code: string,
    readonly params?: Record<string, string>,
  ) {
    super(code);
  }
}

const require = createRequire(import.meta.url);
type Mupdf = typeof import('mupdf');
let mupdfModule: Promise<Mupdf> | undefined;

async function renderPdf(bytes: Uint8Array, limits: DecodeLimits): Promise<DecodedImage[]> {
  const mupdf = await (mupdfModule ??= import('mupdf'));
  let document: InstanceType<Mupdf['Document']>;
  try {
    document = mupdf.Document.openDocument(bytes, 'application/pdf');
  } catch {
    throw new DecodeProblem('receipt_pdf_unreadable');
  }
  try {
    const pages = document.countPages();
    if (pages > limits.maxPages) throw new DecodeProblem('receipt_pdf_too_many_pages', { max: String(limits.maxPages) });
    const images: DecodedImage[] = [];
    for (let index = 0; index < pages; index += 1) {
      const page = document.loadPage(index);
      try {
        const [x0, y0, x1, y1] = page.getBounds();
        const width = Math.ceil((x1 - x0) * limits.scale);
        const height = Math.ceil((y1 - y0) * limits.scale);
        if (width > limits.maxSide || height > limits.maxSide || width * height > limits.maxPixels) throw tooManyPixels(limits);
        const pixmap = page.toPixmap(mupdf.Matrix.scale(limits.scale, limits.scale), mupdf.ColorSpace.DeviceGray, false, true);
        try {
          images.push({ width: pixmap.getWidth(), height: pixmap.getHeight(), channels: 1, data: tightRows(pixmap.getPixels(), pixmap.getWidth(), pixmap.getHeight(), pixmap.getStride()) });
        } finally {
          pixmap.destroy();
        }
      } finally {
        page.destroy();
      }
    }
    return images;
  } catch (error) {
    if (error instanceof DecodeProblem) throw error;
    throw new DecodeProblem('receipt_pdf_unreadable');
  } finally {
    document.destroy();
  }
}

/** A copy of the pixmap's rows without the stride padding (the WASM memory is reused). */
function tightRows(pixels: Uint8ClampedArray, width: number, height: number, stride: number): Uint8Array {
  if (stride === width) return new Uint8Array(pixels);
  const out = new Uint8Array(width * height);
  for (let row = 0; row < height; row += 1) out.set(pixels.subarray(row * stride, row * stride + width), row * width);
  return out;
}

type HeicImage = { width: number; height: number; decode: () => Promise<{ width: number; height: number; data: Uint8ClampedArray }> };
type HeicImages = HeicImage[] & { dispose: () => void };

async function decodeHeic(bytes: Uint8Array, limits: DecodeLimits): Promise<DecodedImage[]> {
  const heic = require('heic-decode') as { all: (input: { buffer: Uint8Array }) => Promise<HeicImages> };
  let images: HeicImages;
  try {
    images = await heic.all({ buffer: bytes });
  } catch {
    throw new DecodeProblem('receipt_image_unreadable');
  }
  try {
    const first = images[0];
    // The size is known from the header: a pixel bomb is refused before it is decoded.
    if (first.width > limits.maxSide || first.height > limits.maxSide || first.width * first.height > limits.maxPixels) throw tooManyPixels(limits);
    const decoded = await first.decode().catch(() => {
      throw new DecodeProblem('receipt_image_unreadable');
    });
    return [{ width: decoded.width, height: decoded.height, channels: 4, data: new Uint8Array(decoded.data.buffer, decoded.data.byteOffset, decoded.data.byteLength) }];
  } finally {
    images.dispose();
  }
}

parentPort?.on('message', (request: DecodeRequest) => {
  const work = request.kind === 'pdf' ? renderPdf(request.bytes, request.limits) : decodeHeic(request.bytes, request.limits);
  work.then(
    (images) => parentPort?.postMessage({ id: request.id, images } satisfies DecodeReply, images.map((image) => image.data.buffer as ArrayBuffer)),
    (error: unknown) =>
      parentPort?.postMessage(
        (error instanceof DecodeProblem ? { id: request.id, problem: error.message, params: error.params } : { id: request.id, problem: 'receipt_image_unreadable' }) satisfies DecodeReply,
      ),
  );
});

function tooManyPixels(limits: DecodeLimits): DecodeProblem {
  return new DecodeProblem('receipt_image_too_many_pixels', { max: String(Math.floor(limits.maxPixels / 1_000_000)) });
}
