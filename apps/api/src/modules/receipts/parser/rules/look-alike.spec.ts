import { describe, expect, it } from 'vitest';
import { LOOK_ALIKE, oneDigitAway } from './look-alike.js';

describe('look-alike digits', () => {
  it('go both ways', () => {
    for (const [digit, others] of Object.entries(LOOK_ALIKE)) for (const other of others) expect(LOOK_ALIKE[other] ?? '').toContain(digit);
  });

  it('change one digit at a time', () => {
    expect(oneDigitAway('15')).toEqual(['75', '45', '16']);
    expect(oneDigitAway('2')).toEqual([]);
  });
});
