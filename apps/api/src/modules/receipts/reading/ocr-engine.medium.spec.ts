import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { AppConfig } from '../../../config/app-config.js';
import { ApiException } from '../../../common/errors/api-exception.js';
import { OcrEngine } from './ocr-engine.js';

const engine = (workers: number, queue: number, idleSeconds = 120) =>
  new OcrEngine({ env: { OCR_WORKERS: workers, OCR_QUEUE_LIMIT: queue, OCR_IDLE_SECONDS: idleSeconds } } as AppConfig);
const blank = () => sharp({ create: { width: 200, height: 80, channels: 3, background: '#ffffff' } }).png().toBuffer();

/** A refusal the client may retry: 503 with the code and a Retry-After. */
async function expectUnavailable(attempt: Promise<unknown>, code: string): Promise<void> {
  const refused = await attempt.then(
    () => null,
    (error: unknown) => error,
  );
  expect(refused).toBeInstanceOf(ApiException);
  expect((refused as ApiException).getStatus()).toBe(503);
  expect((refused as ApiException).code).toBe(code);
  expect(Number((refused as ApiException).headers['Retry-After'])).toBeGreaterThan(0);
}

/** The pool's refusal: 503 `ocr_busy` with a Retry-After. */
const expectBusy = (attempt: Promise<unknown>) => expectUnavailable(attempt, 'ocr_busy');

/** The OCR processes this test process runs now (children running ocr-process), by pid. */
function ocrProcesses(): number[] {
  const children = readdirSync('/proc/self/task').flatMap((task) => readFileSync(`/proc/self/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number));
  return children.filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('ocr-process');
    } catch {
      return false;
    }
  });
}

/** Waits for the app, not the clock: the test's own timeout bounds it. */
async function until<T>(found: () => T | undefined): Promise<T> {
  for (;;) {
    const value = found();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('OcrEngine admission', () => {
  it('takes its workers plus the queue limit and refuses the next image with 503 and Retry-After', async () => {
    const ocr = engine(1, 1);
    try {
      const image = await blank();
      // read() counts an image before its first await, so three calls in one turn meet a pool of capacity two.
      const [first, second, third] = [ocr.read(image), ocr.read(image), ocr.read(image)];
      await expectBusy(third);
      // The admitted ones are read (a blank image has no lines); afterwards the pool takes images again.
      expect(await first).toEqual([]);
      expect(await second).toEqual([]);
      expect(await ocr.read(image)).toEqual([]);
    } finally {
      await ocr.onModuleDestroy();
    }
  }, 120_000);

  it('admits receipts up to its capacity before anything is decoded, and takes one again once a place is given back', async () => {
    const ocr = engine(1, 1);
    const first = await ocr.admit();
    const second = ocr.admit();
    await expectBusy(ocr.admit());
    // Given back twice, the place counts once: the waiting one gets it, and one more may wait.
    first();
    first();
    const secondRelease = await second;
    const third = ocr.admit();
    await expect(ocr.admit()).rejects.toBeInstanceOf(ApiException);
    secondRelease();
    (await third)();
  });

  it('lets only one receipt per worker be read at a time; the others wait in line, first come first served', async () => {
    const ocr = engine(2, 3);
    const order: string[] = [];
    const take = (name: string) =>
      ocr.admit().then((release) => {
        order.push(name);
        return release;
      });
    const a = take('a');
    const b = take('b');
    const c = take('c');
    const d = take('d');
    const e = take('e');
    const [releaseA, releaseB] = await Promise.all([a, b]);
    // Two workers: c, d and e wait (their pixels are not decoded yet); a sixth is refused.
    await expect(ocr.admit()).rejects.toBeInstanceOf(ApiException);
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual(['a', 'b']);
    releaseB();
    const releaseC = await c;
    expect(order).toEqual(['a', 'b', 'c']);
    // A newcomer arriving while d and e wait does not overtake them.
    const f = take('f');
    releaseA();
    releaseC();
    const [releaseD, releaseE] = await Promise.all([d, e]);
    expect(order).toEqual(['a', 'b', 'c', 'd', 'e']);
    releaseD();
    (await f)();
    releaseE();
    expect(order).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
  });

  it('uses as many workers as OCR_WORKERS says', () => {
    expect(engine(3, 0).workers).toBe(3);
  });
});

describe.runIf(process.platform === 'linux')('OcrEngine process', () => {
  it('reads in a child process of its own, at the lowest CPU priority, which ends once idle for OCR_IDLE_SECONDS', async () => {
    const ocr = engine(1, 0, 1);
    try {
      expect(ocrProcesses()).toEqual([]);
      const reading = ocr.read(await blank());
      const [pid] = await until(() => (ocrProcesses().length > 0 ? ocrProcesses() : undefined));
      // The process lowers its own priority first thing. Field 19 of stat (after the command in parentheses) is the nice value.
      const nice = () => Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')[16]);
      await until(() => (nice() === 19 ? true : undefined));
      expect(await reading).toEqual([]);
      await until(() => (ocrProcesses().length === 0 ? true : undefined));
      // Let go, the pool starts again with the next image.
      expect(await ocr.read(await blank())).toEqual([]);
    } finally {
      await ocr.onModuleDestroy();
    }
    expect(ocrProcesses()).toEqual([]);
  }, 120_000);

  it('fails the images a killed process was reading with 503 ocr_interrupted, and reads the next one in a new process', async () => {
    const ocr = engine(2, 0);
    try {
      const image = await blank();
      const reading = [ocr.read(image), ocr.read(image)];
      const [pid] = await until(() => (ocrProcesses().length > 0 ? ocrProcesses() : undefined));
      process.kill(pid, 'SIGKILL');
      for (const attempt of reading) await expectUnavailable(attempt, 'ocr_interrupted');
      expect(await ocr.read(image)).toEqual([]);
      expect(ocrProcesses()).toHaveLength(1);
      expect(ocrProcesses()).not.toContain(pid);
    } finally {
      await ocr.onModuleDestroy();
    }
    // Shutdown ends the process.
    expect(ocrProcesses()).toEqual([]);
  }, 120_000);
});
