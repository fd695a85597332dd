import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiResponse, ApiTags } from '@nestjs/swagger';
import { RequireScope, SessionOnly } from '../../common/access/access.decorators.js';
import { CurrentPrincipal } from '../../common/access/current-principal.decorator.js';
import type { Principal } from '../../common/access/principal.js';
import { ErrorResponse } from '../../common/errors/error-response.dto.js';
import { CatalogService } from '../catalog/catalog.service.js';
import { CatalogProductDetailResponse, CatalogSearchQuery } from '../catalog/dto/catalog.dto.js';
import { StockActionCreateInput, StockActionResponse } from './dto/stock-action.dto.js';
import { StockCountCreateInput, StockCountListQuery, StockCountSessionResponse } from './dto/stock-count.dto.js';
import { StockLotQuery, StockLotResponse, StockMovementPage, StockMovementQuery, StockProductResponse } from './dto/stock-read.dto.js';
import { StockActionService } from './stock-action.service.js';
import { StockCountService } from './stock-count.service.js';
import { StockReadService } from './stock-read.service.js';

@ApiTags('Stock')
@Controller('api/v1/stock')
export class StockController {
  constructor(
    private readonly counts: StockCountService,
    private readonly actions: StockActionService,
    private readonly reads: StockReadService,
    private readonly catalog: CatalogService,
  ) {}

  /** Stock on hand per product with the earliest best-before date. */
  @RequireScope('stock:read')
  @Get()
  listStock(): Promise<StockProductResponse[]> {
    return this.reads.onHand();
  }

  /** Lots with stock, filterable by product, location, opened state and best-before date. */
  @RequireScope('stock:read')
  @Get('lots')
  listStockLots(@Query() query: StockLotQuery): Promise<StockLotResponse[]> {
    return this.reads.lots(query);
  }

  /** The append-only movement history, newest first, with cursor pagination. */
  @RequireScope('stock:read')
  @Get('movements')
  listStockMovements(@Query() query: StockMovementQuery): Promise<StockMovementPage> {
    return this.reads.movements(query);
  }

  /** Products to count, with their details and current stock. */
  @RequireScope('stock:read')
  @Get('count/products')
  listStockCountProducts(@Query() query: CatalogSearchQuery): Promise<CatalogProductDetailResponse[]> {
    return this.catalog.searchDetails(query.q ?? '');
  }

  @RequireScope('stock:read')
  @Get('counts')
  listStockCounts(@Query() query: StockCountListQuery): Promise<StockCountSessionResponse[]> {
    return this.counts.list(query.limit ?? 20);
  }

  /** Applies a count in one transaction; a retry with the same `client_mutation_id` returns the first result. */
  @SessionOnly()
  @Post('counts')
  @HttpCode(200)
  createStockCount(@CurrentPrincipal() principal: Principal, @Body() input: StockCountCreateInput): Promise<StockCountSessionResponse> {
    return this.counts.create(principal, input);
  }

  /**
   * Adds, consumes (FIFO) or opens one product's stock without a scan, e.g. a product without a
   * barcode; a retry with the same `client_mutation_id` returns the first result.
   */
  @SessionOnly()
  @ApiResponse({ status: 404, description: 'The product is unknown or archived, or the variant or location is unknown', type: ErrorResponse })
  @ApiResponse({
    status: 409,
    description: 'The key was used for another product or action, the variant belongs to another product, there is not enough stock, or no unopened package is left',
    type: ErrorResponse,
  })
  @Post('products/:product_id/actions')
  @HttpCode(200)
  applyStockAction(@CurrentPrincipal() principal: Principal, @Param('product_id') productId: string, @Body() input: StockActionCreateInput): Promise<StockActionResponse> {
    return this.actions.apply(principal, productId, input);
  }
}
