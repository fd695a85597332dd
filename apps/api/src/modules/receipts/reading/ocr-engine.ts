import { fork, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, symlink } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { ApiException } from '../../../common/errors/api-exception.js';
import { AppConfig } from '../../../config/app-config.js';
import type { ReceiptTextLine, ReceiptWord } from '../parser/receipt-text.js';
import type { OcrReply, OcrRequest } from './ocr-process.js';

/** German and English, the integer-quantised "best" models: the most accurate that stay fast. */
const LANGUAGES = ['deu'] as const;
const MODEL = '4.0.0_best_int';
/** How long a client is asked to wait when the pool and its queue are full. */
const RETRY_AFTER_SECONDS = 30;

const require = createRequire(import.meta.url);
/** Compiled, the OCR process is a .js beside this file; under the test runner it is the .ts source (Node strips the types). */
const PROCESS_FILE = fileURLToPath(new URL(import.meta.url.endsWith('.ts') ? './ocr-process.ts' : './ocr-process.js', import.meta.url));

/** One OCR process: the images it is reading, the folder of language data it reads from, and its end. */
interface OcrChild {
  process: ChildProcess;
  pending: Map<number, { resolve: (tsv: string) => void; reject: (error: Error) => void }>;
  exited: Promise<void>;
}

/**
 * Tesseract (tesseract.js, WebAssembly in worker threads) as a pool shared by every upload, run in
 * a child process of its own (ocr-process.ts): the process starts with the first image, its
 * workers read one image each at a time, and it ends when idle for OCR_IDLE_SECONDS, giving back
 * all the memory reading took; the server's own heap keeps none of it. A process that dies (the
 * system's OOM killer, a crash) fails only the images it was reading, with 503 `ocr_interrupted`;
 * the next image starts a new one. The language data comes from the `@tesseract.js-data/*`
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
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    this.running += 1;
    try {
      const child = await this.started();
      const tsv = await new Promise<string>((resolve, reject) => {
        const id = this.nextId++;
        child.pending.set(id, { resolve, reject });
        // A copy goes to the process; a process already gone fails the image with the others it held.
        child.process.send({ id, image } satisfies OcrRequest, (error) => {
          if (error && child.pending.delete(id)) reject(interrupted());
        });
      });
      return linesOfTsv(tsv);
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
      execArgv: [],
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    let ended!: () => void;
    const child: OcrChild = { process: forked, pending: new Map(), exited: new Promise<void>((resolve) => (ended = resolve)) };
    forked.on('message', (reply: OcrReply) => {
      const job = child.pending.get(reply.id);
      if (!job) return;
      child.pending.delete(reply.id);
      if ('tsv' in reply) job.resolve(reply.tsv);
      else job.reject(interrupted());
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

/**
 * Tesseract's TSV as the parser reads it: one line per (block, paragraph, line), top to bottom,
 * its words with boxes and 0–1 confidences. Columns: level, page, block, paragraph, line, word,
 * left, top, width, height, confidence, text; level 5 rows are words.
 */
export function linesOfTsv(tsv: string): ReceiptTextLine[] {
  const lines = new Map<string, ReceiptWord[]>();
  for (const row of tsv.split('\n')) {
    const cells = row.split('\t');
    if (cells.length < 12 || cells[0] !== '5') continue;
    const text = cells.slice(11).join('\t').trim();
    if (text === '') continue;
    const [left, top, width, height, confidence] = cells.slice(6, 11).map(Number);
    const key = cells.slice(1, 5).join('.');
    const words = lines.get(key) ?? [];
    words.push({ text, box: { x0: left, y0: top, x1: left + width, y1: top + height }, confidence: Math.max(0, confidence) / 100 });
    lines.set(key, words);
  }
  return [...lines.values()].map((words) => ({
    text: words.map((word) => word.text).join(' '),
    words,
    confidence: Math.min(...words.map((word) => word.confidence ?? 1)),
  }));
}

/** The pool and its queue are full: come back in a moment. */
function busy(): ApiException {
  return new ApiException(503, 'ocr_busy', {}, { 'Retry-After': String(RETRY_AFTER_SECONDS) });
}

/** The OCR process ended while reading (killed for memory, crashed, shut down): nothing was stored; try again. */
function interrupted(): ApiException {
  return new ApiException(503, 'ocr_interrupted', {}, { 'Retry-After': String(RETRY_AFTER_SECONDS) });
}
