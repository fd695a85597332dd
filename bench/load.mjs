// The load generator, run as its own process by lib.mjs `measure()`: the server under test (or
// the bare ceiling, which lives in the bench process) never shares an event loop with the client.
//   node bench/load.mjs '{"url": "...", "connections": 32, "duration": 10, ...}'
// Prints one JSON line: requests/s, p50, p99, non-2xx and error counts.
import autocannon from 'autocannon';

const options = JSON.parse(process.argv[2]);
const { warmup = 2, ...run } = options;
if (warmup > 0) await autocannon({ ...run, duration: warmup });
const result = await autocannon(run);
process.stdout.write(
  `${JSON.stringify({
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
  })}\n`,
);
