import { Injectable } from '@nestjs/common';
import { APP_VERSION } from '@hinv/shared';
import { AppConfig } from '../../config/app-config.js';
import { Database } from '../../database/database.js';
import type { CatalogSummaryResponse, StatusResponse } from './dto/status-response.dto.js';

@Injectable()
export class StatusService {
  constructor(
    private readonly config: AppConfig,
    private readonly database: Database,
  ) {}

  async getStatus(): Promise<StatusResponse> {
    const providerConfigured = Boolean(this.config.env.RECEIPT_PROVIDER_URL && this.config.env.RECEIPT_PROVIDER_MODEL);
    return {
      version: APP_VERSION,
      catalog: await this.catalogSummary(),
      provider_configured: providerConfigured,
      provider: providerConfigured ? 'openai_compatible' : 'local',
      // The Grocy connector has no settings yet, so it is neither configured nor enabled.
      grocy_configured: false,
      grocy_enabled: false,
      grocy_connected: false,
    };
  }

  /** Active products and what hangs off them; stock lots that still hold something. */
  private async catalogSummary(): Promise<CatalogSummaryResponse> {
    const [row] = (await this.database.manager.query(`
      SELECT
        (SELECT COUNT(*) FROM products WHERE active = 1) AS products,
        (SELECT COUNT(*) FROM product_variants v JOIN products p ON p.id = v.product_id WHERE p.active = 1) AS variants,
        (SELECT COUNT(*) FROM product_barcodes b JOIN product_variants v ON v.id = b.variant_id JOIN products p ON p.id = v.product_id WHERE p.active = 1) AS barcodes,
        (SELECT COUNT(*) FROM stock_lots WHERE quantity > 0) AS stock_lots`)) as CatalogSummaryResponse[];
    return row;
  }
}
