import { Controller, Get, Header, HttpCode, Param, Post, Res, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiBody, ApiConsumes, ApiOkResponse, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { SessionOnly } from '../../common/access/access.decorators.js';
import { ErrorResponse } from '../../common/errors/error-response.dto.js';
import { ReceiptResponse } from './dto/receipts.dto.js';
import { ReceiptsService, type UploadedReceiptFile } from './receipts.service.js';
import { AnswersInCallerLanguage } from '../../common/http/request-locale.js';

/** Receipts are a browser-session surface (as the reference): API tokens are refused. */
@ApiTags('Receipts')
@AnswersInCallerLanguage()
@Controller('api/v1/receipts')
export class ReceiptsController {
  constructor(private readonly receipts: ReceiptsService) {}

  /**
   * Analyses a receipt on this box, offline (multipart field `image`), and stores it for review: a
   * PDF is read from its text layer, or its pages (at most 4) are rendered and read by OCR; a
   * photo (JPEG, PNG, WebP, HEIC) is read by OCR. The same file again, or the same purchase in
   * another file or photo, answers the existing receipt with `duplicate: true`.
   */
  @SessionOnly()
  @Post('analyze')
  @HttpCode(200)
  @ApiResponse({ status: 502, description: 'The receipt provider configured in the settings failed (unreachable, an error, no answer within 120 s, or no receipt JSON); nothing is stored', type: ErrorResponse })
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', required: ['image'], properties: { image: { type: 'string', format: 'binary' } } } })
  @ApiResponse({ status: 400, description: 'File under 100 bytes; an unreadable PDF or image; a PDF over the page or text limit; an image (or rendered page) over the pixel limit', type: ErrorResponse })
  @ApiResponse({ status: 413, description: 'File over MAX_UPLOAD_MB', type: ErrorResponse })
  @ApiResponse({ status: 415, description: 'Not a PDF, JPEG, PNG, WebP or HEIC, or the declared type does not match the content', type: ErrorResponse })
  @ApiResponse({
    status: 503,
    description:
      'Local OCR only, with Retry-After: `ocr_busy` when its workers and queue (OCR_WORKERS + OCR_QUEUE_LIMIT) are full, `ocr_interrupted` when the OCR process ended while reading (killed for memory, crashed); nothing is stored',
    type: ErrorResponse,
  })
  @UseInterceptors(FileInterceptor('image'))
  analyzeReceipt(@UploadedFile() file: UploadedReceiptFile | undefined): Promise<ReceiptResponse> {
    return this.receipts.analyze(file);
  }

  /** The newest receipts (at most 100) with their line counts, without the lines. */
  @SessionOnly()
  @Get()
  listReceipts(): Promise<ReceiptResponse[]> {
    return this.receipts.list();
  }

  /**
   * The stored image or PDF of the receipt (our addition), to the household's browsers only, as
   * product photos are: private, checked again on every use. 404 when none is kept.
   */
  @SessionOnly()
  @Get(':receipt_id/file')
  @Header('Cache-Control', 'private, no-cache')
  @Header('X-Content-Type-Options', 'nosniff')
  @ApiProduces('application/pdf', 'image/jpeg', 'image/png', 'image/webp', 'image/heic')
  @ApiOkResponse({ description: 'The file as uploaded', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } }, 'image/jpeg': { schema: { type: 'string', format: 'binary' } } } })
  @ApiResponse({ status: 404, description: 'Receipt not found, or no file kept for it', type: ErrorResponse })
  async getReceiptFile(@Param('receipt_id') receiptId: string, @Res() response: Response): Promise<void> {
    const file = await this.receipts.file(receiptId);
    response.type(file.type).sendFile(file.path, { dotfiles: 'allow', cacheControl: false, lastModified: false });
  }

  /** One receipt with all its lines and their matches. */
  @SessionOnly()
  @Get(':receipt_id')
  @ApiResponse({ status: 404, description: 'Receipt not found', type: ErrorResponse })
  getReceipt(@Param('receipt_id') receiptId: string): Promise<ReceiptResponse> {
    return this.receipts.detail(receiptId);
  }
}
