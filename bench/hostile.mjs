// Replays the hostile requests of the security review (findings 1, 2, 4, 7 and 8) against the built server and reports what
// GET /api/health answered meanwhile: it is asked again and again, one request at a time, while
// each attack runs, and its p50, p99 and slowest answer are printed next to the attack's outcome.
// Every attack gets a fresh server (and household where it needs one).
//
//   node bench/run.mjs hostile [--against=<dir>]
//
// `--against=<dir>` replays the same attacks against a second build in the same run (a directory
// holding `apps/api/serve.sh` and `apps/api/dist`, e.g. a copy of an older build with a
// `node_modules` link), so before and after are compared on one machine under one load.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
// The bomb the e2e test sends too (Node strips the file's types). Built once, before any server
// starts: deflating 100 MB blocks this process for a while.
import { pdfBomb } from '../e2e/support/pdfs.ts';
import { freePort, quantile, report, ROOT } from './lib.mjs';

const PDF_BOMB = pdfBomb();

const PASSWORD = 'owner password 123';

/** One POST over node:http, which (unlike fetch) waits for an answer however long it takes. */
function post(url, body, headers = {}) {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers } }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode, code: /"code":"([a-z_]+)"/.exec(text)?.[1] ?? '' }));
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** Finding 1: a sign-in body of 100,000 made-up keys (1.1 MB, no cookie, no Origin). */
async function manyKeys(server) {
  const body = `{"password":"x"${Array.from({ length: 100_000 }, (_, i) => `,"k${i}":1`).join('')}}`;
  const { status, code } = await post(`${server.url}/api/v1/auth/login`, body);
  return `${status} ${code}`;
}

/** Finding 1 / issue 29: 12 MB of nested brackets at sign-in. */
async function brackets(server) {
  const { status, code } = await post(`${server.url}/api/v1/auth/login`, Buffer.alloc(12 * 1024 * 1024, '['));
  return `${status} ${code}`;
}

/** Finding 2: 150 simultaneous wrong sign-ins from one source. */
async function signInRace(server) {
  const answers = await Promise.all(
    Array.from({ length: 150 }, () =>
      fetch(`${server.url}/api/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ password: 'wrong password' }) }).then((r) => r.status),
    ),
  );
  return countStatuses(answers);
}

/** Finding 4: 16 connections asking for setup after setup and accepting made-up invitations for 5 s. */
async function hashFlood(server) {
  const until = Date.now() + 5000;
  const statuses = [];
  const worker = async (index) => {
    for (let round = 0; Date.now() < until; round++) {
      const path = round % 2 === 0 ? '/api/v1/auth/setup' : `/api/v1/auth/invitations/made-up-${index}-${round}/accept`;
      const response = await fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ password: 'a long password 123' }) });
      await response.arrayBuffer();
      statuses.push(response.status);
    }
  };
  await Promise.all(Array.from({ length: 16 }, (_, index) => worker(index)));
  return countStatuses(statuses);
}

/** Finding 8: 150 text fields of 1 MB, sent chunked (no Content-Length) to receipt analysis. */
function chunkedFields(server) {
  const boundary = 'hostile-boundary-7d1f';
  const value = Buffer.alloc(1024 * 1024, 'a');
  return new Promise((resolve, reject) => {
    let sent = 0;
    let done = false;
    const outgoing = request(
      `${server.url}/api/v1/receipts/analyze`,
      { method: 'POST', headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'transfer-encoding': 'chunked', cookie: server.cookie, origin: server.url } },
      (response) => {
        response.resume();
        response.on('end', () => {
          done = true;
          resolve(`${response.statusCode} after ${(sent / 1024 / 1024).toFixed(0)} MB sent`);
        });
      },
    );
    outgoing.on('error', (error) => (done ? undefined : reject(error)));
    const next = (index) => {
      if (done || outgoing.destroyed) return;
      if (index === 150) return void outgoing.end(`--${boundary}--\r\n`);
      sent += value.length;
      outgoing.write(`--${boundary}\r\ncontent-disposition: form-data; name="note${index}"\r\n\r\n`);
      outgoing.write(value);
      if (outgoing.write('\r\n')) setImmediate(next, index + 1);
      else outgoing.once('drain', () => next(index + 1));
    };
    next(0);
  });
}

/** Finding 7: PDFs of about 100 KB whose content stream inflates to 100 MB, sent back to back for 10 s. */
async function pdfBombs(server) {
  const statuses = [];
  const until = Date.now() + 10_000;
  do {
    const form = new FormData();
    form.append('image', new Blob([PDF_BOMB], { type: 'application/pdf' }), 'receipt.pdf');
    const response = await fetch(`${server.url}/api/v1/receipts/analyze`, { method: 'POST', body: form, headers: { cookie: server.cookie, origin: server.url } });
    await response.arrayBuffer();
    statuses.push(response.status);
  } while (Date.now() < until);
  return countStatuses(statuses);
}

/** The attacks, each named with its finding. */
const ATTACKS = [
  { name: '1: 100,000 keys at sign-in', household: false, run: manyKeys },
  { name: '1: 12 MB of brackets at sign-in', household: false, run: brackets },
  { name: '2: 150 parallel wrong sign-ins', household: true, run: signInRace },
  { name: '4: setup/invitation hash flood, 16 connections', household: true, run: hashFlood },
  { name: '7: PDF decompression bombs for 10 s', household: true, run: pdfBombs },
  { name: '8: 150 × 1 MB chunked multipart fields', household: true, run: chunkedFields },
];

function countStatuses(statuses) {
  const counts = {};
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
  return Object.entries(counts)
    .map(([status, count]) => `${count}×${status}`)
    .join(' ');
}

async function startServer(root) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'hinv-bench-hostile-'));
  const child = spawn('sh', [join(root, 'apps/api/serve.sh')], {
    env: { PATH: `${dirname(process.execPath)}:${process.env.PATH}`, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'error' },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  // A loaded box may need a while; nothing here measures the start.
  const deadline = Date.now() + 180_000;
  while (!(await fetch(`${url}/api/health`).then((r) => r.ok, () => false))) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`server under ${root} did not start`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url,
    cookie: '',
    stop: async () => {
      // A server still stuck in a hostile request would finish it before a graceful stop.
      child.kill('SIGKILL');
      await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function setUpHousehold(server) {
  const response = await fetch(`${server.url}/api/v1/auth/setup`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ password: PASSWORD, display_name: 'Bench Owner', preferred_locale: 'en' }) });
  if (!response.ok) throw new Error(`setup answered ${response.status}`);
  server.cookie = response.headers.getSetCookie().find((c) => c.includes('session='))?.split(';', 1)[0] ?? '';
}

/** Health, asked one request at a time until `attack` settles; each answer's time in ms. */
async function healthDuring(server, attack) {
  let settled = false;
  const started = performance.now();
  const running = attack(server).then(
    (outcome) => outcome,
    (error) => `failed: ${error.message}`,
  );
  running.finally(() => (settled = true));
  const timings = [];
  while (!settled || timings.length < 20) {
    const asked = performance.now();
    await fetch(`${server.url}/api/health`, { signal: AbortSignal.timeout(600_000) }).then((r) => r.arrayBuffer(), () => undefined);
    timings.push(performance.now() - asked);
  }
  const outcome = await running;
  return { outcome, attackMs: performance.now() - started, timings };
}

async function replay(root, label) {
  const rows = {};
  for (const attack of ATTACKS) {
    const server = await startServer(root);
    try {
      if (attack.household) await setUpHousehold(server);
      // Health without an attack first: what this machine answers right now.
      const idle = await healthDuring(server, () => new Promise((r) => setTimeout(r, 500)));
      const { outcome, attackMs, timings } = await healthDuring(server, attack.run);
      rows[`${label} ${attack.name}`] = {
        outcome,
        attackS: Number((attackMs / 1000).toFixed(1)),
        healthIdleP99Ms: quantile(idle.timings, 0.99, 1),
        healthP50Ms: quantile(timings, 0.5, 1),
        healthP99Ms: quantile(timings, 0.99, 1),
        healthMaxMs: Number(Math.max(...timings).toFixed(1)),
        probes: timings.length,
      };
      console.log(`${label} ${attack.name}: ${outcome}; health p99 ${rows[`${label} ${attack.name}`].healthP99Ms} ms`);
    } finally {
      await server.stop();
    }
  }
  return rows;
}

export async function run() {
  const against = process.argv.find((a) => a.startsWith('--against='))?.split('=')[1];
  const rows = { ...(against ? await replay(against, 'before') : {}), ...(await replay(ROOT, against ? 'after' : 'this build')) };
  report('hostile', rows, { note: 'health is asked one request at a time while each attack runs; p99 over those answers' });
}
