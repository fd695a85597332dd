import { describe, expect, it } from 'vitest';
import { parseMoney } from './MoneyInput';

describe('parseMoney', () => {
  it.each([
    ['1,99', 1.99],
    ['1.99', 1.99],
    [' 23,5 ', 23.5],
    ['7', 7],
    ['1.234,56', 1234.56],
    ['1,234.56', 1234.56],
    ['0,10 €', 0.1],
  ])('reads %s as %s', (text, amount) => {
    expect(parseMoney(text)).toBe(amount);
  });

  it.each(['', 'abc', '-1,99', '1,999', '1,2,3', '1e3'])('reads %s as no amount', (text) => {
    expect(parseMoney(text)).toBeNull();
  });
});
