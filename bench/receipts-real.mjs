// Local receipt analysis against real paper: the development set in ../shared/receipts-real (real
// German receipts, 300 dpi scans, with transcribed truth; never copied into this repository) read
// by the built API's own local engine (image preparation, OCR pool, parser) exactly as an upload
// is, then filtered as the service stores lines (negative lines dropped; none left = 422).
// Besides the scans as they are, four kinds of variants are made at run time with sharp:
//   turned    each scan turned by 90°, 180° or 270° (in turn), without an EXIF flag;
//   photo     each scan "photographed": perspective, a shadow across it, blur, JPEG at quality 70;
//   phone     each scan as a 12-megapixel phone shot: the paper tilted by up to 8° on a grainy
//             table that fills the rest of the frame, lit from one corner, JPEG at quality 85;
//   crumpled  the same phone shot of the paper crumpled and smoothed out: wavy text lines, creases
//             shading bands of it.
// and, asked for by name only:
//   distant    the phone shot taken from twice as far: the paper fills under half the frame's
//              height, its print half the size (a long receipt taken whole, an older phone);
//   counter    the phone shot on a light grey kitchen counter, hardly darker than the paper;
//   reencoded  the control for `turned`: each scan upright, encoded again as JPEG at quality 92
//              as `turned` is. The turn itself loses nothing, the second JPEG does: turned is
//              judged against this floor.
// Prints one row per receipt and variant, then per variant: line recall and precision (a truth
// line is found when an item has its amount to the cent and a name >= 80 % similar, as the
// set's own score.mjs counts), separately for grocery/drugstore and the other stores, total,
// date, store and currency right (and, as the set's own score.mjs does, grocery recall over the
// positive lines only: the service drops returned deposits and discounts by design), seconds per
// receipt (median, p95), CPU seconds per receipt (the
// whole process, OCR threads included: a figure other work on the box hardly moves), answers that
// are not 2xx.
//   node bench/run.mjs receipts-real [--variants=upright,turned,photo,phone,crumpled,distant,counter,reencoded] [--only=<substring>] [--verbose]
// The OCR text of each read is kept in bench/results/receipts-real/ (ignored by git; --cache=<name>
// for another folder), so that `--reparse` scores parser changes in seconds without OCR. The text
// is kept as OCR printed it too, and `--reparse` repairs that again (ocr-repair), so repairs are
// scored as well; a cache kept before that holds the repaired text only and is parsed as it is.
// Goals: recall and precision >= 90 % (grocery, drugstore) and >= 75 % (others), total, date >= 95 %,
// store >= 90 %, no 422, turned like upright, p95 < 8 s.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { dist, fromApi, quantile, report, ROOT, treeCpuSeconds } from './lib.mjs';

/**
 * ../shared/receipts-real beside the repository; from a git worktree elsewhere, beside the main
 * checkout (its common git folder's parent). RECEIPTS_REAL_DIR points anywhere else.
 */
function setFolder() {
  if (process.env.RECEIPTS_REAL_DIR) return process.env.RECEIPTS_REAL_DIR;
  const beside = join(ROOT, '../shared/receipts-real');
  if (existsSync(beside)) return beside;
  try {
    const common = execFileSync('git', ['rev-parse', '--path-format=absolute', '--git-common-dir'], { cwd: ROOT, encoding: 'utf8' }).trim();
    return join(dirname(common), '../shared/receipts-real');
  } catch {
    return beside;
  }
}
const SET = setFolder();
/** Stores whose receipts count as grocery or drugstore for the stricter goal. */
const GROCERY = new Set(['ALDI', 'LIDL', 'Marktkauf', 'real', 'DELPHIN APOTHEKE', 'REWE', 'EDEKA', 'dm', 'Rossmann', 'Kaufland', 'Netto', 'PENNY']);

const norm = (x) => String(x ?? '').toUpperCase().replace(/Ä/g, 'AE').replace(/Ö/g, 'OE').replace(/Ü/g, 'UE').replace(/ß/g, 'SS').replace(/[^A-Z0-9]/g, '');
function similarity(a, b) {
  a = norm(a);
  b = norm(b);
  if (!a || !b) return 0;
  if (a === b) return 1;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = current;
  }
  return 1 - previous[b.length] / Math.max(a.length, b.length);
}
const cents = (x) => (x === null || x === undefined || Number.isNaN(Number(x)) ? null : Math.round(Number(x) * 100));
const sameMoney = (x, y) => cents(x) !== null && cents(x) === cents(y);

/** One-to-one matching as score.mjs does it (augmenting paths, best name first). */
function matchLines(items, lines) {
  const nameScore = (item, want) => Math.max(...[want.name, ...(want.alt ?? [])].flatMap((n) => [similarity(item.name, n), similarity(item.rawText, n)]));
  const amountOk = (item, want) => sameMoney(item.totalPrice, want.amount) || (want.net !== undefined && sameMoney(item.totalPrice, want.net));
  const candidates = lines.map((want) =>
    items
      .map((item, k) => [k, amountOk(item, want) ? nameScore(item, want) : -1])
      .filter(([, s]) => s >= 0.8 - 1e-9)
      .sort((x, y) => y[1] - x[1])
      .map(([k]) => k),
  );
  const owner = new Map();
  const tryLine = (w, seen) => {
    for (const k of candidates[w]) {
      if (seen.has(k)) continue;
      seen.add(k);
      if (!owner.has(k) || tryLine(owner.get(k), seen)) {
        owner.set(k, w);
        return true;
      }
    }
    return false;
  };
  for (const w of lines.keys()) tryLine(w, new Set());
  return owner.size;
}

function storeFound(storeName, retailer, truth) {
  const keys = [truth.store, ...(truth.store_keys ?? [])].map(norm).filter(Boolean);
  const got = [storeName, retailer].map(norm).filter((g) => g.length >= 2);
  return got.some((g) => keys.some((k) => g.includes(k) || (g.length >= 4 && k.includes(g))));
}

/** A small deterministic random source per receipt, so every run makes the same variants. */
function random(seed) {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
}

/** The homography taking the unit square's corners to `to` (4 points), solved by Gaussian elimination. */
function homography(from, to) {
  const rows = [];
  const rhs = [];
  for (let i = 0; i < 4; i += 1) {
    const [x, y] = from[i];
    const [u, v] = to[i];
    rows.push([x, y, 1, 0, 0, 0, -u * x, -u * y]);
    rhs.push(u);
    rows.push([0, 0, 0, x, y, 1, -v * x, -v * y]);
    rhs.push(v);
  }
  const n = 8;
  for (let c = 0; c < n; c += 1) {
    let pivot = c;
    for (let r = c + 1; r < n; r += 1) if (Math.abs(rows[r][c]) > Math.abs(rows[pivot][c])) pivot = r;
    [rows[c], rows[pivot]] = [rows[pivot], rows[c]];
    [rhs[c], rhs[pivot]] = [rhs[pivot], rhs[c]];
    for (let r = 0; r < n; r += 1) {
      if (r === c) continue;
      const f = rows[r][c] / rows[c][c];
      for (let k = c; k < n; k += 1) rows[r][k] -= f * rows[c][k];
      rhs[r] -= f * rhs[c];
    }
  }
  return [...rows.map((row, i) => rhs[i] / row[i]), 1];
}

/**
 * A phone photo of the scan: the paper seen at a slant (each corner moved up to 6 % inwards), on
 * a darker table, a shadow falling across one side, slightly out of focus, JPEG at quality 70.
 */
export async function photographed(bytes, seed) {
  const sharp = (await fromApi('sharp')).default;
  const next = random(seed * 7919 + 17);
  const { data, info } = await sharp(bytes).rotate().resize({ width: 2600, height: 2600, fit: 'inside', withoutEnlargement: true }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const { width: w, height: h } = info;
  const margin = () => 0.01 + 0.05 * next();
  // Where the scan's corners land in the photo (top-left, top-right, bottom-right, bottom-left).
  const corners = [
    [margin() * w, margin() * h],
    [w - margin() * w, margin() * h],
    [w - margin() * w, h - margin() * h],
    [margin() * w, h - margin() * h],
  ];
  // Inverse mapping: photo pixel → scan pixel.
  const H = homography(corners, [
    [0, 0],
    [w, 0],
    [w, h],
    [0, h],
  ]);
  const out = Buffer.alloc(w * h * 3);
  const shadowFrom = next() < 0.5;
  const shadowDepth = 0.35 + 0.2 * next();
  for (let y = 0; y < h; y += 1) {
    for (let x = 0; x < w; x += 1) {
      const d = H[6] * x + H[7] * y + 1;
      const sx = (H[0] * x + H[1] * y + H[2]) / d;
      const sy = (H[3] * x + H[4] * y + H[5]) / d;
      const o = (y * w + x) * 3;
      // A shadow darkening one side smoothly (a hand or the phone).
      const t = shadowFrom ? x / w : 1 - x / w;
      const light = 1 - shadowDepth * Math.max(0, 1 - t * 2.2) - 0.1 * (y / h);
      if (sx < 0 || sy < 0 || sx >= w - 1 || sy >= h - 1) {
        out[o] = 70 * light;
        out[o + 1] = 62 * light;
        out[o + 2] = 55 * light;
        continue;
      }
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      const fx = sx - x0;
      const fy = sy - y0;
      for (let c = 0; c < 3; c += 1) {
        const i = (y0 * w + x0) * 3 + c;
        const top = data[i] * (1 - fx) + data[i + 3] * fx;
        const bottom = data[i + w * 3] * (1 - fx) + data[i + w * 3 + 3] * fx;
        out[o + c] = (top * (1 - fy) + bottom * fy) * light;
      }
    }
  }
  return sharp(out, { raw: { width: w, height: h, channels: 3 } }).blur(1.1).jpeg({ quality: 70 }).toBuffer();
}

/**
 * The paper crumpled in a pocket and smoothed out again: its text lines wave up and down (by up to
 * about 1 % of the page's width over a few centimetres) and drift sideways a little, and the
 * creases shade the paper. `pixels` is RGBA.
 */
function crumple(pixels, width, height, next) {
  const out = Buffer.alloc(pixels.length);
  const waves = Array.from({ length: 3 }, () => ({ length: width * (0.25 + 0.5 * next()), phase: 2 * Math.PI * next(), amount: width * (0.002 + 0.004 * next()) }));
  const drifts = Array.from({ length: 2 }, () => ({ length: height * (0.1 + 0.2 * next()), phase: 2 * Math.PI * next(), amount: width * (0.002 + 0.003 * next()) }));
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      let dy = 0;
      let slope = 0;
      for (const w of waves) {
        const t = (2 * Math.PI * x) / w.length + w.phase + y / (height * 0.3);
        dy += w.amount * Math.sin(t);
        slope += (w.amount * 2 * Math.PI * Math.cos(t)) / w.length;
      }
      let dx = 0;
      for (const d of drifts) dx += d.amount * Math.sin((2 * Math.PI * y) / d.length + d.phase);
      const sx = Math.round(x + dx);
      const sy = Math.round(y + dy);
      const o = (y * width + x) * 4;
      if (sx < 0 || sy < 0 || sx >= width || sy >= height) continue;
      const i = (sy * width + sx) * 4;
      // A crease facing away from the light is darker.
      const shade = 1 - Math.min(0.25, Math.max(-0.05, slope * 4));
      for (let c = 0; c < 3; c += 1) out[o + c] = Math.min(255, pixels[i + c] * shade);
      out[o + 3] = pixels[i + 3];
    }
  }
  return out;
}

/**
 * A 12-megapixel phone photo (3024 × 4032) of the scan lying on a table: the paper filling 70–85 %
 * of the frame's height, tilted by a few degrees, on a grainy brown surface, lit unevenly;
 * `crumpled`, the paper was crumpled and smoothed out first; `distant`, taken from twice as far
 * (the paper fills 35–43 % of the frame's height: a long receipt taken whole, or an older phone);
 * `light`, on a light grey counter instead.
 */
export async function phoneShot(bytes, seed, { crumpled = false, distant = false, light = false } = {}) {
  const sharp = (await fromApi('sharp')).default;
  const next = random(seed * 104729 + 3);
  const W = 3024;
  const H = 4032;
  const angle = (next() - 0.5) * 16;
  const fill = (0.7 + 0.15 * next()) * (distant ? 0.5 : 1);
  let sized = await sharp(bytes).rotate().removeAlpha().resize({ height: Math.round(H * fill), width: Math.round(W * 0.8 * (distant ? 0.5 : 1)), fit: 'inside' }).ensureAlpha().png().toBuffer();
  if (crumpled) {
    const { data, info } = await sharp(sized).raw().toBuffer({ resolveWithObject: true });
    sized = await sharp(crumple(data, info.width, info.height, next), { raw: { width: info.width, height: info.height, channels: 4 } }).png().toBuffer();
  }
  const paper = await sharp(sized).rotate(angle, { background: { r: 0, g: 0, b: 0, alpha: 0 } }).png().toBuffer({ resolveWithObject: true });
  const table = Buffer.alloc(W * H * 3);
  for (let y = 0; y < H; y += 1) for (let x = 0; x < W; x += 1) {
    const o = (y * W + x) * 3;
    const grain = 18 * Math.sin(x / 37 + Math.sin(y / 211) * 3) + 14 * (next() - 0.5);
    // A brown wooden table, or a light grey kitchen counter hardly darker than the paper.
    table[o] = (light ? 200 : 120) + grain * (light ? 0.4 : 1);
    table[o + 1] = (light ? 198 : 86) + grain * (light ? 0.4 : 0.8);
    table[o + 2] = (light ? 192 : 58) + grain * (light ? 0.4 : 0.6);
  }
  const left = Math.round((W - paper.info.width) * (0.3 + 0.4 * next()));
  const top = Math.round((H - paper.info.height) * (0.3 + 0.4 * next()));
  const shot = await sharp(table, { raw: { width: W, height: H, channels: 3 } }).composite([{ input: paper.data, left: Math.max(0, left), top: Math.max(0, top) }]).removeAlpha().raw().toBuffer();
  // Light falling from one corner.
  const lx = next() < 0.5 ? 0 : W;
  for (let y = 0; y < H; y += 1) for (let x = 0; x < W; x += 1) {
    const light = 1.05 - 0.35 * Math.hypot(x - lx, y) / Math.hypot(W, H);
    const o = (y * W + x) * 3;
    for (let c = 0; c < 3; c += 1) shot[o + c] = Math.min(255, shot[o + c] * light);
  }
  return sharp(shot, { raw: { width: W, height: H, channels: 3 } }).blur(0.8).jpeg({ quality: 85 }).toBuffer();
}

async function variantsOf(bytes, index, chosen) {
  const sharp = (await fromApi('sharp')).default;
  const out = [];
  if (chosen.includes('upright')) out.push({ variant: 'upright', bytes });
  if (chosen.includes('turned')) {
    const angle = [90, 180, 270][index % 3];
    out.push({ variant: `turned ${angle}`, bytes: await sharp(bytes).rotate(angle).jpeg({ quality: 92 }).toBuffer() });
  }
  if (chosen.includes('reencoded')) out.push({ variant: 'reencoded', bytes: await sharp(bytes).jpeg({ quality: 92 }).toBuffer() });
  if (chosen.includes('photo')) out.push({ variant: 'photo', bytes: await photographed(bytes, index + 1) });
  if (chosen.includes('phone')) out.push({ variant: 'phone', bytes: await phoneShot(bytes, index + 1) });
  if (chosen.includes('crumpled')) out.push({ variant: 'crumpled', bytes: await phoneShot(bytes, index + 1, { crumpled: true }) });
  if (chosen.includes('distant')) out.push({ variant: 'distant', bytes: await phoneShot(bytes, index + 1, { distant: true }) });
  if (chosen.includes('counter')) out.push({ variant: 'counter', bytes: await phoneShot(bytes, index + 1, { light: true }) });
  return out;
}

/** The local engine as the server builds it, without the server: decoder thread, OCR pool, parser. */
async function localReader() {
  const { LocalReceiptReader } = await dist('modules/receipts/reading/local-receipt-reader.js');
  const { Clock } = await dist('common/clock.js');
  const { ReceiptDecoder } = await dist('modules/receipts/reading/decoder.js');
  const { OcrEngine } = await dist('modules/receipts/reading/ocr-engine.js');
  const { parseEnvironment } = await dist('config/env.js');
  const decoder = new ReceiptDecoder();
  // The pool as the server sizes it on this machine (OCR_WORKERS from the environment or by cores).
  const ocr = new OcrEngine({ env: parseEnvironment(process.env) });
  const reader = new LocalReceiptReader({ env: { MAX_IMAGE_MEGAPIXELS: 40, TZ: 'Europe/Berlin' } }, decoder, ocr, new Clock());
  return { reader, close: async () => Promise.all([decoder.onModuleDestroy(), ocr.onModuleDestroy()]) };
}

const emptyBucket = () => ({ receipts: 0, lines: 0, hits: 0, items: 0, totals: 0, dates: 0, stores: 0, currencies: 0, failures: 0, seconds: [], cpu: [], g: { lines: 0, positive: 0, hits: 0, items: 0 }, o: { lines: 0, positive: 0, hits: 0, items: 0 } });
const pct = (a, b) => (b === 0 ? '–' : `${((100 * a) / b).toFixed(1)} %`);

export async function run() {
  if (!existsSync(join(SET, 'truth.json'))) {
    console.log(`receipts-real: skipped, the development set is not at ${SET}`);
    return;
  }
  const arg = (name) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const verbose = process.argv.includes('--verbose');
  const reparse = process.argv.includes('--reparse');
  const chosen = (arg('variants') ?? 'upright,turned,photo,phone,crumpled').split(',');
  const only = arg('only');
  // Where the OCR text of each read is kept (--cache=<name> keeps two runs apart).
  const cacheName = arg('cache') ?? 'receipts-real';
  // A name, not a path: the folder stays inside bench/results.
  if (!/^[\w.-]+$/.test(cacheName) || /^\.+$/.test(cacheName)) throw new Error(`--cache=${cacheName}: give a folder name (letters, digits, . _ -), not a path`);
  const CACHE = join(ROOT, 'bench/results', cacheName);
  let truth = JSON.parse(readFileSync(join(SET, 'truth.json'), 'utf8'));
  // Each receipt keeps its place in the whole set: its turn and its photo are made from it, so a
  // receipt read with --only is the same picture as in a whole run.
  truth = truth.map((t, index) => ({ ...t, index }));
  if (only) truth = truth.filter((t) => t.file.includes(only));
  mkdirSync(CACHE, { recursive: true });

  const { parseReceipt } = await dist('modules/receipts/parser/receipt-parser.js');
  const { repairOcrLines } = await dist('modules/receipts/reading/ocr-repair.js');
  const { storedLines } = await dist('modules/receipts/receipt-lines.js');
  const { retailerLabel } = await dist('modules/receipts/receipt-keys.js');
  const { ApiException } = await dist('common/errors/api-exception.js');
  const engine = reparse ? null : await localReader();
  const buckets = new Map();
  const load = [];
  try {
    // The OCR pool starts once, before anything is timed (as in a running server after its first photo).
    if (engine) await engine.reader.readWithText(readFileSync(join(SET, 'img', truth[0].file)), 'jpeg').catch(() => undefined);
    console.log(['file'.padEnd(34), 'variant'.padEnd(11), 'http', '  sec', '  cpu', 'total', 'date', 'store', 'lines', 'hit', 'items', 'got (store | date | total)'].join('  '));
    for (const t of truth) {
      const original = reparse ? null : readFileSync(join(SET, 'img', t.file));
      const variants = reparse ? chosen.map((variant) => ({ variant, bytes: null })) : await variantsOf(original, t.index, chosen);
      for (const { variant, bytes } of variants) {
        const cacheFile = join(CACHE, `${t.file}.${variant.split(' ')[0]}.json`);
        let status = 200;
        let parsed = null;
        let text = [];
        let printed;
        let seconds = null;
        let cpu = null;
        if (reparse) {
          if (!existsSync(cacheFile)) continue;
          const cached = JSON.parse(readFileSync(cacheFile, 'utf8'));
          ({ status, text, seconds } = cached);
          if (cached.printed) text = repairOcrLines(cached.printed);
          cpu = cached.cpu ?? null;
          if (text) parsed = parseReceipt({ lines: text, today: new Date().toISOString().slice(0, 10) /* as the service passes the day it reads on */ });
        } else {
          load.push(loadavg()[0]);
          const started = process.hrtime.bigint();
          const cpuBefore = treeCpuSeconds();
          try {
            ({ receipt: parsed, text, printed } = await engine.reader.readWithText(bytes, 'jpeg'));
          } catch (error) {
            status = error instanceof ApiException ? error.getStatus() : 500;
          }
          seconds = Number(process.hrtime.bigint() - started) / 1e9;
          // CPU seconds of this process and the OCR process it started: hardly moved by other work on the box.
          cpu = treeCpuSeconds() - cpuBefore;
          writeFileSync(cacheFile, JSON.stringify({ status, seconds, cpu, text, printed }));
        }
        const items = parsed ? storedLines(parsed.lines) : [];
        if (parsed && items.length === 0) status = 422;
        const ok = status < 300;
        const hits = ok ? matchLines(items, t.lines) : 0;
        const totalOk = ok && sameMoney(parsed.total, t.total);
        const dateOk = ok && parsed.purchaseDate === t.date;
        const storeOk = ok && storeFound(parsed.storeName, parsed.storeName ? retailerLabel(parsed.storeName) : null, t);
        const currencyOk = ok && parsed.currency === t.currency;
        const key = variant.split(' ')[0];
        const bucket = buckets.get(key) ?? emptyBucket();
        buckets.set(key, bucket);
        const kind = GROCERY.has(t.store) ? bucket.g : bucket.o;
        bucket.receipts += 1;
        bucket.lines += t.lines.length;
        bucket.hits += hits;
        bucket.items += ok ? items.length : 0;
        kind.lines += t.lines.length;
        kind.positive += t.lines.filter((line) => line.amount > 0).length;
        kind.hits += hits;
        kind.items += ok ? items.length : 0;
        bucket.totals += totalOk ? 1 : 0;
        bucket.dates += dateOk ? 1 : 0;
        bucket.stores += storeOk ? 1 : 0;
        bucket.currencies += currencyOk ? 1 : 0;
        bucket.failures += ok ? 0 : 1;
        if (seconds !== null) bucket.seconds.push(seconds);
        if (cpu !== null) bucket.cpu.push(cpu);
        const mark = (v) => (v ? 'ok' : '--');
        console.log(
          [
            t.file.slice(0, 34).padEnd(34),
            variant.padEnd(11),
            String(status).padStart(4),
            (seconds ?? 0).toFixed(1).padStart(5),
            (cpu ?? 0).toFixed(1).padStart(5),
            mark(totalOk).padEnd(5),
            mark(dateOk).padEnd(4),
            mark(storeOk).padEnd(5),
            String(t.lines.length).padStart(5),
            String(hits).padStart(3),
            String(items.length).padStart(5),
            ok ? `${parsed.storeName ?? '∅'} | ${parsed.purchaseDate ?? '∅'} | ${parsed.total ?? '∅'}` : '',
          ].join('  '),
        );
        if (verbose && parsed) {
          for (const line of items) console.log(`      item  ${line.totalPrice.toFixed(2).padStart(8)}  ${line.name}`);
          for (const line of t.lines) console.log(`      truth ${line.amount.toFixed(2).padStart(8)}  ${line.name}`);
          for (const line of text) console.log(`      | ${line.text}`);
        }
      }
    }
  } finally {
    await engine?.close();
  }

  const rows = Object.fromEntries(
    [...buckets].map(([variant, b]) => [
      variant,
      {
        receipts: b.receipts,
        'recall g/d': pct(b.g.hits, b.g.lines),
        'recall g/d positive': pct(b.g.hits, b.g.positive),
        'prec g/d': pct(b.g.hits, b.g.items),
        'recall other': pct(b.o.hits, b.o.lines),
        'prec other': pct(b.o.hits, b.o.items),
        'recall all': pct(b.hits, b.lines),
        'prec all': pct(b.hits, b.items),
        total: pct(b.totals, b.receipts),
        date: pct(b.dates, b.receipts),
        store: pct(b.stores, b.receipts),
        currency: pct(b.currencies, b.receipts),
        'non-2xx': b.failures,
        's median': b.seconds.length ? quantile(b.seconds, 0.5, 1) : '–',
        's p95': b.seconds.length ? quantile(b.seconds, 0.95, 1) : '–',
        'cpu s median': b.cpu.length ? quantile(b.cpu, 0.5, 1) : '–',
        'cpu s p95': b.cpu.length ? quantile(b.cpu, 0.95, 1) : '–',
      },
    ]),
  );
  const meanLoad = load.length ? (load.reduce((a, b) => a + b, 0) / load.length).toFixed(1) : '–';
  report('receipts-real', rows, {
    set: `${truth.length} receipts from ${SET}${reparse ? ' (parsed again from the kept OCR text, no OCR)' : ''}`,
    load: `mean 1-minute load average during the run: ${meanLoad} on a ${(await import('node:os')).availableParallelism()}-core machine`,
    goals: 'recall and precision >= 90 % grocery/drugstore, >= 75 % others; total, date >= 95 %; store >= 90 %; no 422; p95 < 8 s',
  });
}
