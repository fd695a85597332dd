import { describe, expect, it } from 'vitest';
import { isLookAlike, LOOK_ALIKE, oneDigitAway } from './look-alike.js';

describe('look-alike digits', () => {
  it('go both ways', () => {
    for (const [digit, others] of Object.entries(LOOK_ALIKE)) for (const other of others) expect(LOOK_ALIKE[other] ?? '').toContain(digit);
  });

  it('change one digit at a time', () => {
    expect(oneDigitAway('15')).toEqual(['75', '45', '13', '16', '18', '19']);
    expect(oneDigitAway('2')).toEqual([]);
  });

  it('take a faded 9 for the digits it loses strokes to', () => {
    for (const read of '03458') expect(isLookAlike('9', read)).toBe(true);
    expect(isLookAlike('1', '2')).toBe(false);
  });
});
