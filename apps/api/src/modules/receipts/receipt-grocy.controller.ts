import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiResponse, ApiTags } from '@nestjs/swagger';
import { SessionOnly } from '../../common/access/access.decorators.js';
import { ErrorResponse } from '../../common/errors/error-response.dto.js';
import { GrocyProductCreateInput } from '../grocy/dto/grocy.dto.js';
import { ReceiptResponse } from './dto/receipts.dto.js';
import { ReceiptGrocyService } from './receipt-grocy.service.js';
import { AnswersInCallerLanguage } from '../../common/http/request-locale.js';

/** Creating a Grocy product from a receipt line: browser sessions only, members and up. */
@ApiTags('Legacy Grocy')
@AnswersInCallerLanguage()
@Controller('api/v1/receipts')
export class ReceiptGrocyController {
  constructor(private readonly receiptGrocy: ReceiptGrocyService) {}

  /**
   * Creates the line's product in Grocy (location and unit by Grocy id or by a name that is found
   * or created there, an optional group likewise; a Grocy product of the same name is taken
   * instead of a second one) and maps the line to the local product linked
   * to it, creating that too when needed. With `remember` (default true) the next receipt from
   * the same store maps the line by itself. The receipt is returned as it is afterwards.
   */
  @SessionOnly()
  @Post(':receipt_id/items/:item_id/create-product')
  @HttpCode(200)
  @ApiResponse({ status: 404, description: 'Receipt, line, or the Grocy location, unit or group id not found', type: ErrorResponse })
  @ApiResponse({ status: 409, description: 'Grocy is not connected or switched off, or the line is already imported', type: ErrorResponse })
  @ApiResponse({ status: 502, description: 'Grocy could not be reached or refused the product; `detail` says why', type: ErrorResponse })
  createAndMapGrocyProduct(@Param('receipt_id') receiptId: string, @Param('item_id') itemId: string, @Body() input: GrocyProductCreateInput): Promise<ReceiptResponse> {
    return this.receiptGrocy.createProduct(receiptId, itemId, input);
  }
}
