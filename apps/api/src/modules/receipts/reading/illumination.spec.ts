import { describe, expect, it } from 'vitest';
import { flattenLight } from './illumination.js';

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
});
