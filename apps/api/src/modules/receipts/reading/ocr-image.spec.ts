import { describe, expect, it } from 'vitest';
import { images } from '../../../common/images/image-library.js';
import { halfTurn, pgm, prepareForOcr, quarterTurn, notPicture, textSample, unturned, type PreparedPage, type RightAngle } from './ocr-image.js';
import { homography, mapPoint, type Quad } from './perspective.js';

/** A page of `width` × `height` whose pixel value is its index (mod 256), mapped to itself. */
function numbered(width: number, height: number): PreparedPage {
  return { pixels: Uint8Array.from({ length: width * height }, (_, i) => i % 256), width, height, toSource: (x, y) => [x, y] };
}

/**
 * A drawn phone photo: a sheet (`sheet` units) with lines of word-like blocks of print running to
 * within 30 units of its sides (printed 1.5° off them), seen at a slant on a dark table, a shadow deepening towards the
 * left (the paper there at 40 % of the light), the paper's grain and the table's texture as noise.
 */
function photographedSheet(): { data: Uint8Array; width: number; height: number; channels: 1 } {
  const width = 1_000;
  const height = 1_400;
  const sheet = { width: 500, height: 1_000 };
  const corners: Quad = [
    [160, 90],
    [830, 130],
    [870, 1_330],
    [120, 1_290],
  ];
  const toSheet = homography(corners, [
    [0, 0],
    [sheet.width, 0],
    [sheet.width, sheet.height],
    [0, sheet.height],
  ]);
  let seed = 7;
  const noise = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return (seed / 2_147_483_648 - 0.5) * 2;
  };
  const cos = Math.cos((1.5 * Math.PI) / 180);
  const sin = Math.sin((1.5 * Math.PI) / 180);
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const [u, v] = mapPoint(toSheet, x + 0.5, y + 0.5);
      const light = 0.4 + 0.6 * Math.min(1, x / (width * 0.6));
      let value = 55 + 12 * noise();
      if (u >= 0 && v >= 0 && u < sheet.width && v < sheet.height) {
        // Printed 1.5° off the paper's edges: the page is turned level by its lines after the warp.
        const [p, q] = [u * cos - v * sin, u * sin + v * cos];
        const inText = p > 30 && p < sheet.width - 30 && q > 30 && q < sheet.height - 30;
        const inLine = q % 30 < 14;
        const inWord = (p + Math.floor(q / 30) * 7) % 19 < 12;
        value = (inText && inLine && inWord ? 40 : 235) + 14 * noise();
      }
      data[y * width + x] = Math.max(0, Math.min(255, Math.round(value * light)));
    }
  }
  return { data, width, height, channels: 1 };
}

/**
 * A drawn scan of a receipt, upright: a narrow sheet on a white lid, lines of word-like blocks of
 * print of uneven lengths (no two alike, so a page turned or shifted does not match its upright
 * self), printed 1° off level, with the scanner's grain as noise.
 */
function scannedReceipt(): { data: Uint8Array; width: number; height: number; channels: 1 } {
  const width = 900;
  const height = 1_500;
  let seed = 11;
  const noise = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648 - 0.5;
  };
  const slope = Math.tan(Math.PI / 180);
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const q = y - (x - 450) * slope;
      const line = Math.floor(q / 28);
      const inLine = q % 28 < 12 && line > 2 && line < 50;
      // Words of 5–17 units with gaps of 6, shifted along each line; each line ends somewhere else.
      const p = x - 180 + ((line * 37) % 23);
      const inWord = p % (11 + ((line * 13) % 13)) < 5 + ((line * 7) % 11);
      const inText = x > 180 && x < 380 + ((line * 53) % 330);
      data[y * width + x] = Math.round((inLine && inWord && inText ? 45 : 238) + 16 * noise());
    }
  }
  return { data, width, height, channels: 1 };
}

/** A grey picture turned clockwise by a right angle (pixels moved, none resampled). */
async function turned(picture: { data: Uint8Array; width: number; height: number; channels: 1 }, angle: RightAngle) {
  const sharp = await images();
  const out = await sharp(Buffer.from(picture.data), { raw: { width: picture.width, height: picture.height, channels: 1 } })
    .rotate(angle)
    .toColourspace('b-w')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(out.data.buffer, out.data.byteOffset, out.data.length), width: out.info.width, height: out.info.height, channels: 1 as const };
}

/** The share of pixels two pages differ in by more than a grey level or two (1 when their sizes differ). */
function difference(a: PreparedPage, b: PreparedPage): number {
  if (a.width !== b.width || a.height !== b.height) return 1;
  let differing = 0;
  for (let at = 0; at < a.pixels.length; at += 1) if (Math.abs(a.pixels[at] - b.pixels[at]) > 2) differing += 1;
  return differing / a.pixels.length;
}

/** The dark specks (connected pixels below 128, fewer than `most`) in the page's columns from `left` to `right`. */
function specks(page: PreparedPage, left: number, right: number, most: number): number {
  const seen = new Uint8Array(page.width * page.height);
  let count = 0;
  for (let y = 0; y < page.height; y += 1) {
    for (let x = left; x < right; x += 1) {
      const start = y * page.width + x;
      if (seen[start] || page.pixels[start] >= 128) continue;
      const stack = [start];
      seen[start] = 1;
      let size = 0;
      while (stack.length > 0) {
        const at = stack.pop()!;
        size += 1;
        const ax = at % page.width;
        for (const next of [ax > 0 ? at - 1 : -1, ax < page.width - 1 ? at + 1 : -1, at - page.width, at + page.width]) {
          if (next < 0 || next >= seen.length || seen[next] || page.pixels[next] >= 128) continue;
          seen[next] = 1;
          stack.push(next);
        }
      }
      if (size < most) count += 1;
    }
  }
  return count;
}

/**
 * A drawn phone photo of a sheet lying straight, evenly lit, its right side 1.3° off plumb (too
 * little to be warped): the box cut around it keeps a wedge of the dark table along that side.
 */
function straightSheet(): { data: Uint8Array; width: number; height: number; channels: 1 } {
  const width = 700;
  const height = 1_000;
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y += 1) {
    const right = 550 + (20 * (y - 60)) / 880;
    for (let x = 0; x < width; x += 1) {
      let value = 50;
      if (y >= 60 && y < 940 && x >= 150 && x < right) {
        const inText = x > 175 && x < 520 && y > 90 && y < 910;
        const inLine = y % 30 < 14;
        const inWord = (x + Math.floor(y / 30) * 7) % 19 < 12;
        value = inText && inLine && inWord ? 40 : 235;
      }
      data[y * width + x] = value;
    }
  }
  return { data, width, height, channels: 1 };
}

/** The largest share of dark pixels (below 128) in any one of the page's columns from `left` to `right`. */
function darkestColumn(page: PreparedPage, left: number, right: number): number {
  let most = 0;
  for (let x = left; x < right; x += 1) {
    let dark = 0;
    for (let y = 0; y < page.height; y += 1) if (page.pixels[y * page.width + x] < 128) dark += 1;
    most = Math.max(most, dark / page.height);
  }
  return most;
}

describe('ocr image', () => {
  it('leaves no bar of table beside the print of a sheet lying a degree off plumb', async () => {
    const page = await prepareForOcr(straightSheet(), 40_000_000);
    // Beyond the print's last column: at most the paper's slanted edge crosses each column, no bar runs down it.
    expect(darkestColumn(page, Math.round(page.width * 0.9), page.width)).toBeLessThan(0.2);
  }, 60_000);

  it('prepares a photographed sheet lying on its side as it prepares it upright: its outline turns with it', async () => {
    const sheet = straightSheet();
    const upright = await prepareForOcr(sheet, 40_000_000);
    // Lines running up the picture: turned by 90° once measured, the outline found on the picture
    // as it lay turned with it, so the same wedge of table is whitened and no print.
    const onItsSide = await prepareForOcr(await turned(sheet, 270), 40_000_000);
    expect(onItsSide.turn).toBe(90);
    expect(difference(onItsSide, upright)).toBeLessThan(0.001);
  }, 60_000);

  it('prepares a sheet photographed at a slant, print near its shadowed edge, without specks along that edge', async () => {
    const page = await prepareForOcr(photographedSheet(), 40_000_000);
    // The strip beside the print on either side: paper made white, no grain left to read as characters.
    const strip = Math.round(page.width * 0.06);
    expect(specks(page, 0, strip, 40)).toBeLessThanOrEqual(3);
    expect(specks(page, page.width - strip, page.width, 40)).toBeLessThanOrEqual(3);
  }, 60_000);

  it('marks the white a turn fills the corners with and the surround whitened beside a sheet, and nothing of the sheet', async () => {
    // A cut of 100 × 300 turned by 6°: the turned canvas is 131 × 309 (scaled by 1 here).
    const fill = (await notPicture(null, { width: 100, height: 300 }, 6, 131, 309))!;
    const at = (x: number, y: number) => fill[y * 131 + x];
    // The four corners are fill; the middle is not, nor the cut near each side (its middle row
    // crosses the canvas from x 15.2 to 115.8).
    expect([at(1, 1), at(129, 1), at(1, 307), at(129, 307), at(10, 154), at(120, 154)]).toEqual([1, 1, 1, 1, 1, 1]);
    expect([at(65, 154), at(65, 4), at(65, 304), at(18, 154), at(113, 154)]).toEqual([0, 0, 0, 0, 0]);
    // About the share of the canvas the cut leaves: 1 − 100·300 / (131·309).
    const share = fill.reduce((sum, value) => sum + value, 0) / fill.length;
    expect(share).toBeGreaterThan(0.22);
    expect(share).toBeLessThan(0.28);
    // Not turned, the surround whitened on the cut (its left 20 columns), scaled by 2.
    const surround = Uint8Array.from({ length: 100 * 300 }, (_, i) => (i % 100 < 20 ? 255 : 0));
    const scaled = (await notPicture(surround, { width: 100, height: 300 }, 0, 200, 600))!;
    expect([scaled[300 * 200 + 10], scaled[300 * 200 + 38], scaled[300 * 200 + 42], scaled[300 * 200 + 190]]).toEqual([1, 1, 0, 0]);
    expect(await notPicture(null, { width: 100, height: 300 }, 0, 100, 300)).toBeNull();
  });

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

  it('prepares a receipt lying on its side (either way) or upside down as it prepares the upright one', async () => {
    const receipt = scannedReceipt();
    const upright = await prepareForOcr(receipt, 40_000_000);
    expect(upright.turn).toBe(0);
    // Lines running up the picture: turned by 90° before anything is measured, then as upright.
    const onItsSide = await prepareForOcr(await turned(receipt, 270), 40_000_000);
    expect(onItsSide.turn).toBe(90);
    expect(difference(onItsSide, upright)).toBeLessThan(0.001);
    // Lines running down it: the quarter turn leaves it upside down, which OCR tells; prepared
    // again from the picture turned by 180° more, it is the upright page.
    const otherSide = await turned(receipt, 90);
    const upsideDown = await prepareForOcr(otherSide, 40_000_000);
    expect(upsideDown.turn).toBe(90);
    expect(difference(upsideDown, upright)).toBeGreaterThan(0.01);
    const again = await prepareForOcr(otherSide, 40_000_000, { turn: 270 });
    expect(again.turn).toBe(270);
    expect(difference(again, upright)).toBeLessThan(0.001);
    // Prepared again with the small copy the first preparation decoded: the very same page.
    const reusing = await prepareForOcr(otherSide, 40_000_000, { turn: 270, probe: upsideDown.probe });
    expect([reusing.width, reusing.height]).toEqual([again.width, again.height]);
    expect(Buffer.from(reusing.pixels).equals(Buffer.from(again.pixels))).toBe(true);
    const headFirst = await prepareForOcr(await turned(receipt, 180), 40_000_000, { turn: 180 });
    expect(difference(headFirst, upright)).toBeLessThan(0.001);
    // A point of the page lies where the same point of the upright page lies, on the picture as stored.
    const [x, y] = upright.toSource(300, 500);
    const onSide = onItsSide.toSource(300, 500);
    expect(onSide[0]).toBeCloseTo(y, 0);
    expect(onSide[1]).toBeCloseTo(receipt.width - x, 0);
    const [u, v] = headFirst.toSource(300, 500);
    expect(u).toBeCloseTo(receipt.width - x, 0);
    expect(v).toBeCloseTo(receipt.height - y, 0);
  }, 60_000);

  it('maps points of a source turned by a right angle back to the upright source', () => {
    const size = { width: 30, height: 20 };
    const same = (x: number, y: number): [number, number] => [x, y];
    // The upright point (5, 2) lies at (18, 5) turned by 90°, (25, 18) by 180°, (2, 25) by 270°.
    expect(unturned(same, 90, size)(18, 5)).toEqual([5, 2]);
    expect(unturned(same, 180, size)(25, 18)).toEqual([5, 2]);
    expect(unturned(same, 270, size)(2, 25)).toEqual([5, 2]);
    expect(unturned(same, 0, size)(5, 2)).toEqual([5, 2]);
  });
});
