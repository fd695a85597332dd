#!/usr/bin/env node
/**
 * Draws the app icons (a storage jar on a teal tile) and writes them to public/ as PNG and SVG.
 * The build machine has no image tools and must not fetch any, so the PNG encoder is hand-written
 * on top of node:zlib. The output is committed; run `node scripts/make-icons.mjs` after changing
 * the artwork here.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const publicDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'public');

const COLOURS = {
  tile: [15, 118, 110], // teal, the manifest's theme_color
  jar: [247, 245, 240], // off-white, the light theme's background
  accent: [245, 158, 11], // amber lid and label
};

/**
 * The artwork in unit coordinates (0..1, y down), painted in order. Rounded rectangles only, so
 * the PNG rasteriser and the SVG favicon draw exactly the same shapes.
 */
const JAR = [
  { colour: 'jar', x: 0.27, y: 0.33, w: 0.46, h: 0.47, r: 0.08 },
  { colour: 'accent', x: 0.27, y: 0.48, w: 0.46, h: 0.14, r: 0 },
  { colour: 'accent', x: 0.33, y: 0.21, w: 0.34, h: 0.1, r: 0.03 },
];

/**
 * `any` icons are a rounded tile with transparent corners. Maskable and Apple icons must be
 * opaque to the edge (the platform cuts its own shape) and keep the artwork inside the central
 * safe zone, hence the full-bleed tile and the smaller jar.
 */
const VARIANTS = [
  { file: 'icons/icon-192.png', size: 192, tileRadius: 0.22, jarScale: 1 },
  { file: 'icons/icon-512.png', size: 512, tileRadius: 0.22, jarScale: 1 },
  { file: 'icons/icon-maskable-512.png', size: 512, tileRadius: 0, jarScale: 0.78 },
  { file: 'icons/apple-touch-icon-180.png', size: 180, tileRadius: 0, jarScale: 0.9 },
];

/** Anti-aliasing: each pixel averages SAMPLES x SAMPLES points. */
const SAMPLES = 4;

function insideRoundedRect(px, py, { x, y, w, h, r }) {
  const dx = Math.max(Math.abs(px - (x + w / 2)) - (w / 2 - r), 0);
  const dy = Math.max(Math.abs(py - (y + h / 2)) - (h / 2 - r), 0);
  const inBox = Math.abs(px - (x + w / 2)) <= w / 2 && Math.abs(py - (y + h / 2)) <= h / 2;
  return inBox && dx * dx + dy * dy <= r * r;
}

function scaleAboutCentre(shape, factor) {
  const scale = (v) => 0.5 + (v - 0.5) * factor;
  return { ...shape, x: scale(shape.x), y: scale(shape.y), w: shape.w * factor, h: shape.h * factor, r: shape.r * factor };
}

function layersFor({ tileRadius, jarScale }) {
  const tile = { colour: 'tile', x: 0, y: 0, w: 1, h: 1, r: tileRadius };
  return [tile, ...JAR.map((shape) => scaleAboutCentre(shape, jarScale))];
}

/** The topmost layer under a point, or undefined where the icon is transparent. */
function colourAt(layers, px, py) {
  for (let i = layers.length - 1; i >= 0; i--) {
    if (insideRoundedRect(px, py, layers[i])) return COLOURS[layers[i].colour];
  }
  return undefined;
}

/** RGBA rows, each prefixed with PNG filter type 0 (none). */
function rasterise(variant) {
  const { size } = variant;
  const layers = layersFor(variant);
  const stride = size * 4 + 1;
  const pixels = Buffer.alloc(stride * size);
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let covered = 0;
      for (let sy = 0; sy < SAMPLES; sy++) {
        for (let sx = 0; sx < SAMPLES; sx++) {
          const colour = colourAt(layers, (col + (sx + 0.5) / SAMPLES) / size, (row + (sy + 0.5) / SAMPLES) / size);
          if (!colour) continue;
          r += colour[0];
          g += colour[1];
          b += colour[2];
          covered++;
        }
      }
      const offset = row * stride + 1 + col * 4;
      if (covered > 0) {
        pixels[offset] = Math.round(r / covered);
        pixels[offset + 1] = Math.round(g / covered);
        pixels[offset + 2] = Math.round(b / covered);
        pixels[offset + 3] = Math.round((255 * covered) / (SAMPLES * SAMPLES));
      }
    }
  }
  return pixels;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes) {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** A PNG chunk: length, type, data, and the CRC over type + data. */
function chunk(type, data) {
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

function encodePng(size, rows) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bits per channel
  header[9] = 6; // colour type: RGBA
  // Bytes 10-12 stay 0: deflate compression, adaptive filtering, no interlace.
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The same artwork as the `any` icons, as a 100x100 SVG favicon. */
function faviconSvg() {
  const hex = (rgb) => `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
  const units = (v) => Number((v * 100).toFixed(2));
  const rects = layersFor({ tileRadius: 0.22, jarScale: 1 }).map(
    (s) =>
      `  <rect x="${units(s.x)}" y="${units(s.y)}" width="${units(s.w)}" height="${units(s.h)}" rx="${units(s.r)}" fill="${hex(COLOURS[s.colour])}"/>`,
  );
  return ['<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">', ...rects, '</svg>', ''].join('\n');
}

function write(relativePath, contents) {
  const target = join(publicDir, relativePath);
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, contents);
  console.log(`wrote public/${relativePath} (${contents.length} bytes)`);
}

for (const variant of VARIANTS) write(variant.file, encodePng(variant.size, rasterise(variant)));
write('favicon.svg', faviconSvg());
