import { resolve } from 'node:path';
import { Injectable, Logger } from '@nestjs/common';
import { APP_VERSION } from '@hinv/shared';
import type { Principal } from '../../common/access/principal.js';
import { Clock } from '../../common/clock.js';
import { AppConfig } from '../../config/app-config.js';
import { Database } from '../../database/database.js';
import type { ExportPreviewResponse } from './dto/privacy.dto.js';
import { exportContents, writeExport, type ExportDownload, type ExportSources } from './export-archive.js';
import { EXCLUDED_SECRET_CATEGORIES } from './export-sections.js';
import { INSERT_PRIVACY_EVENT, PRIVACY_ACTIONS, privacyEventValues } from './privacy-audit.js';

/** The portable export: a preview of what it holds, and the streamed ZIP itself. */
@Injectable()
export class ExportService {
  private readonly logger = new Logger(ExportService.name);
  private readonly sources: ExportSources;

  constructor(
    config: AppConfig,
    private readonly database: Database,
    private readonly clock: Clock,
  ) {
    this.sources = {
      databaseFile: config.databaseFile,
      receiptsDir: resolve(config.dataDir, 'receipts'),
      productImagesDir: resolve(config.dataDir, 'product-images'),
    };
  }

  private householdName(): string {
    const row = this.database.sqlite.prepare('SELECT name FROM households ORDER BY created_at LIMIT 1').get() as { name: string } | undefined;
    return row?.name ?? '';
  }

  async preview(): Promise<ExportPreviewResponse> {
    const contents = await exportContents(this.database.sqlite, this.sources);
    return {
      household_name: this.householdName(),
      counts: contents.counts,
      receipt_file_count: contents.receiptFiles.length,
      receipt_file_bytes: contents.receiptFiles.reduce((sum, file) => sum + file.bytes, 0),
      product_image_file_count: contents.productImages.length,
      product_image_file_bytes: contents.productImages.reduce((sum, file) => sum + file.bytes, 0),
      excluded_secret_categories: [...EXCLUDED_SECRET_CATEGORIES],
    };
  }

  /**
   * Starts the download and records who took it (a read the audit middleware, which records
   * changes, would not see). The row is written after the snapshot began, so the archive it
   * describes does not contain it.
   */
  async download(principal: Principal, includeReceiptFiles: boolean): Promise<ExportDownload> {
    const generatedAt = this.clock.now();
    const download = await writeExport(this.sources, { includeReceiptFiles, generatedAt, householdName: this.householdName(), serviceVersion: APP_VERSION });
    this.database
      .writeLater((manager) =>
        manager.query(INSERT_PRIVACY_EVENT, privacyEventValues(generatedAt.toISOString(), PRIVACY_ACTIONS.export, 200, principal.userId)),
      )
      .catch((error: unknown) => this.logger.error({ message: 'audit event not written', action: 'privacy export', error: String(error) }));
    return download;
  }
}
