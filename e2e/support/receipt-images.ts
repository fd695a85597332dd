/**
 * Receipt images for the OCR tests, made by the project's own corpus generator
 * (scripts/receipt-corpus): the clean rendering and phone photos of it, with the receipt's
 * ground truth.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// @ts-expect-error: the generator is plain JavaScript without types.
import { receipts } from '../../scripts/receipt-corpus/layouts.mjs';
// @ts-expect-error: as above.
import { renderPhoto, renderPng } from '../../scripts/receipt-corpus/render.mjs';

export interface ReceiptTruth {
  store: string;
  date: string;
  total: number;
  lines: Array<{ name: string; quantity: number; unitPrice: number; total: number }>;
}

interface Model {
  id: string;
  seed: number;
  truth: ReceiptTruth;
}

/**
 * A test that reads pages: a page is seconds of CPU, and on a small box busy with other work
 * those seconds are shared, so the bound is what a stuck reader would take, not a quick machine's time.
 */
export const READING_TIMEOUT_MS = 300_000;

const SEED = 20_260_314;

/** One receipt of the corpus (by id, e.g. "de-bakery-01"): its clean PNG, a photo, and another photo of the same paper. */
export async function corpusReceipt(id: string): Promise<{ png: Buffer; photo: Buffer; otherPhoto: Buffer; truth: ReceiptTruth }> {
  const model = (receipts(SEED, 7) as Model[]).find((candidate) => candidate.id === id);
  if (!model) throw new Error(`no corpus receipt ${id}`);
  const png = (await renderPng(model)) as Buffer;
  return { png, photo: (await renderPhoto(png, model.seed)) as Buffer, otherPhoto: (await renderPhoto(png, model.seed + 1)) as Buffer, truth: model.truth };
}

/** The image as an iPhone saves photos: HEIC (HEVC in HEIF), made with libheif's heif-enc (scripts/ensure-browser.sh installs it). */
export async function heicOf(image: Buffer): Promise<Buffer> {
  const dir = mkdtempSync(join(tmpdir(), 'hinv-heic-'));
  try {
    writeFileSync(join(dir, 'in.jpg'), image);
    // Not execFileSync: encoding takes seconds on a loaded machine, and a blocked event loop keeps
    // the HTTP client from seeing the server close an idle keep-alive connection, so the upload
    // that follows would be written into a closed socket (EPIPE).
    await promisify(execFile)('heif-enc', ['--quality', '80', join(dir, 'in.jpg'), '--output', join(dir, 'out.heic')]);
    return readFileSync(join(dir, 'out.heic'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
