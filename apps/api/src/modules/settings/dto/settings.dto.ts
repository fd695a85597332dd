import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsObject, IsOptional, IsString, Length, Max, MaxLength, Min, ValidateBy, ValidateNested, type ValidationArguments } from 'class-validator';
import { CONNECTOR_URL_TEXTS, checkConnectorUrl } from '../../../common/http/connector-url.js';
import { Nullable, Optional } from '../../../common/errors/nullable.js';

export const PROVIDER_TYPES = ['cortecs', 'openai', 'openrouter', 'ollama', 'openai-compatible', 'anthropic'] as const;
export type ProviderType = (typeof PROVIDER_TYPES)[number];

/** Hosted providers are only reached over https; local ones (Ollama, any OpenAI-compatible server) may use http. */
export const HTTPS_ONLY_PROVIDERS: ReadonlySet<ProviderType> = new Set(['cortecs', 'openai', 'openrouter', 'anthropic']);

export const SETTINGS_DEFAULTS = {
  provider: { type: 'cortecs' as ProviderType, base_url: 'https://api.cortecs.ai/v1', model: '' },
  grocy: { enabled: false, url: 'http://grocy:80' },
  privacy: { delete_image_after_analysis: false, retention_days: 7 },
};

/**
 * The base-URL rule of `common/http/connector-url.ts` as a field constraint; `httpsRequired` reads
 * the rest of the section (the provider type decides whether plain http is allowed).
 */
function IsConnectorUrl(httpsRequired: (section: object) => boolean = () => false): PropertyDecorator {
  const check = (value: unknown, args: ValidationArguments) =>
    typeof value === 'string' ? checkConnectorUrl(value, { requireHttps: httpsRequired(args.object) }) : null;
  return ValidateBy({
    name: 'connectorUrl',
    validator: {
      validate: (value, args) => check(value, args as ValidationArguments)?.ok !== false,
      defaultMessage: (args) => {
        const result = args ? check(args.value, args) : null;
        return result && !result.ok ? CONNECTOR_URL_TEXTS[result.problem].en : 'Invalid address';
      },
    },
  });
}

export class ProviderSettingsInput {
  @Optional()
  @IsIn(PROVIDER_TYPES)
  @ApiProperty({ enum: PROVIDER_TYPES, default: 'cortecs', required: false })
  type?: ProviderType = SETTINGS_DEFAULTS.provider.type;

  /** Base URL of the provider's API; https for the hosted providers, http allowed for local ones. */
  @Optional()
  @IsString()
  @Length(4, 500)
  @IsConnectorUrl((section) => HTTPS_ONLY_PROVIDERS.has((section as ProviderSettingsInput).type ?? SETTINGS_DEFAULTS.provider.type))
  @ApiProperty({ minLength: 4, maxLength: 500, default: SETTINGS_DEFAULTS.provider.base_url, required: false })
  base_url?: string = SETTINGS_DEFAULTS.provider.base_url;

  /** The model name; empty means no model is chosen. */
  @Optional()
  @IsString()
  @MaxLength(300)
  @ApiProperty({ maxLength: 300, default: '', required: false })
  model?: string = SETTINGS_DEFAULTS.provider.model;

  /**
   * Write-only. Omitted or null keeps the stored key, an empty string removes it, any other value
   * replaces it. It is never returned; the response says only `api_key_configured`.
   */
  @IsOptional()
  @Nullable()
  @IsString()
  @MaxLength(2000)
  api_key?: string | null;
}

export class GrocySettingsInput {
  @Optional()
  @IsBoolean()
  @ApiProperty({ default: false, required: false })
  enabled?: boolean = SETTINGS_DEFAULTS.grocy.enabled;

  /** Base URL of the Grocy instance (without `/api`); private and loopback addresses are fine. */
  @Optional()
  @IsString()
  @Length(4, 500)
  @IsConnectorUrl()
  @ApiProperty({ minLength: 4, maxLength: 500, default: SETTINGS_DEFAULTS.grocy.url, required: false })
  url?: string = SETTINGS_DEFAULTS.grocy.url;

  /**
   * Write-only. Omitted or null keeps the stored key, an empty string removes it, any other value
   * replaces it. It is never returned; the response says only `api_key_configured`.
   */
  @IsOptional()
  @Nullable()
  @IsString()
  @MaxLength(1000)
  api_key?: string | null;
}

export class PrivacySettingsInput {
  /** Delete a receipt's image or PDF right after a successful analysis. */
  @Optional()
  @IsBoolean()
  @ApiProperty({ default: false, required: false })
  delete_image_after_analysis?: boolean = SETTINGS_DEFAULTS.privacy.delete_image_after_analysis;

  /** Days a receipt file is kept before the cleanup removes it; 0 makes it eligible at once. */
  @Optional()
  @IsInt()
  @Min(0)
  @Max(365)
  @ApiProperty({ type: 'integer', minimum: 0, maximum: 365, default: 7, required: false })
  retention_days?: number = SETTINGS_DEFAULTS.privacy.retention_days;
}

/** All three sections are required; a field left out of a section takes its default (the keys are kept). */
export class SettingsInput {
  @IsObject()
  @ValidateNested()
  @Type(() => GrocySettingsInput)
  grocy: GrocySettingsInput;

  @IsObject()
  @ValidateNested()
  @Type(() => ProviderSettingsInput)
  provider: ProviderSettingsInput;

  @IsObject()
  @ValidateNested()
  @Type(() => PrivacySettingsInput)
  privacy: PrivacySettingsInput;
}

export class PublicProviderSettings {
  @ApiProperty({ enum: PROVIDER_TYPES })
  type: ProviderType;
  base_url: string;
  model: string;
  /** Whether an API key is stored (the key itself is never returned). */
  api_key_configured: boolean;
}

export class PublicGrocySettings {
  enabled: boolean;
  url: string;
  /** Whether an API key is stored (the key itself is never returned). */
  api_key_configured: boolean;
}

export class PublicPrivacySettings {
  delete_image_after_analysis: boolean;
  @ApiProperty({ type: 'integer' })
  retention_days: number;
}

export class PublicSettingsResponse {
  grocy: PublicGrocySettings;
  provider: PublicProviderSettings;
  privacy: PublicPrivacySettings;
}

/** The answer of a connection test; a failed test is an error answer (502) instead. */
export class ConnectionTestResponse {
  /** True: the service answered and accepted the key. */
  connected: boolean;

  /**
   * What the test found. For the receipt provider: `provider` (the type), `model` (the saved
   * model), `model_listed` (whether the service lists that model; some list only part of what
   * they serve) and `models_listed` (how many models it lists). For Grocy: `grocy_version`,
   * `grocy_release_date`, `php_version` and `sqlite_version` as Grocy reports them.
   */
  @ApiPropertyOptional({ type: 'object', additionalProperties: {}, nullable: true })
  info?: Record<string, unknown> | null;
}
