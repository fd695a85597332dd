// GET /api/v1/status with a bearer token (status:read) against the bare-Node ceiling in the same
// run: the token check is a hash lookup, never a per-request scrypt, and must not dominate.
import { freePort, measure, report, startBareServer, startBuiltServer } from './lib.mjs';

async function tokenFor(url) {
  const post = async (path, body, cookie) => {
    const response = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return response;
  };
  const setup = await post('/api/v1/auth/setup', { password: 'benchmark owner password', display_name: 'Bench' });
  const cookie = setup.headers.getSetCookie()[0].split(';', 1)[0];
  const created = await post('/api/v1/auth/api-tokens', { name: 'bench', scopes: ['status:read'] }, cookie);
  return (await created.json()).token;
}

export async function run({ duration }) {
  const server = await startBuiltServer(await freePort());
  const bare = await startBareServer(await freePort(), JSON.stringify({ version: '0.1.0', catalog: { products: 0, variants: 0, barcodes: 0, stock_lots: 0 } }));
  try {
    const token = await tokenFor(server.url);
    const service = await measure(`${server.url}/api/v1/status`, { duration, headers: { authorization: `Bearer ${token}` } });
    const ceiling = await measure(bare.url, { duration });
    report('status-token', { 'GET /api/v1/status (bearer)': service, 'bare node:http': ceiling }, {
      ratio: `${((service.requestsPerSecond / ceiling.requestsPerSecond) * 100).toFixed(1)} % of the bare-Node ceiling`,
    });
  } finally {
    await bare.stop();
    await server.stop();
  }
}
