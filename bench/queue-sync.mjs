// The server side of syncing 100 queued offline scans: the PWA resolves queued entries one after
// another with their original keys, so this replays 100 sequential resolves of distinct codes.
import { freePort, report, startBuiltServer } from './lib.mjs';

export async function run() {
  const server = await startBuiltServer(await freePort(), { OFF_ENABLED: 'false' });
  try {
    const setup = await fetch(`${server.url}/api/v1/auth/setup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ password: 'benchmark owner password', display_name: 'Bench' }),
    });
    const cookie = setup.headers.getSetCookie()[0].split(';', 1)[0];
    const resolve = (code, key) =>
      fetch(`${server.url}/api/v1/scans/resolve`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ barcode: code, mode: 'add', client_mutation_id: key }),
      }).then((r) => {
        if (!r.ok) throw new Error(`resolve ${r.status}`);
        return r.json();
      });
    await resolve('1234567', 'warm-up-key-1');
    const started = process.hrtime.bigint();
    for (let i = 0; i < 100; i += 1) await resolve(String(2_000_000 + i), `offline_sync_${i}`);
    const totalMs = Number(process.hrtime.bigint() - started) / 1e6;
    report('queue-sync', { '100 queued scans, resolved in order': { totalMs: Math.round(totalMs), perScanMs: Number((totalMs / 100).toFixed(2)) } });
  } finally {
    await server.stop();
  }
}
