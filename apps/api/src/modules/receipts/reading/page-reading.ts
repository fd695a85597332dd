import type { ReceiptTextLine } from '../parser/receipt-text.js';
import { halfTurn, pgm, quarterTurn, textSample, type PreparedPage } from './ocr-image.js';

/** Tesseract's reading of one image (a PGM): its text lines with words, boxes and confidences. */
export type ReadImage = (image: Buffer) => Promise<ReceiptTextLine[]>;

/** Mean word confidence above which a page is taken to lie the right way up without trying the other. */
const READABLE = 0.6;
/**
 * Or this many sure words at this mean confidence: a whole receipt read the wrong way up gives a
 * handful of sure words at a mean confidence near 0.2, never dozens near 0.5, so reading it the
 * other way too (as long again as the first reading) would only confirm it.
 */
const PLAINLY_READ = { words: 25, confidence: 0.45 };
/**
 * Rows of each of the three bands of the prepared page (text lines are scaled to about 40 px) read
 * to tell which way up it lies: three lines or so each.
 */
const SAMPLE_ROWS = 130;
/** Sure words and mean confidence of the sample above which its way up is taken without trying others. */
const SAMPLE_SURE = { words: 5, confidence: 0.55 };
/**
 * Below these, neither half turn reads a word of the sample: the page may lie at 90° after all.
 * (Reading a sample across vertical text lines is slow, so this is tried only when nothing reads.)
 */
const SAMPLE_POOR = { words: 2, confidence: 0.35 };

/** Words of three or more letters or digits that OCR is fairly sure of, and their mean confidence. */
export function readability(lines: readonly ReceiptTextLine[]): { words: number; confidence: number } {
  const words = lines.flatMap((line) => line.words ?? []).filter((word) => (word.text.match(/[\p{L}\p{N}]/gu)?.length ?? 0) >= 3);
  const sure = words.filter((word) => (word.confidence ?? 0) >= 0.6);
  const confidence = words.length === 0 ? 0 : words.reduce((sum, word) => sum + (word.confidence ?? 0), 0) / words.length;
  return { words: sure.length, confidence };
}

/**
 * The page read once, the right way up. Geometry has turned the lines level, so it lies as it is
 * or upside down (or, when the geometry took a photo's surround for its lines, at 90°). Which
 * one is told by reading a sample of its text lines each way, far cheaper than reading the
 * whole page twice: as it lies first, the other ways only when that sample reads poorly.
 */
export async function readRightWayUp(page: PreparedPage, read: ReadImage): Promise<{ lines: ReceiptTextLine[]; page: PreparedPage }> {
  // A short page costs little more than its sample: read whole, turned only when it reads poorly.
  if (page.height <= 8 * SAMPLE_ROWS) return readWholeEachWay(page, read);
  const sample = async (candidate: PreparedPage) => {
    // At most a receipt's width across: a page at 90° is as wide as the receipt is long.
    const found = readability(await read(pgm(textSample(candidate, SAMPLE_ROWS, 1_280))));
    return { page: candidate, found, score: found.words * found.confidence };
  };
  const sure = (found: { words: number; confidence: number }) => found.words >= SAMPLE_SURE.words && found.confidence >= SAMPLE_SURE.confidence;
  let best = await sample(page);
  if (!sure(best.found)) {
    const upsideDown = await sample(halfTurn(page));
    if (upsideDown.score > best.score) best = upsideDown;
  }
  if (best.found.words < SAMPLE_POOR.words && best.found.confidence < SAMPLE_POOR.confidence) {
    const turned = quarterTurn(page);
    for (const candidate of [turned, halfTurn(turned)]) {
      const other = await sample(candidate);
      // Clearly better only: the page's own lines were measured level.
      if (other.score > 1.5 * best.score && other.found.words >= 3) best = other;
    }
  }
  // A sample of blank paper or a barcode tells nothing: the whole page decides, as it lies and turned.
  if (best.found.words < 3) return readWholeEachWay(best.page, read);
  return { lines: await read(pgm(best.page)), page: best.page };
}

/** The page read as it lies and, only when that reads poorly, turned by 180° too; the reading with more confident words wins. */
async function readWholeEachWay(page: PreparedPage, read: ReadImage): Promise<{ lines: ReceiptTextLine[]; page: PreparedPage }> {
  const asItLies = await read(pgm(page));
  const first = readability(asItLies);
  if (first.words >= 8 && first.confidence >= READABLE) return { lines: asItLies, page };
  if (first.words >= PLAINLY_READ.words && first.confidence >= PLAINLY_READ.confidence) return { lines: asItLies, page };
  const upsideDown = halfTurn(page);
  const turned = await read(pgm(upsideDown));
  const second = readability(turned);
  return second.words * second.confidence > first.words * first.confidence ? { lines: turned, page: upsideDown } : { lines: asItLies, page };
}
