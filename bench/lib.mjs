// Shared parts of the benchmarks: start the built server, measure with autocannon (in a process
// of its own), report.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import Sqlite from 'better-sqlite3';

export const ROOT = resolve(import.meta.dirname, '..');

/** A port nobody listens on: a fixed one could belong to another server, whose health check would pass. */
export async function freePort() {
  const probe = createServer();
  await new Promise((r) => probe.listen(0, '127.0.0.1', r));
  const { port } = probe.address();
  await new Promise((r) => probe.close(r));
  return port;
}

async function waitForHealth(url, child, deadlineMs) {
  const deadline = Date.now() + deadlineMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (await fetch(`${url}/api/health`).then((r) => r.ok, () => false)) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('server did not become healthy');
}

/**
 * Starts the built server on `port` with a fresh DATA_DIR the way users run it: through
 * apps/api/serve.sh (`pnpm run serve`, `npm start` and the container image use it too), with the
 * node running this benchmark first on PATH. The script execs node, so `pid` is the server's.
 * Resolves once healthy.
 */
export async function startBuiltServer(port, env = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'hinv-bench-'));
  const started = process.hrtime.bigint();
  const child = spawn('sh', [join(ROOT, 'apps/api/serve.sh')], {
    env: { PATH: `${dirname(process.execPath)}:${process.env.PATH}`, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn', ...env },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  // The bound only ends a start that hangs: a loaded machine takes well over 30 s to boot it.
  await waitForHealth(url, child, 90_000).catch((error) => {
    child.kill('SIGKILL');
    throw error;
  });
  const coldStartMs = Number(process.hrtime.bigint() - started) / 1e6;
  return {
    url,
    pid: child.pid,
    coldStartMs,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The ceiling: a bare node:http server answering the same JSON as the health route. */
export async function startBareServer(port, body = '{"status":"ok"}') {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
    response.end(body);
  });
  await new Promise((r) => server.listen(port, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${port}`, stop: () => new Promise((r) => server.close(r)) };
}

/**
 * What one durable write per request costs without any framework: bare node:http that reads the
 * JSON body, inserts one row into a WAL-mode SQLite file (synchronous=FULL, like the service)
 * and answers only after the commit. `grouped` commits every request that arrived in the same
 * event-loop turn in one transaction (group commit), the cheapest way to stay durable.
 * This bounds what any handler that persists a scan can reach on this machine.
 */
export async function startDurableWriteServer(port, { grouped = false } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'hinv-bench-floor-'));
  const db = new Sqlite(join(dataDir, 'floor.db'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.exec('CREATE TABLE drafts (id TEXT PRIMARY KEY, barcode TEXT NOT NULL, mode TEXT NOT NULL, created_at TEXT NOT NULL)');
  const insert = db.prepare('INSERT INTO drafts (id, barcode, mode, created_at) VALUES (@id, @barcode, @mode, @created_at)');
  const commit = db.transaction((rows) => {
    for (const row of rows) insert.run(row);
  });
  let pending = [];
  const flush = () => {
    const batch = pending;
    pending = [];
    commit(batch.map((entry) => entry.row));
    for (const entry of batch) entry.answer();
  };
  const server = createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      const input = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      const row = { id: randomUUID(), barcode: input.barcode, mode: input.mode, created_at: new Date().toISOString() };
      const answer = () => {
        const body = JSON.stringify({ id: row.id, status: 'resolved', barcode_normalized: row.barcode });
        response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
        response.end(body);
      };
      if (!grouped) {
        commit([row]);
        return answer();
      }
      pending.push({ row, answer });
      if (pending.length === 1) setImmediate(flush);
    });
  });
  await new Promise((r) => server.listen(port, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      await new Promise((r) => server.close(r));
      db.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A module of the built API (API_DIST: another build of it, for comparing two in one sitting). */
export const dist = (path) => import(pathToFileURL(join(resolve(ROOT, process.env.API_DIST ?? 'apps/api/dist'), path)).href);
/** The API's own dependencies, resolved from the API package (the bench package does not repeat them). */
export const fromApi = (name) => import(pathToFileURL(createRequire(join(ROOT, 'apps/api/package.json')).resolve(name)).href);

/**
 * The API's database layer on a fresh SQLite file with every migration applied, for in-process
 * benchmarks of one service. `close()` removes the file again.
 */
export async function openBenchDatabase(name) {
  await fromApi('reflect-metadata');
  const { DataSource } = await fromApi('typeorm');
  const { dataSourceOptions } = await dist('database/data-source-options.js');
  const { Database } = await dist('database/database.js');
  const { Clock } = await dist('common/clock.js');
  const directory = mkdtempSync(join(tmpdir(), `hinv-bench-${name}-`));
  const dataSource = new DataSource(dataSourceOptions(join(directory, 'app.db')));
  await dataSource.initialize();
  await dataSource.runMigrations();
  return {
    dataSource,
    database: new Database(dataSource),
    clock: new Clock(),
    close: async () => {
      await dataSource.destroy();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** The q-quantile (0–1) of millisecond timings, rounded for the report. */
export function quantile(timings, q, digits = 2) {
  const sorted = [...timings].sort((a, b) => a - b);
  return Number(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))].toFixed(digits));
}

/**
 * Runs autocannon against `url` in a child process (bench/load.mjs), so the load generator never
 * shares a core's event loop with a server in this process; a short warm-up run is discarded.
 * `requests` (a list of `{ method, path, headers, body }` each connection cycles through) and
 * `amount` (a request count instead of a duration) pass through to autocannon; `onProgress` is
 * called about once a second with the number of requests answered so far.
 */
export async function measure(url, { connections = 32, duration = 10, headers = {}, method = 'GET', body, warmup = 2, requests, amount, onProgress } = {}) {
  const options = { url, connections, duration, headers, method, body, warmup, requests, amount, progressMs: onProgress ? 1000 : undefined };
  const child = spawn(process.execPath, [join(ROOT, 'bench/load.mjs'), JSON.stringify(options)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
    if (!onProgress) return;
    const lines = output.split('\n');
    output = lines.pop();
    for (const line of lines) {
      const parsed = JSON.parse(line);
      if ('progress' in parsed) onProgress(parsed.progress);
      else output = `${line}\n${output}`;
    }
  });
  const code = await new Promise((r) => child.once('exit', r));
  if (code !== 0) throw new Error(`load generator for ${url} exited with ${code}`);
  const result = JSON.parse(output);
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  const row = { requestsPerSecond: result.requestsPerSecond, p50Ms: result.p50Ms, p99Ms: result.p99Ms };
  return amount ? { ...row, requests: result.requests } : row;
}

export function report(name, rows, extra = {}) {
  console.log(`\n${name}`);
  console.table(rows);
  for (const [key, value] of Object.entries(extra)) console.log(`${key}: ${value}`);
  mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
  writeFileSync(join(ROOT, 'bench/results', `${name}.json`), `${JSON.stringify({ name, at: new Date().toISOString(), rows, ...extra }, null, 2)}\n`);
}

/** Sets up the household on a fresh server; the owner's session cookie (`name=value`). */
export async function ownerCookie(url) {
  const response = await fetch(`${url}/api/v1/auth/setup`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ password: 'benchmark owner password', display_name: 'Bench' }) });
  if (!response.ok) throw new Error(`setup: ${response.status}`);
  return response.headers.getSetCookie()[0].split(';', 1)[0];
}

/** Uploads a JPEG receipt photo for analysis; the answer's status (its body is read and dropped). */
export async function uploadReceiptPhoto(url, cookie, bytes) {
  // node:http, not fetch: fetch gives up after 300 s without an answer's headers, which ten
  // photos read on a busy two-core box can take.
  const form = new FormData();
  form.append('image', new Blob([bytes], { type: 'image/jpeg' }), 'photo.jpg');
  const body = new Response(form);
  const payload = Buffer.from(await body.arrayBuffer());
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${url}/api/v1/receipts/analyze`, {
      method: 'POST',
      headers: { cookie, 'content-type': body.headers.get('content-type'), 'content-length': payload.length },
    });
    request.on('response', (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode));
    });
    request.on('error', reject);
    request.end(payload);
  });
}

/** The processes `pid` started, and theirs. */
export const descendants = (pid) => {
  let tasks = [];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return [];
  }
  const children = tasks.flatMap((task) => {
    try {
      return readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
    } catch {
      return [];
    }
  });
  return children.flatMap((child) => [child, ...descendants(child)]);
};

/**
 * CPU seconds used so far by this process and the processes it started (the OCR process reads
 * receipts in a child of its own). A child's time is read from /proc while it runs.
 */
export function treeCpuSeconds() {
  const own = process.cpuUsage();
  const ticks = 100; // USER_HZ on Linux
  let children = 0;
  for (const pid of descendants(process.pid)) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      children += (Number(fields[11]) + Number(fields[12])) / ticks;
    } catch {
      // ended in between
    }
  }
  return (own.user + own.system) / 1e6 + children;
}
