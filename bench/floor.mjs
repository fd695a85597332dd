// Throughput against the framework's own floor, in one run: a minimal NestJS app on
// platform-express answering {"status":"ok"} from one controller (bench/nest-floor-server.mjs,
// a process of its own) and, on the built server, GET /api/health, GET /api/v1/status with a
// bearer automation token and POST /api/v1/scans/resolve for a code the household knows (local
// hit: a draft committed with synchronous = FULL and group commit before the answer). Each is
// loaded by autocannon in a process of its own at 32 connections and printed as a share of the
// floor with its p99. The floor is measured before and after the routes and averaged, so a
// change in the machine's load during the run shows as a spread between the two.
// Goals: health >= 90 %, bearer status >= 60 %, resolve >= 40 % with p99 < 20 ms.
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { ROOT, freePort, measure, report, startBuiltServer } from './lib.mjs';

const CODE = '4006381333931';

async function startNestFloor() {
  const child = spawn(process.execPath, [join(ROOT, 'bench/nest-floor-server.mjs')], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise((resolvePort, reject) => {
    child.stdout.once('data', (chunk) => resolvePort(Number(String(chunk).trim())));
    child.once('exit', (code) => reject(new Error(`the Nest floor app exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((r) => child.once('exit', r));
    },
  };
}

/** The owner, a product with the benchmark's barcode, and two automation tokens. */
async function household(url) {
  const post = async (path, body, headers = {}) => {
    const response = await fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return response;
  };
  const setup = await post('/api/v1/auth/setup', { password: 'benchmark owner password', display_name: 'Bench' });
  const cookie = { cookie: setup.headers.getSetCookie()[0].split(';', 1)[0] };
  await post('/api/v1/catalog/products', { name: 'Bench pencils', barcode: CODE }, cookie);
  const token = async (name, scopes) => (await (await post('/api/v1/auth/api-tokens', { name, scopes }, cookie)).json()).token;
  return { status: await token('home automation', ['status:read']), station: await token('station', ['scans:write']) };
}

export async function run({ duration }) {
  const loadBefore = loadavg()[0];
  const floorApp = await startNestFloor();
  const server = await startBuiltServer(await freePort());
  try {
    const tokens = await household(server.url);
    const floorBefore = await measure(`${floorApp.url}/health`, { duration });
    const health = await measure(`${server.url}/api/health`, { duration });
    const status = await measure(`${server.url}/api/v1/status`, { duration, headers: { authorization: `Bearer ${tokens.status}` } });
    const resolve = await measure(`${server.url}/api/v1/scans/resolve`, {
      duration,
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.station}`, 'content-type': 'application/json' },
      body: JSON.stringify({ barcode: CODE, mode: 'identify' }),
    });
    const floorAfter = await measure(`${floorApp.url}/health`, { duration });
    const floor = (floorBefore.requestsPerSecond + floorAfter.requestsPerSecond) / 2;
    const share = (row) => Number(((row.requestsPerSecond / floor) * 100).toFixed(1));
    const rows = {
      'Nest floor (before)': { ...floorBefore, shareOfFloor: share(floorBefore) },
      'Nest floor (after)': { ...floorAfter, shareOfFloor: share(floorAfter) },
      'GET /api/health': { ...health, shareOfFloor: share(health), goal: '>= 90 %' },
      'GET /api/v1/status (bearer)': { ...status, shareOfFloor: share(status), goal: '>= 60 %' },
      'POST /api/v1/scans/resolve (local hit)': { ...resolve, shareOfFloor: share(resolve), goal: '>= 40 %, p99 < 20 ms' },
    };
    const met = share(health) >= 90 && share(status) >= 60 && share(resolve) >= 40 && resolve.p99Ms < 20;
    report('floor', rows, {
      floorRequestsPerSecond: floor.toFixed(0),
      goals: met ? 'met' : 'not met',
      load: `load average ${loadBefore.toFixed(1)} before, ${loadavg()[0].toFixed(1)} after the run on ${(await import('node:os')).cpus().length} cores`,
    });
  } finally {
    await server.stop();
    await floorApp.stop();
  }
}
