// Throughput against the framework's own floor, in one run: a minimal NestJS app on
// platform-express answering {"status":"ok"} from one controller (bench/nest-floor-server.mjs,
// a process of its own) and, on the built server, GET /api/health, GET /api/v1/status with a
// bearer automation token and POST /api/v1/scans/resolve for a code the household knows (local
// hit: a draft committed with synchronous = FULL and group commit before the answer). Each is
// loaded by autocannon in a process of its own at 32 connections and printed as a share of the
// floor with its p99. Two shares are printed: of requests per second, measured in rounds (in
// each, every route right after a floor measurement of its own; `--runs` rounds, median of each
// route's share of the floor measured just before it, so a drift in the machine's speed weighs
// less), and of CPU time per request (the server's own utime + stime from /proc over the
// requests it answered), which other work on a loaded machine hardly moves. On a shared virtual
// machine both still swing by a fifth or more from one round to the next: quote several rounds.
// The disk's own durable commit time (p50, p99) is printed beside them: it bounds the resolve p99.
// So does SQLite's automatic checkpoint, which runs inside the COMMIT that takes the WAL past
// 1,000 frames (every ~50 batches of this load): its time is printed too, measured on the
// service's own schema with the drafts and audit rows of 52 batches of 32 local-hit scans.
// Goals: health >= 90 %, bearer status >= 60 %, resolve >= 40 % with p99 < 20 ms.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import Sqlite from 'better-sqlite3';
import { ROOT, freePort, fromApi, measure, openBenchDatabase, quantile, report, startBuiltServer } from './lib.mjs';

const CODE = '4006381333931';

async function startNestFloor() {
  const child = spawn(process.execPath, [join(ROOT, 'bench/nest-floor-server.mjs')], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise((resolvePort, reject) => {
    child.stdout.once('data', (chunk) => resolvePort(Number(String(chunk).trim())));
    child.once('exit', (code) => reject(new Error(`the Nest floor app exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    stop: async () => {
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((r) => child.once('exit', r));
    },
  };
}

/** The owner, a product with the benchmark's barcode, and two automation tokens. */
export async function household(url) {
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

/** CPU seconds (user + system) the process has used so far. */
export function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** One load run with the server's CPU time per answered request (after a discarded warm-up). */
async function measured(pid, url, options) {
  await measure(url, { ...options, duration: 1, warmup: 0 });
  const before = cpuSeconds(pid);
  const row = await measure(url, { ...options, warmup: 0, amount: undefined });
  const requests = row.requestsPerSecond * options.duration;
  return { ...row, cpuUsPerRequest: ((cpuSeconds(pid) - before) / requests) * 1e6 };
}

/**
 * What the disk itself gives a durable write: the time of one WAL commit of 32 rows with
 * synchronous = FULL (one fsync), as a batch of the group commit pays it, 100 times. A scan is
 * answered only after its batch's commit, so this bounds the resolve p99 from below.
 */
function diskCommit() {
  const directory = mkdtempSync(join(tmpdir(), 'hinv-bench-commit-'));
  const db = new Sqlite(join(directory, 'commit.db'));
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.exec('CREATE TABLE drafts (id TEXT PRIMARY KEY, barcode TEXT NOT NULL, created_at TEXT NOT NULL)');
    const insert = db.prepare('INSERT INTO drafts (id, barcode, created_at) VALUES (?, ?, ?)');
    const commit = db.transaction(() => {
      for (let row = 0; row < 32; row++) insert.run(randomUUID(), CODE, new Date().toISOString());
    });
    const timings = [];
    for (let round = 0; round < 100; round++) {
      const started = process.hrtime.bigint();
      commit();
      timings.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
    return `p50 ${quantile(timings, 0.5, 1)} ms, p99 ${quantile(timings, 0.99, 1)} ms (WAL commit of 32 rows, synchronous FULL)`;
  } finally {
    db.close();
    rmSync(directory, { recursive: true, force: true });
  }
}

/**
 * What one automatic checkpoint holds the event loop for: the WAL of 52 batches of 32 local-hit
 * scans and their audit rows (about 1,000 frames) copied into the database file and synced, as
 * SQLite does inside the COMMIT that passes `wal_autocheckpoint`; 5 times.
 */
export async function checkpointStall() {
  const { database, close } = await openBenchDatabase('checkpoint');
  // Time-ordered ids, as the service makes them: random ones would dirty a page of the primary key per row.
  const { v7: timeOrderedId } = await fromApi('uuid');
  try {
    const sqlite = database.sqlite;
    sqlite.pragma('wal_autocheckpoint = 0');
    const columns = ['id', 'barcode_raw', 'barcode_normalized', 'symbology', 'mode', 'status', 'resolution_source', 'suggestion', 'created_by', 'station_name', 'created_at', 'updated_at'];
    const draft = sqlite.prepare(`INSERT INTO scan_drafts (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`);
    const audit = sqlite.prepare("INSERT INTO audit_events (created_at, category, action, outcome, status_code, actor_user_id, token_id) VALUES (?, 'api', 'POST /api/v1/scans/resolve', 'success', 200, ?, ?)");
    const batch = sqlite.transaction(() => {
      for (let row = 0; row < 32; row++) {
        const now = new Date().toISOString();
        draft.run(timeOrderedId(), CODE, CODE, 'EAN-13', 'identify', 'resolved', 'local', '{}', randomUUID(), 'station', now, now);
        audit.run(now, randomUUID(), randomUUID());
      }
    });
    const timings = [];
    let frames = 0;
    for (let round = 0; round < 5; round++) {
      for (let count = 0; count < 52; count++) batch();
      const started = process.hrtime.bigint();
      frames = sqlite.pragma('wal_checkpoint(PASSIVE)')[0].log;
      timings.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
    return `p50 ${quantile(timings, 0.5, 1)} ms, max ${quantile(timings, 1, 1)} ms (${frames} WAL frames of 52 batches of 32 scans)`;
  } finally {
    await close();
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** The three measured requests against our server, by short name (bench/profile-route.mjs profiles one). */
export function routeLoads(url, tokens) {
  return {
    health: { url: `${url}/api/health`, options: {} },
    status: { url: `${url}/api/v1/status`, options: { headers: { authorization: `Bearer ${tokens.status}` } } },
    resolve: {
      url: `${url}/api/v1/scans/resolve`,
      options: { method: 'POST', headers: { authorization: `Bearer ${tokens.station}`, 'content-type': 'application/json' }, body: JSON.stringify({ barcode: CODE, mode: 'identify' }) },
    },
  };
}

export async function run({ duration, runs }) {
  const rounds = runs === 100 ? 3 : runs; // run.mjs defaults --runs to 100 for the stress scenarios
  const loadBefore = loadavg()[0];
  const disk = diskCommit();
  const checkpoint = await checkpointStall();
  const floorApp = await startNestFloor();
  const server = await startBuiltServer(await freePort());
  try {
    const tokens = await household(server.url);
    const loads = routeLoads(server.url, tokens);
    const routes = {
      'GET /api/health': { ...loads.health, goal: '>= 90 %' },
      'GET /api/v1/status (bearer)': { ...loads.status, goal: '>= 60 %' },
      'POST /api/v1/scans/resolve (local hit)': { ...loads.resolve, goal: '>= 40 %, p99 < 20 ms' },
    };
    const samples = { floor: [] };
    for (const name of Object.keys(routes)) samples[name] = [];
    for (let round = 0; round < rounds; round += 1) {
      for (const [name, route] of Object.entries(routes)) {
        // Each route against a floor measured just before it: this machine's speed drifts by a
        // fifth within a minute (other tenants), and a floor measured 30 s earlier carried that
        // drift into the share.
        const floor = await measured(floorApp.pid, `${floorApp.url}/health`, { duration });
        samples.floor.push({ ...floor, share: 100, cpuShare: 100 });
        const row = await measured(server.pid, route.url, { duration, ...route.options });
        samples[name].push({ ...row, share: (row.requestsPerSecond / floor.requestsPerSecond) * 100, cpuShare: (floor.cpuUsPerRequest / row.cpuUsPerRequest) * 100 });
      }
    }
    const summary = (list) => ({
      requestsPerSecond: Number(median(list.map((r) => r.requestsPerSecond)).toFixed(0)),
      p99Ms: median(list.map((r) => r.p99Ms)),
      cpuUsPerRequest: Number(median(list.map((r) => r.cpuUsPerRequest)).toFixed(0)),
      shareOfFloor: Number(median(list.map((r) => r.share)).toFixed(1)),
      cpuShareOfFloor: Number(median(list.map((r) => r.cpuShare)).toFixed(1)),
      shares: list.map((r) => r.share.toFixed(0)).join(' / '),
    });
    const rows = { 'Nest floor (minimal app)': summary(samples.floor) };
    for (const [name, route] of Object.entries(routes)) rows[name] = { ...summary(samples[name]), goal: route.goal };
    const share = (name) => rows[name].shareOfFloor;
    const met =
      share('GET /api/health') >= 90 &&
      share('GET /api/v1/status (bearer)') >= 60 &&
      share('POST /api/v1/scans/resolve (local hit)') >= 40 &&
      rows['POST /api/v1/scans/resolve (local hit)'].p99Ms < 20;
    report('floor', rows, {
      rounds: `${rounds} rounds of ${duration} s per row; medians; shares = each route against the floor measured just before it`,
      goals: met ? 'met' : 'not met',
      diskCommit: disk,
      checkpoint,
      load: `load average ${loadBefore.toFixed(1)} before, ${loadavg()[0].toFixed(1)} after the run on ${cpus().length} cores`,
    });
  } finally {
    await server.stop();
    await floorApp.stop();
  }
}
