// Local receipt analysis against the project's own corpus (scripts/receipt-corpus): for every
// receipt, the PDF's text layer is extracted and read by the built API (its own pdf-text and parser),
// then compared with truth.json. Prints per layout and overall: line recall and precision (a line
// counts when its name and line amount are exact), total and date accuracy, ms per receipt
// (extraction + parsing; median, p95). The corpus is generated into bench/.corpus when missing.
//   node bench/run.mjs receipts [--verbose]     (RECEIPTS_SEED, RECEIPTS_PER_LAYOUT: another corpus)
// Goal for PDFs: 100 % of lines, < 0.5 s per receipt.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_OUT, DEFAULT_PER_LAYOUT, DEFAULT_SEED, generateCorpus } from '../scripts/receipt-corpus/generate.mjs';
import { dist, quantile, report } from './lib.mjs';

const squash = (s) => s.replace(/\s+/g, ' ').trim();

const SEED = Number(process.env.RECEIPTS_SEED ?? DEFAULT_SEED);
const PER_LAYOUT = Number(process.env.RECEIPTS_PER_LAYOUT ?? DEFAULT_PER_LAYOUT);

async function corpus() {
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

export async function run() {
  const verbose = process.argv.includes('--verbose');
  const { parseReceipt } = await dist('modules/receipts/parser/receipt-parser.js');
  // The server's own text extraction, so the figures are what an upload gets.
  const { pdfTextLines } = await dist('modules/receipts/pdf-text.js');
  const index = await corpus();

  const perLayout = new Map();
  const all = { receipts: 0, truthLines: 0, parsedLines: 0, hits: 0, counts: 0, totals: 0, dates: 0, stores: 0, consistent: 0, timings: [] };
  const failures = [];
  for (const { id, layout } of index.receipts) {
    const dir = join(DEFAULT_OUT, id);
    const truth = JSON.parse(readFileSync(join(dir, 'truth.json'), 'utf8'));
    const bytes = readFileSync(join(dir, 'receipt.pdf'));
    const started = process.hrtime.bigint();
    const lines = await pdfTextLines(bytes);
    const parsed = parseReceipt({ lines });
    const ms = Number(process.hrtime.bigint() - started) / 1e6;

    const { hits, counts, missed, extra } = matchLines(truth.lines, parsed.lines);
    const row = perLayout.get(layout) ?? { receipts: 0, truthLines: 0, parsedLines: 0, hits: 0, counts: 0, totals: 0, dates: 0, stores: 0, consistent: 0, timings: [] };
    for (const bucket of [row, all]) {
      bucket.receipts += 1;
      bucket.truthLines += truth.lines.length;
      bucket.parsedLines += parsed.lines.length;
      bucket.hits += hits;
      bucket.counts += counts;
      bucket.totals += parsed.total === truth.total ? 1 : 0;
      bucket.dates += parsed.purchaseDate === truth.date ? 1 : 0;
      bucket.stores += parsed.storeName === truth.store ? 1 : 0;
      bucket.consistent += parsed.consistency.status === 'ok' ? 1 : 0;
      bucket.timings.push(ms);
    }
    perLayout.set(layout, row);
    if (missed.length > 0 || extra.length > 0 || parsed.total !== truth.total || parsed.purchaseDate !== truth.date || parsed.storeName !== truth.store) {
      failures.push({ id, missed, extra, total: [parsed.total, truth.total], date: [parsed.purchaseDate, truth.date], store: [parsed.storeName, truth.store], consistency: parsed.consistency, text: lines.map((l) => l.text) });
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
    'ms median': quantile(r.timings, 0.5, 1),
    'ms p95': quantile(r.timings, 0.95, 1),
  });
  const rows = Object.fromEntries([...[...perLayout].map(([layout, r]) => [layout, toRow(r)]), ['overall', toRow(all)]]);
  const goal = all.hits === all.truthLines && all.hits === all.parsedLines && quantile(all.timings, 0.95) < 500;
  report('receipts', rows, {
    source: `PDF text layer, ${index.receipts.length} receipts over ${index.layouts.length} layouts (seed ${index.seed})`,
    goal: `100 % of lines, < 500 ms per receipt: ${goal ? 'met' : 'NOT met'}`,
  });
  for (const f of failures.slice(0, verbose ? failures.length : 5)) {
    console.log(`\n${f.id}: missed ${JSON.stringify(f.missed)} extra ${JSON.stringify(f.extra)} total ${f.total.join(' vs ')} date ${f.date.join(' vs ')} store ${f.store.join(' vs ')} (${f.consistency.status}; ${f.consistency.notes.join('; ')})`);
    if (verbose) console.log(f.text.map((t) => `  | ${t}`).join('\n'));
  }
  if (failures.length > 0) console.log(`\n${failures.length} receipt(s) with differences${verbose ? '' : ' (--verbose lists all, with their text)'}`);
  if (!goal) process.exitCode = 1;
}
