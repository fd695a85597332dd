import { Injectable } from '@nestjs/common';
import { calendarDay, Clock } from '../../../common/clock.js';
import { AppConfig } from '../../../config/app-config.js';
import { lineEvidence, type TextLinePlacement } from '../line-evidence.js';
import { parseReceipt } from '../parser/receipt-parser.js';
import type { ParsedReceipt, ReceiptTextLine } from '../parser/receipt-text.js';
import type { ReceiptSourceType } from '../receipt-source.js';
import { ReceiptDecoder, type DecodedImage } from './decoder.js';
import { OcrEngine } from './ocr-engine.js';
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

/**
 * The default engine, on this box and offline: a PDF's text layer when it has one; otherwise
 * its pages rendered, or the photo itself, read by OCR; then the receipt parser.
 */
@Injectable()
export class LocalReceiptReader implements ReceiptReader {
  /** Raise when extraction or parsing changes what a file yields. */
  readonly analysisVersion = 'local-32';
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
      return parsed(await this.readImages(today, () => this.decoder.renderPdf(bytes, { maxPages: MAX_PDF_PAGES, ...PDF_RENDER })));
    }
    if (type === 'heic') {
      return parsed(await this.readImages(today, () => this.decoder.decodeHeic(bytes, { maxPages: 1, scale: 1, maxSide: Number.MAX_SAFE_INTEGER, maxPixels: this.maxPixels })));
    }
    await this.ocr.checkPhoto(bytes, type, this.maxPixels);
    return parsed(await this.readImages(today, () => Promise.resolve([bytes])));
  }

  /**
   * Pages in order; they may be read at once by different workers of the pool. The receipt takes
   * its place in the OCR pool before anything is decoded (a full pool refuses it with nothing
   * held in memory; a busy one lets it wait in line with nothing decoded) and gives it back when
   * its pages are read or fail.
   */
  private async readImages(today: string, decode: () => Promise<ReadonlyArray<Buffer | DecodedImage>>): Promise<ReadText> {
    const release = await this.ocr.admit();
    let pages;
    try {
      const images = await decode();
      pages = await Promise.all(
        images.map(async (image, index) => {
          // Prepared and read in the OCR process: the server decodes no photo and holds no prepared page.
          const { lines: printed, toSource } = await this.ocr.readPage(image, this.maxPixels, today);
          const placement: TextLinePlacement = { page: index + 1, toStored: toSource };
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
}
