// Renders a receipt model three ways: a PDF with a real text layer (pdfkit), a clean PNG of the
// same rows (an SVG rasterised by sharp) and a "phone photo" of that PNG (rotated, skewed,
// blurred, unevenly lit, noisy, JPEG q70). Positions are in points; the PNG is 3 px per point.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { random } from './layouts.mjs';

const ROOT = resolve(import.meta.dirname, '../..');
// pdfkit is a dependency of the bench package, sharp one of the API: resolved from there.
const PDFDocument = createRequire(join(ROOT, 'bench/package.json'))('pdfkit');
const sharp = createRequire(join(ROOT, 'apps/api/package.json'))('sharp');

const DEJAVU = '/usr/share/fonts/truetype/dejavu';
const FONTS = {
  Courier: { regular: 'Courier', bold: 'Courier-Bold', svg: "'DejaVu Sans Mono', monospace", mono: true },
  Helvetica: { regular: 'Helvetica', bold: 'Helvetica-Bold', svg: "'DejaVu Sans', sans-serif", svgScale: 0.92 },
  'Times-Roman': { regular: 'Times-Roman', bold: 'Times-Bold', svg: "'DejaVu Serif', serif", svgScale: 0.9 },
  DejaVuMono: { file: 'DejaVuSansMono.ttf', boldFile: 'DejaVuSansMono-Bold.ttf', fallback: 'Courier', svg: "'DejaVu Sans Mono', monospace", mono: true },
  DejaVuSans: { file: 'DejaVuSans.ttf', boldFile: 'DejaVuSans-Bold.ttf', fallback: 'Helvetica', svg: "'DejaVu Sans', sans-serif" },
  DejaVuSerif: { file: 'DejaVuSerif.ttf', boldFile: 'DejaVuSerif-Bold.ttf', fallback: 'Times-Roman', svg: "'DejaVu Serif', serif" },
};
const MARGIN = 10;
const SCALE = 3;

/** Page geometry and every text run with its position, shared by the PDF and the PNG. */
export function place(model) {
  const font = FONTS[model.font];
  const size = font.mono ? 8 : 8.5;
  const contentWidth = model.widthChars ? model.widthChars * 0.6 * size : model.widthPt - 2 * MARGIN;
  const runs = [];
  let y = MARGIN;
  for (const row of model.rows) {
    let rowSize = size * (row.size ?? 1);
    // A heading wider than the paper is printed smaller, as tills do, never past the edge.
    if (row.cells.length === 1) rowSize = Math.min(rowSize, contentWidth / Math.max(1, row.cells[0].text.length * (font.mono ? 0.6 : 0.62)));
    y += rowSize * 1.3;
    for (const cell of row.cells) runs.push({ text: cell.text, x: MARGIN + cell.x * contentWidth, align: cell.align ?? 'left', baseline: y, size: rowSize, bold: Boolean(row.bold) });
  }
  return { width: contentWidth + 2 * MARGIN, height: y + MARGIN * 2, runs, font };
}

export async function renderPdf(model) {
  const { width, height, runs, font } = place(model);
  const doc = new PDFDocument({ size: [width, height], margin: 0, compress: true, info: { Title: model.id, CreationDate: new Date(0) } });
  const haveFile = font.file && existsSync(join(DEJAVU, font.file));
  if (haveFile) {
    doc.registerFont('regular', join(DEJAVU, font.file));
    doc.registerFont('bold', join(DEJAVU, font.boldFile));
  }
  const fontName = (bold) => (haveFile ? (bold ? 'bold' : 'regular') : bold ? FONTS[font.fallback ?? model.font].bold ?? font.bold : FONTS[font.fallback ?? model.font].regular ?? font.regular);
  const chunks = [];
  doc.on('data', (c) => chunks.push(c));
  const done = new Promise((r) => doc.on('end', r));
  for (const run of runs) {
    if (run.text === '') continue;
    doc.font(fontName(run.bold)).fontSize(run.size);
    const w = doc.widthOfString(run.text);
    const x = run.align === 'right' ? run.x - w : run.align === 'center' ? run.x - w / 2 : run.x;
    // pdfkit places text by its top; the ascender puts the baseline where the rows expect it.
    doc.text(run.text, Math.max(1, x), run.baseline - run.size * 0.8, { lineBreak: false, width: 10_000 });
  }
  doc.end();
  await done;
  return Buffer.concat(chunks);
}

const escapeXml = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export async function renderPng(model) {
  const { width, height, runs, font } = place(model);
  const scale = font.svgScale ?? 1;
  const texts = runs
    .filter((run) => run.text !== '')
    .map((run) => {
      const anchor = run.align === 'right' ? 'end' : run.align === 'center' ? 'middle' : 'start';
      return `<text x="${(run.x * SCALE).toFixed(1)}" y="${(run.baseline * SCALE).toFixed(1)}" font-size="${(run.size * SCALE * scale).toFixed(1)}" text-anchor="${anchor}"${run.bold ? ' font-weight="bold"' : ''}>${escapeXml(run.text)}</text>`;
    })
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" xml:space="preserve" width="${Math.round(width * SCALE)}" height="${Math.round(height * SCALE)}"><rect width="100%" height="100%" fill="#fff"/><g font-family="${font.svg}" fill="#111">${texts}</g></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A phone photo of the printed receipt: on a table, turned ±3°, skewed, blurred, lit from one side, noisy, JPEG q70. */
export async function renderPhoto(png, seed) {
  const r = random(seed ^ 0x9e3779b9);
  const table = { r: 120 + r.int(-20, 20), g: 110 + r.int(-20, 20), b: 95 + r.int(-20, 20), alpha: 1 };
  const angle = (r.next() * 2 - 1) * 3;
  const shear = (r.next() * 2 - 1) * 0.03;
  const stretch = 1 + (r.next() * 2 - 1) * 0.02;
  const turned = await sharp(png)
    .extend({ top: 60, bottom: 60, left: 60, right: 60, background: table })
    .affine([[stretch, shear], [shear / 2, 1]], { background: table, interpolator: 'bilinear' })
    .rotate(angle, { background: table })
    .blur(0.6 + r.next() * 0.8)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = turned.info;
  const cx = Math.round(width * r.next());
  const cy = Math.round(height * r.next());
  const light = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><radialGradient id="l" cx="${cx}" cy="${cy}" r="${Math.max(width, height)}" gradientUnits="userSpaceOnUse"><stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="#8a8a8a"/></radialGradient></defs><rect width="100%" height="100%" fill="url(#l)"/></svg>`,
  );
  const noise = Buffer.alloc(width * height);
  for (let i = 0; i < noise.length; i += 1) noise[i] = 128 + Math.round((r.next() + r.next() - 1) * 40);
  const noiseLayer = await sharp(noise, { raw: { width, height, channels: 1 } }).toColourspace('srgb').png().toBuffer();
  return sharp(turned.data, { raw: turned.info })
    .composite([
      { input: light, blend: 'multiply' },
      { input: noiseLayer, blend: 'soft-light' },
    ])
    .jpeg({ quality: 70 })
    .toBuffer();
}
