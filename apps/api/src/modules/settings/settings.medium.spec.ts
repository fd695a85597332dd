import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataSource } from 'typeorm';
import { Clock } from '../../common/clock.js';
import { SecretBox } from '../../common/crypto/secret-box.js';
import { AppConfig } from '../../config/app-config.js';
import { parseEnvironment } from '../../config/env.js';
import { Database } from '../../database/database.js';
import { dataSourceOptions } from '../../database/data-source-options.js';
import { GrocyClient } from '../grocy/grocy.client.js';
import { ChatCompletionsClient } from '../receipts/provider/chat-completions.client.js';
import { integrationStatus } from '../status/status.service.js';
import type { SettingsInput } from './dto/settings.dto.js';
import { defaultSettings, DEFAULT_SETTINGS, SettingsService } from './settings.service.js';

const KEY = 'settings-medium-key-0123456789-0123456789';
const PROVIDER_KEY = 'sk-provider-secret-value-123';
const GROCY_KEY = 'grocy-secret-value-456';

/** The body as the validation pipe hands it over: every section present, defaults filled in. */
function input(overrides: { provider?: Partial<SettingsInput['provider']>; grocy?: Partial<SettingsInput['grocy']>; privacy?: Partial<SettingsInput['privacy']> } = {}): SettingsInput {
  return {
    provider: { type: 'cortecs', base_url: 'https://api.cortecs.ai/v1', model: '', ...overrides.provider },
    grocy: { enabled: false, url: 'http://grocy:80', ...overrides.grocy },
    privacy: { delete_image_after_analysis: false, retention_days: 7, ...overrides.privacy },
  };
}

describe('SettingsService on a real SQLite file', () => {
  const directory = mkdtempSync(join(tmpdir(), 'hinv-settings-'));
  let dataSource: DataSource;
  let service: SettingsService;

  const storedKeys = async () =>
    ((await dataSource.query('SELECT provider_api_key, grocy_api_key FROM instance_settings')) as { provider_api_key: string | null; grocy_api_key: string | null }[])[0];

  beforeAll(async () => {
    dataSource = new DataSource(dataSourceOptions(join(directory, 'app.db')));
    await dataSource.initialize();
    await dataSource.runMigrations();
    const config = new AppConfig(parseEnvironment({ DATA_DIR: directory }), { key: KEY, source: 'environment' });
    service = new SettingsService(config, new Database(dataSource), new Clock(), new ChatCompletionsClient(config), new GrocyClient(config));
  });
  afterAll(async () => {
    await dataSource.destroy();
    rmSync(directory, { recursive: true, force: true });
  });

  it('answers the defaults before anything is saved, and stores nothing for reading', async () => {
    expect(await service.getSettings()).toEqual({
      provider: { type: 'cortecs', base_url: 'https://api.cortecs.ai/v1', model: '', api_key_configured: false },
      grocy: { enabled: false, url: 'http://grocy:80', api_key_configured: false },
      privacy: { delete_image_after_analysis: false, retention_days: 7 },
    });
    expect(await dataSource.query('SELECT COUNT(*) AS n FROM instance_settings')).toEqual([{ n: 0 }]);
    expect(integrationStatus(await service.read())).toEqual({
      provider: 'cortecs',
      provider_configured: false,
      grocy_configured: false,
      grocy_enabled: false,
      grocy_connected: false,
    });
  });

  it('seals both keys with the installation key and never stores or returns the plain text', async () => {
    const saved = await service.saveSettings(
      input({ provider: { model: 'gpt-4o-mini', api_key: `  ${PROVIDER_KEY} ` }, grocy: { enabled: true, url: 'HTTP://Grocy.local:9283/', api_key: GROCY_KEY } }),
    );
    expect(saved.provider).toEqual({ type: 'cortecs', base_url: 'https://api.cortecs.ai/v1', model: 'gpt-4o-mini', api_key_configured: true });
    expect(saved.grocy).toEqual({ enabled: true, url: 'http://grocy.local:9283', api_key_configured: true });
    expect(JSON.stringify(saved)).not.toContain('secret-value');
    const stored = await storedKeys();
    expect(stored.provider_api_key).toMatch(/^v1\./);
    expect(stored.provider_api_key).not.toContain(PROVIDER_KEY);
    expect(stored.grocy_api_key).not.toContain(GROCY_KEY);
    const box = new SecretBox(KEY);
    expect(box.open(stored.provider_api_key as string)).toBe(PROVIDER_KEY);
    expect(box.open(stored.grocy_api_key as string)).toBe(GROCY_KEY);
    const settings = await service.read();
    expect(service.openProviderKey(settings)).toBe(PROVIDER_KEY);
    expect(service.openGrocyKey(settings)).toBe(GROCY_KEY);
    expect(integrationStatus(settings)).toMatchObject({ provider_configured: true, grocy_configured: true, grocy_enabled: true, grocy_connected: false });
  });

  it('keeps a key that is left out or null, replaces it with a new value and removes it with an empty string', async () => {
    const before = await storedKeys();
    // The same destinations as saved before (a key stays only with its origin and type).
    const grocy = { url: 'http://grocy.local:9283' };
    await service.saveSettings(input({ provider: { model: 'gpt-4o-mini', api_key: null }, grocy }));
    expect(await storedKeys()).toEqual(before);

    await service.saveSettings(input({ provider: { model: 'gpt-4o-mini', api_key: 'sk-replacement' }, grocy: { ...grocy, api_key: undefined } }));
    const replaced = await storedKeys();
    expect(new SecretBox(KEY).open(replaced.provider_api_key as string)).toBe('sk-replacement');
    expect(replaced.grocy_api_key).toBe(before.grocy_api_key);

    const cleared = await service.saveSettings(input({ provider: { api_key: '' }, grocy: { api_key: '   ' } }));
    expect(cleared.provider.api_key_configured).toBe(false);
    expect(cleared.grocy.api_key_configured).toBe(false);
    expect(await storedKeys()).toEqual({ provider_api_key: null, grocy_api_key: null });
  });

  it('drops a key left out when its origin or the provider type changes, and keeps it for another path', async () => {
    const box = new SecretBox(KEY);
    await service.saveSettings(input({ provider: { base_url: 'https://api.cortecs.ai/v1', api_key: PROVIDER_KEY }, grocy: { url: 'http://grocy.local:9283', api_key: GROCY_KEY } }));
    const samePlace = await service.saveSettings(input({ provider: { base_url: 'https://api.cortecs.ai/v2/' }, grocy: { url: 'http://grocy.local:9283/grocy' } }));
    expect([samePlace.provider.api_key_configured, samePlace.grocy.api_key_configured]).toEqual([true, true]);
    const moved = await service.saveSettings(input({ provider: { type: 'openai', base_url: 'https://api.cortecs.ai/v2' }, grocy: { url: 'http://grocy.local:9284' } }));
    expect([moved.provider.api_key_configured, moved.grocy.api_key_configured]).toEqual([false, false]);
    // Entered again with the new destination, it is stored.
    await service.saveSettings(input({ provider: { type: 'openai', base_url: 'https://api.openai.com/v1', api_key: PROVIDER_KEY }, grocy: { url: 'https://grocy.example', api_key: GROCY_KEY } }));
    const stored = await storedKeys();
    expect([box.open(stored.provider_api_key as string), box.open(stored.grocy_api_key as string)]).toEqual([PROVIDER_KEY, GROCY_KEY]);
  });

  it('counts Ollama as configured with a model alone, any other provider only with a key', async () => {
    await service.saveSettings(input({ provider: { type: 'ollama', base_url: 'http://127.0.0.1:11434/v1', model: 'llava' } }));
    expect(integrationStatus(await service.read())).toMatchObject({ provider: 'ollama', provider_configured: true });
    await service.saveSettings(input({ provider: { type: 'openai-compatible', base_url: 'http://192.168.1.20:8000/v1', model: 'qwen' } }));
    expect(integrationStatus(await service.read())).toMatchObject({ provider: 'openai-compatible', provider_configured: false });
  });

  it('replaces the privacy section and keeps one row', async () => {
    const saved = await service.saveSettings(input({ privacy: { delete_image_after_analysis: true, retention_days: 0 } }));
    expect(saved.privacy).toEqual({ delete_image_after_analysis: true, retention_days: 0 });
    expect(await dataSource.query('SELECT id FROM instance_settings')).toEqual([{ id: 1 }]);
  });

  it('opens the connection only for a configured provider, with the key in plain text', async () => {
    await service.saveSettings(input({ provider: { type: 'openai', base_url: 'https://api.openai.com/v1', model: 'gpt-4o-mini', api_key: PROVIDER_KEY } }));
    expect(service.providerConnection(await service.read())).toEqual({ type: 'openai', baseUrl: 'https://api.openai.com/v1', model: 'gpt-4o-mini', apiKey: PROVIDER_KEY });
    await service.saveSettings(input({ provider: { type: 'openai', base_url: 'https://api.openai.com/v1', model: '' } }));
    expect(service.providerConnection(await service.read())).toBeNull();
    await service.saveSettings(input({ provider: { type: 'ollama', base_url: 'http://127.0.0.1:11434/v1', model: 'llava', api_key: '' } }));
    expect(service.providerConnection(await service.read())).toEqual({ type: 'ollama', baseUrl: 'http://127.0.0.1:11434/v1', model: 'llava', apiKey: null });
  });

  it('starts the provider form from RECEIPT_PROVIDER_URL and _MODEL, which configure nothing on their own', () => {
    expect(defaultSettings(parseEnvironment({}))).toEqual(DEFAULT_SETTINGS);
    const fromEnv = defaultSettings(parseEnvironment({ RECEIPT_PROVIDER_URL: 'http://ollama:11434/v1', RECEIPT_PROVIDER_MODEL: 'llava' }));
    expect(fromEnv).toMatchObject({ providerType: 'openai-compatible', providerBaseUrl: 'http://ollama:11434/v1', providerModel: 'llava', providerApiKey: null });
    expect(integrationStatus(fromEnv).provider_configured).toBe(false);
    expect(defaultSettings(parseEnvironment({ RECEIPT_PROVIDER_MODEL: 'gpt-4o-mini' }))).toMatchObject({ providerType: 'cortecs', providerBaseUrl: 'https://api.cortecs.ai/v1', providerModel: 'gpt-4o-mini' });
  });
});
