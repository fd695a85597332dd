import { describe, expect, it } from 'vitest';
import de from './de.json';
import en from './en.json';

type Tree = { readonly [key: string]: unknown };

/** `{ a: { b: 'x' } }` becomes `[['a.b', 'x']]`. */
function flatten(tree: Tree, prefix = ''): Array<[string, unknown]> {
  return Object.entries(tree).flatMap(([key, value]): Array<[string, unknown]> => {
    const path = prefix ? `${prefix}.${key}` : key;
    return value !== null && typeof value === 'object' ? flatten(value as Tree, path) : [[path, value]];
  });
}

const catalogues = { de, en } as const;

describe('translations', () => {
  it('have the same keys in every language', () => {
    const keysOf = (tree: Tree) => new Set(flatten(tree).map(([key]) => key));
    const [deKeys, enKeys] = [keysOf(de), keysOf(en)];
    expect({
      missingInDe: [...enKeys].filter((key) => !deKeys.has(key)),
      missingInEn: [...deKeys].filter((key) => !enKeys.has(key)),
    }).toEqual({ missingInDe: [], missingInEn: [] });
  });

  it.each(Object.entries(catalogues))('%s has no empty or non-string values', (_locale, catalogue) => {
    const bad = flatten(catalogue).filter(([, value]) => typeof value !== 'string' || value.trim() === '');
    expect(bad).toEqual([]);
  });
});
