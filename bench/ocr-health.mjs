// Does the server keep answering while it reads receipt photos? GET /api/health one request at a
// time (5 ms apart) for the same number of requests first on the idle server, then while the
// corpus's phone photos are uploaded back to back (the OCR pool already started); prints the
// latency quantiles of both and the ratio of their p99. Goal: p99 during OCR < 50 ms.
//   node bench/run.mjs ocr-health [--duration=seconds]     (how long photos are read)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_OUT } from '../scripts/receipt-corpus/generate.mjs';
import { freePort, ownerCookie, quantile, report, startBuiltServer, uploadReceiptPhoto as upload } from './lib.mjs';
import { corpus } from './receipts.mjs';

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

export async function run({ duration }) {
  const index = await corpus();
  const photos = index.receipts.map(({ id }) => readFileSync(join(DEFAULT_OUT, id, 'photo.jpg')));
  const server = await startBuiltServer(await freePort());
  try {
    const cookie = await ownerCookie(server.url);
    // The first photo starts the pool; a running server has usually read one before.
    await upload(server.url, cookie, photos[0]);
    let reading = true;
    let read = 0;
    const deadline = Date.now() + duration * 1000;
    const work = (async () => {
      for (let i = 1; Date.now() < deadline; i = (i % (photos.length - 1)) + 1) {
        await upload(server.url, cookie, photos[i]);
        read += 1;
      }
      reading = false;
    })();
    const during = await healthLatencies(server.url, () => !reading);
    await work;
    const idle = await healthLatencies(server.url, () => true, during.length);
    const p99 = quantile(during, 0.99);
    report('ocr-health', { idle: row(idle), [`while reading ${read} photos`]: row(during) }, {
      ratio: `p99 while reading photos is ${(p99 / quantile(idle, 0.99)).toFixed(1)}× the idle p99`,
      goal: `p99 during OCR < 50 ms: ${p99 < 50 ? 'met' : 'NOT met'}`,
    });
  } finally {
    await server.stop();
  }
}
