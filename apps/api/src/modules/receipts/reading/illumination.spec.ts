import { describe, expect, it } from 'vitest';
import { flattenLight, maxFilter } from './illumination.js';

describe('illumination', () => {
  it('lights a page evenly under a shadow across one side, keeping its print dark', () => {
    // Paper 235 with rows of print (40) every 40 px; a shadow darkens the left half down to 45 % at the edge.
    const width = 800;
    const height = 400;
    const pixels = new Uint8Array(width * height);
    const light = (x: number) => 1 - 0.55 * Math.max(0, 1 - x / 400);
    for (let y = 0; y < height; y += 1) {
      for (let x = 0; x < width; x += 1) {
        const print = y % 40 >= 10 && y % 40 < 30 && x % 12 < 6;
        pixels[y * width + x] = Math.round((print ? 40 : 235) * light(x));
      }
    }
    flattenLight(pixels, width, height, 40);
    let paperDarkest = 255;
    let printLightest = 0;
    for (let y = 0; y < height; y += 1) {
      for (let x = 0; x < width; x += 1) {
        const print = y % 40 >= 10 && y % 40 < 30 && x % 12 < 6;
        const value = pixels[y * width + x];
        if (print) printLightest = Math.max(printLightest, value);
        else paperDarkest = Math.min(paperDarkest, value);
      }
    }
    // Before: paper at the shadowed edge (106) was darker than print in the light (40)... and
    // one threshold could not split them; after, paper is near white everywhere, print far below it.
    expect(paperDarkest).toBeGreaterThanOrEqual(215);
    expect(printLightest).toBeLessThanOrEqual(80);
  });

  it('leaves an evenly lit page as it is', () => {
    const pixels = new Uint8Array(200 * 200).fill(255);
    for (let at = 0; at < pixels.length; at += 7) pixels[at] = 30;
    const before = pixels.slice();
    flattenLight(pixels, 200, 200, 40);
    expect(pixels).toEqual(before);
  });

  it('lights paper in a crease\'s shade, whose edge is sharp, as white as the paper beside it (but for a stroke\'s width along the edge), and keeps a solid dark patch dark', () => {
    // Paper 240 with print (40, strokes 4 px wide) every 40 px; columns 300–360 in a crease's shade (70 %); a logo (20) at 600–680.
    const width = 800;
    const height = 200;
    const pixels = new Uint8Array(width * height);
    const print = (x: number, y: number) => y % 40 >= 10 && y % 40 < 30 && x % 10 < 4;
    for (let y = 0; y < height; y += 1) {
      for (let x = 0; x < width; x += 1) {
        const shade = x >= 300 && x < 360 ? 0.7 : 1;
        pixels[y * width + x] = x >= 600 && x < 680 && y >= 60 && y < 140 ? 20 : Math.round((print(x, y) ? 40 : 240) * shade);
      }
    }
    flattenLight(pixels, width, height, 40);
    let paperDarkest = 255;
    for (let y = 0; y < height; y += 1) for (let x = 310; x < 350; x += 1) if (!print(x, y)) paperDarkest = Math.min(paperDarkest, pixels[y * width + x]);
    expect(paperDarkest).toBeGreaterThanOrEqual(220);
    expect(pixels[100 * width + 640]).toBeLessThanOrEqual(40);
  });

  it('finds the brightest pixel within reach, at the edges too', () => {
    const pixels = Uint8Array.from([1, 9, 2, 3, 4, 5, 6, 0, 0, 7]);
    expect([...maxFilter(pixels, 10, 1, 2)]).toEqual([9, 9, 9, 9, 6, 6, 6, 7, 7, 7]);
    expect([...maxFilter(Uint8Array.from([1, 2, 3, 4]), 1, 4, 1)]).toEqual([2, 3, 4, 4]);
  });
});
