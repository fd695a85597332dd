import { describe, expect, it } from 'vitest';
import { dewarp } from './dewarp.js';

const WIDTH = 600;
const HEIGHT = 800;
const LINE = 40;

/**
 * A receipt-like page: a text line every 40 px, 20 px high, in two columns (names on the left,
 * prices on the right, a blank gap between), its strokes 3 px wide; each column of pixels moved
 * down by `wave(x)`.
 */
function page(wave: (x: number) => number): Uint8Array {
  const pixels = new Uint8Array(WIDTH * HEIGHT).fill(255);
  for (let x = 0; x < WIDTH; x += 1) {
    const inColumn = (x >= 20 && x < 300) || (x >= 440 && x < 580);
    if (!inColumn || x % 6 >= 3) continue;
    for (let line = 1; line * LINE + 20 < HEIGHT - 20; line += 1) {
      // Lines of different lengths on the left, as names are.
      if (x < 300 && x > 120 + ((line * 53) % 180)) continue;
      for (let y = line * LINE; y < line * LINE + 20; y += 1) {
        const to = Math.round(y + wave(x));
        if (to >= 0 && to < HEIGHT) pixels[to * WIDTH + x] = 0;
      }
    }
  }
  return pixels;
}

/** The top row of the first stroke in column `x` that starts at or below row `from`. */
function firstInk(pixels: Uint8Array, x: number, from: number): number {
  for (let y = Math.max(1, from); y < HEIGHT; y += 1) if (pixels[y * WIDTH + x] === 0 && pixels[(y - 1) * WIDTH + x] !== 0) return y;
  return -1;
}

describe('dewarp', () => {
  it('leaves a flat page alone', () => {
    expect(dewarp(page(() => 0), WIDTH, HEIGHT, LINE)).toBeNull();
  });

  it('brings a line that waves across the page  (by 16 px, 0.4 of a line height) back to one height, names and prices alike', () => {
    const wave = (x: number) => 8 * Math.sin((2 * Math.PI * x) / 500);
    const wavy = page(wave);
    // Before: the same line starts 11 px apart at x = 96 and x = 462.
    expect(Math.abs(firstInk(wavy, 96, 300) - firstInk(wavy, 462, 300))).toBeGreaterThan(10);
    const straight = dewarp(wavy, WIDTH, HEIGHT, LINE);
    expect(straight).not.toBeNull();
    const tops = [24, 60, 96, 444, 480, 516, 570].map((x) => firstInk(straight!.pixels, x, 300));
    expect(Math.max(...tops) - Math.min(...tops)).toBeLessThanOrEqual(3);
    // The shift says where each pixel came from: 8 px further down at the crest than where the wave crosses zero.
    expect(Math.abs(straight!.shiftAt(126, 400) - straight!.shiftAt(498, 400) - 8)).toBeLessThan(3);
  });

  it('follows names that slope by more than a line height (a lifted corner) back to the level of their prices', () => {
    // The names' column falls by 0.15 px per pixel towards its left edge: 42 px at x = 20, more
    // than the 40 px from one line to the next; the prices stay level.
    const slope = (x: number) => (x < 300 ? 0.15 * (300 - x) : 0);
    const straight = dewarp(page(slope), WIDTH, HEIGHT, LINE);
    expect(straight).not.toBeNull();
    // Each name's start came from 42 px further down, not from the line above it (2 px up), which
    // lies there too: the slope is followed from strip to strip.
    expect(Math.abs(straight!.shiftAt(24, 400) - straight!.shiftAt(480, 400) - 42)).toBeLessThan(5);
    expect(Math.abs(straight!.shiftAt(160, 400) - straight!.shiftAt(480, 400) - 21)).toBeLessThan(5);
    const tops = [24, 60, 96, 444, 480, 516].map((x) => firstInk(straight!.pixels, x, 300));
    expect(Math.max(...tops) - Math.min(...tops)).toBeLessThanOrEqual(4);
  });
});
