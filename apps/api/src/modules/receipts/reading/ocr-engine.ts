import { mkdtemp, rm, symlink } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { Scheduler } from 'tesseract.js';
import { ApiException } from '../../../common/errors/api-exception.js';
import { AppConfig } from '../../../config/app-config.js';
import type { ReceiptTextLine, ReceiptWord } from '../parser/receipt-text.js';

/** German and English, the integer-quantised "best" models: the most accurate that stay fast. */
const LANGUAGES = ['deu'] as const;
const MODEL = '4.0.0_best_int';
/** The pool is let go after this long without work: each worker holds its own model and heap. */
const IDLE_MS = 120_000;
/** How long a client is asked to wait when the pool and its queue are full. */
const RETRY_AFTER_SECONDS = 30;

const require = createRequire(import.meta.url);
/** Compiled, the thread script is a .js beside this file; under the test runner it is the .ts source (Node strips the types). */
const THREAD_FILE = fileURLToPath(new URL(import.meta.url.endsWith('.ts') ? './ocr-thread.ts' : './ocr-thread.js', import.meta.url));

type Tesseract = typeof import('tesseract.js');

/**
 * Tesseract (tesseract.js, WebAssembly in worker threads) as a pool shared by every upload: the
 * workers start with the first image, read one image each at a time, and stop when idle. The
 * language data comes from the `@tesseract.js-data/*` packages on disk; nothing is downloaded.
 */
@Injectable()
export class OcrEngine implements OnModuleDestroy {
  private scheduler: Promise<{ scheduler: Scheduler; dataDir: string }> | null = null;
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

  constructor(config: AppConfig) {
    this.workers = config.env.OCR_WORKERS;
    this.capacity = config.env.OCR_WORKERS + config.env.OCR_QUEUE_LIMIT;
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
      const { scheduler } = await this.started();
      // TSV: every word with its box and confidence in one string. The block tree (down to each
      // symbol's alternatives) would cost the event loop tens of milliseconds to receive.
      const result = await scheduler.addJob('recognize', image, {}, { tsv: true, text: false, blocks: false });
      return linesOfTsv(result.data.tsv ?? '');
    } finally {
      this.running -= 1;
      if (this.running === 0) this.idleTimer = setTimeout(() => void this.stop(), IDLE_MS).unref();
    }
  }

  async onModuleDestroy(): Promise<void> {
    await this.stop();
  }

  private started(): Promise<{ scheduler: Scheduler; dataDir: string }> {
    this.scheduler ??= this.start().catch((error: unknown) => {
      this.scheduler = null;
      throw error;
    });
    return this.scheduler;
  }

  private async start(): Promise<{ scheduler: Scheduler; dataDir: string }> {
    const tesseract = (await import('tesseract.js')) as Tesseract & { default?: Tesseract };
    const { createScheduler, createWorker, OEM, PSM } = tesseract.default ?? tesseract;
    // tesseract.js reads every language from one folder; the packages keep one each, so a private
    // folder of links joins them.
    const dataDir = await mkdtemp(join(tmpdir(), 'hinv-tessdata-'));
    for (const language of LANGUAGES) {
      const file = join(dirname(require.resolve(`@tesseract.js-data/${language}/package.json`)), MODEL, `${language}.traineddata.gz`);
      await symlink(file, join(dataDir, `${language}.traineddata.gz`));
    }
    const scheduler = createScheduler();
    try {
      const workers = await Promise.all(
        Array.from({ length: this.workers }, async () => {
          const worker = await createWorker([...LANGUAGES], OEM.LSTM_ONLY, { langPath: dataDir, cacheMethod: 'none', gzip: true, workerPath: THREAD_FILE });
          // One uniform block: a receipt line keeps its name and its amount together however wide the gap.
          await worker.setParameters({ tessedit_pageseg_mode: PSM.SINGLE_BLOCK, user_defined_dpi: '300' });
          return worker;
        }),
      );
      for (const worker of workers) scheduler.addWorker(worker);
    } catch (error) {
      await scheduler.terminate();
      await rm(dataDir, { recursive: true, force: true });
      throw error;
    }
    return { scheduler, dataDir };
  }

  private async stop(): Promise<void> {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    const pool = this.scheduler;
    if (!pool || this.running > 0) return;
    this.scheduler = null;
    const { scheduler, dataDir } = await pool.catch(() => ({ scheduler: null, dataDir: null }));
    await scheduler?.terminate();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
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
