// POST /api/v1/scans/resolve for a code the household knows (local hit), with a scans:write
// bearer token as a scanner station sends it, at 32 connections, against the bare-Node ceiling.
import { measure, report, startBareServer, startBuiltServer } from './lib.mjs';

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
  const server = await startBuiltServer(18486);
  const bare = await startBareServer(18487, JSON.stringify({ id: 'x', status: 'resolved', resolution_source: 'local', barcode_normalized: CODE }));
  try {
    const token = await station(server.url);
    const request = { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ barcode: CODE, mode: 'identify' }) };
    const service = await measure(`${server.url}/api/v1/scans/resolve`, { duration, ...request });
    const ceiling = await measure(bare.url, { duration, ...request });
    report('resolve', { 'POST /api/v1/scans/resolve (local hit, bearer)': service, 'bare node:http': ceiling }, {
      ratio: `${((service.requestsPerSecond / ceiling.requestsPerSecond) * 100).toFixed(1)} % of the bare-Node ceiling`,
      note: 'every resolve writes a new draft (one SQLite transaction)',
    });
  } finally {
    await bare.stop();
    await server.stop();
  }
}
