import { Worker } from 'node:worker_threads';
import { ApiException } from '../../../common/errors/api-exception.js';
import type { ErrorCode } from '../../../common/errors/error-messages.js';
import { linesFromWords, type ReceiptTextLine } from '../parser/receipt-text.js';
import type { PdfTextLimits, PdfTextReply, PdfTextRequest, PdfWord } from './pdf-text-worker.js';

/** The reference's PDF limits: at most 4 pages and 30 000 characters of text. */
export const MAX_PDF_PAGES = 4;
export const MAX_PDF_TEXT_CHARS = 30_000;
/**
 * What the text streams of one receipt PDF may unpack to. A till's PDF holds a few KB of text
 * and fonts of a few hundred KB; images are not counted (the text layer never decodes them).
 */
export const MAX_PDF_DECODED_BYTES = 32 * 1024 * 1024;
/** How long the text of one PDF may take in the thread, loading pdf.js on a cold thread included. */
export const PDF_TEXT_BUDGET_MS = 15_000;
/**
 * The thread's V8 heap: pdf.js keeps a page's operators as objects there, so a content stream of
 * millions of operators ends the thread (a 400), not the server.
 */
export const PDF_TEXT_RESOURCE_LIMITS = { maxOldGenerationSizeMb: 192, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 } as const;

const LIMITS: PdfTextLimits = { maxPages: MAX_PDF_PAGES, maxChars: MAX_PDF_TEXT_CHARS, maxDecodedBytes: MAX_PDF_DECODED_BYTES, maxStreams: 20_000 };
/** The thread is let go after this long without work. */
const IDLE_MS = 60_000;
/** Compiled, the worker is a .js beside this file; under the test runner it is the .ts source (Node strips the types). */
const WORKER_FILE = new URL(import.meta.url.endsWith('.ts') ? './pdf-text-worker.ts' : './pdf-text-worker.js', import.meta.url);

/**
 * The text layer of a receipt PDF as lines, top to bottom, page after page: the text runs are
 * placed by their baselines and joined into lines as the parser expects. A PDF that cannot be
 * opened or breaks the limits (pages, characters, decoded bytes, time, memory) is a 400; one
 * without text gives no lines. pdf.js runs in a thread of its own (`pdf-text-worker.ts`), one
 * file at a time, so no PDF can hold up the event loop.
 */
export async function pdfTextLines(bytes: Buffer): Promise<ReceiptTextLine[]> {
  return linesFromWords(await pdfThread.read(bytes));
}

/** One worker thread, started on first use, stopped when idle, replaced when a file breaks its limits. */
class PdfTextThread {
  private worker: Worker | null = null;
  private nextId = 1;
  private queue: Promise<unknown> = Promise.resolve();
  private idleTimer: NodeJS.Timeout | null = null;

  read(bytes: Buffer): Promise<PdfWord[]> {
    const run = this.queue.then(() => this.runOne(bytes));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private runOne(bytes: Buffer): Promise<PdfWord[]> {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    const worker = this.started();
    const id = this.nextId++;
    return new Promise<PdfWord[]>((resolve, reject) => {
      const finish = (outcome: () => void) => {
        clearTimeout(budget);
        worker.off('message', onMessage);
        worker.off('exit', onExit);
        outcome();
      };
      const onMessage = (reply: PdfTextReply) => {
        if (reply.id !== id) return;
        finish(() => ('problem' in reply ? reject(new ApiException(400, reply.problem as ErrorCode, reply.params)) : resolve(reply.words)));
      };
      // Out of heap (ERR_WORKER_OUT_OF_MEMORY) or crashed: the file was too much for the thread.
      const onExit = () => finish(() => reject(tooComplex()));
      const budget = setTimeout(() => {
        finish(() => reject(tooComplex()));
        void this.stop(worker);
      }, PDF_TEXT_BUDGET_MS);
      worker.on('message', onMessage);
      worker.on('exit', onExit);
      // A copy: the upload's buffer stays with the request (it is hashed and stored).
      worker.postMessage({ id, bytes: new Uint8Array(bytes), limits: LIMITS } satisfies PdfTextRequest);
    }).finally(() => {
      this.idleTimer = setTimeout(() => void this.stop(this.worker), IDLE_MS).unref();
    });
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(WORKER_FILE, { resourceLimits: PDF_TEXT_RESOURCE_LIMITS });
    worker.unref();
    worker.on('error', () => undefined);
    worker.on('exit', () => {
      if (this.worker === worker) this.worker = null;
    });
    this.worker = worker;
    return worker;
  }

  private async stop(worker: Worker | null): Promise<void> {
    if (!worker) return;
    if (this.worker === worker) this.worker = null;
    await worker.terminate();
  }
}

const pdfThread = new PdfTextThread();

function tooComplex(): ApiException {
  return new ApiException(400, 'receipt_pdf_too_complex', { max: String(MAX_PDF_DECODED_BYTES / 1024 / 1024) });
}
