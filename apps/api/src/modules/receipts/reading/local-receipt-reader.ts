import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../../config/app-config.js';
import { lineEvidence, type TextLinePlacement } from '../line-evidence.js';
import { parseReceipt } from '../parser/receipt-parser.js';
import type { ParsedReceipt, ReceiptTextLine } from '../parser/receipt-text.js';
import type { ReceiptSourceType } from '../receipt-source.js';
import { ReceiptDecoder, type DecodedImage } from './decoder.js';
import { OcrEngine } from './ocr-engine.js';
import { checkPhoto, prepareForOcr, storedPixelsPerOcrPixel } from './ocr-image.js';
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
  readonly analysisVersion = 'local-2';
  private readonly maxPixels: number;

  constructor(
    config: AppConfig,
    private readonly decoder: ReceiptDecoder,
    private readonly ocr: OcrEngine,
  ) {
    this.maxPixels = config.env.MAX_IMAGE_MEGAPIXELS * 1_000_000;
  }

  async read(bytes: Buffer, type: ReceiptSourceType): Promise<ReceiptReading> {
    const { receipt, text, printed, placements } = await this.readWithText(bytes, type);
    // Each line with its box in the stored file, its OCR confidence and whether its amount was repaired.
    return { ...receipt, lines: receipt.lines.map((line) => ({ ...line, ...lineEvidence(line, text, printed, placements) })) };
  }

  /** The parsed receipt and the text lines it was parsed from (the benchmark shows them). */
  async readWithText(bytes: Buffer, type: ReceiptSourceType): Promise<{ receipt: ParsedReceipt } & ReadText> {
    const parsed = async (read: ReadText | ReceiptTextLine[]) => {
      const found = Array.isArray(read) ? { text: read, printed: read } : read;
      return { receipt: parseReceipt({ lines: found.text }), ...found };
    };
    if (type === 'pdf') {
      const fromText = await parsed(await pdfTextLines(bytes));
      // A scanned PDF has no text layer (or only a stamp or a header): its pages are read as images.
      if (fromText.receipt.lines.length > 0) return fromText;
      return parsed(await this.readImages(await this.decoder.renderPdf(bytes, { maxPages: MAX_PDF_PAGES, ...PDF_RENDER })));
    }
    if (type === 'heic') {
      const photo = await this.decoder.decodeHeic(bytes, { maxPages: 1, scale: 1, maxSide: Number.MAX_SAFE_INTEGER, maxPixels: this.maxPixels });
      return parsed(await this.readImages(photo));
    }
    await checkPhoto(bytes, type, this.maxPixels);
    return parsed(await this.readImages([bytes]));
  }

  /** Pages in order; they may be read at once by different workers of the pool. */
  private async readImages(images: ReadonlyArray<Buffer | DecodedImage>): Promise<ReadText> {
    const pages = await Promise.all(
      images.map(async (image, index) => {
        const prepared = await prepareForOcr(image, this.maxPixels);
        const printed = await this.ocr.read(prepared);
        const placement = { page: index + 1, scale: await storedPixelsPerOcrPixel(image, prepared) };
        return { text: repairOcrLines(printed), printed, placement };
      }),
    );
    return {
      text: pages.flatMap((page) => page.text),
      printed: pages.flatMap((page) => page.printed),
      placements: pages.flatMap((page) => page.text.map(() => page.placement)),
    };
  }
}
