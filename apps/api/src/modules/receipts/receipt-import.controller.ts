import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiResponse, ApiTags } from '@nestjs/swagger';
import { SessionOnly } from '../../common/access/access.decorators.js';
import { CurrentPrincipal } from '../../common/access/current-principal.decorator.js';
import type { Principal } from '../../common/access/principal.js';
import { ErrorResponse } from '../../common/errors/error-response.dto.js';
import { ImportRequest, ReceiptImportResponse } from './dto/receipt-import.dto.js';
import { ReceiptImportService } from './receipt-import.service.js';
import { AnswersInCallerLanguage } from '../../common/http/request-locale.js';

@ApiTags('Receipts')
@AnswersInCallerLanguage()
@Controller('api/v1/receipts')
export class ReceiptImportController {
  constructor(private readonly imports: ReceiptImportService) {}

  /**
   * Puts the receipt's mapped, not yet imported lines (only those in `item_ids`, when given) into
   * stock: one lot and one `purchase` movement each, at the product's default location, dated the
   * purchase date. The receipt becomes `imported`, or `partial` when a line failed. Imports of one
   * receipt run one after another; a line is never imported twice.
   */
  @SessionOnly()
  @Post(':receipt_id/import')
  @HttpCode(200)
  @ApiResponse({ status: 404, description: 'Receipt not found', type: ErrorResponse })
  @ApiResponse({ status: 409, description: 'No line to import: none is mapped and not imported yet (within the selection)', type: ErrorResponse })
  importReceipt(@CurrentPrincipal() principal: Principal, @Param('receipt_id') receiptId: string, @Body() input: ImportRequest): Promise<ReceiptImportResponse> {
    return this.imports.import(receiptId, input.item_ids, principal.userId);
  }
}
