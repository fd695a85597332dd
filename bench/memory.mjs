// Resident memory of the built server, idle and under sustained mixed load: a household with
// products, barcodes, stock lots and a shopping list; VmRSS sampled once a second; then 100,000
// requests at 16 connections (local-hit resolves with a bearer token, product list and reads,
// stock reads, the shopping list, health) from a load generator in its own process. The slope
// over the second half of the load shows whether memory stays flat.
import { readFileSync } from 'node:fs';
import { freePort, measure, report, startBuiltServer } from './lib.mjs';

const PRODUCTS = 24;
const LOAD_REQUESTS = 100_000;
const CONNECTIONS = 16;
const SETTLE_MS = 5000;
/**
 * Idle is measured after the server has been quiet for a minute and a little more: then it has
 * given back what start-up and setup left (apps/api/src/bootstrap/settle-memory.ts).
 */
const IDLE_MS = 70_000;

const mb = (kb) => Number((kb / 1024).toFixed(1));

function statusOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1]);
  return { rssKb: field('VmRSS'), hwmKb: field('VmHWM'), threads: field('Threads') };
}

/**
 * What of the resident memory is the server's alone (heap, malloc, its own writes) and what are
 * file pages it shares, mostly the node binary, which another node process on the box maps too.
 */
function sharingOf(pid) {
  const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
  const field = (name) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(rollup)?.[1] ?? 0);
  return { privateKb: field('Private_Clean') + field('Private_Dirty'), sharedKb: field('Shared_Clean') + field('Shared_Dirty') };
}

/** EAN-13 codes with a valid check digit, one per product. */
function ean13(n) {
  const body = `400000${String(n).padStart(6, '0')}`;
  const sum = [...body].reduce((total, digit, i) => total + Number(digit) * (i % 2 === 0 ? 1 : 3), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

async function household(url) {
  let cookie = '';
  const call = async (method, path, body) => {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response;
  };
  const setup = await call('POST', '/api/v1/auth/setup', { password: 'benchmark owner password', display_name: 'Bench' });
  cookie = setup.headers.getSetCookie()[0].split(';', 1)[0];
  const products = [];
  for (let i = 0; i < PRODUCTS; i += 1) {
    const barcode = ean13(i + 1);
    const created = await (
      await call('POST', '/api/v1/catalog/products', {
        name: `Bench product ${i + 1}`,
        barcode,
        minimum_stock_quantity: i % 2 === 0 ? 3 : 0,
        new_location_name: i % 3 === 0 ? 'Pantry' : 'Fridge',
        new_product_group_name: `Group ${i % 4}`,
      })
    ).json();
    products.push({ id: created.id, barcode });
  }
  // Stock lots through the scanner's own path: resolve in add mode, then confirm.
  for (const [i, product] of products.slice(0, PRODUCTS / 2).entries()) {
    for (let lot = 0; lot < 2; lot += 1) {
      const draft = await (await call('POST', '/api/v1/scans/resolve', { barcode: product.barcode, mode: 'add' })).json();
      await call('POST', `/api/v1/scans/${draft.id}/confirm`, { client_mutation_id: `bench-lot-${i}-${lot}`, quantity: 1 + lot, best_before_date: `2031-0${1 + lot}-1${i % 10}` });
    }
  }
  const lowStock = await (await call('GET', '/api/v1/shopping-list/low-stock')).json();
  const proposals = (lowStock.items ?? lowStock).map((item) => item.product_id);
  if (proposals.length > 0) await call('POST', '/api/v1/shopping-list/generate', { client_mutation_id: 'bench-shopping-1', product_ids: proposals });
  const token = (
    await (await call('POST', '/api/v1/auth/api-tokens', { name: 'memory', scopes: ['scans:write', 'catalog:read', 'stock:read', 'shopping:read'] })).json()
  ).token;
  return { products, token };
}

/** Least-squares slope of y over x. */
function slope(points) {
  const n = points.length;
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  const sxy = points.reduce((s, p) => s + (p.x - mx) * (p.y - my), 0);
  const sxx = points.reduce((s, p) => s + (p.x - mx) ** 2, 0);
  return sxx === 0 ? 0 : sxy / sxx;
}

/** `requests` and `serverEnv` are for trying levers by hand; `node bench/run.mjs memory` uses the defaults. */
export async function run({ requests: loadRequests = LOAD_REQUESTS, serverEnv = {}, name = 'memory' } = {}) {
  const server = await startBuiltServer(await freePort(), { OFF_ENABLED: 'false', ...serverEnv });
  const samples = [];
  let phase = 'setup';
  let answered = 0;
  const sampler = setInterval(() => {
    try {
      samples.push({ phase, answered, ...statusOf(server.pid) });
    } catch {
      // the server has gone; the run fails on its own
    }
  }, 1000);
  try {
    const { products, token } = await household(server.url);
    phase = 'idle';
    await new Promise((r) => setTimeout(r, IDLE_MS));
    const idle = statusOf(server.pid);
    const idleSharing = sharingOf(server.pid);

    const bearer = { authorization: `Bearer ${token}` };
    const resolve = (barcode) => ({
      method: 'POST',
      path: '/api/v1/scans/resolve',
      headers: { ...bearer, 'content-type': 'application/json' },
      body: JSON.stringify({ barcode, mode: 'identify' }),
    });
    const get = (path) => ({ method: 'GET', path, headers: bearer });
    const requests = [
      resolve(products[0].barcode),
      get('/api/v1/catalog/products'),
      get(`/api/v1/catalog/products/${products[1].id}`),
      resolve(products[5].barcode),
      get('/api/v1/stock'),
      get('/api/v1/stock/lots'),
      resolve(products[17].barcode),
      get('/api/v1/shopping-list'),
      get(`/api/v1/catalog/products/${products[20].id}`),
      { method: 'GET', path: '/api/health' },
    ];
    phase = 'load';
    const started = Date.now();
    const load = await measure(server.url, { connections: CONNECTIONS, requests, amount: loadRequests, warmup: 0, onProgress: (n) => (answered = n) });
    const seconds = (Date.now() - started) / 1000;
    const final = statusOf(server.pid);
    phase = 'after';
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    const after = statusOf(server.pid);

    const during = samples.filter((s) => s.phase === 'load');
    const rss = during.map((s) => s.rssKb);
    const secondHalf = during.filter((s) => s.answered >= load.requests / 2);
    const perTenThousand = slope(secondHalf.map((s) => ({ x: s.answered / 10_000, y: s.rssKb / 1024 })));
    report(
      name,
      {
        [`idle (${IDLE_MS / 1000} s after setup)`]: { rssMb: mb(idle.rssKb), privateMb: mb(idleSharing.privateKb), sharedFilesMb: mb(idleSharing.sharedKb), threads: idle.threads },
        [`load (${load.requests} requests, ${CONNECTIONS} connections)`]: {
          minMb: mb(Math.min(...rss)),
          maxMb: mb(Math.max(...rss)),
          lastMb: mb(final.rssKb),
          slopeMbPer10k: Number(perTenThousand.toFixed(2)),
          peakHwmMb: mb(final.hwmKb),
          requestsPerSecond: Math.round(load.requests / seconds),
          threads: final.threads,
        },
        [`after (${SETTLE_MS / 1000} s later)`]: { rssMb: mb(after.rssKb) },
      },
      {
        mix: 'per cycle of 10: 3 local-hit resolves (bearer), product list, 2 product reads, stock, stock lots, shopping list, /api/health',
        slope: `least squares of RSS over answered requests, second half of the load (${secondHalf.length} samples)`,
        samples: JSON.stringify(during.map((s) => [s.answered, mb(s.rssKb)])),
      },
    );
  } finally {
    clearInterval(sampler);
    await server.stop();
  }
}
