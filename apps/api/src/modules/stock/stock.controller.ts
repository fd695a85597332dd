import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { RequireScope, SessionOnly } from '../../common/access/access.decorators.js';
import { CurrentPrincipal } from '../../common/access/current-principal.decorator.js';
import type { Principal } from '../../common/access/principal.js';
import { CatalogService } from '../catalog/catalog.service.js';
import { CatalogProductDetailResponse, CatalogSearchQuery } from '../catalog/dto/catalog.dto.js';
import { StockCountCreateInput, StockCountListQuery, StockCountSessionResponse } from './dto/stock-count.dto.js';
import { StockLotQuery, StockLotResponse, StockMovementPage, StockMovementQuery, StockProductResponse } from './dto/stock-read.dto.js';
import { StockCountService } from './stock-count.service.js';
import { StockReadService } from './stock-read.service.js';

@ApiTags('Stock')
@Controller('api/v1/stock')
export class StockController {
  constructor(
    private readonly counts: StockCountService,
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
}
