// A CPU profile of the built server under one of the floor benchmark's loads, and where its
// time goes: self time by function and by file (native calls charged to their JavaScript caller).
//   node bench/profile-route.mjs health|status|resolve [--duration=8]
// The server's own CPU time per answered request (utime + stime from /proc, profiler running)
// is printed beside it: on a shared machine that moves far less than requests per second.
// The profile covers only the measured load (after a warm-up) and is kept in
// bench/results/<route>.cpuprofile for Chrome DevTools. Run `pnpm run build` first. For time by
// module rather than by bundle part, bundle the server readable first:
//   (cd apps/api && npx nest build && BUNDLE_MINIFY=0 node bundle-server.mjs)
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { cpuSeconds, household, routeLoads } from './floor.mjs';
import { ROOT, freePort, measure, startBuiltServer } from './lib.mjs';

const route = process.argv[2] ?? 'resolve';
const duration = Number(process.argv.find((a) => a.startsWith('--duration='))?.split('=')[1] ?? 8);
mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
const out = join(ROOT, 'bench/results', `${route}.cpuprofile`);
for (const suffix of ['', '.start', '.stop', '.done']) rmSync(`${out}${suffix}`, { force: true });

const server = await startBuiltServer(await freePort(), { NODE_OPTIONS: `--require ${join(ROOT, 'bench/cpu-profile-preload.cjs')}`, PROFILE_OUT: out });
try {
  const loads = routeLoads(server.url, await household(server.url));
  if (!loads[route]) throw new Error(`unknown route ${route}; known: ${Object.keys(loads).join(', ')}`);
  const { url, options } = loads[route];
  await measure(url, { ...options, duration: 2, warmup: 0 });
  writeFileSync(`${out}.start`, '');
  const cpuBefore = cpuSeconds(server.pid);
  const row = await measure(url, { ...options, duration, warmup: 0 });
  const cpuPerRequest = ((cpuSeconds(server.pid) - cpuBefore) / (row.requestsPerSecond * duration)) * 1e6;
  writeFileSync(`${out}.stop`, '');
  while (!existsSync(`${out}.done`)) await new Promise((r) => setTimeout(r, 100));
  console.log(`${route}: ${row.requestsPerSecond.toFixed(0)} requests/s, p99 ${row.p99Ms} ms, server CPU ${cpuPerRequest.toFixed(0)} µs per request; profile in ${out}`);
  summarise(JSON.parse(readFileSync(out, 'utf8')));
} finally {
  for (const suffix of ['.start', '.stop', '.done']) rmSync(`${out}${suffix}`, { force: true });
  await server.stop();
}

/** Self time by function and by file, as shares of all samples (idle included). */
function summarise(profile) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  const short = (url) => url.replace(/.*node_modules\/\.pnpm\/[^/]+\/node_modules\//, '').replace(/.*\/apps\/api\/dist\//, 'dist/');
  // A readable bundle part (BUNDLE_MINIFY=0) starts each module with a `// <file>` line.
  const marks = new Map();
  const moduleOf = (url, line) => {
    if (!url.includes('/dist/server/')) return short(url);
    if (!marks.has(url)) {
      const found = [];
      readFileSync(fileURLToPath(url), 'utf8')
        .split('\n')
        .forEach((text, index) => {
          const match = /^\/\/ (\S+\.(?:c?js|mjs|json))$/.exec(text);
          if (match) found.push([index, match[1]]);
        });
      marks.set(url, found);
    }
    const found = marks.get(url).findLast(([index]) => index <= line);
    return found ? short(found[1]) : short(url);
  };
  const byFunction = new Map();
  const byFile = new Map();
  const add = (map, key, count) => map.set(key, (map.get(key) ?? 0) + count);
  for (const id of profile.samples) {
    const frame = nodes.get(id).callFrame;
    add(byFunction, `${frame.functionName || '(anonymous)'} ${short(frame.url)}:${frame.lineNumber + 1}`, 1);
    let owner = id;
    while (owner !== undefined && nodes.get(owner).callFrame.url === '' && !/^\((idle|garbage collector|program|root)\)$/.test(nodes.get(owner).callFrame.functionName)) owner = parents.get(owner);
    const ownerFrame = owner === undefined ? frame : nodes.get(owner).callFrame;
    add(byFile, ownerFrame.url ? moduleOf(ownerFrame.url, ownerFrame.lineNumber) : ownerFrame.functionName, 1);
  }
  const top = (map, count) => [...map].sort((a, b) => b[1] - a[1]).slice(0, count).map(([name, samples]) => ({ share: `${((samples / profile.samples.length) * 100).toFixed(1)} %`, name }));
  console.log('\nself time by function');
  console.table(top(byFunction, 25));
  console.log('\nself time by file, or by module in a readable bundle (native calls charged to their caller)');
  console.table(top(byFile, 25));
}
