import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiResponse, ApiTags } from '@nestjs/swagger';
import { SessionOnly } from '../../common/access/access.decorators.js';
import { CurrentPrincipal } from '../../common/access/current-principal.decorator.js';
import type { Principal } from '../../common/access/principal.js';
import { ErrorResponse } from '../../common/errors/error-response.dto.js';
import { CatalogProductCreateInput } from '../catalog/dto/catalog.dto.js';
import { ProductCandidateConfirmInput, ProductCandidateSearchResponse, ProductCandidatesQuery } from './dto/product-candidates.dto.js';
import { ReceiptResponse } from './dto/receipts.dto.js';
import { ReceiptCandidatesService } from './receipt-candidates.service.js';
import { AnswersInCallerLanguage } from '../../common/http/request-locale.js';

/** Real product candidates for a receipt line and new catalog products from a line: browser sessions only. */
@ApiTags('Receipts')
@AnswersInCallerLanguage()
@Controller('api/v1/receipts/:receipt_id/items/:item_id')
export class ReceiptCandidatesController {
  constructor(private readonly candidates: ReceiptCandidatesService) {}

  /**
   * Searches Open Food Facts for records that may be the line (only when asked; never assigned by
   * themselves) and caches the answer for 30 days. Scored by name, brand, store, package size and
   * country; at most `limit`, with photos preferred for up to two. A failing or busy search is a
   * `warning`, not an error. Viewers may look.
   */
  @SessionOnly()
  @Get('candidates')
  @ApiResponse({ status: 404, description: 'Receipt or line not found', type: ErrorResponse })
  receiptItemCandidates(
    @CurrentPrincipal() principal: Principal,
    @Param('receipt_id') receiptId: string,
    @Param('item_id') itemId: string,
    @Query() query: ProductCandidatesQuery,
  ): Promise<ProductCandidateSearchResponse> {
    return this.candidates.candidates(receiptId, itemId, query.limit ?? 3, principal.locale);
  }

  /**
   * Confirms a listed candidate: its barcode, photo and package go to `product_id`, else to the
   * product already holding the barcode, else to a new product (name, location and unit needed).
   * A variant of the same brand and package is reused (only its empty fields filled), else one is
   * created. The line is mapped as by hand (with `remember`) and the open lines matched again.
   */
  @SessionOnly()
  @Post('candidate')
  @HttpCode(200)
  @ApiResponse({ status: 404, description: 'Receipt, line, product or master data not found', type: ErrorResponse })
  @ApiResponse({ status: 409, description: 'The candidate is no longer cached, another product holds its barcode, the name is taken, or the line is already imported', type: ErrorResponse })
  confirmReceiptItemCandidate(@Param('receipt_id') receiptId: string, @Param('item_id') itemId: string, @Body() input: ProductCandidateConfirmInput): Promise<ReceiptResponse> {
    return this.candidates.confirm(receiptId, itemId, input);
  }

  /** Creates a catalog product for the line (as `POST /catalog/products`) and maps the line to it. */
  @SessionOnly()
  @Post('catalog-product')
  @HttpCode(200)
  @ApiResponse({ status: 404, description: 'Receipt, line or master data not found', type: ErrorResponse })
  @ApiResponse({ status: 409, description: 'The name or barcode is taken, or the line is already imported', type: ErrorResponse })
  createAndMapCatalogProduct(@Param('receipt_id') receiptId: string, @Param('item_id') itemId: string, @Body() input: CatalogProductCreateInput): Promise<ReceiptResponse> {
    return this.candidates.createProduct(receiptId, itemId, input);
  }
}
