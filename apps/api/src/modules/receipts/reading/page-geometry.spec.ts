import { describe, expect, it } from 'vitest';
import { findPaper, measurePage, otsu, turnClockwise, type GreyImage } from './page-geometry.js';

/**
 * A drawn page: `background` grey everywhere, a white sheet at `sheet`, and on it text-like
 * lines (rows of short dark "words" `lineHeight` high, a line gap between them), turned by
 * `degrees` clockwise about the sheet's centre when asked, or drawn running down the page.
 */
function page({ width = 600, height = 800, background = 150, sheet = { left: 350, top: 40, width: 200, height: 700 }, lineHeight = 10, degrees = 0, vertical = false } = {}): GreyImage {
  const data = new Uint8Array(width * height).fill(background);
  const cx = sheet.left + sheet.width / 2;
  const cy = sheet.top + sheet.height / 2;
  const radians = (-degrees * Math.PI) / 180;
  for (let y = sheet.top; y < sheet.top + sheet.height; y += 1) {
    for (let x = sheet.left; x < sheet.left + sheet.width; x += 1) {
      // Where this pixel was before the turn (inverse mapping), in sheet coordinates.
      const dx = x - cx;
      const dy = y - cy;
      const u = dx * Math.cos(radians) - dy * Math.sin(radians) + sheet.width / 2;
      const v = dx * Math.sin(radians) + dy * Math.cos(radians) + sheet.height / 2;
      const inText = u > 15 && u < sheet.width - 15 && v > 15 && v < sheet.height - 15;
      // Along the line and across it.
      const [along, across] = vertical ? [v, u] : [u, v];
      const line = Math.floor(across / (lineHeight * 2));
      const inLine = across % (lineHeight * 2) < lineHeight;
      // Letters: short strokes with gaps, as print looks on a small copy.
      const inWord = (along + line * 5) % 14 < 9;
      data[y * width + x] = inText && inLine && inWord ? 30 : 245;
    }
  }
  return { width, height, data };
}

/**
 * The default page on cardboard of grey `background` with a black lid (grey `lid`) over its left
 * third; `touch` may change any other pixel (x, y, its grey) and answers its new grey.
 */
function besideLid(background: number, lid: number, touch: (x: number, y: number, grey: number) => number): GreyImage {
  const image = page({ background });
  for (let y = 0; y < image.height; y += 1) {
    for (let x = 0; x < image.width; x += 1) {
      const at = y * image.width + x;
      image.data[at] = x < 200 ? lid : touch(x, y, image.data[at]);
    }
  }
  return image;
}

/**
 * A 700 × 900 page all paper grey (no surround) with a receipt's print: a column of names
 * (x 100–260) on every line and a price (x 420–470) on every fourth, in the given greys.
 */
function receiptColumns(names: number, prices: number): GreyImage {
  const width = 700;
  const height = 900;
  const data = new Uint8Array(width * height).fill(245);
  for (let y = 100; y < 700; y += 1) {
    const line = Math.floor((y - 100) / 16);
    if ((y - 100) % 16 >= 8) continue;
    for (let x = 100; x < 470; x += 1) {
      if ((x + line * 5) % 14 >= 9) continue;
      if (x < 260) data[y * width + x] = names;
      else if (x >= 420 && line % 4 === 0) data[y * width + x] = prices;
    }
  }
  return { width, height, data };
}

describe('page geometry', () => {
  it('splits a histogram where Otsu does', () => {
    const histogram = new Array<number>(256).fill(0);
    histogram[40] = 100;
    histogram[200] = 100;
    expect(otsu(histogram)).toBeGreaterThanOrEqual(40);
    expect(otsu(histogram)).toBeLessThan(200);
  });

  it('finds a receipt lying on grey cardboard beside a dark strip', () => {
    const image = page();
    for (let y = 0; y < image.height; y += 1) for (let x = 0; x < 20; x += 1) image.data[y * image.width + x] = 20;
    const paper = findPaper(image);
    expect(Math.abs(paper.left - 350)).toBeLessThanOrEqual(16);
    expect(Math.abs(paper.left + paper.width - 550)).toBeLessThanOrEqual(16);
    expect(Math.abs(paper.top - 40)).toBeLessThanOrEqual(16);
  });

  it('finds a short receipt photographed from afar, far smaller than the table around it, but not a blank reflection', () => {
    // A 1000 × 1200 picture of a mid-brown table with its grain; the receipt fills 2 % of it.
    const sheet = { left: 600, top: 300, width: 120, height: 200 };
    const image = page({ width: 1000, height: 1200, background: 110, sheet, lineHeight: 6 });
    for (let y = 0; y < image.height; y += 1) {
      for (let x = 0; x < image.width; x += 1) {
        const inSheet = x >= sheet.left && x < sheet.left + sheet.width && y >= sheet.top && y < sheet.top + sheet.height;
        if (!inSheet) image.data[y * image.width + x] = 110 + Math.round(12 * Math.sin(x / 37 + Math.sin(y / 211) * 3));
      }
    }
    const paper = findPaper(image);
    expect(Math.abs(paper.left - sheet.left)).toBeLessThanOrEqual(16);
    expect(Math.abs(paper.top - sheet.top)).toBeLessThanOrEqual(16);
    expect(paper.width * paper.height).toBeLessThan(0.05 * image.width * image.height);
    // The same bright patch without print (light reflected off the table) is no receipt.
    for (let y = sheet.top; y < sheet.top + sheet.height; y += 1) for (let x = sheet.left; x < sheet.left + sheet.width; x += 1) image.data[y * image.width + x] = 245;
    const blank = findPaper(image);
    expect(blank.width * blank.height).toBeGreaterThan(0.05 * image.width * image.height);
  });

  it('cuts a page of faint print to the receipt, its sparse column of prices too', () => {
    // Faint print: 30 grey levels under the paper, a photo's small, blurred strokes.
    const paper = findPaper(receiptColumns(215, 215));
    expect(paper.left).toBeGreaterThan(60);
    expect(paper.left).toBeLessThanOrEqual(100);
    // The prices stay on the page, and the blank paper beside them is cut away.
    expect(paper.left + paper.width).toBeGreaterThanOrEqual(470);
    expect(paper.left + paper.width).toBeLessThan(520);
  });

  it("keeps a receipt's faint column of prices beside its darker names", () => {
    // Names printed darker than the usual cut needs, the prices fainter.
    const paper = findPaper(receiptColumns(170, 210));
    expect(paper.left + paper.width).toBeGreaterThanOrEqual(470);
    expect(paper.left + paper.width).toBeLessThan(520);
  });

  it('keeps the shadowed half of a sheet already cut out along its outline, where its print goes on', () => {
    // The sheet fills the picture; a shadow darkens its left half to 55 %.
    const image = page({ width: 400, height: 800, background: 245, sheet: { left: 0, top: 0, width: 400, height: 800 } });
    for (let y = 0; y < image.height; y += 1) for (let x = 0; x < 200; x += 1) image.data[y * image.width + x] = Math.round(image.data[y * image.width + x] * 0.55);
    const paper = findPaper(image, { cutOut: true });
    expect(paper.left).toBeLessThanOrEqual(20);
    expect(paper.left + paper.width).toBeGreaterThanOrEqual(380);
    // Taken for a photo with its surround, the darker half was cut away.
    expect(findPaper(image).left).toBeGreaterThanOrEqual(150);
  });

  it('cuts away light grey cardboard beside a receipt (a weak step, but no print on it) on a black lid', () => {
    // Cardboard of grey 200 with a grain of darker specks, a black lid over the left third; the paper at 245.
    const image = besideLid(200, 30, (x, y, grey) => (grey === 200 && (x * 31 + y * 17) % 23 === 0 ? 170 : grey));
    const paper = findPaper(image);
    expect(Math.abs(paper.left - 350)).toBeLessThanOrEqual(16);
    expect(Math.abs(paper.left + paper.width - 550)).toBeLessThanOrEqual(16);
  });

  it('keeps the part of a receipt on grey cardboard that lies in a shadow falling off gradually', () => {
    // Cardboard of grey 150 beside a black lid; the paper at 245, its left 100 px in a shadow that
    // falls off gradually to 0.7 at its edge (paper 171, print with it).
    const image = besideLid(150, 20, (x, y, grey) => (x >= 350 && x < 450 && y >= 40 && y < 740 ? Math.round(grey * (0.7 + (0.3 * (x - 350)) / 100)) : grey));
    const paper = findPaper(image);
    expect(Math.abs(paper.left - 350)).toBeLessThanOrEqual(16);
    expect(Math.abs(paper.left + paper.width - 550)).toBeLessThanOrEqual(16);
  });

  it('keeps the shadowed side of a photographed receipt (a weak step with print on both sides)', () => {
    // A sheet on a dark table, its left 120 px in a shadow (paper and print a fifth darker).
    const image = page({ background: 40, sheet: { left: 100, top: 40, width: 400, height: 700 } });
    for (let y = 40; y < 740; y += 1) for (let x = 100; x < 220; x += 1) image.data[y * image.width + x] *= 0.8;
    const paper = findPaper(image);
    expect(paper.left).toBeLessThanOrEqual(115);
    expect(paper.left + paper.width).toBeGreaterThanOrEqual(485);
  });

  it('keeps both sides of a receipt lying in the shade of its folds, darker than the cardboard under it', () => {
    // Cardboard of grey 170 beside a black lid; the paper at 245, its outer 45 px on either side in
    // a crease's sharp-edged shade (paper 147, print with it): only its middle stands out as paper.
    const image = besideLid(170, 20, (x, y, grey) => (y >= 40 && y < 740 && ((x >= 350 && x < 395) || (x >= 505 && x < 550)) ? Math.round(grey * 0.6) : grey));
    const paper = findPaper(image);
    expect(paper.left).toBeLessThanOrEqual(365);
    expect(paper.left + paper.width).toBeGreaterThanOrEqual(535);
    expect(paper.left).toBeGreaterThan(200);
  });

  it('cuts a receipt on a white lid to its print', () => {
    const paper = findPaper(page({ background: 245 }));
    expect(paper.left).toBeGreaterThan(300);
    expect(paper.width).toBeLessThan(260);
  });

  it('keeps a price column that stands far from the names (the heavier column)', () => {
    // A receipt on a white lid: names from 15 to 175 px into the sheet, amounts 140 px further right.
    const image = page({ background: 245, sheet: { left: 100, top: 40, width: 400, height: 700 } });
    const sheetX = (x: number) => x - 100;
    for (let y = 0; y < image.height; y += 1) {
      for (let x = 100; x < 500; x += 1) if (sheetX(x) > 175 && sheetX(x) < 315) image.data[y * image.width + x] = 245;
    }
    const paper = findPaper(image);
    expect(paper.left).toBeLessThanOrEqual(115);
    expect(paper.left + paper.width).toBeGreaterThanOrEqual(485);
  });

  it('leaves out specks along a scanned page edge beside the receipt', () => {
    const image = page({ background: 245 });
    // Dust in short dashes down a strip 100 px left of the print: no lines of text.
    for (let y = 0; y < image.height; y += 1) for (let x = 250; x < 253; x += 1) if (y % 7 < 2) image.data[y * image.width + x] = 40;
    const paper = findPaper(image);
    expect(paper.left).toBeGreaterThan(300);
  });

  it('measures level lines, their height, and no quarter turn', () => {
    const geometry = measurePage(page());
    expect(geometry.quarterTurn).toBe(0);
    expect(Math.abs(geometry.skew)).toBeLessThanOrEqual(0.5);
    expect(geometry.lineHeight).toBeGreaterThanOrEqual(8);
    expect(geometry.lineHeight).toBeLessThanOrEqual(13);
  });

  it('sees lines running down the page (a scan lying at 90°), and measures it turned upright on the way', () => {
    const image = page({ sheet: { left: 100, top: 300, width: 450, height: 200 }, vertical: true });
    const geometry = measurePage(image);
    expect(geometry.quarterTurn).toBe(90);
    // What measuring the picture turned by 90° gives, without measuring it again.
    expect(geometry.upright?.probe).toEqual(turnClockwise(image));
    expect(geometry.upright?.geometry).toEqual(measurePage(turnClockwise(image)));
    expect(geometry.upright?.geometry.quarterTurn).toBe(0);
  });

  it('cuts a receipt lying at 90° on a white lid to its print, as it would the upright one', () => {
    // Lines running down the page; dust in short dashes along the page's top edge, 60 px above the print.
    const image = page({ background: 245, sheet: { left: 100, top: 300, width: 450, height: 200 }, vertical: true });
    for (let x = 0; x < image.width; x += 1) for (let y = 250; y < 253; y += 1) if (x % 7 < 2) image.data[y * image.width + x] = 40;
    const geometry = measurePage(image);
    expect(geometry.quarterTurn).toBe(90);
    expect(geometry.paper.top).toBeGreaterThan(270);
    expect(geometry.paper.top + geometry.paper.height).toBeLessThan(530);
  });

  it('measures the skew of slanted lines', () => {
    expect(measurePage(page({ degrees: 3 })).skew).toBeCloseTo(-3, 0);
    expect(measurePage(page({ degrees: -4 })).skew).toBeCloseTo(4, 0);
  });
});
