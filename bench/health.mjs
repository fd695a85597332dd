// GET /api/v1/health through the whole stack against a bare node:http server answering the same
// JSON, in the same run: the ratio is what the framework, middleware and guard cost.
import { readFileSync } from 'node:fs';
import { freePort, measure, report, startBareServer, startBuiltServer } from './lib.mjs';

export async function run({ duration }) {
  const server = await startBuiltServer(await freePort());
  const bare = await startBareServer(await freePort());
  try {
    const service = await measure(`${server.url}/api/v1/health`, { duration });
    const ceiling = await measure(bare.url, { duration });
    const rssKb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1]);
    report(
      'health',
      { 'GET /api/v1/health': service, 'bare node:http': ceiling },
      {
        ratio: `${((service.requestsPerSecond / ceiling.requestsPerSecond) * 100).toFixed(1)} % of the bare-Node ceiling`,
        coldStartMs: `${server.coldStartMs.toFixed(0)} ms from spawn to the first healthy answer`,
        rssAfterLoadMb: `${(rssKb / 1024).toFixed(1)} MB resident after the load`,
      },
    );
  } finally {
    await bare.stop();
    await server.stop();
  }
}
