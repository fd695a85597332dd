import { Body, Controller, Delete, Get, HttpCode, Post, Query, Res, StreamableFile } from '@nestjs/common';
import { ApiOkResponse, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { MinRole, RecentAuth, SessionOnly } from '../../common/access/access.decorators.js';
import { CurrentPrincipal } from '../../common/access/current-principal.decorator.js';
import type { Principal } from '../../common/access/principal.js';
import { ErrorResponse } from '../../common/errors/error-response.dto.js';
import { AppConfig } from '../../config/app-config.js';
import { SKIP_AUDIT } from '../audit/audit.middleware.js';
import { clearSessionCookie } from '../auth/session-cookie.js';
import {
  ExportPreviewResponse,
  ExportQuery,
  HouseholdEraseInput,
  HouseholdEraseResponse,
  OperationsOverviewQuery,
  OperationsOverviewResponse,
  RetentionPreviewResponse,
  RetentionRunResponse,
} from './dto/privacy.dto.js';
import { ErasureService } from './erasure.service.js';
import { ExportService } from './export.service.js';
import { OperationsService } from './operations.service.js';
import { RetentionService } from './retention.service.js';

/** The owner's privacy functions, from a browser session only. */
@ApiTags('Privacy & Operations')
@SessionOnly()
@MinRole('owner')
@ApiResponse({ status: 409, description: 'Instance or workflow conflict', type: ErrorResponse })
@Controller('api/v1/privacy')
export class PrivacyController {
  constructor(
    private readonly config: AppConfig,
    private readonly exports: ExportService,
    private readonly retention: RetentionService,
    private readonly erasure: ErasureService,
  ) {}

  /** Counts of what the export holds, the receipt files and product images with their sizes, and what it leaves out. */
  @Get('export/preview')
  getExportPreview(): Promise<ExportPreviewResponse> {
    return this.exports.preview();
  }

  /**
   * The portable export as a ZIP, streamed: JSON sections under `data/`, product images under
   * `product-images/`, receipt files under `receipt-files/` unless `include_receipt_files=false`,
   * `SHA256SUMS` (for `sha256sum -c`) and `manifest.json` last. Secrets are never part of it.
   */
  @RecentAuth()
  @Get('export')
  @ApiProduces('application/zip')
  @ApiOkResponse({ description: 'The ZIP archive', content: { 'application/zip': { schema: { type: 'string', format: 'binary' } } } })
  async downloadExport(@CurrentPrincipal() principal: Principal, @Query() query: ExportQuery): Promise<StreamableFile> {
    const download = await this.exports.download(principal, query.include_receipt_files ?? true);
    return new StreamableFile(download.stream, { type: 'application/zip', disposition: `attachment; filename="${download.fileName}"` });
  }

  /** What the retention rule would remove now. */
  @Get('retention')
  getRetentionPreview(): Promise<RetentionPreviewResponse> {
    return this.retention.preview();
  }

  /** Applies the retention rule now. */
  @RecentAuth()
  @Post('retention/run')
  @HttpCode(200)
  async runRetention(@CurrentPrincipal() principal: Principal, @Res({ passthrough: true }) response: Response): Promise<RetentionRunResponse> {
    const result = await this.retention.manualRun(principal.userId);
    // The run wrote its own `manual_retention` row; the route row would say the same twice.
    response.locals[SKIP_AUDIT] = true;
    return result;
  }

  /**
   * Erases the installation for good: every account, session, setting, catalog, receipt, stock,
   * shopping and audit record, every receipt file and product image. Setup is required again
   * afterwards (unless APP_PASSWORD is set). The body must carry the confirmation literal.
   */
  @RecentAuth()
  @Delete('household')
  async eraseHousehold(@Body() _input: HouseholdEraseInput, @Res({ passthrough: true }) response: Response): Promise<HouseholdEraseResponse> {
    const result = await this.erasure.erase();
    clearSessionCookie(response, this.config);
    // The audit table was just emptied; the request that emptied it leaves no row behind.
    response.locals[SKIP_AUDIT] = true;
    return result;
  }
}

/** The owner's operations overview. */
@ApiTags('Privacy & Operations')
@SessionOnly()
@MinRole('owner')
@Controller('api/v1/operations')
export class OperationsController {
  constructor(private readonly operations: OperationsService) {}

  /** Database health and size, counts, retention and recent events, without addresses, fingerprints or identifiers. */
  @Get('overview')
  getOperationsOverview(@Query() query: OperationsOverviewQuery): Promise<OperationsOverviewResponse> {
    return this.operations.overview(query.event_limit ?? 40);
  }
}
