import { describe, expect, it } from 'vitest';
import { parseReceipt } from '../receipt-parser.js';
import { boundedLine, MAX_LINE_CHARS, trimEndOf, trimStartOf } from './line-bounds.js';

describe('line bounds', () => {
  it('cuts long lines and trims without patterns', () => {
    expect(boundedLine('x'.repeat(5000))).toHaveLength(MAX_LINE_CHARS);
    expect(trimEndOf('Milch **  ', '* ')).toBe('Milch');
    expect(trimStartOf('*= REWE', '*= ')).toBe('REWE');
  });

  it('parses hostile long lines in linear time (stars, spaces, at-signs)', () => {
    const lines = [`a${' *'.repeat(14_500)}x`, `${'a@'.repeat(14_500)}`, `REWE${' !'.repeat(14_500)}-`, 'Milch 1,19', 'SUMME 1,19'];
    const started = performance.now();
    const receipt = parseReceipt({ lines });
    // Before the bound a single 29,000-character line took seconds; now it is a bounded piece of work.
    expect(performance.now() - started).toBeLessThan(500);
    expect(receipt.total).toBe(1.19);
  });
});
