import { Injectable } from '@nestjs/common';
import { calendarDay, Clock } from '../../../common/clock.js';
import { AppConfig } from '../../../config/app-config.js';
import { lineEvidence, type TextLinePlacement } from '../line-evidence.js';
import { parseReceipt } from '../parser/receipt-parser.js';
import type { ParsedReceipt, ReceiptTextLine } from '../parser/receipt-text.js';
import type { ReceiptSourceType } from '../receipt-source.js';
import { ReceiptDecoder, type DecodedImage } from './decoder.js';
import { OcrEngine } from './ocr-engine.js';
import { checkPhoto, halfTurn, pgm, prepareForOcr, quarterTurn, textSample, type PreparedPage } from './ocr-image.js';
import { repairOcrLines } from './ocr-repair.js';
import { MAX_PDF_PAGES, pdfTextLines } from './pdf-text.js';
import type { ReceiptReader, ReceiptReading } from './receipt-reading.js';

/** Text lines as parsed, as first read (before repairs), and where each stands in the stored file (OCR only). */
interface ReadText {
  text: ReceiptTextLine[];
  printed: ReceiptTextLine[];
  placements?: TextLinePlacement[];
}

/** The reference's limits for rendering PDF pages. */
const PDF_RENDER = { scale: 2.5, maxSide: 12_000, maxPixels: 40_000_000 };

/** Mean word confidence above which a page is taken to lie the right way up without trying the other. */
const READABLE = 0.6;
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
 * The default engine, on this box and offline: a PDF's text layer when it has one; otherwise
 * its pages rendered, or the photo itself, read by OCR; then the receipt parser.
 */
@Injectable()
export class LocalReceiptReader implements ReceiptReader {
  /** Raise when extraction or parsing changes what a file yields. */
  readonly analysisVersion = 'local-3';
  private readonly maxPixels: number;
  private readonly timeZone: string;

  constructor(
    config: AppConfig,
    private readonly decoder: ReceiptDecoder,
    private readonly ocr: OcrEngine,
    private readonly clock: Clock,
  ) {
    this.timeZone = config.env.TZ;
    this.maxPixels = config.env.MAX_IMAGE_MEGAPIXELS * 1_000_000;
  }

  async read(bytes: Buffer, type: ReceiptSourceType): Promise<ReceiptReading> {
    const { receipt, text, printed, placements } = await this.readWithText(bytes, type);
    // Each line with its box in the stored file, its OCR confidence and whether its amount was repaired.
    return { ...receipt, lines: receipt.lines.map((line) => ({ ...line, ...lineEvidence(line, text, printed, placements) })) };
  }

  /** The parsed receipt and the text lines it was parsed from (the benchmark shows them). */
  async readWithText(bytes: Buffer, type: ReceiptSourceType): Promise<{ receipt: ParsedReceipt } & ReadText> {
    // The household's day by the service's clock: a receipt printed just after midnight is not from tomorrow.
    const today = calendarDay(this.clock.now(), this.timeZone);
    const parsed = async (read: ReadText | ReceiptTextLine[]) => {
      const found = Array.isArray(read) ? { text: read, printed: read } : read;
      return { receipt: parseReceipt({ lines: found.text, today }), ...found };
    };
    if (type === 'pdf') {
      const fromText = await parsed(await pdfTextLines(bytes));
      // A scanned PDF has no text layer (or only a stamp or a header): its pages are read as images.
      if (fromText.receipt.lines.length > 0) return fromText;
      return parsed(await this.readImages(() => this.decoder.renderPdf(bytes, { maxPages: MAX_PDF_PAGES, ...PDF_RENDER })));
    }
    if (type === 'heic') {
      return parsed(await this.readImages(() => this.decoder.decodeHeic(bytes, { maxPages: 1, scale: 1, maxSide: Number.MAX_SAFE_INTEGER, maxPixels: this.maxPixels })));
    }
    await checkPhoto(bytes, type, this.maxPixels);
    return parsed(await this.readImages(() => Promise.resolve([bytes])));
  }

  /**
   * Pages in order; they may be read at once by different workers of the pool. The receipt takes
   * its place in the OCR pool before anything is decoded (a full pool refuses it with nothing
   * held in memory; a busy one lets it wait in line with nothing decoded) and gives it back when
   * its pages are read or fail.
   */
  private async readImages(decode: () => Promise<ReadonlyArray<Buffer | DecodedImage>>): Promise<ReadText> {
    const release = await this.ocr.admit();
    let pages;
    try {
      const images = await decode();
      pages = await Promise.all(
        images.map(async (image, index) => {
          const { lines: printed, page } = await this.readRightWayUp(await prepareForOcr(image, this.maxPixels));
          const placement: TextLinePlacement = { page: index + 1, toStored: page.toSource };
          return { text: repairOcrLines(printed), printed, placement };
        }),
      );
    } finally {
      release();
    }
    return {
      text: pages.flatMap((page) => page.text),
      printed: pages.flatMap((page) => page.printed),
      placements: pages.flatMap((page) => page.text.map(() => page.placement)),
    };
  }

  /**
   * The page read once, the right way up. Geometry has turned the lines level, so it lies as it is
   * or upside down (or, when the geometry took a photo's surround for its lines, at 90°). Which
   * one is told by reading a sample of its text lines each way, far cheaper than reading the
   * whole page twice: as it lies first, the other ways only when that sample reads poorly.
   */
  private async readRightWayUp(page: PreparedPage): Promise<{ lines: ReceiptTextLine[]; page: PreparedPage }> {
    // A short page costs little more than its sample: read whole, turned only when it reads poorly.
    if (page.height <= 8 * SAMPLE_ROWS) return this.readWholeEachWay(page);
    const sample = async (candidate: PreparedPage) => {
      // At most a receipt's width across: a page at 90° is as wide as the receipt is long.
      const found = readability(await this.ocr.read(pgm(textSample(candidate, SAMPLE_ROWS, 1_280)), true));
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
    if (best.found.words < 3) return this.readWholeEachWay(best.page);
    return { lines: await this.ocr.read(pgm(best.page), true), page: best.page };
  }

  /** The page read as it lies and, only when that reads poorly, turned by 180° too; the reading with more confident words wins. */
  private async readWholeEachWay(page: PreparedPage): Promise<{ lines: ReceiptTextLine[]; page: PreparedPage }> {
    const asItLies = await this.ocr.read(pgm(page), true);
    const first = readability(asItLies);
    if (first.words >= 8 && first.confidence >= READABLE) return { lines: asItLies, page };
    const upsideDown = halfTurn(page);
    const turned = await this.ocr.read(pgm(upsideDown), true);
    const second = readability(turned);
    return second.words * second.confidence > first.words * first.confidence ? { lines: turned, page: upsideDown } : { lines: asItLies, page };
  }
}
