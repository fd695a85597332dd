// Benchmarks of the built server (run `pnpm run build` first):
//   node bench/run.mjs [scenario ...] [--duration=seconds]
// Each scenario prints a table and writes bench/results/<name>.json. Not part of the test suite.
const SCENARIOS = {
  idle: () => import('./idle.mjs'),
  health: () => import('./health.mjs'),
  'status-token': () => import('./status-token.mjs'),
  consume: () => import('./consume.mjs'),
  resolve: () => import('./resolve.mjs'),
  'queue-sync': () => import('./queue-sync.mjs'),
  reconcile: () => import('./reconcile.mjs'),
  memory: () => import('./memory.mjs'),
};

const args = process.argv.slice(2);
const duration = Number(args.find((a) => a.startsWith('--duration='))?.split('=')[1] ?? 10);
const names = args.filter((a) => !a.startsWith('--'));
for (const name of names.length > 0 ? names : Object.keys(SCENARIOS)) {
  if (!SCENARIOS[name]) throw new Error(`unknown scenario ${name}; known: ${Object.keys(SCENARIOS).join(', ')}`);
  await (await SCENARIOS[name]()).run({ duration });
}
