// 50 open event streams (the live updates of the shopping list) while the list changes ten times
// a second: how long a change takes to reach every stream (from sending the change to the last
// stream hearing of it), and whether the server's CPU and RSS stay flat over the run (first third
// against last third of the same run).
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { freePort, quantile, report, startBuiltServer } from './lib.mjs';

const STREAMS = 50;
const CHANGES_PER_SECOND = 10;
/** One session holds at most four streams (the server's limit), so the streams come from 13 sign-ins. */
const STREAMS_PER_SESSION = 4;
const CLOCK_TICKS = 100;

async function call(url, method, path, body, cookie) {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(cookie ? { cookie } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return { body: text ? JSON.parse(text) : null, cookie: response.headers.getSetCookie().find((c) => c.startsWith('hinv_session='))?.split(';', 1)[0] };
}

/** The node process behind `sh serve.sh`. */
function serverPid(shellPid) {
  const children = readFileSync(`/proc/${shellPid}/task/${shellPid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
  return Number(children[0] ?? shellPid);
}

function sample(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const cpuSeconds = (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]);
  return { at: performance.now(), cpuSeconds, rssMb: rssKb / 1024 };
}

/** One stream: calls `onChange(version, at)` for every change frame. */
function openStream(url, cookie, onChange) {
  return new Promise((resolve, reject) => {
    const req = request(`${url}/api/v1/events`, { headers: { cookie, accept: 'text/event-stream' } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`stream: ${res.statusCode}`));
      res.setEncoding('utf8');
      let buffer = '';
      res.on('data', (chunk) => {
        const at = performance.now();
        buffer += chunk;
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block.includes('event: ready')) resolve({ close: () => req.destroy() });
          const data = /^data: (.*)$/m.exec(block);
          if (block.includes('event: change') && data) onChange(JSON.parse(data[1]).version, at);
        }
      });
    });
    req.on('error', reject);
    req.end();
  });
}

export async function run({ duration }) {
  const seconds = Math.max(duration, 15);
  const server = await startBuiltServer(await freePort());
  const streams = [];
  try {
    const owner = await call(server.url, 'POST', '/api/v1/auth/setup', { password: 'benchmark owner password', display_name: 'Bench' });
    const cookies = [owner.cookie];
    while (cookies.length * STREAMS_PER_SESSION < STREAMS) cookies.push((await call(server.url, 'POST', '/api/v1/auth/login', { password: 'benchmark owner password' })).cookie);
    const items = [];
    for (let index = 0; index < 20; index += 1) {
      const product = (await call(server.url, 'POST', '/api/v1/catalog/products', { name: `Bench product ${index}` }, owner.cookie)).body;
      items.push((await call(server.url, 'POST', '/api/v1/shopping-list', { product_id: product.id, desired_quantity: 1, client_mutation_id: `bench-add-${index}` }, owner.cookie)).body);
    }

    /** version → how many streams heard of it and when the last one did. */
    const heard = new Map();
    const onChange = (version, at) => {
      const entry = heard.get(version) ?? { count: 0, first: at, last: 0 };
      entry.count += 1;
      entry.last = at;
      heard.set(version, entry);
    };
    for (let index = 0; index < STREAMS; index += 1) streams.push(await openStream(server.url, cookies[Math.floor(index / STREAMS_PER_SESSION)], onChange));

    const pid = serverPid(server.pid);
    const samples = [sample(pid)];
    const sampler = setInterval(() => samples.push(sample(pid)), 1000);
    const sent = [];
    const started = performance.now();
    let next = started;
    for (let change = 0; performance.now() - started < seconds * 1000; change += 1) {
      const item = items[change % items.length];
      const at = performance.now();
      const answer = await call(server.url, 'PATCH', `/api/v1/shopping-list/${item.id}`, { desired_quantity: (change % 5) + 1, expected_updated_at: item.updated_at }, owner.cookie);
      Object.assign(item, answer.body);
      sent.push({ version: answer.body.updated_at, at });
      next += 1000 / CHANGES_PER_SECOND;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - performance.now())));
    }
    // The last changes still travelling.
    const settle = performance.now();
    while (sent.some(({ version }) => (heard.get(version)?.count ?? 0) < STREAMS) && performance.now() - settle < 5000) await new Promise((resolve) => setTimeout(resolve, 20));
    clearInterval(sampler);
    samples.push(sample(pid));

    const missing = sent.filter(({ version }) => (heard.get(version)?.count ?? 0) < STREAMS).length;
    const latencies = sent.filter(({ version }) => (heard.get(version)?.count ?? 0) >= STREAMS).map(({ version, at }) => heard.get(version).last - at);
    // How long the fan-out itself takes: the first stream to the last one hearing of a change.
    const spreads = sent.filter(({ version }) => (heard.get(version)?.count ?? 0) >= STREAMS).map(({ version }) => heard.get(version).last - heard.get(version).first);
    const third = Math.floor(samples.length / 3);
    const window = (from, to) => {
      const [a, b] = [samples[from], samples[to]];
      return { cpuPercent: ((b.cpuSeconds - a.cpuSeconds) / ((b.at - a.at) / 1000)) * 100, rssMb: b.rssMb };
    };
    const first = window(0, third);
    const last = window(samples.length - 1 - third, samples.length - 1);
    const rows = {
      'change → all 50 streams': { changes: sent.length, p50Ms: quantile(latencies, 0.5), p99Ms: quantile(latencies, 0.99), maxMs: quantile(latencies, 1), missed: missing },
      'first → last stream': { changes: sent.length, p50Ms: quantile(spreads, 0.5), p99Ms: quantile(spreads, 0.99), maxMs: quantile(spreads, 1) },
      'server, first third': { cpuPercent: Number(first.cpuPercent.toFixed(1)), rssMb: Number(samples[third].rssMb.toFixed(1)) },
      'server, last third': { cpuPercent: Number(last.cpuPercent.toFixed(1)), rssMb: Number(last.rssMb.toFixed(1)) },
    };
    report('live', rows, {
      streams: `${STREAMS} open streams, ${CHANGES_PER_SECOND} list changes a second for ${seconds} s`,
      p99: `${rows['change → all 50 streams'].p99Ms} ms from sending a change (its write included) to the last of ${STREAMS} streams hearing of it (goal < 200 ms); the fan-out alone ${rows['first → last stream'].p99Ms} ms`,
      flat: `CPU ${first.cpuPercent.toFixed(1)} % → ${last.cpuPercent.toFixed(1)} %, RSS ${samples[third].rssMb.toFixed(1)} → ${last.rssMb.toFixed(1)} MB (last third against first third: ${(last.rssMb / samples[third].rssMb).toFixed(3)}×)`,
    });
    if (missing > 0) throw new Error(`${missing} changes did not reach every stream`);
  } finally {
    for (const stream of streams) stream.close();
    await server.stop();
  }
}
