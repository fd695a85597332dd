import { describe, expect, it } from 'vitest';
import { addressAfterTypeChange, draftOf, settingsInput, type Settings } from './provider-form';

const SAVED: Settings = {
  provider: { type: 'openai', base_url: 'https://api.openai.com/v1', model: 'gpt-4o-mini', api_key_configured: true },
  grocy: { enabled: true, url: 'http://grocy:9283', api_key_configured: true },
  privacy: { delete_image_after_analysis: true, retention_days: 30 },
};

describe('the provider form', () => {
  it('starts on the provider when a model is saved, on this box otherwise', () => {
    expect(draftOf(SAVED)).toEqual({ engine: 'provider', type: 'openai', baseUrl: 'https://api.openai.com/v1', model: 'gpt-4o-mini', newKey: '', removeKey: false });
    expect(draftOf({ ...SAVED, provider: { ...SAVED.provider, model: '' } }).engine).toBe('local');
  });

  it('sends the other sections as saved, without their keys, so they are kept', () => {
    const body = settingsInput(SAVED, draftOf(SAVED));
    expect(body.grocy).toEqual({ enabled: true, url: 'http://grocy:9283' });
    expect(body.privacy).toEqual({ delete_image_after_analysis: true, retention_days: 30 });
    // No new key typed: null keeps the stored one.
    expect(body.provider).toEqual({ type: 'openai', base_url: 'https://api.openai.com/v1', model: 'gpt-4o-mini', api_key: null });
  });

  it('replaces the key with a typed one and removes it on request', () => {
    expect(settingsInput(SAVED, { ...draftOf(SAVED), newKey: '  sk-new  ', model: ' gpt-4o ' }).provider).toMatchObject({ model: 'gpt-4o', api_key: 'sk-new' });
    expect(settingsInput(SAVED, { ...draftOf(SAVED), newKey: 'sk-new', removeKey: true }).provider.api_key).toBe('');
  });

  it('switches to this box by clearing the model, keeping the key unless asked to remove it', () => {
    const local = { ...draftOf(SAVED), engine: 'local' as const, model: 'typed but unused' };
    expect(settingsInput(SAVED, local).provider).toEqual({ type: 'openai', base_url: 'https://api.openai.com/v1', model: '' });
    expect(settingsInput(SAVED, { ...local, removeKey: true }).provider).toEqual({ type: 'openai', base_url: 'https://api.openai.com/v1', model: '', api_key: '' });
  });

  it('moves the address with the type unless an address of one’s own was typed', () => {
    expect(addressAfterTypeChange({ type: 'openai', baseUrl: 'https://api.openai.com/v1' }, 'openrouter')).toBe('https://openrouter.ai/api/v1');
    expect(addressAfterTypeChange({ type: 'openai', baseUrl: '' }, 'ollama')).toBe('http://localhost:11434/v1');
    expect(addressAfterTypeChange({ type: 'openai-compatible', baseUrl: 'http://192.168.1.20:8000/v1' }, 'ollama')).toBe('http://192.168.1.20:8000/v1');
  });
});
