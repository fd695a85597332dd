import { describe, expect, it } from 'vitest';
import { containsWithin, startOffsets, withinEdits } from './fuzzy.js';

describe('fuzzy matching', () => {
  it.each([
    ['tatal', 'total', true],
    ['umme', 'summe', true],
    ['ssumme', 'summe', true],
    ['sunme', 'summe', true],
    ['xumme', 'summe', true],
    ['xymme', 'summe', false],
    ['summer', 'summe', true],
    ['brot', 'summe', false],
  ] as const)('%s is one edit from %s: %s', (a, b, near) => {
    expect(withinEdits(a, b, 1)).toBe(near);
  });

  it('finds a phrase anywhere in a line with a few letters misread', () => {
    expect(containsWithin('le 1 bespekt wer s selber macht', 'respekt wer s selber macht', 4)).toBe(true);
    expect(containsWithin('milch 1 19 a', 'respekt wer s selber macht', 4)).toBe(false);
  });

  it('starts after specks of one or two letters', () => {
    expect(startOffsets(['e', '2', 'zu', 'zahlen'])).toEqual([0, 1, 2, 3]);
    expect(startOffsets(['summe', 'eur'])).toEqual([0]);
  });
});
