import { describe, expect, it } from 'vitest';
import { images } from '../../../common/images/image-library.js';
import { stretchContrast } from './contrast.js';

/** A small deterministic random source, so every run draws the same pages. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    return state / 4_294_967_296;
  };
}

/** The page as sharp's `normalise` stretches it. */
async function normalised(pixels: Uint8Array, width: number, height: number): Promise<Uint8Array> {
  const sharp = await images();
  return new Uint8Array(await sharp(pixels, { raw: { width, height, channels: 1 } }).normalise().toColourspace('b-w').raw().toBuffer());
}

async function expectAsNormalise(pixels: Uint8Array, width: number, height: number) {
  const expected = await normalised(pixels, width, height);
  const stretched = pixels.slice();
  await stretchContrast(stretched, width, height);
  // Compared as one string: a mismatch reports where, not a diff of a million numbers.
  const first = stretched.findIndex((value, at) => value !== expected[at]);
  expect(first === -1 ? 'same' : `pixel ${first}: grey ${pixels[first]} gave ${stretched[first]}, normalise ${expected[first]}`).toBe('same');
}

/** A receipt-like page: paper of about `paper`, lines of print, speckle and a white border (the turn's corners). */
function receiptPage(width: number, height: number, paper: number, ink: number, next: () => number): Uint8Array {
  const pixels = new Uint8Array(width * height);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const border = x < 12 || x >= width - 12;
      const print = y % 40 > 10 && y % 40 < 34 && x % 9 < 3 && next() < 0.7;
      const grain = Math.round((next() - 0.5) * 14);
      pixels[y * width + x] = border ? 255 : Math.max(0, Math.min(255, (print ? ink : paper) + grain));
    }
  }
  return pixels;
}

describe('contrast stretch', () => {
  it('gives the pixels sharp normalise gives, on pages of every grey range and size', async () => {
    const next = random(7);
    for (let page = 0; page < 120; page += 1) {
      const width = 1 + Math.floor(next() * 300);
      const height = 1 + Math.floor(next() * 200);
      const darkest = Math.floor(next() * 256);
      const span = 1 + Math.floor(next() * (256 - darkest));
      const skew = next() * 4;
      const pixels = Uint8Array.from({ length: width * height }, () => darkest + Math.floor(next() ** skew * span));
      await expectAsNormalise(pixels, width, height);
    }
  }, 120_000);

  it('gives the pixels sharp normalise gives on receipt pages: white paper, grey paper, faded print', async () => {
    const next = random(11);
    await expectAsNormalise(receiptPage(1_000, 3_000, 235, 40, next), 1_000, 3_000);
    await expectAsNormalise(receiptPage(900, 2_400, 190, 120, next), 900, 2_400);
    await expectAsNormalise(receiptPage(1_200, 1_000, 215, 170, next), 1_200, 1_000);
  }, 120_000);

  it('gives the pixels sharp normalise gives where its 99th percentile lies beyond white', async () => {
    // 97 pixels with white among them: libvips' sum scaled in floats falls short of the last bin.
    const next = random(3);
    const pixels = Uint8Array.from({ length: 97 }, (_, at) => (at < 10 ? 255 : 60 + Math.floor(next() * 120)));
    await expectAsNormalise(pixels, 97, 1);
    // And a receipt page of such a size: 171 × 1,001.
    await expectAsNormalise(receiptPage(171, 1_001, 220, 50, next), 171, 1_001);
  }, 60_000);

  it('stretches a dim sheet to white paper, the fill around it left out of the percentiles', async () => {
    // Paper at 150 with print at 40, and a fifth of the page the turn's white fill.
    const width = 200;
    const height = 100;
    const fill = Uint8Array.from({ length: width * height }, (_, at) => (at % width >= 160 ? 1 : 0));
    const pixels = Uint8Array.from({ length: width * height }, (_, at) => (fill[at] ? 255 : at % 7 === 0 ? 40 : 150));
    const asNormalise = pixels.slice();
    await stretchContrast(asNormalise, width, height);
    expect(asNormalise[1]).toBeLessThan(160);
    const stretched = pixels.slice();
    await stretchContrast(stretched, width, height, fill);
    expect(stretched[0]).toBeLessThan(5);
    expect(stretched[1]).toBeGreaterThan(240);
  });

  it('leaves a page of one grey as it is, as normalise does', async () => {
    await expectAsNormalise(new Uint8Array(500).fill(200), 50, 10);
    await expectAsNormalise(new Uint8Array(500).fill(255), 25, 20);
  });
});
