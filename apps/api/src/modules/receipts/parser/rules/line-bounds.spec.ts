import { describe, expect, it } from 'vitest';
import { parseReceipt } from '../receipt-parser.js';
import { boundedLine, MAX_LINE_CHARS, trimEndOf, trimStartOf } from './line-bounds.js';

describe('line bounds', () => {
  it('cuts long lines and trims without patterns', () => {
    expect(boundedLine('x'.repeat(5000))).toHaveLength(MAX_LINE_CHARS);
    expect(trimEndOf('Milch **  ', '* ')).toBe('Milch');
    expect(trimStartOf('*= REWE', '*= ')).toBe('REWE');
  });

  it('parses hostile long lines (stars, spaces, at-signs) about as fast as an ordinary receipt', () => {
    const hostile = [`a${' *'.repeat(14_500)}x`, `${'a@'.repeat(14_500)}`, `REWE${' !'.repeat(14_500)}-`, `${'st/st/'.repeat(40)}x`, `${'Preis/kg '.repeat(22)}x`, 'Milch 1,19', 'SUMME 1,19'];
    const ordinary = ['REWE Markt', 'Hauptstr. 1', 'Joghurt 0,99', 'Milch 1,19', 'SUMME 2,18'];
    // CPU time, not the clock: other work on the machine may pause the test between any two
    // instructions. The fastest of a few runs, compared as a ratio.
    const cpuMs = () => {
      const { user, system } = process.cpuUsage();
      return (user + system) / 1000;
    };
    const fastest = (lines: string[]) =>
      Math.min(
        ...Array.from({ length: 5 }, () => {
          const started = cpuMs();
          parseReceipt({ lines });
          return cpuMs() - started;
        }),
      );
    fastest(ordinary);
    // Before lines were bounded, one such 29,000-character line took seconds (super-linear patterns).
    expect(fastest(hostile)).toBeLessThan(Math.max(20 * fastest(ordinary), 5));
    expect(parseReceipt({ lines: hostile }).total).toBe(1.19);
  });
});
