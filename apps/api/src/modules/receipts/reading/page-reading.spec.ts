import { describe, expect, it } from 'vitest';
import type { ReceiptTextLine } from '../parser/receipt-text.js';
import type { PreparedPage } from './ocr-image.js';
import { readRightWayUp } from './page-reading.js';

/** A short page (read whole, not by sample) whose first pixel tells whether it was turned by 180°. */
const SIDE = 10;
const page: PreparedPage = { pixels: Uint8Array.from({ length: SIDE * SIDE }, (_, i) => i), width: SIDE, height: SIDE, toSource: (x, y) => [x, y] };

/** `sure` words read with confidence 0.8 and as many unsure ones as bring the mean down to `mean`. */
function reading(sure: number, mean: number): ReceiptTextLine[] {
  const unsure = Math.round((sure * (0.8 - mean)) / (mean - 0.1));
  const words = [...Array.from({ length: sure }, () => ({ text: 'Milch', confidence: 0.8 })), ...Array.from({ length: unsure }, () => ({ text: 'Mlcb', confidence: 0.1 }))];
  return [{ text: 'words', words }];
}

/** A reader that reads `asItLies` from the page as given and `upsideDown` from it turned by 180°, and counts its readings. */
function reader(asItLies: ReceiptTextLine[], upsideDown: ReceiptTextLine[]) {
  const seen: string[] = [];
  const read = async (image: Buffer) => {
    const turned = image[image.length - SIDE * SIDE] !== 0;
    seen.push(turned ? 'upside down' : 'as it lies');
    return turned ? upsideDown : asItLies;
  };
  return { read, seen };
}

/**
 * A page too long to read whole before its way up is known (ink in its top half: a sample of it as
 * it lies starts dark, one of it reversed starts light), and the page prepared again from its
 * source turned (`again`, 12 wide and blank) that `upsideDown` gives.
 */
const LONG = { width: 10, height: 1_200 };
const long: PreparedPage = {
  pixels: Uint8Array.from({ length: LONG.width * LONG.height }, (_, i) => (i < (LONG.width * LONG.height) / 2 ? 0 : 200)),
  ...LONG,
  toSource: (x, y) => [x, y],
};
const again: PreparedPage = { ...long, width: 12, height: 1_000, pixels: new Uint8Array(12 * 1_000).fill(255) };

/** What a PGM handed to the reader is: told by its size and its first pixel. */
function whatIsRead(image: Buffer): string {
  const [, size] = image.toString('latin1', 0, 20).split('\n');
  const [w, h] = size.split(' ').map(Number);
  const first = image[image.length - w * h];
  if (w === again.width) return h < again.height ? 'sample prepared again' : 'prepared again';
  if (w > LONG.width) return 'sample at 90°';
  if (h === LONG.height) return first === 0 ? 'as it lies' : 'upside down';
  return first === 0 ? 'sample as it lies' : 'sample upside down';
}

/** A reader of the long page that reads what `readings` gives for each kind of image, and counts its readings. */
function longReader(readings: (what: string) => ReceiptTextLine[]) {
  const seen: string[] = [];
  const read = async (image: Buffer) => {
    const what = whatIsRead(image);
    seen.push(what);
    return readings(what);
  };
  return { read, seen };
}

describe('page reading', () => {
  it('reads a plainly readable page once, even when its confidence is middling', async () => {
    const { read, seen } = reader(reading(40, 0.5), reading(8, 0.2));
    const result = await readRightWayUp(page, read);
    expect(seen).toEqual(['as it lies']);
    expect(result.page).toBe(page);
  });

  it('reads a page once whose many sure words stand among unsure specks (a grained counter beside it)', async () => {
    const { read, seen } = reader(reading(22, 0.37), reading(5, 0.15));
    await readRightWayUp(page, read);
    expect(seen).toEqual(['as it lies']);
  });

  it('reads a poorly read page upside down too and keeps the better reading', async () => {
    const { read, seen } = reader(reading(10, 0.3), reading(40, 0.55));
    const result = await readRightWayUp(page, read);
    expect(seen).toEqual(['as it lies', 'upside down']);
    expect(result.page.pixels[0]).toBe(SIDE * SIDE - 1);
    expect(result.lines[0].words).toHaveLength(reading(40, 0.55)[0].words?.length ?? 0);
  });

  it('keeps the page as it lies when the other way reads no better', async () => {
    const { read, seen } = reader(reading(12, 0.4), reading(3, 0.2));
    const result = await readRightWayUp(page, read);
    expect(seen).toEqual(['as it lies', 'upside down']);
    expect(result.page).toBe(page);
  });

  it('reads the page prepared again from its turned source, not its pixels reversed, when it lies upside down', async () => {
    const { read, seen } = reader(reading(10, 0.3), reading(40, 0.55));
    const again: PreparedPage = { ...page, pixels: new Uint8Array(SIDE * SIDE).fill(7) };
    const result = await readRightWayUp(page, read, async () => again);
    // Its pixels reversed tell that it reads better upside down; then it is prepared again and read.
    expect(seen).toEqual(['as it lies', 'upside down', 'upside down']);
    expect(result.page).toBe(again);
  });

  it('does not prepare a poorly read page again from its turned source when its pixels reversed read no better', async () => {
    const { read, seen } = reader(reading(12, 0.4), reading(3, 0.2));
    let prepared = 0;
    const result = await readRightWayUp(page, read, async () => {
      prepared += 1;
      return { ...page, pixels: new Uint8Array(SIDE * SIDE).fill(7) };
    });
    expect(seen).toEqual(['as it lies', 'upside down']);
    expect(prepared).toBe(0);
    expect(result.page).toBe(page);
  });

  it('tells a long page upside down by samples, then reads once the page prepared again from its turned source', async () => {
    const { read, seen } = longReader((what) => (what === 'sample as it lies' ? reading(1, 0.2) : reading(40, 0.7)));
    const result = await readRightWayUp(long, read, async () => again);
    expect(seen).toEqual(['sample as it lies', 'sample upside down', 'prepared again']);
    expect(result.page).toBe(again);
  });

  it('decides on the sample of the page prepared again whether to try it at 90°, when its reversed sample read poorly', async () => {
    // Upside down, its reversed pixels read a word or so (too few to rule out 90°); prepared again, the page reads plainly.
    const { read, seen } = longReader((what) => (what === 'sample as it lies' ? reading(0, 0.2) : what === 'sample upside down' ? reading(1, 0.3) : reading(40, 0.7)));
    const result = await readRightWayUp(long, read, async () => again);
    expect(seen).toEqual(['sample as it lies', 'sample upside down', 'sample prepared again', 'prepared again']);
    expect(result.page).toBe(again);
  });

  it('lets the whole page decide when no sample is sure of its way up (faded print reads as poorly as its upside-down noise)', async () => {
    const readings: Record<string, ReceiptTextLine[]> = {
      'sample as it lies': reading(1, 0.15),
      'sample upside down': reading(1, 0.26),
      'sample prepared again': reading(3, 0.28),
      'prepared again': reading(16, 0.24),
      'as it lies': reading(80, 0.63),
    };
    const { read, seen } = longReader((what) => readings[what]);
    const result = await readRightWayUp(long, read, async () => again);
    expect(seen).toEqual(['sample as it lies', 'sample upside down', 'sample prepared again', 'prepared again', 'as it lies']);
    expect(result.page).toBe(long);
  });

  it('keeps the reversed sample for that decision when the page prepared again samples worse', async () => {
    // Two words reversed (not poor enough to try 90°); one prepared again.
    const readings: Record<string, ReceiptTextLine[]> = { 'sample as it lies': reading(0, 0.2), 'sample upside down': reading(2, 0.5), 'sample prepared again': reading(1, 0.3) };
    const { read, seen } = longReader((what) => readings[what] ?? reading(40, 0.7));
    const result = await readRightWayUp(long, read, async () => again);
    expect(seen).toEqual(['sample as it lies', 'sample upside down', 'sample prepared again', 'prepared again']);
    expect(result.page).toBe(again);
  });
});
