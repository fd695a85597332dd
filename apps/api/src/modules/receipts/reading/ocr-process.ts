/**
 * The OCR process: a child of the server (see OcrEngine) that checks photos, prepares pages
 * (sharp and libvips, ocr-image.ts) and reads them with the tesseract.js pool, its worker threads,
 * their WebAssembly heaps and models. It ends when the server lets the pool go, and everything it
 * held goes back to the system with it: the server decodes no photo and holds no prepared page.
 *
 *   argv: <language data folder> <worker count> <languages, comma-separated>
 *   in:   OcrRequest   out: OcrReply (by `id`)
 */
import { createRequire } from 'node:module';
import { setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { Scheduler } from 'tesseract.js';
import type { ReceiptTextLine } from '../parser/receipt-text.js';
import type { ReceiptSourceType } from '../receipt-source.js';
import type { DecodedImage } from './decode-worker.js';
import { checkPhoto, prepareForOcr, type RightAngle } from './ocr-image.js';
import { linesOfTsv } from './ocr-tsv.js';
import { readRightWayUp } from './page-reading.js';
import { withDateLineReadAgain } from './date-reading.js';
import { withSecondReadings } from './second-reading.js';

export type OcrRequest =
  | { id: number; kind: 'recognize'; image: Uint8Array }
  | { id: number; kind: 'check'; bytes: Uint8Array; type: ReceiptSourceType; maxPixels: number }
  /** `today`: the household's day (YYYY-MM-DD), by which a date read on the page may be a misreading. */
  | { id: number; kind: 'page'; source: Uint8Array | DecodedImage; maxPixels: number; today?: string };

/**
 * A point of the prepared page in the upright source is `[x0 + ax·x + bx·y, y0 + ay·x + by·y]`
 * (cut, turn and scale are affine); a function cannot cross between processes, its six numbers can.
 */
export type PagePlacement = [x0: number, y0: number, ax: number, ay: number, bx: number, by: number];

export type OcrReply =
  | { id: number; tsv: string }
  | { id: number; checked: true }
  | { id: number; lines: ReceiptTextLine[]; placement: PagePlacement }
  /** One of the app's errors (a 400 for an unreadable photo); the server answers it. */
  | { id: number; problem: { status: number; code: string; params: Record<string, string> } }
  | { id: number; failed: true };

/** Compiled, the thread script is a .js beside this file; under the test runner it is the .ts source (Node strips the types). */
const THREAD_FILE = fileURLToPath(new URL(import.meta.url.endsWith('.ts') ? './ocr-thread.ts' : './ocr-thread.js', import.meta.url));

type Tesseract = typeof import('tesseract.js');

async function startPool(dataDir: string, workers: number, languages: string[]): Promise<Scheduler> {
  // tesseract.js is CommonJS: loaded by require, so the compiled and the test runner's script load it alike.
  const tesseract = createRequire(import.meta.url)('tesseract.js') as Tesseract;
  const { createScheduler, createWorker, OEM, PSM } = tesseract;
  const scheduler = createScheduler();
  const started = await Promise.all(
    Array.from({ length: workers }, async () => {
      const worker = await createWorker(languages, OEM.LSTM_ONLY, { langPath: dataDir, cacheMethod: 'none', gzip: true, workerPath: THREAD_FILE });
      // One uniform block: a receipt line keeps its name and its amount together however wide the gap.
      await worker.setParameters({ tessedit_pageseg_mode: PSM.SINGLE_BLOCK, user_defined_dpi: '300' });
      return worker;
    }),
  );
  for (const worker of started) scheduler.addWorker(worker);
  return scheduler;
}

function main(): void {
  const send = process.send?.bind(process);
  if (!send) throw new Error('the OCR process runs as a child of the server (node:child_process fork)');
  // The lowest CPU priority, before any thread of the pool starts (Linux threads take their
  // creator's nice value): reading a receipt never delays the server's answers on a small box.
  if (process.platform === 'linux') setPriority(19);
  const [dataDir, workers, languages] = process.argv.slice(2);
  // The pool starts with the first image to read; a photo's check needs none of it.
  let pool: Promise<Scheduler> | undefined;
  const started = () => {
    pool ??= startPool(dataDir, Number(workers), languages.split(','));
    // A pool that does not start fails every image; the server sees the process end and starts afresh.
    pool.catch(() => process.exit(1));
    return pool;
  };
  // TSV: every word with its box and confidence in one string; the block tree (down to each
  // symbol's alternatives) would cost far more to build and to send.
  const recognize = async (image: Uint8Array) =>
    (await (await started()).addJob('recognize', Buffer.from(image.buffer, image.byteOffset, image.byteLength), {}, { tsv: true, text: false, blocks: false })).data.tsv ?? '';
  const handle = async (request: OcrRequest): Promise<OcrReply> => {
    const { id } = request;
    if (request.kind === 'recognize') return { id, tsv: await recognize(request.image) };
    if (request.kind === 'check') {
      await checkPhoto(Buffer.from(request.bytes.buffer, request.bytes.byteOffset, request.bytes.byteLength), request.type, request.maxPixels);
      return { id, checked: true };
    }
    const { source } = request;
    const image = source instanceof Uint8Array ? Buffer.from(source.buffer, source.byteOffset, source.byteLength) : source;
    const prepared = await prepareForOcr(image, request.maxPixels);
    // Upside down, the page is prepared again from its source turned by 180°: as an upright copy of
    // it would be (measured on the small copy the first preparation decoded).
    const upsideDown = () => prepareForOcr(image, request.maxPixels, { turn: ((prepared.turn + 180) % 360) as RightAngle, probe: prepared.probe });
    const read = async (pgm: Buffer) => linesOfTsv(await recognize(pgm));
    const found = await readRightWayUp(prepared, read, upsideDown);
    const { page } = found;
    const lines = await withDateLineReadAgain(page, await withSecondReadings(page, found.lines, read), read, request.today);
    const [x0, y0] = page.toSource(0, 0);
    const [x1, y1] = page.toSource(1, 0);
    const [x2, y2] = page.toSource(0, 1);
    return { id, lines, placement: [x0, y0, x1 - x0, y1 - y0, x2 - x0, y2 - y0] };
  };
  process.on('message', (request: OcrRequest) => {
    handle(request).then(send, (error: unknown) => {
      const known = error as { code?: unknown; params?: Record<string, string>; getStatus?: () => number };
      send(
        typeof known.code === 'string' && typeof known.getStatus === 'function'
          ? { id: request.id, problem: { status: known.getStatus(), code: known.code, params: known.params ?? {} } }
          : { id: request.id, failed: true },
      );
    });
  });
  // The server went away (ended, crashed or let the pool go): nothing is left to read for.
  process.on('disconnect', () => process.exit(0));
}

main();
