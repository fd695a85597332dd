import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiResponse, ApiTags } from '@nestjs/swagger';
import { RequireScope } from '../../common/access/access.decorators.js';
import { CurrentPrincipal } from '../../common/access/current-principal.decorator.js';
import type { Principal } from '../../common/access/principal.js';
import { ErrorResponse } from '../../common/errors/error-response.dto.js';
import { ScanConfirmInput, ScanResolveInput, ScanResponse, ScanUpdateInput } from './dto/scan.dto.js';
import { ScansService } from './scans.service.js';

const SCAN_NOT_FOUND = ApiResponse({ status: 404, description: 'No such scan draft, or the product to map is unknown or archived', type: ErrorResponse });
const PRODUCT_NOT_FOUND = ApiResponse({ status: 404, description: 'The product to map is unknown or archived', type: ErrorResponse });
const CONFLICT = ApiResponse({ status: 409, description: 'The draft does not exist (PATCH, DELETE), is confirmed or discarded, the key belongs to another draft, or there is not enough stock', type: ErrorResponse });

/** Scanning: phones and scanner stations (tokens with `scans:read` / `scans:write`). */
@ApiTags('Scanning')
@Controller('api/v1/scans')
export class ScansController {
  constructor(private readonly scans: ScansService) {}

  /** Turns a scanned code into a review-only draft (local catalog, cache, then Open Food Facts). */
  @RequireScope('scans:write')
  @Post('resolve')
  @HttpCode(200)
  resolveScan(@CurrentPrincipal() principal: Principal, @Body() input: ScanResolveInput): Promise<ScanResponse> {
    return this.scans.resolve(principal, input);
  }

  /** The unresolved inbox, most recently touched first. */
  @RequireScope('scans:read')
  @Get('unresolved')
  listUnresolvedScans(): Promise<ScanResponse[]> {
    return this.scans.unresolved();
  }

  /**
   * Our addition: drafts made at scanner stations (with a token) that still wait for a person's
   * review, resolved or not, most recently touched first (at most 100). A station never confirms:
   * a family member does, from the inbox.
   */
  @RequireScope('scans:read')
  @Get('from-stations')
  listStationScans(): Promise<ScanResponse[]> {
    return this.scans.fromStations();
  }

  @RequireScope('scans:read')
  @SCAN_NOT_FOUND
  @Get(':scan_id')
  getScan(@Param('scan_id') scanId: string): Promise<ScanResponse> {
    return this.scans.get(scanId);
  }

  /** Changes the mode, maps the draft to a product or edits the suggestion (`image_url` only from a browser session). */
  @RequireScope('scans:write')
  @PRODUCT_NOT_FOUND
  @CONFLICT
  @Patch(':scan_id')
  updateScan(@CurrentPrincipal() principal: Principal, @Param('scan_id') scanId: string, @Body() input: ScanUpdateInput): Promise<ScanResponse> {
    return this.scans.update(principal, scanId, input);
  }

  /** Marks the draft discarded. */
  @RequireScope('scans:write')
  @CONFLICT
  @Delete(':scan_id')
  discardScan(@Param('scan_id') scanId: string): Promise<ScanResponse> {
    return this.scans.discard(scanId);
  }

  /**
   * Applies the draft's action (identify, add, consume, open, shopping); idempotent by its own key.
   * `image_url` is taken from a browser session only; a token's is ignored.
   */
  @RequireScope('scans:write')
  @SCAN_NOT_FOUND
  @CONFLICT
  @Post(':scan_id/confirm')
  @HttpCode(200)
  confirmScan(@CurrentPrincipal() principal: Principal, @Param('scan_id') scanId: string, @Body() input: ScanConfirmInput): Promise<ScanResponse> {
    return this.scans.confirm(principal, scanId, input);
  }
}
