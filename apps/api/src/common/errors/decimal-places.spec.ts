import { describe, expect, it } from 'vitest';
import { hasAtMostDecimals } from './decimal-places.js';

describe('hasAtMostDecimals', () => {
  it('takes amounts in cents and refuses finer ones', () => {
    expect(hasAtMostDecimals(1.99, 2)).toBe(true);
    expect(hasAtMostDecimals(0, 2)).toBe(true);
    expect(hasAtMostDecimals(1_000_000, 2)).toBe(true);
    expect(hasAtMostDecimals(1.999, 2)).toBe(false);
    expect(hasAtMostDecimals(0.125, 3)).toBe(true);
  });

  it('answers for numbers printed in exponent form instead of failing on them', () => {
    expect(hasAtMostDecimals(6e-323, 2)).toBe(false);
    expect(hasAtMostDecimals(1e-7, 3)).toBe(false);
    expect(hasAtMostDecimals(1e25, 2)).toBe(true);
    expect(hasAtMostDecimals(Number.NaN, 2)).toBe(false);
  });
});
