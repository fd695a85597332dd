import { describe, expect, it } from 'vitest';
import { normalizeKey } from './text.js';

describe('normalizeKey', () => {
  it.each([
    ['Vollmilch 3,5 %', 'vollmilch 3 5'],
    ['  Äpfel  Braeburn ', 'aepfel braeburn'],
    ['Süßkartoffel', 'suesskartoffel'],
    ['Crème fraîche', 'creme fraiche'],
    ['H-Milch', 'h milch'],
  ])('%j → %j', (input, key) => {
    expect(normalizeKey(input)).toBe(key);
  });
});
