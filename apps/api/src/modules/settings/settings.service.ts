import { Injectable } from '@nestjs/common';
import type { Statement } from 'better-sqlite3';
import type { EntityManager } from 'typeorm';
import { Clock } from '../../common/clock.js';
import { ApiException } from '../../common/errors/api-exception.js';
import { SecretBox } from '../../common/crypto/secret-box.js';
import { checkConnectorUrl } from '../../common/http/connector-url.js';
import { AppConfig } from '../../config/app-config.js';
import type { EnvironmentVariables } from '../../config/env.js';
import { Database } from '../../database/database.js';
import { GrocyClient, type GrocyConnection } from '../grocy/grocy.client.js';
import { grocySystemInfo } from '../grocy/grocy-wire.js';
import { ChatCompletionsClient } from '../receipts/provider/chat-completions.client.js';
import type { ProviderConnection } from '../receipts/provider/provider-connection.js';
import {
  HTTPS_ONLY_PROVIDERS,
  type ConnectionTestResponse,
  SETTINGS_DEFAULTS,
  type ProviderType,
  type PublicSettingsResponse,
  type SettingsInput,
} from './dto/settings.dto.js';
import { SettingsEntity } from './settings.entity.js';

/** The settings row is a singleton. */
const SETTINGS_ID = 1;

/** The stored settings as the service uses them; keys stay sealed until `openProviderKey`/`openGrocyKey`. */
export type StoredSettings = Omit<SettingsEntity, 'id' | 'updatedAt' | 'providerType'> & { providerType: ProviderType };

/** The settings row as SQLite stores it (booleans as 0/1), named as the entity's properties. */
type StoredSettingsRow = Omit<StoredSettings, 'grocyEnabled' | 'privacyDeleteImageAfterAnalysis'> & { grocyEnabled: number; privacyDeleteImageAfterAnalysis: number };
const SETTINGS_ROW_SQL = `SELECT provider_type AS providerType, provider_base_url AS providerBaseUrl, provider_model AS providerModel,
  provider_api_key AS providerApiKey, grocy_enabled AS grocyEnabled, grocy_url AS grocyUrl, grocy_api_key AS grocyApiKey,
  privacy_delete_image_after_analysis AS privacyDeleteImageAfterAnalysis, privacy_retention_days AS privacyRetentionDays
  FROM instance_settings WHERE id = ?`;

export const DEFAULT_SETTINGS: StoredSettings = {
  providerType: SETTINGS_DEFAULTS.provider.type,
  providerBaseUrl: SETTINGS_DEFAULTS.provider.base_url,
  providerModel: SETTINGS_DEFAULTS.provider.model,
  providerApiKey: null,
  grocyEnabled: SETTINGS_DEFAULTS.grocy.enabled,
  grocyUrl: SETTINGS_DEFAULTS.grocy.url,
  grocyApiKey: null,
  privacyDeleteImageAfterAnalysis: SETTINGS_DEFAULTS.privacy.delete_image_after_analysis,
  privacyRetentionDays: SETTINGS_DEFAULTS.privacy.retention_days,
};

/**
 * The settings before the first save: the reference's defaults, with the provider's address and
 * model taken from RECEIPT_PROVIDER_URL / RECEIPT_PROVIDER_MODEL when they are set. An address of
 * our own is no cortecs address, so the type is then `openai-compatible`. Without a key such a
 * provider is not configured: the environment alone never sends receipts anywhere.
 */
export function defaultSettings(env: Pick<EnvironmentVariables, 'RECEIPT_PROVIDER_URL' | 'RECEIPT_PROVIDER_MODEL'>): StoredSettings {
  return {
    ...DEFAULT_SETTINGS,
    ...(env.RECEIPT_PROVIDER_URL ? { providerType: 'openai-compatible' as const, providerBaseUrl: env.RECEIPT_PROVIDER_URL } : {}),
    ...(env.RECEIPT_PROVIDER_MODEL ? { providerModel: env.RECEIPT_PROVIDER_MODEL } : {}),
  };
}

/**
 * Whether receipts go to the provider (as the reference counts it): a model is chosen, and a key
 * is stored unless the type is Ollama, which runs without one. Otherwise the local engine reads them.
 */
export function providerConfigured(settings: StoredSettings): boolean {
  return settings.providerModel !== '' && (settings.providerApiKey !== null || settings.providerType === 'ollama');
}

/** The one place that turns stored settings into the response: keys become `api_key_configured`. */
export function toPublicSettings(settings: StoredSettings): PublicSettingsResponse {
  return {
    provider: {
      type: settings.providerType,
      base_url: settings.providerBaseUrl,
      model: settings.providerModel,
      api_key_configured: settings.providerApiKey !== null,
    },
    grocy: { enabled: settings.grocyEnabled, url: settings.grocyUrl, api_key_configured: settings.grocyApiKey !== null },
    privacy: {
      delete_image_after_analysis: settings.privacyDeleteImageAfterAnalysis,
      retention_days: settings.privacyRetentionDays,
    },
  };
}

/**
 * A key from a request against the stored (sealed) one: omitted or null keeps it, a value that is
 * empty after trimming removes it, anything else replaces it.
 */
export function nextSealedKey(incoming: string | null | undefined, stored: string | null, seal: (plain: string) => string): string | null {
  if (incoming === undefined || incoming === null) return stored;
  const key = incoming.trim();
  return key === '' ? null : seal(key);
}

/**
 * The stored key for a section whose destination may have changed: a key follows neither a new
 * origin (scheme, host or port) nor a new provider type unless it is entered again, so a changed
 * address (or a switch to a plain-http type) never receives the key meant for the old one.
 */
export function keyForDestination(
  incoming: string | null | undefined,
  stored: string | null,
  seal: (plain: string) => string,
  destination: { before: string; after: string },
): string | null {
  const kept = incoming === undefined || incoming === null;
  if (kept && destination.before !== destination.after) return null;
  return nextSealedKey(incoming, stored, seal);
}

/** What a key is bound to: the origin of the normal URL, plus the provider type where there is one. */
function destinationOf(url: string, type = ''): string {
  // URL.origin drops a default port, so `http://grocy:80` and `http://grocy` are one destination.
  return URL.canParse(url) ? `${type} ${new URL(url).origin}` : `${type} ${url}`;
}

function normalUrl(value: string, requireHttps: boolean): string {
  const checked = checkConnectorUrl(value, { requireHttps });
  // The DTO has refused every other value already.
  if (!checked.ok) throw new Error(`unchecked connector URL reached the settings service (${checked.problem})`);
  return checked.url;
}

@Injectable()
export class SettingsService {
  private readonly box: SecretBox;
  private readonly defaults: StoredSettings;
  private rowStatement?: Statement<[number], StoredSettingsRow>;

  constructor(
    config: AppConfig,
    private readonly database: Database,
    private readonly clock: Clock,
    private readonly providerClient: ChatCompletionsClient,
    private readonly grocyClient: GrocyClient,
  ) {
    this.box = new SecretBox(config.secret.key);
    this.defaults = defaultSettings(config.env);
  }

  /** The stored settings, or the defaults before the first save. */
  async read(manager?: EntityManager): Promise<StoredSettings> {
    // Outside a write (status, receipts, Grocy on every call) a prepared statement reads the one
    // row: TypeORM's query building cost more than the rest of a bearer status request.
    if (!manager) return this.readRow();
    const row = await manager.findOneBy(SettingsEntity, { id: SETTINGS_ID });
    if (!row) return { ...this.defaults };
    const { id: _id, updatedAt: _updatedAt, ...settings } = row;
    return { ...settings, providerType: row.providerType as ProviderType };
  }

  private readRow(): StoredSettings {
    this.rowStatement ??= this.database.sqlite.prepare(SETTINGS_ROW_SQL);
    const row = this.rowStatement.get(SETTINGS_ID);
    if (!row) return { ...this.defaults };
    return { ...row, grocyEnabled: row.grocyEnabled === 1, privacyDeleteImageAfterAnalysis: row.privacyDeleteImageAfterAnalysis === 1 };
  }

  async getSettings(): Promise<PublicSettingsResponse> {
    return toPublicSettings(await this.read());
  }

  /** Replaces every section; fields left out take their defaults, keys follow `keyForDestination`. */
  async saveSettings(input: SettingsInput): Promise<PublicSettingsResponse> {
    const providerType = input.provider.type ?? SETTINGS_DEFAULTS.provider.type;
    const saved = await this.database.write(async (manager) => {
      const current = await this.read(manager);
      const seal = (key: string) => this.box.seal(key);
      const providerBaseUrl = normalUrl(input.provider.base_url ?? SETTINGS_DEFAULTS.provider.base_url, HTTPS_ONLY_PROVIDERS.has(providerType));
      const grocyUrl = normalUrl(input.grocy.url ?? SETTINGS_DEFAULTS.grocy.url, false);
      const next: SettingsEntity = {
        id: SETTINGS_ID,
        providerType,
        providerBaseUrl,
        providerModel: input.provider.model ?? SETTINGS_DEFAULTS.provider.model,
        providerApiKey: keyForDestination(input.provider.api_key, current.providerApiKey, seal, {
          before: destinationOf(current.providerBaseUrl, current.providerType),
          after: destinationOf(providerBaseUrl, providerType),
        }),
        grocyEnabled: input.grocy.enabled ?? SETTINGS_DEFAULTS.grocy.enabled,
        grocyUrl,
        grocyApiKey: keyForDestination(input.grocy.api_key, current.grocyApiKey, seal, { before: destinationOf(current.grocyUrl), after: destinationOf(grocyUrl) }),
        privacyDeleteImageAfterAnalysis: input.privacy.delete_image_after_analysis ?? SETTINGS_DEFAULTS.privacy.delete_image_after_analysis,
        privacyRetentionDays: input.privacy.retention_days ?? SETTINGS_DEFAULTS.privacy.retention_days,
        updatedAt: this.clock.now().toISOString(),
      };
      await manager.save(SettingsEntity, next);
      const { id: _id, updatedAt: _updatedAt, ...settings } = next;
      return { ...settings, providerType };
    });
    return toPublicSettings(saved);
  }

  /** The provider key in plain text, for the code that calls the provider; null when none is set. */
  openProviderKey(settings: StoredSettings): string | null {
    return settings.providerApiKey === null ? null : this.box.open(settings.providerApiKey);
  }

  /** How to reach the provider when one is configured (`providerConfigured`), its key opened; else null. */
  providerConnection(settings: StoredSettings): ProviderConnection | null {
    if (!providerConfigured(settings)) return null;
    return { type: settings.providerType, baseUrl: settings.providerBaseUrl, model: settings.providerModel, apiKey: this.openProviderKey(settings) };
  }

  /**
   * Asks the saved provider for its model list: reachable and the key accepted, or a 502 with
   * the reason. 409 when no provider is configured (receipts are read on the box then).
   */
  async testProvider(): Promise<ConnectionTestResponse> {
    const connection = this.providerConnection(await this.read());
    if (!connection) throw new ApiException(409, 'receipt_provider_not_configured');
    const models = await this.providerClient.listModels(connection);
    return {
      connected: true,
      info: { provider: connection.type, model: connection.model, model_listed: models.includes(connection.model), models_listed: models.length },
    };
  }

  /** The Grocy key in plain text, for the connector; null when none is set. */
  openGrocyKey(settings: StoredSettings): string | null {
    return settings.grocyApiKey === null ? null : this.box.open(settings.grocyApiKey);
  }

  /**
   * How to reach Grocy: the saved address + `/api` and the key opened; 409 "not connected" when the
   * address or the key is missing. With `requireEnabled`, also 409 while the connector is off.
   */
  grocyConnection(settings: StoredSettings, options: { requireEnabled: boolean }): GrocyConnection {
    const apiKey = this.openGrocyKey(settings);
    if (!settings.grocyUrl || !apiKey) throw new ApiException(409, 'grocy_not_connected');
    if (options.requireEnabled && !settings.grocyEnabled) throw new ApiException(409, 'grocy_disabled');
    return { baseUrl: `${settings.grocyUrl}/api`, apiKey };
  }

  /**
   * Asks the saved Grocy for `system/info` (3 s): reachable and the key accepted, with Grocy's
   * version. Works while the connector is switched off, so it can be tried before it is used.
   */
  async testGrocy(): Promise<ConnectionTestResponse> {
    const connection = this.grocyConnection(await this.read(), { requireEnabled: false });
    return { connected: true, info: grocySystemInfo(await this.grocyClient.systemInfo(connection)) };
  }
}
