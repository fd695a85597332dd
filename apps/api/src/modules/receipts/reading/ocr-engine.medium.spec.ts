import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { AppConfig } from '../../../config/app-config.js';
import { ApiException } from '../../../common/errors/api-exception.js';
import { OcrEngine } from './ocr-engine.js';

const engine = (workers: number, queue: number) => new OcrEngine({ env: { OCR_WORKERS: workers, OCR_QUEUE_LIMIT: queue } } as AppConfig);
const blank = () => sharp({ create: { width: 200, height: 80, channels: 3, background: '#ffffff' } }).png().toBuffer();

describe('OcrEngine admission', () => {
  it('takes its workers plus the queue limit and refuses the next image with 503 and Retry-After', async () => {
    const ocr = engine(1, 1);
    try {
      const image = await blank();
      // read() counts an image before its first await, so three calls in one turn meet a pool of capacity two.
      const [first, second, third] = [ocr.read(image), ocr.read(image), ocr.read(image)];
      const refused = await third.then(
        () => null,
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(ApiException);
      expect((refused as ApiException).getStatus()).toBe(503);
      expect((refused as ApiException).code).toBe('ocr_busy');
      expect(Number((refused as ApiException).headers['Retry-After'])).toBeGreaterThan(0);
      // The admitted ones are read (a blank image has no lines); afterwards the pool takes images again.
      expect(await first).toEqual([]);
      expect(await second).toEqual([]);
      expect(await ocr.read(image)).toEqual([]);
    } finally {
      await ocr.onModuleDestroy();
    }
  }, 120_000);

  it('admits receipts up to its capacity before anything is decoded, and takes one again once a place is given back', () => {
    const ocr = engine(1, 1);
    const first = ocr.admit();
    ocr.admit();
    let refused: unknown = null;
    try {
      ocr.admit();
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(ApiException);
    expect((refused as ApiException).code).toBe('ocr_busy');
    expect(Number((refused as ApiException).headers['Retry-After'])).toBeGreaterThan(0);
    // Given back twice, the place counts once.
    first();
    first();
    ocr.admit();
    expect(() => ocr.admit()).toThrow(ApiException);
  });

  it('uses as many workers as OCR_WORKERS says', () => {
    expect(engine(3, 0).workers).toBe(3);
  });
});
