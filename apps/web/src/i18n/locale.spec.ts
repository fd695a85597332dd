import { describe, expect, it } from 'vitest';
import { pickLocale } from './locale';

describe('pickLocale', () => {
  it.each([
    ['de', 'de'],
    ['de-DE', 'de'],
    ['DE-at', 'de'],
    ['en-US', 'en'],
    ['fr', 'en'],
    ['', 'en'],
    [undefined, 'en'],
  ] as const)('maps %s to %s', (language, locale) => expect(pickLocale(language)).toBe(locale));
});
