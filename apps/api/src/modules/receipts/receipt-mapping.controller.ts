import { Body, Controller, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiResponse, ApiTags } from '@nestjs/swagger';
import { MinRole, SessionOnly } from '../../common/access/access.decorators.js';
import { ErrorResponse } from '../../common/errors/error-response.dto.js';
import { CatalogItemMappingInput, ReconcileResponse } from './dto/receipt-mapping.dto.js';
import { ReceiptResponse } from './dto/receipts.dto.js';
import { ReceiptMappingService } from './receipt-mapping.service.js';
import { AnswersInCallerLanguage } from '../../common/http/request-locale.js';

/** Mapping receipt lines by hand (members and up) and matching open lines again (admins and up): browser sessions only. */
@AnswersInCallerLanguage()
@Controller('api/v1')
export class ReceiptMappingController {
  constructor(private readonly mapping: ReceiptMappingService) {}

  /**
   * Maps a line to a product (status `manual`, score 100) or, with `product_id: null`, unmaps it.
   * With `remember` (default true) the next receipt from the same store maps the line by itself
   * and its names become confirmed aliases; unmapping forgets what the line taught about its
   * product. An imported line cannot be changed (409). The other open lines are matched again
   * afterwards.
   */
  @ApiTags('Receipts')
  @SessionOnly()
  @Patch('receipts/:receipt_id/items/:item_id')
  @ApiResponse({ status: 404, description: 'Receipt, line, product (or an archived one) or variant of that product not found', type: ErrorResponse })
  @ApiResponse({ status: 409, description: 'The line is already imported into stock', type: ErrorResponse })
  mapReceiptItem(@Param('receipt_id') receiptId: string, @Param('item_id') itemId: string, @Body() input: CatalogItemMappingInput): Promise<ReceiptResponse> {
    return this.mapping.map(receiptId, itemId, input);
  }

  /**
   * Matches every open receipt line (no product, not imported) again, using only the local
   * catalog and learned mappings. Exact matches may be assigned; similar names stay suggestions.
   * A catalog write, so admins and the owner only (as every non-GET under `/catalog`).
   */
  @ApiTags('Catalog')
  @SessionOnly()
  @MinRole('admin')
  @Post('catalog/reconcile')
  @HttpCode(200)
  reconcileCatalogReceipts(): Promise<ReconcileResponse> {
    return this.mapping.reconcile();
  }
}
