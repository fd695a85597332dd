import type { ReceiptTextLine } from '../parser/receipt-text.js';
import { halfTurn, pgm, quarterTurn, textSample, type PreparedPage } from './ocr-image.js';

/** Tesseract's reading of one image (a PGM): its text lines with words, boxes and confidences. */
export type ReadImage = (image: Buffer) => Promise<ReceiptTextLine[]>;

/** Mean word confidence above which a page is taken to lie the right way up without trying the other. */
const READABLE = 0.6;
/**
 * Or this many sure words at this mean confidence: a whole receipt read the wrong way up gives a
 * handful of sure words (3 to 8) at a mean confidence near 0.15, never a score near 0.4, so
 * reading it the other way too (as long again as the first reading) would only confirm it. The
 * mean may be low the right way up too: a photo on a grained counter gives dozens of unsure
 * specks beside the print's sure words.
 */
const PLAINLY_READ = { words: 20, confidence: 0.35 };
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

/** How well a reading reads: its sure words weighed by the mean confidence (see readability). */
const score = (found: { words: number; confidence: number }): number => found.words * found.confidence;

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
 * A page found upside down is read as `upsideDown` gives it: prepared again from its source
 * turned by 180° (see prepareForOcr's `turn`), so that it is the very page an upright copy of the
 * source gives, not this one's pixels reversed (its cut, scaling and threshold fell differently).
 * Without `upsideDown`, the page's pixels reversed are taken.
 */
export async function readRightWayUp(
  page: PreparedPage,
  read: ReadImage,
  upsideDown?: () => Promise<PreparedPage>,
): Promise<{ lines: ReceiptTextLine[]; page: PreparedPage }> {
  const turnedOver = upsideDown ?? halfTurn(page);
  // A short page costs little more than its sample: read whole, turned only when it reads poorly.
  if (page.height <= 8 * SAMPLE_ROWS) return readWholeEachWay(page, read, turnedOver);
  const sample = async (candidate: PreparedPage) => {
    // At most a receipt's width across: a page at 90° is as wide as the receipt is long.
    const found = readability(await read(pgm(textSample(candidate, SAMPLE_ROWS, 1_280))));
    return { page: candidate, found, score: score(found) };
  };
  const sure = (found: { words: number; confidence: number }) => found.words >= SAMPLE_SURE.words && found.confidence >= SAMPLE_SURE.confidence;
  const asItLies = await sample(page);
  let best = asItLies;
  // The sample of the page upside down is taken from its pixels reversed: enough to tell the way up.
  const reversed = sure(best.found) ? null : await sample(halfTurn(page));
  if (reversed && reversed.score > best.score) best = reversed;
  // Found upside down by a sample that reads poorly: the page prepared the right way up (the page
  // an upright copy gives) is sampled too, and what follows (trying it at 90°, reading it whole
  // each way) is decided on the better of the two samples: reversed pixels often read worse, and
  // a sample at 90° costs as much as several.
  let again: PreparedPage | null = null;
  if (best === reversed && !sure(best.found)) {
    again = await preparedOf(turnedOver);
    const prepared = await sample(again);
    best = { ...(prepared.score > best.score ? prepared : best), page: again };
  }
  if (best.found.words < SAMPLE_POOR.words && best.found.confidence < SAMPLE_POOR.confidence) {
    const turned = quarterTurn(page);
    for (const candidate of [turned, halfTurn(turned)]) {
      const other = await sample(candidate);
      // Clearly better only: the page's own lines were measured level.
      if (other.score > 1.5 * best.score && other.found.words >= 3) best = other;
    }
  }
  // The way up found: the page upside down is the one prepared from the source turned.
  const upsideDownFound = best === reversed || (again !== null && best.page === again);
  const found = best === reversed ? await preparedOf(turnedOver) : best.page;
  const other = best === asItLies ? turnedOver : upsideDownFound ? page : halfTurn(best.page);
  // A sample that is not sure of its way up (blank paper, a barcode, faded print whose upside-down
  // reading looks as sure as its upright one) tells too little: the whole page decides, read the
  // way the sample chose and, when that reads poorly, the other way too.
  if (!sure(best.found)) return readWholeEachWay(found, read, other);
  return { lines: await read(pgm(found)), page: found };
}

/** The page the other way up: at hand, or prepared again from the source turned. */
type OtherWay = PreparedPage | (() => Promise<PreparedPage>);

const preparedOf = async (other: OtherWay): Promise<PreparedPage> => (typeof other === 'function' ? other() : other);

/**
 * The page read as it lies and, only when that reads poorly, turned by 180° too (`other`); the
 * reading with more confident words wins. A page that would have to be prepared again from its
 * source (as long as a reading, on a large photo) is prepared only when its pixels reversed read
 * better than the page as it lies: when they do not, that page would not win either.
 */
async function readWholeEachWay(page: PreparedPage, read: ReadImage, other: OtherWay): Promise<{ lines: ReceiptTextLine[]; page: PreparedPage }> {
  const asItLies = await read(pgm(page));
  const first = readability(asItLies);
  if (first.words >= 8 && first.confidence >= READABLE) return { lines: asItLies, page };
  if (first.words >= PLAINLY_READ.words && first.confidence >= PLAINLY_READ.confidence) return { lines: asItLies, page };
  if (typeof other === 'function' && score(readability(await read(pgm(halfTurn(page))))) <= score(first)) return { lines: asItLies, page };
  const turnedPage = await preparedOf(other);
  const turned = await read(pgm(turnedPage));
  return score(readability(turned)) > score(first) ? { lines: turned, page: turnedPage } : { lines: asItLies, page };
}
