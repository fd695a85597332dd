import { describe, expect, it } from 'vitest';
import { parseAmount } from './BudgetLimitSheet';

describe('parseAmount', () => {
  it.each([
    ['450', 450],
    ['450,50', 450.5],
    ['450.5', 450.5],
    [' 1000 € ', 1000],
    ['1 000', 1000],
  ])('reads %j as %d', (text, amount) => {
    expect(parseAmount(text)).toBe(amount);
  });

  it.each(['', 'abc', '1.000,50', '4,505', '-5', '1e3', '12,'])('refuses %j', (text) => {
    expect(parseAmount(text)).toBeNull();
  });
});
