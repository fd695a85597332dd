import { fork, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, symlink } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { ApiException } from '../../../common/errors/api-exception.js';
import type { ErrorCode } from '../../../common/errors/error-messages.js';
import { AppConfig } from '../../../config/app-config.js';
import type { ReceiptTextLine } from '../parser/receipt-text.js';
import type { ReceiptSourceType } from '../receipt-source.js';
import type { DecodedImage } from './decode-worker.js';
import type { OcrReply, OcrRequest } from './ocr-process.js';
import { linesOfTsv } from './ocr-tsv.js';

/**
 * The German integer-quantised "best" model, the most accurate that stays fast. It reads English
 * receipts as well, and keeps umlauts that German and English together lose.
 */
const LANGUAGES = ['deu'] as const;
const MODEL = '4.0.0_best_int';
/** How long a client is asked to wait when the pool and its queue are full. */
const RETRY_AFTER_SECONDS = 30;

const require = createRequire(import.meta.url);
/**
 * Compiled, the OCR process is a .js beside this file. Under the test runner it is the .ts
 * source, run with hooks that compile the app's sources as the test runner does.
 */
const FROM_SOURCE = import.meta.url.endsWith('.ts');
const PROCESS_FILE = fileURLToPath(new URL(FROM_SOURCE ? './ocr-process.ts' : './ocr-process.js', import.meta.url));
const PROCESS_ARGV = FROM_SOURCE ? ['--import', new URL('../../../../test-support/source-hooks.mjs', import.meta.url).href] : [];

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** One OCR process: the images it is reading, the folder of language data it reads from, and its end. */
interface OcrChild {
  process: ChildProcess;
  pending: Map<number, { resolve: (reply: OcrReply) => void; reject: (error: Error) => void }>;
  exited: Promise<void>;
}

/**
 * Tesseract (tesseract.js, WebAssembly in worker threads) as a pool shared by every upload, run in
 * a child process of its own (ocr-process.ts) together with the preparation of each page (sharp):
 * the process starts with the first photo, its workers read one image each at a time, and it ends
 * when idle for OCR_IDLE_SECONDS, giving back all the memory reading took. The server decodes no
 * photo and holds no prepared page (HEIC photos and scanned PDF pages come decoded from the
 * decode thread). A process that dies (the system's OOM killer, a crash) fails only the images it
 * was reading, with 503 `ocr_interrupted`; the next image starts a new one. The language data comes from the `@tesseract.js-data/*`
 * packages on disk; nothing is downloaded.
 */
@Injectable()
export class OcrEngine implements OnModuleDestroy {
  private pool: Promise<OcrChild> | null = null;
  /** The process the pool is, once started; an older one may still be ending. */
  private current: OcrChild | null = null;
  private nextId = 1;
  private running = 0;
  /** Receipts admitted and not yet done: the ones being read plus the ones waiting (see `admit`). */
  private admitted = 0;
  /** Receipts being decoded, prepared and read: at most one per worker. */
  private reading = 0;
  /** Admitted receipts waiting for a place, first come first served: each resolves into a place handed over. */
  private readonly waiting: Array<() => void> = [];
  private idleTimer: NodeJS.Timeout | null = null;
  /** Worker threads (OCR_WORKERS): each holds its own model and heap, so they bound peak memory. */
  readonly workers: number;
  /** Receipts read or waiting at most: one per worker plus OCR_QUEUE_LIMIT waiting ones. */
  private readonly capacity: number;
  /** The pool is let go after this long without work (OCR_IDLE_SECONDS). */
  private readonly idleMs: number;

  constructor(config: AppConfig) {
    this.workers = config.env.OCR_WORKERS;
    this.capacity = config.env.OCR_WORKERS + config.env.OCR_QUEUE_LIMIT;
    this.idleMs = config.env.OCR_IDLE_SECONDS * 1000;
  }

  /**
   * Admits one receipt before any of its pages is decoded. Past the capacity it is refused at once
   * (503, Retry-After). Otherwise it waits in line until one of the `workers` places is free, so
   * only as many receipts as there are workers have their pixels decoded and prepared at a time;
   * a waiting one holds nothing but its upload. The answer gives the place back (once, however
   * often called), to the next in line if any; the receipt's pages are then read as `admitted`.
   */
  async admit(): Promise<() => void> {
    if (this.admitted >= this.capacity) throw busy();
    this.admitted += 1;
    if (this.reading < this.workers) this.reading += 1;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.admitted -= 1;
      // The place goes straight to the next in line, so no newcomer can take it in between.
      const next = this.waiting.shift();
      if (next) next();
      else this.reading -= 1;
    };
  }

  /**
   * The text lines of one prepared image, each with its words, their boxes and confidences.
   * Past the pool's capacity an image is refused at once (503, Retry-After) instead of holding
   * its decoded pixels in memory for as long as the queue ahead takes.
   */
  async read(image: Buffer, admitted = false): Promise<ReceiptTextLine[]> {
    if (!admitted && this.running >= this.capacity) throw busy();
    const reply = await this.call({ kind: 'recognize', image });
    return linesOfTsv('tsv' in reply ? reply.tsv : '');
  }

  /**
   * Checks a photo against its sniffed type and the pixel limit from its header, in the OCR
   * process (the server does not load the image library for it): an unreadable one is a 400.
   * Not counted against the pool's capacity: it decodes nothing.
   */
  async checkPhoto(bytes: Buffer, type: ReceiptSourceType, maxPixels: number): Promise<void> {
    await this.call({ kind: 'check', bytes, type, maxPixels });
  }

  /**
   * One page of an admitted receipt (a photo's file or decoded pixels) prepared, turned the right
   * way up and read in the OCR process: its text lines as printed, and where a point of the page
   * they were read from lies in the upright source (a line's box on the stored file).
   */
  async readPage(
    source: Buffer | DecodedImage,
    maxPixels: number,
    today?: string,
  ): Promise<{ lines: ReceiptTextLine[]; toSource: (x: number, y: number) => [number, number] }> {
    const reply = await this.call({ kind: 'page', source, maxPixels, today });
    if (!('lines' in reply)) throw interrupted();
    const [x0, y0, ax, ay, bx, by] = reply.placement;
    return { lines: reply.lines, toSource: (x, y) => [x0 + ax * x + bx * y, y0 + ay * x + by * y] };
  }

  /** One request to the OCR process (started if need be); the pool is let go once none is left. */
  private async call(request: DistributiveOmit<OcrRequest, 'id'>): Promise<OcrReply> {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    this.running += 1;
    try {
      const child = await this.started();
      const reply = await new Promise<OcrReply>((resolve, reject) => {
        const id = this.nextId++;
        child.pending.set(id, { resolve, reject });
        // A copy goes to the process; a process already gone fails the request with the others it held.
        child.process.send({ ...request, id } as OcrRequest, (error) => {
          if (error && child.pending.delete(id)) reject(interrupted());
        });
      });
      if ('problem' in reply) throw new ApiException(reply.problem.status, reply.problem.code as ErrorCode, reply.problem.params);
      if ('failed' in reply) throw interrupted();
      return reply;
    } finally {
      this.running -= 1;
      if (this.running === 0) this.idleTimer = setTimeout(() => void this.stop(), this.idleMs).unref();
    }
  }

  /** Shutdown ends the process even while it reads: its images fail as interrupted. */
  async onModuleDestroy(): Promise<void> {
    await this.stop(true);
  }

  private started(): Promise<OcrChild> {
    this.pool ??= this.start().catch((error: unknown) => {
      this.pool = null;
      throw error;
    });
    return this.pool;
  }

  private async start(): Promise<OcrChild> {
    // tesseract.js reads every language from one folder; the packages keep one each, so a private
    // folder of links joins them. It goes when the process has ended.
    const dataDir = await mkdtemp(join(tmpdir(), 'hinv-tessdata-'));
    try {
      for (const language of LANGUAGES) {
        const file = join(dirname(require.resolve(`@tesseract.js-data/${language}/package.json`)), MODEL, `${language}.traineddata.gz`);
        await symlink(file, join(dataDir, `${language}.traineddata.gz`));
      }
    } catch (error) {
      await rm(dataDir, { recursive: true, force: true });
      throw error;
    }
    // Node's own flags are not passed on (a test runner's loaders): the server's NODE_OPTIONS and
    // malloc settings reach the process through its environment. Its output goes nowhere but errors.
    const forked = fork(PROCESS_FILE, [dataDir, String(this.workers), LANGUAGES.join(',')], {
      execArgv: PROCESS_ARGV,
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    let ended!: () => void;
    const child: OcrChild = { process: forked, pending: new Map(), exited: new Promise<void>((resolve) => (ended = resolve)) };
    forked.on('message', (reply: OcrReply) => {
      const job = child.pending.get(reply.id);
      if (!job) return;
      child.pending.delete(reply.id);
      job.resolve(reply);
    });
    let gone = false;
    const end = () => {
      if (gone) return;
      gone = true;
      if (this.current === child) {
        this.current = null;
        this.pool = null;
      }
      for (const job of child.pending.values()) job.reject(interrupted());
      child.pending.clear();
      void rm(dataDir, { recursive: true, force: true }).finally(ended);
    };
    // `error` alone when the process could not be started; `exit` whenever it ends.
    forked.on('error', () => {
      end();
      forked.kill('SIGKILL');
    });
    forked.on('exit', end);
    this.current = child;
    return child;
  }

  /** Ends the process once idle (or at once when `force`d) and waits until it is gone. */
  private async stop(force = false): Promise<void> {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    const pool = this.pool;
    if (!pool || (this.running > 0 && !force)) return;
    this.pool = null;
    const child = await pool.catch(() => null);
    if (!child) return;
    if (this.current === child) this.current = null;
    child.process.kill('SIGKILL');
    await child.exited;
  }
}

/** The pool and its queue are full: come back in a moment. */
function busy(): ApiException {
  return new ApiException(503, 'ocr_busy', {}, { 'Retry-After': String(RETRY_AFTER_SECONDS) });
}

/** The OCR process ended while reading (killed for memory, crashed, shut down): nothing was stored; try again. */
function interrupted(): ApiException {
  return new ApiException(503, 'ocr_interrupted', {}, { 'Retry-After': String(RETRY_AFTER_SECONDS) });
}
