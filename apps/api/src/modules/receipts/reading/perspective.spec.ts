import { describe, expect, it } from 'vitest';
import { homography, mapPoint, rectifiedSize, shareOutside, warpQuad, whitenOutside, type Quad } from './perspective.js';

const square: Quad = [
  [0, 0],
  [100, 0],
  [100, 200],
  [0, 200],
];

describe('perspective', () => {
  it('solves the homography that takes four corners to four others', () => {
    const slanted: Quad = [
      [12, 30],
      [95, 8],
      [110, 190],
      [5, 170],
    ];
    const h = homography(square, slanted);
    for (let i = 0; i < 4; i += 1) {
      const [x, y] = mapPoint(h, ...square[i]);
      expect(x).toBeCloseTo(slanted[i][0], 6);
      expect(y).toBeCloseTo(slanted[i][1], 6);
    }
  });

  it('sizes the upright rectangle by the mean length of opposite sides', () => {
    expect(rectifiedSize(square)).toEqual({ width: 100, height: 200 });
  });

  it('warps a slanted dark quadrilateral of a picture to a rectangle that it fills', () => {
    // A picture of 300 × 300 grey 200 with a dark quadrilateral (ink 0) drawn into it through the
    // homography from a 60 × 90 rectangle; warped back, the rectangle is dark all over.
    const width = 300;
    const height = 300;
    const quad: Quad = [
      [40, 60],
      [250, 30],
      [270, 280],
      [20, 250],
    ];
    const toRect = homography(quad, [
      [0, 0],
      [60, 0],
      [60, 90],
      [0, 90],
    ]);
    const data = new Uint8Array(width * height).fill(200);
    for (let y = 0; y < height; y += 1) {
      for (let x = 0; x < width; x += 1) {
        const [u, v] = mapPoint(toRect, x + 0.5, y + 0.5);
        // The rectangle's left half dark, its right half light: which side went where is seen too.
        if (u >= 0 && u < 60 && v >= 0 && v < 90) data[y * width + x] = u < 30 ? 0 : 255;
      }
    }
    const { data: out, toSource } = warpQuad({ width, height, data }, quad, 60, 90);
    let wrong = 0;
    for (let y = 2; y < 88; y += 1) {
      for (let x = 2; x < 58; x += 1) {
        if (Math.abs(x - 30) < 2) continue;
        const want = x < 30 ? 0 : 255;
        if (Math.abs(out[y * 60 + x] - want) > 60) wrong += 1;
      }
    }
    expect(wrong).toBe(0);
    // And its corners map back onto the picture's quadrilateral.
    const [x, y] = mapPoint(toSource, 60, 90);
    expect(x).toBeCloseTo(270, 6);
    expect(y).toBeCloseTo(280, 6);
  });
  it('whitens what lies outside a quadrilateral, beyond a margin, and keeps what lies inside', () => {
    const width = 100;
    const height = 200;
    const pixels = new Uint8Array(width * height);
    // The right side leaves plumb: x = 80 at the top, 96 at the bottom.
    const quad: Quad = [
      [10, 0],
      [80, 0],
      [96, 200],
      [10, 200],
    ];
    // The wedge beside the right side and the strip left of x = 10 (less the margin), of 100 × 200.
    const share = shareOutside(width, height, quad, 2);
    expect(share).toBeGreaterThan(0.14);
    expect(share).toBeLessThan(0.2);
    expect(whitenOutside(pixels, width, height, quad, 2)).toBe(Math.round(share * width * height));
    const at = (x: number, y: number) => pixels[y * width + x];
    expect(at(5, 100)).toBe(255);
    expect(at(12, 100)).toBe(0);
    expect(at(86, 100)).toBe(0);
    expect(at(92, 100)).toBe(255);
    expect(at(84, 10)).toBe(255);
    expect(at(95, 195)).toBe(0);
    expect(at(99, 195)).toBe(255);
  });
});
