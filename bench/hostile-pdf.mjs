// Does the server keep answering while a member uploads PDF decompression bombs? A PDF of about
// 100 KB whose content stream inflates to 100 MB (`q Q` operators, Flate) is sent to
// /receipts/analyze back to back; meanwhile GET /api/health goes one request at a time (5 ms
// apart). The same number of health requests on the idle server first; prints both latency
// quantiles and the ratio of their p99. Goal: health p99 during the bombs < 200 ms, every bomb a 400.
//   node bench/hostile-pdf.mjs [--duration=seconds]
// Standalone for now; `hostilePdf` is the case for `bench/run.mjs hostile` (name `pdf-bomb`):
//   const { p99Ms, idleP99Ms, bombs, statuses } = await hostilePdf(server.url, cookie, { duration })
import { pathToFileURL } from 'node:url';
// The bomb the e2e test sends too (Node strips the file's types).
import { pdfBomb } from '../e2e/support/pdfs.ts';

export { pdfBomb };
import { freePort, quantile, report, startBuiltServer } from './lib.mjs';

async function ownerCookie(url) {
  const response = await fetch(`${url}/api/v1/auth/setup`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ password: 'benchmark owner password', display_name: 'Bench' }) });
  if (!response.ok) throw new Error(`setup: ${response.status}`);
  return response.headers.getSetCookie()[0].split(';', 1)[0];
}

async function upload(url, cookie, bytes) {
  const form = new FormData();
  form.append('image', new Blob([bytes], { type: 'application/pdf' }), 'receipt.pdf');
  const response = await fetch(`${url}/api/v1/receipts/analyze`, { method: 'POST', body: form, headers: { cookie } });
  await response.arrayBuffer();
  return response.status;
}

/** Health latencies, one request at a time, until `until()` says stop (and at least `minimum`). */
async function healthLatencies(url, until, minimum = 0) {
  const timings = [];
  while (!until() || timings.length < minimum) {
    const started = performance.now();
    const response = await fetch(`${url}/api/health`);
    await response.arrayBuffer();
    timings.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return timings;
}

const row = (timings) => ({ requests: timings.length, 'p50 ms': quantile(timings, 0.5, 1), 'p99 ms': quantile(timings, 0.99, 1), 'max ms': quantile(timings, 1, 1) });

/**
 * The `pdf-bomb` case: bombs back to back for `duration` seconds (at least one) on a running
 * server, health measured during them and then as long again on the idle server.
 */
export async function hostilePdf(url, cookie, { duration = 10, bomb = pdfBomb() } = {}) {
  const statuses = {};
  let bombs = 0;
  let sending = true;
  const deadline = Date.now() + duration * 1000;
  const work = (async () => {
    do {
      const status = await upload(url, cookie, bomb);
      statuses[status] = (statuses[status] ?? 0) + 1;
      bombs += 1;
    } while (Date.now() < deadline);
    sending = false;
  })();
  const during = await healthLatencies(url, () => !sending);
  await work;
  const idle = await healthLatencies(url, () => true, during.length);
  return { during, idle, bombs, statuses, p99Ms: quantile(during, 0.99), idleP99Ms: quantile(idle, 0.99) };
}

export async function run({ duration }) {
  // Built before the server starts: deflating 100 MB blocks this process for a while.
  const bomb = pdfBomb();
  const server = await startBuiltServer(await freePort());
  try {
    const cookie = await ownerCookie(server.url);
    const result = await hostilePdf(server.url, cookie, { duration, bomb });
    report('hostile-pdf', { idle: row(result.idle), [`during ${result.bombs} PDF bombs`]: row(result.during) }, {
      answers: JSON.stringify(result.statuses),
      ratio: `p99 during the bombs is ${(result.p99Ms / result.idleP99Ms).toFixed(1)}× the idle p99`,
      goal: `health p99 during the bombs < 200 ms and every bomb refused with 400: ${result.p99Ms < 200 && Object.keys(result.statuses).join() === '400' ? 'met' : 'NOT met'}`,
    });
  } finally {
    await server.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const duration = Number(process.argv.find((a) => a.startsWith('--duration='))?.split('=')[1] ?? 10);
  await run({ duration });
}
