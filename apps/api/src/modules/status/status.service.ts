import { Injectable } from '@nestjs/common';
import { APP_VERSION } from '@hinv/shared';
import { AppConfig } from '../../config/app-config.js';
import type { CatalogSummaryResponse, StatusResponse } from './dto/status-response.dto.js';

@Injectable()
export class StatusService {
  constructor(private readonly config: AppConfig) {}

  getStatus(): StatusResponse {
    const providerConfigured = Boolean(this.config.env.RECEIPT_PROVIDER_URL && this.config.env.RECEIPT_PROVIDER_MODEL);
    return {
      version: APP_VERSION,
      catalog: this.catalogSummary(),
      provider_configured: providerConfigured,
      provider: providerConfigured ? 'openai_compatible' : 'local',
      // The Grocy connector has no settings yet, so it is neither configured nor enabled.
      grocy_configured: false,
      grocy_enabled: false,
      grocy_connected: false,
    };
  }

  /** The catalog tables arrive with the catalog module; until then the household has nothing to count. */
  private catalogSummary(): CatalogSummaryResponse {
    return { products: 0, variants: 0, barcodes: 0, stock_lots: 0 };
  }
}
