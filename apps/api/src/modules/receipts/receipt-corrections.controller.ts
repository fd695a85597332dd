import { Body, Controller, Delete, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiResponse, ApiTags } from '@nestjs/swagger';
import { SessionOnly } from '../../common/access/access.decorators.js';
import { ErrorResponse } from '../../common/errors/error-response.dto.js';
import { ReceiptCorrectionInput, ReceiptItemCorrectionInput, ReceiptItemCreateInput } from './dto/receipt-corrections.dto.js';
import { ReceiptResponse } from './dto/receipts.dto.js';
import { ReceiptCorrectionsService } from './receipt-corrections.service.js';
import { ReceiptsService } from './receipts.service.js';
import { AnswersInCallerLanguage } from '../../common/http/request-locale.js';

/**
 * Correcting what was read from a receipt before it is imported (our addition; the reference
 * cannot change what was read). Browser sessions only, members and up; each change answers the
 * receipt as it is afterwards.
 */
@ApiTags('Receipts')
@AnswersInCallerLanguage()
@Controller('api/v1/receipts')
export class ReceiptCorrectionsController {
  constructor(
    private readonly corrections: ReceiptCorrectionsService,
    private readonly receipts: ReceiptsService,
  ) {}

  /** Corrects the store, date, total or currency as read. Another store name matches the open lines again. */
  @SessionOnly()
  @Patch(':receipt_id')
  @ApiResponse({ status: 404, description: 'Receipt not found', type: ErrorResponse })
  @ApiResponse({ status: 409, description: 'A line of the receipt is already imported', type: ErrorResponse })
  correctReceipt(@Param('receipt_id') receiptId: string, @Body() input: ReceiptCorrectionInput): Promise<ReceiptResponse> {
    return this.corrections.correctReceipt(receiptId, input);
  }

  /** Deletes a receipt nothing was imported from, with its lines and its stored file. */
  @SessionOnly()
  @Delete(':receipt_id')
  @HttpCode(204)
  @ApiResponse({ status: 204, description: 'Deleted' })
  @ApiResponse({ status: 404, description: 'Receipt not found', type: ErrorResponse })
  @ApiResponse({ status: 409, description: 'A line of the receipt is already imported: budget and prices depend on it', type: ErrorResponse })
  deleteReceipt(@Param('receipt_id') receiptId: string): Promise<void> {
    return this.receipts.remove(receiptId);
  }

  /** Adds a line the reading missed, after the last line; it is matched to the catalog at once. */
  @SessionOnly()
  @Post(':receipt_id/items')
  @HttpCode(200)
  @ApiResponse({ status: 404, description: 'Receipt not found', type: ErrorResponse })
  @ApiResponse({ status: 409, description: 'A line of the receipt is already imported, or it holds 500 lines', type: ErrorResponse })
  addReceiptItem(@Param('receipt_id') receiptId: string, @Body() input: ReceiptItemCreateInput): Promise<ReceiptResponse> {
    return this.corrections.addItem(receiptId, input);
  }

  /**
   * Corrects a line's name, quantity, unit price or amount as read. A changed name is matched
   * again (a line mapped by hand keeps its product, and the store mapping it taught is learned
   * under the corrected name from then on).
   */
  @SessionOnly()
  @Patch(':receipt_id/items/:item_id/correction')
  @ApiResponse({ status: 404, description: 'Receipt or line not found', type: ErrorResponse })
  @ApiResponse({ status: 409, description: 'The line is already imported into stock', type: ErrorResponse })
  correctReceiptItem(@Param('receipt_id') receiptId: string, @Param('item_id') itemId: string, @Body() input: ReceiptItemCorrectionInput): Promise<ReceiptResponse> {
    return this.corrections.correctItem(receiptId, itemId, input);
  }

  /** Removes a line that is no purchase (a footer, VAT, a card slip). */
  @SessionOnly()
  @Delete(':receipt_id/items/:item_id')
  @ApiResponse({ status: 404, description: 'Receipt or line not found', type: ErrorResponse })
  @ApiResponse({ status: 409, description: 'The line is already imported into stock', type: ErrorResponse })
  removeReceiptItem(@Param('receipt_id') receiptId: string, @Param('item_id') itemId: string): Promise<ReceiptResponse> {
    return this.corrections.removeItem(receiptId, itemId);
  }
}
