import { describe, expect, it } from 'vitest';
import { articleLines } from './items.js';

const read = (text: string, decimal: ',' | '.' = ',') => {
  const texts = text.split('\n');
  return articleLines(texts, 0, texts.length, decimal, []).lines.map((l) => [l.name, l.quantity, l.unitPrice, l.totalPrice]);
};

describe('article lines', () => {
  it('reads a name and an amount with its tax class', () => {
    expect(read('Milch 1,19 A\nBrot 2,49 A')).toEqual([
      ['Milch', 1, 1.19, 1.19],
      ['Brot', 1, 2.49, 2.49],
    ]);
  });

  it('pairs a count line with the article below or above it', () => {
    expect(read('2 x 1,29\nJoghurt 2,58 A')).toEqual([['Joghurt', 2, 1.29, 2.58]]);
    expect(read('Joghurt 2,58 A\n2 x 1,29\nBrot 2,49 A')).toEqual([
      ['Joghurt', 2, 1.29, 2.58],
      ['Brot', 1, 2.49, 2.49],
    ]);
  });

  it('joins a name wrapped onto a second line', () => {
    expect(read('Kaffee Crema\nganze Bohne 12,99 A')).toEqual([['Kaffee Crema ganze Bohne', 1, 12.99, 12.99]]);
  });

  it('keeps discounts and returned deposits negative', () => {
    expect(read('Milch 1,19 A\nRabatt 0,20-\nLeergut -0,25')).toEqual([
      ['Milch', 1, 1.19, 1.19],
      ['Rabatt', 1, -0.2, -0.2],
      ['Leergut', 1, -0.25, -0.25],
    ]);
  });

  it('skips separators, item counts and subtotals', () => {
    expect(read('Milch 1,19\n-----------\nPosten: 1\nZwischensumme 1,19')).toEqual([['Milch', 1, 1.19, 1.19]]);
  });
});
