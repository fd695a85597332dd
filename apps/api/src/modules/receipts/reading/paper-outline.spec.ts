import { describe, expect, it } from 'vitest';
import { measurePage, type GreyImage } from './page-geometry.js';
import { findPaperOutline, isUprightBox, needsWarp, unevenlyLit } from './paper-outline.js';
import { homography, mapPoint, rectifiedSize, warpQuad, type Quad } from './perspective.js';

/**
 * A drawn photo: a sheet of paper (240) with text-like lines, `sheet` wide and high, seen with its
 * corners at `corners` on a darker table (70), a shadow falling across the side `shadow` (down to
 * 1 - `depth` of the light at the picture's edge).
 */
function photo({
  width = 600,
  height = 800,
  corners,
  sheet = { width: 240, height: 640 },
  shadow = 'left' as 'left' | 'right' | 'none',
  depth = 0.55,
  tornAt = () => Infinity,
  surface = 70,
  lamp = false,
}: {
  width?: number;
  height?: number;
  corners: Quad;
  sheet?: { width: number; height: number };
  shadow?: 'left' | 'right' | 'none';
  depth?: number;
  /** Where the sheet's bottom end is torn off, by its distance across (sheet units). */
  tornAt?: (u: number) => number;
  /** The surface's brightness, and whether a lamp by the top left corner lights it all, falling off to 65 % across the picture. */
  surface?: number;
  lamp?: boolean;
}): GreyImage {
  const toSheet = homography(corners, [
    [0, 0],
    [sheet.width, 0],
    [sheet.width, sheet.height],
    [0, sheet.height],
  ]);
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const [u, v] = mapPoint(toSheet, x + 0.5, y + 0.5);
      const t = shadow === 'left' ? x / width : 1 - x / width;
      const light = (shadow === 'none' ? 1 : 1 - depth * Math.max(0, 1 - t * 2.2)) * (lamp ? 1.05 - (0.4 * Math.hypot(x, y)) / Math.hypot(width, height) : 1);
      let value = surface;
      if (u >= 0 && v >= 0 && u < sheet.width && v < Math.min(sheet.height, tornAt(u))) {
        const inText = u > 12 && u < sheet.width - 12 && v > 12 && v < Math.min(sheet.height, tornAt(u)) - 12;
        const inLine = v % 20 < 9;
        const inWord = (u + Math.floor(v / 20) * 5) % 14 < 8;
        value = inText && inLine && inWord ? 30 : 240;
      }
      data[y * width + x] = Math.round(value * light);
    }
  }
  return { width, height, data };
}

const slanted: Quad = [
  [180, 60],
  [430, 95],
  [460, 740],
  [150, 700],
];

describe('paper outline', () => {
  it('finds the corners of a sheet photographed at a slant on a table, a shadow across its side', () => {
    for (const shadow of ['left', 'right'] as const) {
      const outline = findPaperOutline(photo({ corners: slanted, shadow }));
      expect(outline).not.toBeNull();
      for (let i = 0; i < 4; i += 1) {
        expect(Math.hypot(outline![i][0] - slanted[i][0], outline![i][1] - slanted[i][1])).toBeLessThanOrEqual(5);
      }
      expect(isUprightBox(outline!)).toBe(false);
    }
  });

  it('keeps the deeply shadowed side of the sheet, where the paper is hardly brighter than the lit table', () => {
    // The sheet near the picture's left edge: paper there near 240 × 0.35 = 84, the table in the light 70.
    const nearEdge: Quad = [
      [30, 60],
      [300, 90],
      [330, 740],
      [20, 700],
    ];
    const outline = findPaperOutline(photo({ corners: nearEdge, shadow: 'left', depth: 0.7 }));
    expect(outline).not.toBeNull();
    for (let i = 0; i < 4; i += 1) {
      expect(Math.hypot(outline![i][0] - nearEdge[i][0], outline![i][1] - nearEdge[i][1])).toBeLessThanOrEqual(8);
    }
  });

  it('makes the sheet upright: warped along its outline, its text lines run level', () => {
    const picture = photo({ corners: slanted, shadow: 'none' });
    const outline = findPaperOutline(picture)!;
    const size = rectifiedSize(outline);
    const warped = warpQuad(picture, outline, size.width, size.height);
    const geometry = measurePage({ width: size.width, height: size.height, data: warped.data }, { cutOut: true });
    expect(geometry.quarterTurn).toBe(0);
    expect(Math.abs(geometry.skew)).toBeLessThanOrEqual(0.5);
    // The warped sheet is all paper: no table left along its sides to be cut away.
    expect(geometry.paper.width).toBeGreaterThanOrEqual(size.width * 0.85);
  });

  it('takes a sheet lying straight for a box, which a plain cut serves', () => {
    const straight: Quad = [
      [200, 80],
      [440, 80],
      [440, 720],
      [200, 720],
    ];
    const outline = findPaperOutline(photo({ corners: straight, shadow: 'none' }));
    expect(outline).not.toBeNull();
    expect(isUprightBox(outline!)).toBe(true);
  });

  it('warps a sheet seen at a slant from one end (its print runs along that end), not a flat one whose end is torn at a slant', () => {
    // Seen from below, the top end 5° off level, the sides plumb: the lines near the top run along it.
    const fromBelow: Quad = [
      [200, 60],
      [440, 81],
      [440, 720],
      [200, 720],
    ];
    const seen = photo({ corners: fromBelow, shadow: 'none' });
    const slantedEnd = findPaperOutline(seen);
    expect(slantedEnd).not.toBeNull();
    expect(needsWarp(seen, slantedEnd!)).toBe(true);
    // Lying flat, its bottom end torn 3° off level: its lines are level up to the tear.
    const straight: Quad = [
      [200, 80],
      [440, 80],
      [440, 720],
      [200, 720],
    ];
    const torn = photo({ corners: straight, shadow: 'none', tornAt: (u) => 600 + u * Math.tan((3 * Math.PI) / 180) });
    const tornEnd = findPaperOutline(torn);
    expect(tornEnd).not.toBeNull();
    expect(isUprightBox(tornEnd!)).toBe(false);
    expect(needsWarp(torn, tornEnd!)).toBe(false);
  });

  it('tells a shadow across the print of a sheet lying straight from even light, which a printless grey board beside the print does not make uneven', () => {
    const straight: Quad = [
      [60, 80],
      [300, 80],
      [300, 720],
      [60, 720],
    ];
    const shaded = photo({ corners: straight, shadow: 'left' });
    const outline = findPaperOutline(shaded);
    expect(outline).not.toBeNull();
    expect(needsWarp(shaded, outline!)).toBe(false);
    expect(unevenlyLit(shaded, outline!)).toBe(true);
    const even = photo({ corners: straight, shadow: 'none' });
    expect(unevenlyLit(even, findPaperOutline(even)!)).toBe(false);
    // A scan of a receipt (240, with print) on grey cardboard (175, with its grain), in a dark lid.
    const width = 600;
    const height = 800;
    const data = new Uint8Array(width * height);
    for (let y = 0; y < height; y += 1) {
      for (let x = 0; x < width; x += 1) {
        let value = 40;
        if (x >= 40 && x < 560 && y >= 30 && y < 770) value = 175 + (((x * 7 + y * 13) % 11) - 5);
        if (x >= 330 && x < 530 && y >= 50 && y < 700) {
          const inLine = y > 70 && y < 680 && y % 20 < 9;
          const inWord = x > 345 && x < 515 && (x + Math.floor(y / 20) * 5) % 14 < 8;
          value = inLine && inWord ? 30 : 240;
        }
        data[y * width + x] = value;
      }
    }
    const board: Quad = [
      [40, 30],
      [560, 30],
      [560, 770],
      [40, 770],
    ];
    expect(unevenlyLit({ width, height, data }, board)).toBe(false);
  });

  it('finds a sheet that covers a small part of the picture: a long receipt taken whole, from further away', () => {
    // About 5 % of the picture, tilted a little; its print is small, and the table around it would
    // otherwise be read as part of the page.
    const far: Quad = [
      [272, 260],
      [344, 263],
      [339, 600],
      [267, 597],
    ];
    const outline = findPaperOutline(photo({ width: 600, height: 800, corners: far, sheet: { width: 72, height: 336 }, shadow: 'none' }));
    expect(outline).not.toBeNull();
    // Within one block of the paper's grid (PAPER_BLOCK): on so small a sheet a corner block is mostly table.
    for (let i = 0; i < 4; i += 1) expect(Math.hypot(outline![i][0] - far[i][0], outline![i][1] - far[i][1])).toBeLessThanOrEqual(8);
  });

  it('finds a sheet on a light counter lit from one side, brighter by the lamp than the paper far from it', () => {
    // Paper 240 on a surface of 205: beside each other the surface is 15 % darker, but by the lamp
    // it is brighter than the paper at the far end; no one threshold parts them.
    const image = photo({ corners: slanted, shadow: 'none', surface: 205, lamp: true });
    const byLamp = image.data[10 * image.width + 10];
    const farPaper = image.data[690 * image.width + 430];
    expect(byLamp).toBeGreaterThan(farPaper);
    const outline = findPaperOutline(image);
    expect(outline).not.toBeNull();
    for (let i = 0; i < 4; i += 1) expect(Math.hypot(outline![i][0] - slanted[i][0], outline![i][1] - slanted[i][1])).toBeLessThanOrEqual(8);
  });

  it('finds a sheet on a counter only a little darker than the paper', () => {
    const outline = findPaperOutline(photo({ corners: slanted, shadow: 'none', surface: 212 }));
    expect(outline).not.toBeNull();
    for (let i = 0; i < 4; i += 1) expect(Math.hypot(outline![i][0] - slanted[i][0], outline![i][1] - slanted[i][1])).toBeLessThanOrEqual(5);
  });

  it('takes in the print of a receipt that overhangs the cardboard it lies on, where the outline fits the cardboard', () => {
    // A table (70); grey cardboard (200) on it; a receipt (240) lying on the cardboard's right half,
    // sticking out past its right edge by 40 px and ending well above its bottom, printed up to
    // 10 px from its own right edge. The largest quadrilateral in the two's outline runs from the
    // receipt's top right corner to the cardboard's bottom right one, through the receipt's print.
    const width = 600;
    const height = 800;
    const data = new Uint8Array(width * height).fill(70);
    for (let y = 0; y < height; y += 1) {
      for (let x = 0; x < width; x += 1) {
        if (x >= 60 && x < 460 && y >= 60 && y < 760) data[y * width + x] = 200;
        if (x >= 300 && x < 500 && y >= 40 && y < 600) {
          const inLine = y > 60 && y < 580 && y % 20 < 9;
          const inWord = x > 310 && x < 490 && (x + Math.floor(y / 20) * 5) % 14 < 8;
          data[y * width + x] = inLine && inWord ? 30 : 240;
        }
      }
    }
    const outline = findPaperOutline({ width, height, data });
    expect(outline).not.toBeNull();
    // The right side passes the print's last column at the print's top and bottom.
    const [, [x1, y1], [x2, y2]] = outline!;
    const rightSideAt = (y: number) => x1 + ((x2 - x1) * (y - y1)) / (y2 - y1);
    expect(rightSideAt(60)).toBeGreaterThanOrEqual(490);
    expect(rightSideAt(580)).toBeGreaterThanOrEqual(490);
  });

  it('finds no outline where nothing darker surrounds the paper', () => {
    const white = photo({ corners: [[0, 0], [600, 0], [600, 800], [0, 800]], shadow: 'none' });
    expect(findPaperOutline(white)).toBeNull();
  });
});
