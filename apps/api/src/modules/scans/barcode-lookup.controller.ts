import { Controller, Get, Param } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { RequireScope } from '../../common/access/access.decorators.js';
import { BarcodeLookupResponse } from './dto/scan.dto.js';
import { ScansService } from './scans.service.js';

@ApiTags('Catalog')
@Controller('api/v1/catalog/barcodes')
export class BarcodeLookupController {
  constructor(private readonly scans: ScansService) {}

  /** What a code is: the household's product, or Open Food Facts' record (502 if it cannot be asked). */
  @RequireScope('catalog:read')
  @Get(':barcode/lookup')
  lookupCatalogBarcode(@Param('barcode') barcode: string): Promise<BarcodeLookupResponse> {
    return this.scans.lookup(barcode);
  }
}
