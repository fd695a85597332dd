import { describe, expect, it } from 'vitest';
import de from './de.json';
import en from './en.json';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') entries.set(path, value);
    else for (const [nested, text] of flatten(value, path)) entries.set(nested, text);
  }
  return entries;
}

describe('translations', () => {
  const german = flatten(de);
  const english = flatten(en);

  it('has every key in both languages', () => {
    expect([...german.keys()].filter((key) => !english.has(key))).toEqual([]);
    expect([...english.keys()].filter((key) => !german.has(key))).toEqual([]);
  });

  it('has no empty texts and the same placeholders in both languages', () => {
    for (const [key, text] of english) {
      expect(text.trim(), key).not.toBe('');
      expect((german.get(key) ?? '').trim(), key).not.toBe('');
      const placeholders = (value: string) => (value.match(/\{\{\w+\}\}/g) ?? []).sort();
      expect(placeholders(german.get(key) ?? ''), key).toEqual(placeholders(text));
    }
  });
});
