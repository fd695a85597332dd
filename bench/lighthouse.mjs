// Lighthouse (phone profile: a mid-range phone on a slow 4G connection, simulated) against the
// built app served by the built server, signed in, with Debian's chromium. Goals: performance
// ≥ 95, accessibility 100, best practices ≥ 95 on every screen audited.
//   node bench/run.mjs lighthouse        (runs only when named; about 20 s per screen)
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM } from '../e2e/support/chromium.ts';
import { freePort, report, startBuiltServer } from './lib.mjs';

const SCREENS = ['/', '/scan', '/stock', '/shopping', '/settings'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices'];

async function ownerCookie(url) {
  const post = async (path, body, headers = {}) => {
    const response = await fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return response;
  };
  const setup = await post('/api/v1/auth/setup', { password: 'lighthouse owner password', display_name: 'Bench', preferred_locale: 'en' });
  const cookie = setup.headers.getSetCookie()[0].split(';', 1)[0];
  // Something on every screen: a product with stock, one running low, a shopping item.
  const product = await (await post('/api/v1/catalog/products', { name: 'Oat milk', barcode: '4006381333931', minimum_stock_quantity: 3 }, { cookie })).json();
  await post('/api/v1/stock/counts', { client_mutation_id: 'lighthouse-count', lines: [{ product_id: product.id, counted_quantity: 1 }] }, { cookie });
  await post('/api/v1/shopping-list/generate', { client_mutation_id: 'lighthouse-shopping', product_ids: [product.id] }, { cookie });
  return cookie;
}

export async function run() {
  const server = await startBuiltServer(await freePort());
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
  try {
    const cookie = await ownerCookie(server.url);
    const rows = {};
    for (const path of SCREENS) {
      const result = await lighthouse(`${server.url}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: CATEGORIES,
        extraHeaders: { cookie },
      });
      const { categories, audits } = result.lhr;
      rows[path] = {
        ...Object.fromEntries(CATEGORIES.map((name) => [name, Math.round(categories[name].score * 100)])),
        fcpMs: Math.round(audits['first-contentful-paint'].numericValue),
        lcpMs: Math.round(audits['largest-contentful-paint'].numericValue),
        cls: Number(audits['cumulative-layout-shift'].numericValue.toFixed(3)),
        failing: CATEGORIES.flatMap((name) => categories[name].auditRefs)
          .filter((ref) => ref.weight > 0 && audits[ref.id].score !== null && audits[ref.id].score < 0.9)
          .map((ref) => ref.id)
          .join(' '),
      };
    }
    report('lighthouse', rows, { profile: 'Lighthouse default (mobile, simulated slow 4G, 4× CPU slowdown)', chromium: CHROMIUM });
  } finally {
    await chrome.kill();
    await server.stop();
  }
}
