// Local receipt analysis against the project's own corpus (scripts/receipt-corpus): every receipt
// as a PDF (its text layer), as the rendered PNG and as the phone photo is read by the built API's
// own local engine (pdf-text, OCR pool with its image preparation, parser) and compared with
// truth.json. Prints per source, per layout and overall: line recall and precision (a line counts
// when its name and line amount are exact), total and date accuracy, seconds per receipt (reading
// + parsing; median, p95). The corpus is generated into bench/.corpus when missing.
//   node bench/run.mjs receipts [--source=pdf,png,photo] [--verbose] [--reparse]
// The text each source was read to is kept in bench/results/receipts-corpus/ (ignored by git), so
// that `--reparse` scores parser changes in seconds without reading again (seconds as kept).
//   (RECEIPTS_SEED, RECEIPTS_PER_LAYOUT: another corpus)
// Goals: PDFs 100 % of lines and < 0.5 s; clean images ≥ 97 %; photos ≥ 90 % and < 5 s.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_OUT, DEFAULT_PER_LAYOUT, DEFAULT_SEED, generateCorpus } from '../scripts/receipt-corpus/generate.mjs';
import { dist, quantile, report, ROOT } from './lib.mjs';

const squash = (s) => s.replace(/\s+/g, ' ').trim();

const SEED = Number(process.env.RECEIPTS_SEED ?? DEFAULT_SEED);
const PER_LAYOUT = Number(process.env.RECEIPTS_PER_LAYOUT ?? DEFAULT_PER_LAYOUT);

export async function corpus() {
  const indexFile = join(DEFAULT_OUT, 'index.json');
  const current = existsSync(indexFile) ? JSON.parse(readFileSync(indexFile, 'utf8')) : null;
  if (current?.seed === SEED && current?.perLayout === PER_LAYOUT) return current;
  console.log(`generating the receipt corpus (seed ${SEED}) into ${DEFAULT_OUT} …`);
  return generateCorpus({ seed: SEED, perLayout: PER_LAYOUT });
}


/** How many truth lines the parsed lines hit (name and amount), each parsed line used once; of those, how many also have the count and unit price right. */
function matchLines(truth, parsed) {
  const pool = parsed.map((l) => ({ key: `${squash(l.name)}|${l.totalPrice.toFixed(2)}`, line: l }));
  let hits = 0;
  let counts = 0;
  const missed = [];
  for (const line of truth) {
    const key = `${squash(line.name)}|${line.total.toFixed(2)}`;
    const at = pool.findIndex((p) => p.key === key);
    if (at >= 0) {
      hits += 1;
      const found = pool[at].line;
      if (Math.abs(found.quantity - line.quantity) < 1e-9 && Math.abs((found.unitPrice ?? NaN) - line.unitPrice) < 0.005) counts += 1;
      else missed.push(`${key} count ${found.quantity} × ${found.unitPrice} (truth ${line.quantity} × ${line.unitPrice})`);
      pool.splice(at, 1);
    } else missed.push(key);
  }
  return { hits, counts, missed, extra: pool.map((p) => p.key) };
}

const SOURCES = {
  pdf: { file: 'receipt.pdf', type: 'pdf', recall: 1, ms: 500 },
  png: { file: 'receipt.png', type: 'png', recall: 0.97, ms: Infinity },
  photo: { file: 'photo.jpg', type: 'jpeg', recall: 0.9, ms: 5000 },
};

const emptyBucket = () => ({ receipts: 0, truthLines: 0, parsedLines: 0, hits: 0, counts: 0, totals: 0, dates: 0, stores: 0, consistent: 0, timings: [] });

/** The local engine as the server builds it, without the server: decoder thread, OCR pool, parser. */
async function localReader() {
  const { LocalReceiptReader } = await dist('modules/receipts/reading/local-receipt-reader.js');
  const { Clock } = await dist('common/clock.js');
  const { ReceiptDecoder } = await dist('modules/receipts/reading/decoder.js');
  const { OcrEngine } = await dist('modules/receipts/reading/ocr-engine.js');
  const decoder = new ReceiptDecoder();
  const { parseEnvironment } = await dist('config/env.js');
  const ocr = new OcrEngine({ env: parseEnvironment(process.env) });
  const reader = new LocalReceiptReader({ env: { MAX_IMAGE_MEGAPIXELS: 40, TZ: 'Europe/Berlin' } }, decoder, ocr, new Clock());
  return { reader, workers: ocr.workers, close: async () => Promise.all([decoder.onModuleDestroy(), ocr.onModuleDestroy()]) };
}

export async function run() {
  const verbose = process.argv.includes('--verbose');
  const chosen = (process.argv.find((a) => a.startsWith('--source='))?.slice(9) ?? 'pdf,png,photo').split(',');
  const reparse = process.argv.includes('--reparse');
  const CACHE = join(ROOT, 'bench/results/receipts-corpus');
  mkdirSync(CACHE, { recursive: true });
  const index = await corpus();
  const { parseReceipt } = await dist('modules/receipts/parser/receipt-parser.js');
  const { reader, workers: OCR_WORKERS, close } = reparse ? { reader: null, workers: '(kept)', close: async () => undefined } : await localReader();
  let allMet = true;
  try {
    // The OCR pool starts once, before anything is timed (as in a running server after its first photo).
    if (!reparse && chosen.some((s) => s !== 'pdf')) await reader.readWithText(readFileSync(join(DEFAULT_OUT, index.receipts[0].id, 'receipt.png')), 'png').catch(() => undefined);
    for (const source of chosen) {
      const spec = SOURCES[source];
      if (!spec) throw new Error(`unknown source ${source} (pdf, png, photo)`);
      const perLayout = new Map();
      const all = emptyBucket();
      const failures = [];
      for (const { id, layout } of index.receipts) {
        const dir = join(DEFAULT_OUT, id);
        const truth = JSON.parse(readFileSync(join(dir, 'truth.json'), 'utf8'));
        const cacheFile = join(CACHE, `${id}.${source}.json`);
        let parsed;
        let text;
        let ms;
        if (reparse) {
          if (!existsSync(cacheFile)) continue;
          ({ text, ms } = JSON.parse(readFileSync(cacheFile, 'utf8')));
          parsed = parseReceipt({ lines: text, today: new Date().toISOString().slice(0, 10) /* as the service passes the day it reads on */ });
        } else {
          const bytes = readFileSync(join(dir, spec.file));
          const started = process.hrtime.bigint();
          ({ receipt: parsed, text } = await reader.readWithText(bytes, spec.type));
          ms = Number(process.hrtime.bigint() - started) / 1e6;
          writeFileSync(cacheFile, JSON.stringify({ ms, text }));
        }

        const { hits, counts, missed, extra } = matchLines(truth.lines, parsed.lines);
        const row = perLayout.get(layout) ?? emptyBucket();
        for (const bucket of [row, all]) {
          bucket.receipts += 1;
          bucket.truthLines += truth.lines.length;
          bucket.parsedLines += parsed.lines.length;
          bucket.hits += hits;
          bucket.counts += counts;
          bucket.totals += parsed.total === truth.total ? 1 : 0;
          bucket.dates += parsed.purchaseDate === truth.date ? 1 : 0;
          bucket.stores += parsed.storeName === truth.store ? 1 : 0;
          bucket.consistent += parsed.consistency.status === 'ok' || parsed.consistency.status === 'corrected' ? 1 : 0;
          bucket.timings.push(ms);
        }
        perLayout.set(layout, row);
        if (missed.length > 0 || extra.length > 0 || parsed.total !== truth.total || parsed.purchaseDate !== truth.date || parsed.storeName !== truth.store) {
          failures.push({ id, missed, extra, total: [parsed.total, truth.total], date: [parsed.purchaseDate, truth.date], store: [parsed.storeName, truth.store], consistency: parsed.consistency, text: text.map((l) => l.text) });
        }
      }

      const pct = (a, b) => (b === 0 ? '–' : `${((100 * a) / b).toFixed(1)} %`);
      const toRow = (r) => ({
        receipts: r.receipts,
        'line recall': pct(r.hits, r.truthLines),
        'line precision': pct(r.hits, r.parsedLines),
        'count × price ok': pct(r.counts, r.hits),
        'total ok': pct(r.totals, r.receipts),
        'date ok': pct(r.dates, r.receipts),
        'store ok': pct(r.stores, r.receipts),
        'sums to total': pct(r.consistent, r.receipts),
        's median': quantile(r.timings.map((t) => t / 1000), 0.5, 2),
        's p95': quantile(r.timings.map((t) => t / 1000), 0.95, 2),
      });
      const rows = Object.fromEntries([...[...perLayout].map(([layout, r]) => [layout, toRow(r)]), ['overall', toRow(all)]]);
      const recall = all.truthLines === 0 ? 0 : all.hits / all.truthLines;
      const precision = all.parsedLines === 0 ? 0 : all.hits / all.parsedLines;
      const met = recall >= spec.recall && precision >= spec.recall && quantile(all.timings, 0.95) < spec.ms;
      allMet &&= met;
      report(`receipts-${source}`, rows, {
        source: `${source} (${spec.file}), ${index.receipts.length} receipts over ${index.layouts.length} layouts (seed ${index.seed}), ${source === 'pdf' ? 'text layer' : `OCR pool of ${OCR_WORKERS} worker(s)`}`,
        goal: `≥ ${spec.recall * 100} % of lines${Number.isFinite(spec.ms) ? `, p95 < ${spec.ms / 1000} s` : ''}: ${met ? 'met' : 'NOT met'}`,
      });
      for (const f of failures.slice(0, verbose ? failures.length : 5)) {
        console.log(`\n${f.id}: missed ${JSON.stringify(f.missed)} extra ${JSON.stringify(f.extra)} total ${f.total.join(' vs ')} date ${f.date.join(' vs ')} store ${f.store.join(' vs ')} (${f.consistency.status}; ${f.consistency.notes.join('; ')})`);
        if (verbose) console.log(f.text.map((t) => `  | ${t}`).join('\n'));
      }
      if (failures.length > 0) console.log(`\n${failures.length} receipt(s) with differences${verbose ? '' : ' (--verbose lists all, with their text)'}`);
    }
  } finally {
    await close();
  }
  if (!allMet) process.exitCode = 1;
}
