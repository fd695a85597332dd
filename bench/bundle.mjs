// What a phone downloads before the first screen: the JavaScript index.html loads (entry script
// and modulepreloads) for the home and scanner routes, gzip-compressed as served. Budget: 200 KB.
// Screens other than home and the scanner, and the camera decoder (@zxing), load later.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { report, ROOT } from './lib.mjs';

const BUDGET_KB = 200;

export async function run() {
  const dist = join(ROOT, 'apps/web/dist');
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const initial = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((match) => match[1]);
  const gzipKb = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length / 1024;
  const rows = Object.fromEntries(initial.map((file) => [file, { gzipKb: Number(gzipKb(file).toFixed(1)) }]));
  const total = Object.values(rows).reduce((sum, row) => sum + row.gzipKb, 0);
  const later = readdirSync(join(dist, 'assets')).filter((file) => file.endsWith('.js') && !initial.includes(`assets/${file}`));
  const laterKb = later.reduce((sum, file) => sum + gzipKb(`assets/${file}`), 0);
  report('bundle', rows, {
    initialJsGzipKb: `${total.toFixed(1)} KB of ${BUDGET_KB} KB (${((total / BUDGET_KB) * 100).toFixed(0)} % of the budget)`,
    loadedLater: `${later.length} chunks, ${laterKb.toFixed(1)} KB gzip (screens opened later, the camera decoder)`,
  });
  if (total > BUDGET_KB) process.exitCode = 1;
}
