/**
 * The PDF text thread: reads the text layer of a receipt PDF with pdf.js off the main thread, so
 * a hostile PDF (a content stream that inflates to 100 MB, millions of operators) never stalls
 * other requests. Before pdf.js sees the file, every Flate stream is inflated once here, counting
 * the bytes: a file whose text streams unpack to more than the limit is refused without being
 * parsed. The host (`pdf-text.ts`) runs this thread with V8 heap limits and a time budget and
 * stops it when either is broken. Self-contained on purpose: it runs as a worker script
 * (compiled, or type-stripped by Node in tests) and imports nothing from the app.
 */
import { parentPort } from 'node:worker_threads';
import { setPriority } from 'node:os';
import { createInflate } from 'node:zlib';

export interface PdfTextLimits {
  maxPages: number;
  maxChars: number;
  /** Decoded bytes all non-image Flate streams together may unpack to. */
  maxDecodedBytes: number;
  /** Streams looked at; a file with more is refused as too complex. */
  maxStreams: number;
}

export type PdfTextRequest = { id: number; bytes: Uint8Array; limits: PdfTextLimits };

/** One text run and its box in page points, pages stacked top to bottom. */
export interface PdfWord {
  text: string;
  box: { x0: number; y0: number; x1: number; y1: number };
}

/** `problem` is one of the app's error codes; the host turns it into the answer. */
export type PdfTextReply = { id: number; words: PdfWord[] } | { id: number; problem: string; params?: Record<string, string> };

// Lowest CPU priority for this thread only (a thread's nice value is its own on Linux).
if (process.platform === 'linux') setPriority(19);

// No parameter properties: Node runs this file type-stripped in tests, and strips types only.
class PdfProblem extends Error {
  readonly params?: Record<string, string>;

  constructor(code: string, params?: Record<string, string>) {
    super(code);
    this.params = params;
  }
}

const STREAM = Buffer.from('stream');

/** Where a stream's data begins: after `stream` and its end of line, or -1 when `at` is no stream keyword. */
function streamDataStart(bytes: Buffer, at: number): number {
  // `endstream` contains `stream`; only the keyword itself opens a stream.
  if (at >= 3 && bytes.toString('latin1', at - 3, at) === 'end') return -1;
  let start = at + STREAM.length;
  if (bytes[start] === 0x0d) start += 1;
  if (bytes[start] !== 0x0a && bytes[start - 1] !== 0x0d) return -1;
  return bytes[start] === 0x0a ? start + 1 : start;
}

/** The stream's dictionary is the text between the previous `<<` … `>>` and the keyword: images are not decoded for text. */
function isImageStream(bytes: Buffer, at: number): boolean {
  const dictionary = bytes.toString('latin1', Math.max(0, at - 2048), at);
  const open = dictionary.lastIndexOf('obj');
  return /\/Subtype\s*\/Image\b/.test(open >= 0 ? dictionary.slice(open) : dictionary);
}

/** Bytes the zlib data at `data` inflates to, stopping as soon as `budget` is passed (then budget + 1). */
function inflatedSize(data: Buffer, budget: number): Promise<number> {
  if (data.length < 2 || (data[0] & 0x0f) !== 8 || ((data[0] << 8) | data[1]) % 31 !== 0) return Promise.resolve(0);
  return new Promise((resolve) => {
    let total = 0;
    let head: Buffer | null = null;
    const inflate = createInflate({ finishFlush: 2 /* Z_SYNC_FLUSH: a truncated stream counts what it holds */ });
    let settled = false;
    const done = (size: number) => {
      if (settled) return;
      settled = true;
      inflate.removeAllListeners();
      inflate.on('error', () => undefined);
      inflate.destroy();
      resolve(size);
    };
    inflate.on('data', (chunk: Buffer) => {
      head ??= chunk.subarray(0, 2);
      total += chunk.length;
      if (total > budget) done(budget + 1);
    });
    // Data after the end of the zlib stream (the rest of the file) ends it; so does broken data.
    inflate.on('error', () => done(total));
    inflate.on('end', () => {
      // Flate inside Flate (`/Filter [/FlateDecode /FlateDecode]`) unpacks again in pdf.js: count that too.
      if (head && total > 2 && (head[0] & 0x0f) === 8 && ((head[0] << 8) | head[1]) % 31 === 0) {
        void nestedSize(data, budget - total).then((nested) => done(Math.min(budget + 1, total + nested)));
      } else done(total);
    });
    inflate.end(data);
  });
}

/** The inflated output of `data`, inflated again (kept only up to the budget). */
async function nestedSize(data: Buffer, budget: number): Promise<number> {
  if (budget <= 0) return 1;
  const chunks: Buffer[] = [];
  let kept = 0;
  await new Promise<void>((resolve) => {
    const inflate = createInflate({ finishFlush: 2 });
    inflate.on('data', (chunk: Buffer) => {
      if (kept <= budget) chunks.push(chunk);
      kept += chunk.length;
    });
    inflate.on('error', () => resolve());
    inflate.on('end', () => resolve());
    inflate.end(data);
  });
  return inflatedSize(Buffer.concat(chunks), budget);
}

/**
 * Inflates every Flate stream of the file that pdf.js could decode for text (images are not) and
 * refuses the file when they unpack to more than `maxDecodedBytes` together, or when it holds more
 * than `maxStreams` streams. Each inflate reads from the stream's start to wherever its zlib data
 * ends, so a wrong `/Length` or an `endstream` hidden in the data does not shorten the count.
 */
async function checkDecodedSize(bytes: Buffer, limits: PdfTextLimits): Promise<void> {
  let decoded = 0;
  let streams = 0;
  for (let at = bytes.indexOf(STREAM); at >= 0; at = bytes.indexOf(STREAM, at + STREAM.length)) {
    const start = streamDataStart(bytes, at);
    if (start < 0 || isImageStream(bytes, at)) continue;
    streams += 1;
    if (streams > limits.maxStreams) throw tooComplex(limits);
    decoded += await inflatedSize(bytes.subarray(start), limits.maxDecodedBytes - decoded);
    if (decoded > limits.maxDecodedBytes) throw tooComplex(limits);
  }
}

type Unpdf = typeof import('unpdf');
let pdfLibrary: Promise<Unpdf> | undefined;

async function readWords(bytes: Uint8Array, limits: PdfTextLimits): Promise<PdfWord[]> {
  await checkDecodedSize(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), limits);
  const { getDocumentProxy } = await (pdfLibrary ??= import('unpdf'));
  let pdf: Awaited<ReturnType<Unpdf['getDocumentProxy']>>;
  try {
    pdf = await getDocumentProxy(bytes, { stopAtErrors: true });
  } catch {
    throw new PdfProblem('receipt_pdf_unreadable');
  }
  try {
    if (pdf.numPages > limits.maxPages) throw new PdfProblem('receipt_pdf_too_many_pages', { max: String(limits.maxPages) });
    const words: PdfWord[] = [];
    let characters = 0;
    let offset = 0;
    for (let number = 1; number <= pdf.numPages; number += 1) {
      const page = await pdf.getPage(number);
      const { height } = page.getViewport({ scale: 1 });
      const content = await page.getTextContent();
      for (const item of content.items) {
        if (!('str' in item) || item.str.trim() === '') continue;
        characters += item.str.length;
        if (characters > limits.maxChars) throw new PdfProblem('receipt_pdf_too_much_text');
        const [, , , scaleY, x, baseline] = item.transform as number[];
        const size = item.height || Math.abs(scaleY);
        const top = offset + height - baseline;
        words.push({ text: item.str, box: { x0: x, y0: top - size * 0.8, x1: x + item.width, y1: top + size * 0.2 } });
      }
      offset += height;
    }
    return words;
  } catch (error) {
    if (error instanceof PdfProblem) throw error;
    throw new PdfProblem('receipt_pdf_unreadable');
  } finally {
    await pdf.loadingTask.destroy().catch(() => undefined);
  }
}

function tooComplex(limits: PdfTextLimits): PdfProblem {
  return new PdfProblem('receipt_pdf_too_complex', { max: String(Math.floor(limits.maxDecodedBytes / 1024 / 1024)) });
}

parentPort?.on('message', (request: PdfTextRequest) => {
  readWords(request.bytes, request.limits).then(
    (words) => parentPort?.postMessage({ id: request.id, words } satisfies PdfTextReply),
    (error: unknown) =>
      parentPort?.postMessage(
        (error instanceof PdfProblem ? { id: request.id, problem: error.message, params: error.params } : { id: request.id, problem: 'receipt_pdf_unreadable' }) satisfies PdfTextReply,
      ),
  );
});
