import { describe, expect, it } from 'vitest';
import { sauvola } from './binarise.js';

const OPTIONS = { radius: 20, k: 0.2 };

/** A page of `width` × `height` filled with `paper`, with `draw` applied to it. */
function page(width: number, height: number, paper: number, draw: (pixels: Uint8Array) => void = () => undefined): Uint8Array {
  const pixels = new Uint8Array(width * height).fill(paper);
  draw(pixels);
  return pixels;
}

/** Strokes 3 px wide every 8 px in the rows 20–40 of columns `from`–`to`, of grey `ink`. */
function strokes(width: number, from: number, to: number, ink: number) {
  return (pixels: Uint8Array) => {
    for (let y = 20; y < 40; y += 1) for (let x = from; x < to; x += 1) if (x % 8 < 3) pixels[y * width + x] = ink;
  };
}

describe('sauvola binarisation', () => {
  it('keeps faint print as ink where one threshold for the page would lose it', () => {
    // Dark print on the left, faded print (grey 160 on paper 235: lighter than the page-wide threshold between ink 20 and paper) on the right.
    const width = 200;
    const pixels = page(width, 60, 235, (p) => {
      strokes(width, 10, 90, 20)(p);
      strokes(width, 110, 190, 160)(p);
    });
    const out = sauvola(pixels, width, 60, OPTIONS);
    // A stroke of the faded print is black, the paper between strokes white.
    expect(out[30 * width + 152]).toBe(0);
    expect(out[30 * width + 156]).toBe(255);
    expect(out[30 * width + 24]).toBe(0);
  });

  it('takes a flat light grey patch without print (a pale stripe, a soft shadow) for paper', () => {
    const width = 120;
    const pixels = page(width, 120, 240, (p) => {
      for (let y = 0; y < 120; y += 1) for (let x = 40; x < 120; x += 1) p[y * width + x] = 195;
    });
    const out = sauvola(pixels, width, 120, OPTIONS);
    // Inside the patch, away from its edge, all white.
    for (let y = 30; y < 90; y += 1) for (let x = 80; x < 110; x += 1) expect(out[y * width + x]).toBe(255);
  });

  it('reads print on a grey patch as ink and the patch as paper', () => {
    const width = 200;
    const pixels = page(width, 60, 150, strokes(width, 20, 180, 60));
    const out = sauvola(pixels, width, 60, OPTIONS);
    expect(out[30 * width + 96]).toBe(0);
    expect(out[30 * width + 100]).toBe(255);
    expect(out[5 * width + 100]).toBe(255);
  });

  it('reads print in a crease\'s shade (paper at 65 % of the light) as print on paper when told the page holds paper only', () => {
    // Paper 240 on the left, a crease's shaded band (paper 156, print 60) on the right.
    const width = 200;
    const pixels = page(width, 60, 240, (p) => {
      for (let y = 0; y < 60; y += 1) for (let x = 100; x < width; x += 1) p[y * width + x] = 156;
      strokes(width, 110, 190, 60)(p);
    });
    const inShade = [30 * width + 152, 30 * width + 156, 5 * width + 150];
    // As a page that may hold a dark surround beside the paper: the band is taken for no paper, all of it dark.
    expect(inShade.map((at) => sauvola(pixels, width, 60, OPTIONS)[at])).toEqual([0, 0, 0]);
    // As a sheet cut out along its outline: its shaded paper is paper.
    expect(inShade.map((at) => sauvola(pixels, width, 60, { ...OPTIONS, darkShare: 0.5 })[at])).toEqual([0, 255, 255]);
  });

  it('takes dim paper for paper beside the white fill around a page turned level', () => {
    // A tilted photo's cut turned level: white fill (a third of the page here) beside paper at
    // grey 150 with print at 40. Counted as paper, the fill would set the paper's brightness at
    // 255, and all the dim paper would be taken for no paper and kept grey.
    const width = 240;
    const pixels = page(width, 60, 150, (p) => {
      for (let y = 0; y < 60; y += 1) for (let x = 160; x < width; x += 1) p[y * width + x] = 255;
      strokes(width, 10, 150, 40)(p);
    });
    const fill = Uint8Array.from({ length: width * 60 }, (_, at) => (at % width >= 160 ? 1 : 0));
    const at = [30 * width + 96, 30 * width + 100, 5 * width + 100];
    expect(at.map((i) => sauvola(pixels, width, 60, { ...OPTIONS, fill })[i])).toEqual([0, 255, 255]);
    // Without being told, the fill counts as paper: the dim paper stays dark.
    expect(at.map((i) => sauvola(pixels, width, 60, OPTIONS)[i])).toEqual([0, 0, 0]);
  });

  it('gives only black and white, one byte per pixel, for a page not a multiple of its cells', () => {
    const out = sauvola(page(13, 7, 128, (p) => p.fill(0, 0, 20)), 13, 7, OPTIONS);
    expect(out.length).toBe(13 * 7);
    expect(out.every((value) => value === 0 || value === 255)).toBe(true);
  });

  it('leaves a dark grainy surround beside the paper solid, not specks that read as letters', () => {
    // Paper on the right half, a dark surface (grey 40–80, grain of one pixel) on the left.
    const width = 160;
    const height = 80;
    const pixels = page(width, height, 240, (p) => {
      for (let y = 0; y < height; y += 1) for (let x = 0; x < 80; x += 1) p[y * width + x] = (x * 7 + y * 13) % 5 === 0 ? 40 : 80;
    });
    const out = sauvola(pixels, width, height, OPTIONS);
    for (let y = 10; y < 70; y += 1) for (let x = 10; x < 70; x += 1) expect(out[y * width + x]).toBe(0);
    for (let y = 10; y < 70; y += 1) for (let x = 100; x < 150; x += 1) expect(out[y * width + x]).toBe(255);
  });
});
