import { describe, expect, it } from 'vitest';
import { halfTurn, pgm, quarterTurn, textSample, type PreparedPage } from './ocr-image.js';

/** A page of `width` × `height` whose pixel value is its index (mod 256), mapped to itself. */
function numbered(width: number, height: number): PreparedPage {
  return { pixels: Uint8Array.from({ length: width * height }, (_, i) => i % 256), width, height, toSource: (x, y) => [x, y] };
}

describe('ocr image', () => {
  it('writes a page as a binary PGM the OCR engine reads without decoding work', () => {
    const page = numbered(3, 2);
    const file = pgm(page);
    expect(file.subarray(0, 11).toString('latin1')).toBe('P5\n3 2\n255\n');
    expect([...file.subarray(11)]).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('turns a page by 180° and maps its points back to the source', () => {
    const turned = halfTurn(numbered(3, 2));
    expect([...turned.pixels]).toEqual([5, 4, 3, 2, 1, 0]);
    expect(turned.toSource(0, 0)).toEqual([3, 2]);
  });

  it('turns a page by 90° clockwise and maps its points back to the source', () => {
    // 0 1 2        3 0
    // 3 4 5   ->   4 1
    //              5 2
    const turned = quarterTurn(numbered(3, 2));
    expect([turned.width, turned.height]).toEqual([2, 3]);
    expect([...turned.pixels]).toEqual([3, 0, 4, 1, 5, 2]);
    // The top-right corner of the turned page was the top-left of the source.
    expect(turned.toSource(2, 0)).toEqual([0, 0]);
    // Four quarter turns are none.
    expect([...quarterTurn(quarterTurn(quarterTurn(turned))).pixels]).toEqual([...numbered(3, 2).pixels]);
  });

  it('samples three bands of rows, cut between text lines, as many the same way up or turned', () => {
    // Text lines 20 rows high every 40 rows, with ink in every other column.
    const width = 100;
    const height = 1_000;
    const pixels = new Uint8Array(width * height).fill(255);
    for (let y = 0; y < height; y += 1) if (y % 40 >= 10 && y % 40 < 30) for (let x = 10; x < 90; x += 2) pixels[y * width + x] = 0;
    const page: PreparedPage = { pixels, width, height, toSource: (x, y) => [x, y] };
    const sample = textSample(page, 100, 60);
    expect(sample.width).toBe(60);
    expect(sample.height).toBeGreaterThan(200);
    expect(sample.height).toBeLessThan(400);
    // Every band starts and ends in a gap: the first and last rows are blank.
    expect(sample.pixels.subarray(0, 60).every((value) => value === 255)).toBe(true);
    expect(sample.pixels.subarray(sample.pixels.length - 60).every((value) => value === 255)).toBe(true);
    // The turned page gives a sample of as many lines.
    expect(Math.abs(textSample(halfTurn(page), 100, 60).height - sample.height)).toBeLessThanOrEqual(40);
  });
});
