import { Controller, Get, Param } from '@nestjs/common';
import { ApiResponse, ApiTags } from '@nestjs/swagger';
import { RequireScope } from '../../common/access/access.decorators.js';
import { ErrorResponse } from '../../common/errors/error-response.dto.js';
import { BarcodeLookupResponse } from './dto/scan.dto.js';
import { ScansService } from './scans.service.js';

@ApiTags('Catalog')
@Controller('api/v1/catalog/barcodes')
export class BarcodeLookupController {
  constructor(private readonly scans: ScansService) {}

  /** What a code is: the household's product, or Open Food Facts' record (502 if it cannot be asked; not found when lookups are off). */
  @RequireScope('catalog:read')
  @ApiResponse({ status: 502, description: 'Open Food Facts could not be asked (unreachable, too slow, rate-limited)', type: ErrorResponse })
  @Get(':barcode/lookup')
  lookupCatalogBarcode(@Param('barcode') barcode: string): Promise<BarcodeLookupResponse> {
    return this.scans.lookup(barcode);
  }
}
