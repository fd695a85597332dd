import { describe, expect, it } from 'vitest';
import { keyFollows } from './key-destination';

describe('keyFollows', () => {
  it('keeps the key on the same origin and type, a changed path or a written default port included', () => {
    expect(keyFollows({ url: 'http://grocy:80' }, { url: 'http://grocy/' })).toBe(true);
    expect(keyFollows({ url: 'https://api.example/v1', type: 'openai' }, { url: ' https://api.example/v2 ', type: 'openai' })).toBe(true);
  });

  it('drops it for another host, scheme, port or provider type', () => {
    expect(keyFollows({ url: 'http://grocy' }, { url: 'http://grocy.example' })).toBe(false);
    expect(keyFollows({ url: 'https://grocy' }, { url: 'http://grocy' })).toBe(false);
    expect(keyFollows({ url: 'http://grocy:9283' }, { url: 'http://grocy:9284' })).toBe(false);
    expect(keyFollows({ url: 'https://api.example/v1', type: 'openai' }, { url: 'https://api.example/v1', type: 'openai-compatible' })).toBe(false);
  });
});
