// Benchmarks of the built server (run `pnpm run build` first):
//   node bench/run.mjs [scenario ...] [--duration=seconds] [--runs=N] [--only=part]
// fuzz (10,000 malformed requests), memory (100,000 mixed requests), queue-stress (the offline
// queue in a real browser, --runs times), lighthouse (the PWA in chromium), receipts (the
// receipt engine against the generated corpus), receipts-real (the same engine against
// ../shared/receipts-real, real scans, turned and photographed), ocr-health (the server's answers while photos
// are read), export (the privacy export of a large household, 300 MB of files) and hostile (the
// security review's hostile requests, health's p99 during each) run only when named.
// floor: the built server's health, bearer status and local-hit resolve as shares of a minimal
// Nest + platform-express app's throughput (only when named).
// memory-ocr: resident memory while 10 phone photos are read at once by 3 OCR workers, and
// after the pool is let go (--workers=N; only when named).
// live: 50 event streams while the shopping list changes ten times a second.
// Each scenario prints a table and writes bench/results/<name>.json. Not part of the test suite.
const SCENARIOS = {
  idle: () => import('./idle.mjs'),
  floor: () => import('./floor.mjs'),
  health: () => import('./health.mjs'),
  'status-token': () => import('./status-token.mjs'),
  consume: () => import('./consume.mjs'),
  resolve: () => import('./resolve.mjs'),
  'queue-sync': () => import('./queue-sync.mjs'),
  reconcile: () => import('./reconcile.mjs'),
  'price-insights': () => import('./price-insights.mjs'),
  budget: () => import('./budget.mjs'),
  fuzz: () => import('./fuzz.mjs'),
  'queue-stress': () => import('./queue-stress.mjs'),
  memory: () => import('./memory.mjs'),
  'memory-ocr': () => import('./memory-ocr.mjs'),
  bundle: () => import('./bundle.mjs'),
  lighthouse: () => import('./lighthouse.mjs'),
  receipts: () => import('./receipts.mjs'),
  'receipts-real': () => import('./receipts-real.mjs'),
  'ocr-health': () => import('./ocr-health.mjs'),
  export: () => import('./export.mjs'),
  hostile: () => import('./hostile.mjs'),
  live: () => import('./live.mjs'),
};
/** Long stress runs (real browser, many repetitions): only when named. */
const NAMED_ONLY = new Set(['floor', 'fuzz', 'queue-stress', 'memory', 'memory-ocr', 'lighthouse', 'receipts', 'receipts-real', 'ocr-health', 'export', 'hostile']);

const args = process.argv.slice(2);
const duration = Number(args.find((a) => a.startsWith('--duration='))?.split('=')[1] ?? 10);
const runs = Number(args.find((a) => a.startsWith('--runs='))?.split('=')[1] ?? 100);
const only = args.find((a) => a.startsWith('--only='))?.split('=')[1] ?? null;
const names = args.filter((a) => !a.startsWith('--'));
for (const name of names.length > 0 ? names : Object.keys(SCENARIOS).filter((n) => !NAMED_ONLY.has(n))) {
  if (!SCENARIOS[name]) throw new Error(`unknown scenario ${name}; known: ${Object.keys(SCENARIOS).join(', ')}`);
  await (await SCENARIOS[name]()).run({ duration, runs, only });
}
