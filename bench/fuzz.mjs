// 10,000 requests derived from the served OpenAPI document with the fuzz test's generators
// (e2e/support/openapi-fuzz.ts, run by node with type stripping), as the owner and as a token
// with every scope, a few at a time. Prints and writes the status histogram (status → count);
// any 5xx the contract does not document for the operation, transport error, failed health check
// or changed control product is listed and makes the run exit non-zero. FUZZ_SEED and FUZZ_REQUESTS override the defaults.
import fc from 'fast-check';
import { isDeepStrictEqual } from 'node:util';
import { freePort, report, startBuiltServer } from './lib.mjs';
import {
  describeRequest,
  fuzzAgent,
  fuzzOperations,
  isServerFault,
  operationsFor,
  prepareFuzzHousehold,
  readControl,
  requestArbitrary,
  sendFuzzRequest,
  startFakeUpstream,
} from '../e2e/support/openapi-fuzz.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20_260_101);
const TOTAL = Number(process.env.FUZZ_REQUESTS ?? 10_000);
/** Drawn a batch at a time, so 100 KB strings never pile up in memory. */
const BATCH = 250;
const CONCURRENCY = 4;

async function inParallel(items, limit, work) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: limit }, worker));
}

export async function run() {
  const upstream = await startFakeUpstream();
  const server = await startBuiltServer(await freePort(), { OFF_BASE_URL: upstream.url });
  const agent = fuzzAgent();
  try {
    const household = await prepareFuzzHousehold(server.url);
    const operations = fuzzOperations(await (await fetch(`${server.url}/openapi.json`)).json());
    const byId = new Map(operations.map((operation) => [operation.operationId, operation]));
    const arbitraries = ['owner', 'token'].flatMap((identity) => operationsFor(operations, identity).map((operation) => requestArbitrary(operation, identity, household.targets)));
    const requests = fc.oneof(...arbitraries);
    const controlBefore = await readControl(server.url, household);

    const histogram = new Map();
    const failures = [];
    let faults = 0;
    const started = performance.now();
    for (let batch = 0, sent = 0; sent < TOTAL; batch++) {
      const drawn = fc.sample(requests, { seed: SEED + batch, numRuns: Math.min(BATCH, TOTAL - sent) });
      sent += drawn.length;
      await inParallel(drawn, CONCURRENCY, async (request) => {
        let outcome;
        try {
          const response = await sendFuzzRequest(server.url, request, household.credentials, agent);
          outcome = String(response.status);
          if (isServerFault(byId.get(request.operationId), request, response)) {
            faults += 1;
            failures.push(`${outcome} ${describeRequest(request)} → ${response.body} (request id ${response.requestId})`);
          }
        } catch (error) {
          outcome = `transport error (${error.code ?? error.message})`;
          faults += 1;
          failures.push(`${outcome} ${describeRequest(request)}`);
        }
        histogram.set(outcome, (histogram.get(outcome) ?? 0) + 1);
      });
    }
    const elapsedSeconds = (performance.now() - started) / 1000;
    const healthy = await fetch(`${server.url}/api/health`).then((r) => r.ok, () => false);
    const controlUnchanged = isDeepStrictEqual(await readControl(server.url, household), controlBefore);

    const rows = Object.fromEntries([...histogram.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([status, count]) => [status, { count }]));
    report('fuzz', rows, {
      requests: TOTAL,
      seed: SEED,
      operations: `${arbitraries.length} (owner and token)`,
      'elapsed s': elapsedSeconds.toFixed(1),
      'server faults (5xx the contract does not document, transport errors)': faults,
      healthy,
      'control product unchanged': controlUnchanged,
    });
    for (const failure of failures.slice(0, 20)) console.log(`  ${failure.slice(0, 600)}`);
    if (failures.length > 20) console.log(`  … and ${failures.length - 20} more`);
    if (faults > 0 || !healthy || !controlUnchanged) process.exitCode = 1;
  } finally {
    agent.destroy();
    await server.stop();
    await upstream.close();
  }
}
