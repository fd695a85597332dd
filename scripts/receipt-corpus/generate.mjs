// The project's own receipt corpus, deterministic from a seed:
//   node scripts/receipt-corpus/generate.mjs [--out=bench/.corpus] [--seed=20260314] [--per-layout=7] [--no-images]
// Writes <out>/<id>/{receipt.pdf, receipt.png, photo.jpg, truth.json} for every receipt of every
// layout (see layouts.mjs), plus <out>/index.json. The PNG and photo are for OCR measurements.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { receipts, LAYOUTS } from './layouts.mjs';
import { renderPdf, renderPhoto, renderPng } from './render.mjs';

export const DEFAULT_SEED = 20_260_314;
export const DEFAULT_PER_LAYOUT = 7;
export const DEFAULT_OUT = resolve(import.meta.dirname, '../../bench/.corpus');

export async function generateCorpus({ out = DEFAULT_OUT, seed = DEFAULT_SEED, perLayout = DEFAULT_PER_LAYOUT, images = true } = {}) {
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const list = receipts(seed, perLayout);
  for (const model of list) {
    const dir = join(out, model.id);
    mkdirSync(dir);
    writeFileSync(join(dir, 'receipt.pdf'), await renderPdf(model));
    if (images) {
      const png = await renderPng(model);
      writeFileSync(join(dir, 'receipt.png'), png);
      writeFileSync(join(dir, 'photo.jpg'), await renderPhoto(png, model.seed));
    }
    writeFileSync(join(dir, 'truth.json'), `${JSON.stringify({ id: model.id, layout: model.layout, seed: model.seed, ...model.truth }, null, 2)}\n`);
  }
  const index = { seed, perLayout, images, layouts: Object.keys(LAYOUTS), receipts: list.map((m) => ({ id: m.id, layout: m.layout })) };
  writeFileSync(join(out, 'index.json'), `${JSON.stringify(index, null, 2)}\n`);
  return index;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = (name) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
  const started = Date.now();
  const index = await generateCorpus({
    out: arg('out') ? resolve(arg('out')) : DEFAULT_OUT,
    seed: Number(arg('seed') ?? DEFAULT_SEED),
    perLayout: Number(arg('per-layout') ?? DEFAULT_PER_LAYOUT),
    images: !process.argv.includes('--no-images'),
  });
  console.log(`${index.receipts.length} receipts over ${index.layouts.length} layouts in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
