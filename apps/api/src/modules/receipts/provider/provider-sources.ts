import { Injectable } from '@nestjs/common';
import { ApiException } from '../../../common/errors/api-exception.js';
import { images } from '../../../common/images/image-library.js';
import { AppConfig } from '../../../config/app-config.js';
import type { ReceiptSourceType } from '../receipt-source.js';
import { ReceiptDecoder, type DecodedImage } from '../reading/decoder.js';
import { checkPhoto } from '../reading/ocr-image.js';
import { MAX_PDF_PAGES, pdfTextLines } from '../reading/pdf-text.js';
import type { ChatContentPart } from './chat-completions.client.js';
import { RECEIPT_IMAGE_PROMPT, receiptTextPrompt } from './provider-answer.js';

/** The reference's limits for rendering PDF pages (the local engine uses the same). */
const PDF_RENDER = { scale: 2.5, maxSide: 12_000, maxPixels: 40_000_000 };
/** Vision models scale larger images down themselves; this keeps the request small and legible. */
const MAX_IMAGE_SIDE = 2_560;
/** A text layer that prints no amount is a stamp or a header, not the receipt. */
const AMOUNT = /\d[.,]\d{2}(?!\d)/;

/**
 * What the provider is sent for a file: a PDF's text layer as text (it reads better than pixels
 * and costs a fraction); a PDF without one as its rendered pages, and photos (HEIC decoded here,
 * since providers take none), upright and as JPEG data URLs. Unreadable files are 400s, before
 * anything leaves the box.
 */
@Injectable()
export class ProviderSources {
  private readonly maxPixels: number;

  constructor(
    config: AppConfig,
    private readonly decoder: ReceiptDecoder,
  ) {
    this.maxPixels = config.env.MAX_IMAGE_MEGAPIXELS * 1_000_000;
  }

  async content(bytes: Buffer, type: ReceiptSourceType): Promise<ChatContentPart[]> {
    if (type === 'pdf') {
      const lines = (await pdfTextLines(bytes)).map((line) => line.text);
      if (lines.some((line) => AMOUNT.test(line))) return [{ type: 'text', text: receiptTextPrompt(lines) }];
      return this.imageParts(await this.decoder.renderPdf(bytes, { maxPages: MAX_PDF_PAGES, ...PDF_RENDER }));
    }
    if (type === 'heic') {
      return this.imageParts(await this.decoder.decodeHeic(bytes, { maxPages: 1, scale: 1, maxSide: Number.MAX_SAFE_INTEGER, maxPixels: this.maxPixels }));
    }
    await checkPhoto(bytes, type, this.maxPixels);
    return this.imageParts([bytes]);
  }

  private async imageParts(sources: ReadonlyArray<Buffer | DecodedImage>): Promise<ChatContentPart[]> {
    const parts: ChatContentPart[] = [{ type: 'text', text: RECEIPT_IMAGE_PROMPT }];
    for (const source of sources) parts.push({ type: 'image_url', image_url: { url: `data:image/jpeg;base64,${(await this.jpeg(source)).toString('base64')}` } });
    return parts;
  }

  private async jpeg(source: Buffer | DecodedImage): Promise<Buffer> {
    const sharp = await images();
    const input = Buffer.isBuffer(source)
      ? sharp(source, { limitInputPixels: this.maxPixels, failOn: 'error' })
      : sharp(Buffer.from(source.data.buffer, source.data.byteOffset, source.data.byteLength), {
          raw: { width: source.width, height: source.height, channels: source.channels },
          limitInputPixels: this.maxPixels,
        });
    try {
      return await input
        .rotate()
        .resize({ width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE, fit: 'inside', withoutEnlargement: true })
        .jpeg({ quality: 90 })
        .toBuffer();
    } catch {
      throw new ApiException(400, 'receipt_image_unreadable');
    }
  }
}
