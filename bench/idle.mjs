// Cold start (spawn to first healthy answer) and resident memory of an idle server.
import { readFileSync } from 'node:fs';
import { freePort, report, startBuiltServer } from './lib.mjs';

export async function run() {
  const server = await startBuiltServer(await freePort());
  try {
    await new Promise((r) => setTimeout(r, 3000));
    const rssKb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1]);
    report('idle', { server: { coldStartMs: Math.round(server.coldStartMs), idleRssMb: Number((rssKb / 1024).toFixed(1)) } });
  } finally {
    await server.stop();
  }
}
