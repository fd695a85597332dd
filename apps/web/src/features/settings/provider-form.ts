import type { Schemas } from '@hinv/api-client';

export type Settings = Schemas['PublicSettingsResponse'];
export type ProviderType = Settings['provider']['type'];
export type Engine = 'local' | 'provider';

export const PROVIDER_TYPES: readonly ProviderType[] = ['openai', 'openrouter', 'cortecs', 'anthropic', 'ollama', 'openai-compatible'];

/** Where each hosted service answers; picking a type fills this in unless an address of one's own was typed. */
export const BASE_URLS: Record<ProviderType, string> = {
  cortecs: 'https://api.cortecs.ai/v1',
  openai: 'https://api.openai.com/v1',
  openrouter: 'https://openrouter.ai/api/v1',
  anthropic: 'https://api.anthropic.com/v1',
  ollama: 'http://localhost:11434/v1',
  'openai-compatible': '',
};

/** The address after picking another type: that type's own, unless the owner typed an address of their own. */
export function addressAfterTypeChange(draft: Pick<Draft, 'type' | 'baseUrl'>, next: ProviderType): string {
  const own = draft.baseUrl.trim() !== '' && draft.baseUrl.trim() !== BASE_URLS[draft.type];
  return own ? draft.baseUrl : BASE_URLS[next];
}

export interface Draft {
  engine: Engine;
  type: ProviderType;
  baseUrl: string;
  model: string;
  newKey: string;
  removeKey: boolean;
}

export const draftOf = (settings: Settings): Draft => ({
  // A saved model means the owner chose a provider (it may still lack its key).
  engine: settings.provider.model ? 'provider' : 'local',
  type: settings.provider.type,
  baseUrl: settings.provider.base_url,
  model: settings.provider.model,
  newKey: '',
  removeKey: false,
});

/** The whole settings document as PUT wants it: this panel's section, the others as saved (their keys kept). */
export function settingsInput(saved: Settings, draft: Draft): Schemas['SettingsInput'] {
  const provider: Schemas['ProviderSettingsInput'] =
    draft.engine === 'local'
      ? { type: saved.provider.type, base_url: saved.provider.base_url, model: '', ...(draft.removeKey ? { api_key: '' } : {}) }
      : { type: draft.type, base_url: draft.baseUrl.trim(), model: draft.model.trim(), api_key: draft.removeKey ? '' : draft.newKey.trim() || null };
  return {
    provider,
    grocy: { enabled: saved.grocy.enabled, url: saved.grocy.url },
    privacy: saved.privacy,
  };
}
