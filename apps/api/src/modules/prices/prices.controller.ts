import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiResponse, ApiTags } from '@nestjs/swagger';
import { RequireScope, SessionOnly } from '../../common/access/access.decorators.js';
import { ErrorResponse } from '../../common/errors/error-response.dto.js';
import { CatalogPriceHistoryItemResponse, PriceInsightsResponse, PriceListQuery } from './dto/prices.dto.js';
import { PricesService } from './prices.service.js';

@Controller('api/v1')
export class PricesController {
  constructor(private readonly prices: PricesService) {}

  /** What the household paid for the product, newest purchase first, from imported receipt lines. */
  @ApiTags('Catalog')
  @RequireScope('catalog:read')
  @Get('catalog/products/:product_id/price-history')
  @ApiResponse({ status: 404, description: 'Product not found', type: ErrorResponse })
  getCatalogProductPriceHistory(@Param('product_id') productId: string, @Query() query: PriceListQuery): Promise<CatalogPriceHistoryItemResponse[]> {
    return this.prices.history(productId, query.limit ?? 100);
  }

  /**
   * Per product and store: latest, lowest, highest and average unit price and the change from
   * the purchase before, from imported EUR receipt lines. Past observations, not current prices.
   */
  @ApiTags('Insights')
  @SessionOnly()
  @Get('insights/prices')
  getPriceInsights(@Query() query: PriceListQuery): Promise<PriceInsightsResponse> {
    return this.prices.insights(query.limit ?? 100);
  }
}
