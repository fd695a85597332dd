import { Injectable } from '@nestjs/common';
import { APP_VERSION } from '@hinv/shared';
import type { Statement } from 'better-sqlite3';
import type { EntityManager } from 'typeorm';
import { Database } from '../../database/database.js';
import { GrocyClient } from '../grocy/grocy.client.js';
import { providerConfigured, SettingsService, type StoredSettings } from '../settings/settings.service.js';
import type { CatalogSummaryResponse, StatusResponse } from './dto/status-response.dto.js';

/**
 * As the reference derives them from the stored settings: a provider counts as configured with a
 * model and a key (Ollama needs no key); Grocy counts as configured once its key is stored.
 * `grocy_connected` needs a live call to Grocy: false here, `StatusService` asks Grocy.
 */
export function integrationStatus(settings: StoredSettings): Omit<StatusResponse, 'version' | 'catalog'> {
  return {
    provider: settings.providerType,
    provider_configured: providerConfigured(settings),
    grocy_configured: settings.grocyApiKey !== null,
    grocy_enabled: settings.grocyEnabled,
    grocy_connected: false,
  };
}

/** Active products and what hangs off them; stock lots that still hold something. */
const CATALOG_SUMMARY_SQL = `
    SELECT
      (SELECT COUNT(*) FROM products WHERE active = 1) AS products,
      (SELECT COUNT(*) FROM product_variants v JOIN products p ON p.id = v.product_id WHERE p.active = 1) AS variants,
      (SELECT COUNT(*) FROM product_barcodes b JOIN product_variants v ON v.id = b.variant_id JOIN products p ON p.id = v.product_id WHERE p.active = 1) AS barcodes,
      (SELECT COUNT(*) FROM stock_lots WHERE quantity > 0) AS stock_lots`;

export async function readCatalogSummary(manager: EntityManager): Promise<CatalogSummaryResponse> {
  const [row] = (await manager.query(CATALOG_SUMMARY_SQL)) as CatalogSummaryResponse[];
  return row;
}

@Injectable()
export class StatusService {
  /** Status is polled by home automation: a prepared statement spares TypeORM's query building. */
  private summaryStatement?: Statement<[], CatalogSummaryResponse>;

  constructor(
    private readonly database: Database,
    private readonly settings: SettingsService,
    private readonly grocy: GrocyClient,
  ) {}

  /** The settings and catalog counts last read, and the database state they were read in. */
  private lastRead?: { state: string; settings: StoredSettings; catalog: CatalogSummaryResponse };

  async getStatus(): Promise<StatusResponse> {
    const { settings, catalog } = await this.readState();
    return { version: APP_VERSION, catalog: { ...catalog }, ...integrationStatus(settings), grocy_connected: await this.grocyConnected(settings) };
  }

  /** Read afresh only when something was written since the last poll. */
  private async readState(): Promise<{ settings: StoredSettings; catalog: CatalogSummaryResponse }> {
    const state = this.database.committedState();
    if (state !== null && this.lastRead?.state === state) return this.lastRead;
    // Both reads run before the first await, so nothing can write in between: they are of `state`.
    const reading = this.settings.read();
    this.summaryStatement ??= this.database.sqlite.prepare(CATALOG_SUMMARY_SQL);
    const catalog = { ...this.summaryStatement.get()! };
    const settings = await reading;
    if (state !== null) this.lastRead = { state, settings, catalog };
    return { settings, catalog };
  }

  /**
   * Whether the switched-on connector reaches Grocy and its key is accepted (`system/info`, at
   * most 3 s, as the reference's status call). Off or without a key, Grocy is not asked.
   */
  private async grocyConnected(settings: StoredSettings): Promise<boolean> {
    if (!settings.grocyEnabled || settings.grocyApiKey === null) return false;
    try {
      await this.grocy.systemInfo(this.settings.grocyConnection(settings, { requireEnabled: true }));
      return true;
    } catch {
      return false;
    }
  }
}
