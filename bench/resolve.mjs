// POST /api/v1/scans/resolve for a code the household knows (local hit), with a scans:write
// bearer token as a scanner station sends it, at 32 connections, against the bare-Node ceiling.
import { freePort, measure, report, startBareServer, startBuiltServer, startDurableWriteServer } from './lib.mjs';

const CODE = '4006381333931';

async function station(url) {
  const post = async (path, body, headers = {}) => {
    const response = await fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return response;
  };
  const setup = await post('/api/v1/auth/setup', { password: 'benchmark owner password', display_name: 'Bench' });
  const cookie = { cookie: setup.headers.getSetCookie()[0].split(';', 1)[0] };
  await post('/api/v1/catalog/products', { name: 'Bench pencils', barcode: CODE }, cookie);
  return (await (await post('/api/v1/auth/api-tokens', { name: 'station', scopes: ['scans:write'] }, cookie)).json()).token;
}

export async function run({ duration }) {
  const server = await startBuiltServer(await freePort());
  const bare = await startBareServer(await freePort(), JSON.stringify({ id: 'x', status: 'resolved', resolution_source: 'local', barcode_normalized: CODE }));
  const floor = await startDurableWriteServer(await freePort());
  const groupedFloor = await startDurableWriteServer(await freePort(), { grouped: true });
  try {
    const token = await station(server.url);
    const request = { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ barcode: CODE, mode: 'identify' }) };
    const service = await measure(`${server.url}/api/v1/scans/resolve`, { duration, ...request });
    const ceiling = await measure(bare.url, { duration, ...request });
    const oneWrite = await measure(floor.url, { duration, ...request });
    const groupedWrite = await measure(groupedFloor.url, { duration, ...request });
    const share = (row) => `${((row.requestsPerSecond / ceiling.requestsPerSecond) * 100).toFixed(1)} %`;
    report(
      'resolve',
      {
        'POST /api/v1/scans/resolve (local hit, bearer)': service,
        'bare node:http (ceiling)': ceiling,
        'bare node:http + one SQLite commit per request': oneWrite,
        'bare node:http + group commit per loop turn': groupedWrite,
      },
      {
        ratio: `${share(service)} of the bare-Node ceiling`,
        durable_write_floor: `one commit per request reaches ${share(oneWrite)}, group commit ${share(groupedWrite)} of the ceiling without authentication, validation, headers or an audit row`,
        note: 'every resolve commits a new draft (synchronous = FULL, group commit) and an audit row that rides along with the next batch',
      },
    );
  } finally {
    await groupedFloor.stop();
    await floor.stop();
    await bare.stop();
    await server.stop();
  }
}
