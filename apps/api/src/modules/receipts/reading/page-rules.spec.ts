import { describe, expect, it } from 'vitest';
import { clearBars, clearEdgeBands, clearRules } from './page-rules.js';

const WIDTH = 400;
const HEIGHT = 200;
const LINE = 40;

/** A white page with `draw` applied: each callback paints ink (0) into the given rectangle. */
function page(draw: (paint: (left: number, top: number, width: number, height: number) => void) => void): Uint8Array {
  const ink = new Uint8Array(WIDTH * HEIGHT).fill(255);
  draw((left, top, width, height) => {
    for (let y = top; y < top + height; y += 1) ink.fill(0, y * WIDTH + left, y * WIDTH + left + width);
  });
  return ink;
}

/** Letters: strokes 4 px wide every 12 px, `LINE` × 0.7 high, from `left` to `right`. */
const text = (paint: (l: number, t: number, w: number, h: number) => void, top: number, left = 20, right = 380) => {
  for (let x = left; x < right; x += 12) paint(x, top, 4, Math.round(LINE * 0.7));
};

const inkIn = (ink: Uint8Array, top: number, bottom: number) => {
  let count = 0;
  for (let at = top * WIDTH; at < bottom * WIDTH; at += 1) if (ink[at] === 0) count += 1;
  return count;
};

describe('printed rules', () => {
  it('clears a dashed rule just above a line of print and keeps the print', () => {
    const ink = page((paint) => {
      // Dashes 10 px long every 16 px, 3 px thick, across most of the page; the print 8 px below.
      for (let x = 20; x < 380; x += 16) paint(x, 60, 10, 3);
      text(paint, 71);
    });
    const printed = inkIn(ink, 71, 110);
    expect(clearRules(ink, WIDTH, HEIGHT, LINE)).toBe(1);
    expect(inkIn(ink, 55, 68)).toBe(0);
    expect(inkIn(ink, 71, 110)).toBe(printed);
  });

  it('keeps lines of print, a short underline and a lone dash', () => {
    const ink = page((paint) => {
      text(paint, 20);
      // An underline under one word, and a minus sign further down.
      paint(40, 80, 60, 3);
      paint(200, 120, 14, 3);
      text(paint, 150, 20, 200);
    });
    const before = Uint8Array.from(ink);
    expect(clearRules(ink, WIDTH, HEIGHT, LINE)).toBe(0);
    expect(ink).toEqual(before);
  });

  it('clears a solid rule across the page beside a sliver of dark surface at its edge', () => {
    const ink = page((paint) => {
      paint(0, 0, 5, HEIGHT);
      paint(15, 100, 370, 2);
      text(paint, 120);
    });
    expect(clearRules(ink, WIDTH, HEIGHT, LINE)).toBe(1);
    expect(inkIn(ink, 98, 104) - 6 * 5).toBe(0);
  });
});

describe('barcodes', () => {
  it('clears the bars of a barcode and keeps the digits printed against their ends', () => {
    const ink = page((paint) => {
      // Bars 3 px wide every 7 px, rows 10–140, with missed dots; the one at 102 runs on into a digit below.
      for (let x = 60; x < 340; x += 7) paint(x, 10, 3, 130);
      // The digits: strokes of rows 140–168, one of them right under a bar.
      for (let x = 100; x < 200; x += 12) paint(x, 140, 4, 28);
    });
    for (let x = 60; x < 340; x += 14) ink[70 * WIDTH + x + 1] = 255;
    const digits = inkIn(ink, 141, 168);
    expect(clearBars(ink, WIDTH, HEIGHT, LINE)).toBeGreaterThan(30);
    expect(inkIn(ink, 10, 139)).toBe(0);
    expect(inkIn(ink, 141, 168)).toBe(digits);
  });

  it('keeps letters, however large and bold, and a rule across the page', () => {
    const ink = page((paint) => {
      text(paint, 5);
      // A word three lines high: a dozen strokes 10 px wide, 110 px long.
      for (let x = 20; x < 380; x += 30) paint(x, 40, 10, 110);
      paint(10, 170, 380, 3);
    });
    const before = Uint8Array.from(ink);
    expect(clearBars(ink, WIDTH, HEIGHT, LINE)).toBe(0);
    expect(ink).toEqual(before);
  });
});

describe('dark bands down the sides', () => {
  it('clears a band down the left side, slanting, and keeps the print beside it', () => {
    const ink = page((paint) => {
      // The band widens by a pixel every 20 rows (a page deskewed by 3°), a white wedge above it.
      for (let y = 10; y < HEIGHT; y += 1) paint(0, y, 30 + Math.floor(y / 20), 1);
      text(paint, 60, 50, 380);
    });
    const print = inkIn(page((paint) => text(paint, 60, 50, 380)), 0, HEIGHT);
    expect(clearEdgeBands(ink, WIDTH, HEIGHT, LINE)).toBe(1);
    expect(inkIn(ink, 0, HEIGHT)).toBe(print);
  });

  it('clears a band down the right side too', () => {
    const ink = page((paint) => {
      paint(WIDTH - 25, 0, 25, HEIGHT);
      text(paint, 60, 20, 360);
    });
    expect(clearEdgeBands(ink, WIDTH, HEIGHT, LINE)).toBe(1);
    expect(inkIn(ink, 0, HEIGHT)).toBe(inkIn(page((paint) => text(paint, 60, 20, 360)), 0, HEIGHT));
  });

  it('keeps print at the side and a dark block there that does not run down the page', () => {
    const ink = page((paint) => {
      text(paint, 20, 0, 380);
      text(paint, 100, 0, 380);
      // A logo at the left of the page: dark, but not down the page.
      paint(0, 140, 60, 50);
    });
    const before = inkIn(ink, 0, HEIGHT);
    expect(clearEdgeBands(ink, WIDTH, HEIGHT, LINE)).toBe(0);
    expect(inkIn(ink, 0, HEIGHT)).toBe(before);
  });
});
