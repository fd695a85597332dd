import { Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiResponse, ApiTags } from '@nestjs/swagger';
import { MinRole, SessionOnly } from '../../common/access/access.decorators.js';
import { ErrorResponse } from '../../common/errors/error-response.dto.js';
import { MasterDataResponse } from '../catalog/master-data/master-data.dto.js';
import { GrocyCatalogImportResponse, GrocyProductResponse, GrocyProductsQuery, GrocyStockPreviewResponse } from './dto/grocy.dto.js';
import { GrocyService } from './grocy.service.js';

const NOT_CONNECTED = 'Grocy is not connected (no address or API key saved)';
const FAILED = 'Grocy could not be reached, refused the key, redirected or failed; `detail` says which';

/** Moving over from Grocy: the owner's, from a browser session only. */
@ApiTags('Integrations')
@SessionOnly()
@MinRole('owner')
@Controller('api/v1/integrations/grocy')
export class GrocyIntegrationController {
  constructor(private readonly grocy: GrocyService) {}

  /**
   * Copies Grocy's locations, units, product groups and products into the catalog. Additive and
   * idempotent: entries are found by their Grocy id or name, only empty defaults are filled, and
   * nothing is removed, so running it again changes nothing. Works while the connector is off.
   */
  @Post('import-catalog')
  @HttpCode(200)
  @ApiResponse({ status: 409, description: NOT_CONNECTED, type: ErrorResponse })
  @ApiResponse({ status: 502, description: FAILED, type: ErrorResponse })
  importGrocyCatalog(): Promise<GrocyCatalogImportResponse> {
    return this.grocy.importCatalog();
  }

  /**
   * Grocy's stock against the stock here for every product linked to Grocy, and Grocy stock of
   * products not linked. Reads only; to take it over, post the chosen rows as a stock count
   * with `source = grocy_review`.
   */
  @Get('stock-preview')
  @ApiResponse({ status: 409, description: `${NOT_CONNECTED}, or the connector is switched off`, type: ErrorResponse })
  @ApiResponse({ status: 502, description: FAILED, type: ErrorResponse })
  grocyStockPreview(): Promise<GrocyStockPreviewResponse> {
    return this.grocy.stockPreview();
  }
}

/** Grocy's own master data and products (ids are Grocy's), for creating Grocy products from receipts. */
@ApiTags('Legacy Grocy')
@SessionOnly()
@MinRole('owner')
@Controller('api/v1/grocy')
export class GrocyLegacyController {
  constructor(private readonly grocy: GrocyService) {}

  /** Grocy's active locations, quantity units and product groups, by name. */
  @Get('master-data')
  @ApiResponse({ status: 409, description: `${NOT_CONNECTED}, or the connector is switched off`, type: ErrorResponse })
  @ApiResponse({ status: 502, description: FAILED, type: ErrorResponse })
  grocyMasterData(): Promise<MasterDataResponse> {
    return this.grocy.masterData();
  }

  /** Grocy's active products whose name contains `q`, by name. */
  @Get('products')
  @ApiResponse({ status: 409, description: `${NOT_CONNECTED}, or the connector is switched off`, type: ErrorResponse })
  @ApiResponse({ status: 502, description: FAILED, type: ErrorResponse })
  searchGrocyProducts(@Query() query: GrocyProductsQuery): Promise<GrocyProductResponse[]> {
    return this.grocy.searchProducts(query.q ?? '');
  }
}
