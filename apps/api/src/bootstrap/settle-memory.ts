import type { Server } from 'node:http';

/**
 * How long the server must go without a request before it gives memory back: a minute, so that
 * a household's use (a scan, a look at the list) never pays for warming code up again.
 */
export const QUIET_MS = 60_000;
/** How often the quiet time is looked at. */
const CHECK_MS = 5_000;
/** Growth of V8's heap since the last settling that is worth a full collection. */
const GROWTH_BYTES = 4 * 1024 * 1024;

type Gc = (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;

/**
 * Gives memory back once the server goes quiet after a burst of work (its start, a busy
 * minute): one memory-reducing full collection, which V8 itself only runs under memory
 * pressure. It shrinks the young generation back from its 2 × 4 MB and drops the bytecode of
 * code that ran once (start-up, migrations): about 14 MB of an idle server. It runs only after
 * QUIET_MS without a request and only when the heap grew by GROWTH_BYTES since the last time, so
 * a steady trickle of requests never pays for it. Needs `--expose-gc` (apps/api/serve.sh);
 * without it this does nothing.
 */
export function settleMemoryWhenQuiet(server: Server): void {
  const gc = (globalThis as { gc?: Gc }).gc;
  if (typeof gc !== 'function') return;
  let lastRequestAt = Date.now();
  let settledHeap = 0;
  server.on('request', () => {
    lastRequestAt = Date.now();
  });
  const timer = setInterval(() => {
    if (Date.now() - lastRequestAt < QUIET_MS) return;
    if (process.memoryUsage().heapTotal - settledHeap < GROWTH_BYTES) return;
    gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
    settledHeap = process.memoryUsage().heapTotal;
  }, CHECK_MS);
  timer.unref();
}
