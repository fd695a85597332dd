// The load generator, run as its own process by lib.mjs `measure()`: the server under test (or
// the bare ceiling, which lives in the bench process) never shares an event loop with the client.
//   node bench/load.mjs '{"url": "...", "connections": 32, "duration": 10, ...}'
// Any autocannon option passes through, e.g. `requests` (a list each connection cycles through)
// and `amount` (stop after that many requests instead of after `duration`). With `progressMs`,
// a line `{"progress": <answered requests>}` is printed at that interval while the run lasts.
// The last line is the result: requests/s, p50, p99, total requests, non-2xx and error counts.
import autocannon from 'autocannon';

const options = JSON.parse(process.argv[2]);
const { warmup = 2, progressMs, ...run } = options;
if (warmup > 0) await autocannon({ ...run, amount: undefined, duration: warmup });
const instance = autocannon(run);
let answered = 0;
let ticker;
if (progressMs) {
  instance.on('response', () => (answered += 1));
  ticker = setInterval(() => process.stdout.write(`${JSON.stringify({ progress: answered })}\n`), progressMs);
}
const result = await instance;
clearInterval(ticker);
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
