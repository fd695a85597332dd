/**
 * The OCR process: a child of the server (see OcrEngine) that holds the tesseract.js pool, its
 * worker threads, their WebAssembly heaps and models. It ends when the server lets the pool go,
 * and everything it held goes back to the system with it; the server's own heap never carries
 * what reading left behind. Self-contained on purpose: it runs as a script (compiled, or
 * type-stripped by Node in tests) and imports nothing from the app.
 *
 *   argv: <language data folder> <worker count> <languages, comma-separated>
 *   in:  { id, image }            an image (PGM, PNG, JPEG bytes) to read
 *   out: { id, tsv } | { id, failed: true }
 */
import { createRequire } from 'node:module';
import { setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { Scheduler } from 'tesseract.js';

export type OcrRequest = { id: number; image: Uint8Array };
export type OcrReply = { id: number; tsv: string } | { id: number; failed: true };

/** Compiled, the thread script is a .js beside this file; under the test runner it is the .ts source (Node strips the types). */
const THREAD_FILE = fileURLToPath(new URL(import.meta.url.endsWith('.ts') ? './ocr-thread.ts' : './ocr-thread.js', import.meta.url));

type Tesseract = typeof import('tesseract.js');

async function startPool(dataDir: string, workers: number, languages: string[]): Promise<Scheduler> {
  // tesseract.js is CommonJS: loaded by require, so the compiled and the type-stripped script load it alike.
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
  const pool = startPool(dataDir, Number(workers), languages.split(','));
  // A pool that does not start fails every image; the server sees it and starts afresh next time.
  pool.catch(() => process.exit(1));
  process.on('message', (request: OcrRequest) => {
    pool
      .then((scheduler) =>
        // TSV: every word with its box and confidence in one string. The block tree (down to each
        // symbol's alternatives) would cost the server's event loop tens of milliseconds to receive.
        scheduler.addJob('recognize', Buffer.from(request.image.buffer, request.image.byteOffset, request.image.byteLength), {}, { tsv: true, text: false, blocks: false }),
      )
      .then(
        (result) => send({ id: request.id, tsv: result.data.tsv ?? '' } satisfies OcrReply),
        () => send({ id: request.id, failed: true } satisfies OcrReply),
      );
  });
  // The server went away (ended, crashed or let the pool go): nothing is left to read for.
  process.on('disconnect', () => process.exit(0));
}

main();
