import type { ProviderType } from '../../settings/dto/settings.dto.js';

/** Where and how to reach the configured provider; the key is in plain text only here, in memory. */
export interface ProviderConnection {
  type: ProviderType;
  /** Normalised, without a trailing slash: `https://api.openai.com/v1`. */
  baseUrl: string;
  model: string;
  apiKey: string | null;
}

/** Stored with each receipt the provider read: another provider or model may read the same file again. */
export function providerAnalysisVersion(connection: Pick<ProviderConnection, 'type' | 'model'>): string {
  return `provider:${connection.type}:${connection.model}`;
}
