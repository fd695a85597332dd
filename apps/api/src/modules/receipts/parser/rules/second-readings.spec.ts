import { describe, expect, it } from 'vitest';
import type { ParsedReceiptLine, ReceiptWord } from '../receipt-text.js';
import { secondReadingsOf, settleBySecondReadings } from './second-readings.js';
import { parsedLine as line } from './parsed-lines.spec-support.js';

/** The words of one printed line: a name, its amount (read twice when `again` is given) and a tax class. */
const printed = (amount: string, again?: string): ReceiptWord[] => [{ text: 'Artikel' }, { text: amount, ...(again ? { alternative: again } : {}) }, { text: 'B' }];
const amounts = (lines: ParsedReceiptLine[]) => lines.map((l) => l.totalPrice);

describe('second readings of an amount', () => {
  it('belong to the line whose amount the word gave, with its sign', () => {
    const lines = [line(0, 1.93), line(1, -0.25), line(2, 2)];
    const words = [printed('1,93', '1,99'), printed('0,25-', '0,75-'), printed('2,00')];
    expect(secondReadingsOf(lines, words).map(({ line: l, value }) => [l.position, value])).toEqual([
      [0, 1.99],
      [1, -0.75],
    ]);
  });

  it('are not taken from a word that was not the line amount, nor against count × price', () => {
    const counted = line(0, 0.98, 2, 0.49);
    const words = [[{ text: '2' }, { text: 'x' }, { text: '0,49', alternative: '0,43' }], printed('0,98', '0,96')];
    expect(secondReadingsOf([{ ...counted, sourceLines: [0, 1] }], words)).toEqual([]);
    // A second reading that gives the same amount ("2,18=*B" for "2,18") is none.
    expect(secondReadingsOf([line(0, 2.18)], [printed('2,18', '2,18=*B')])).toEqual([]);
  });

  it('are taken where they make the lines add up to the total', () => {
    const lines = [line(0, 1.95), line(1, 2.25), line(2, 1.93)];
    const words = [printed('1,95', '1,99'), printed('2,25'), printed('1,93', '1,99')];
    const notes: string[] = [];
    expect(settleBySecondReadings(lines, secondReadingsOf(lines, words), 6.23, null, null, [], notes)).toEqual({ total: 6.23, changed: true });
    expect(amounts(lines)).toEqual([1.99, 2.25, 1.99]);
    expect(notes[0]).toContain('read again as 1.99');
  });

  it('take the fewest readings that add up, and none when two choices of as few do', () => {
    // +0,04 and +0,06 make up the 0,10 as +0,10 alone does: the one reading is taken.
    const lines = [line(0, 1.95), line(1, 1.93), line(2, 0.39)];
    settleBySecondReadings(lines, secondReadingsOf(lines, [printed('1,95', '1,99'), printed('1,93', '1,99'), printed('0,39', '0,49')]), 4.37, null, null, [], []);
    expect(amounts(lines)).toEqual([1.95, 1.93, 0.49]);
    // Two lines could each make up the 0,04: neither is taken.
    const either = [line(0, 1.95), line(1, 2.25)];
    settleBySecondReadings(either, secondReadingsOf(either, [printed('1,95', '1,99'), printed('2,25', '2,29')]), 4.24, null, null, [], []);
    expect(amounts(either)).toEqual([1.95, 2.25]);
  });

  it('settle a total whose own second reading the lines agree with', () => {
    const lines = [line(0, 10.45), line(1, 21.49)];
    const notes: string[] = [];
    // Printed total 31,95 read again as 31,98: the lines make up 31,98 with 10,45 read again as 10,49.
    expect(settleBySecondReadings(lines, secondReadingsOf(lines, [printed('10,45', '10,49'), printed('21,49')]), 31.95, 31.98, null, [], notes)).toEqual({ total: 31.98, changed: true });
    expect(amounts(lines)).toEqual([10.49, 21.49]);
    expect(notes.at(-1)).toContain('the total read as 31.95, read again as 31.98');
    // The total as printed is tried first.
    const first = [line(0, 10.45), line(1, 21.49)];
    expect(settleBySecondReadings(first, secondReadingsOf(first, [printed('10,45', '10,46'), printed('21,49')]), 31.95, 31.94, null, [], [])).toEqual({ total: 31.95, changed: true });
    expect(amounts(first)).toEqual([10.46, 21.49]);
  });

  it('read an amount read apart both ways it goes together, and the total chooses', () => {
    // "PFAND 0, 2,50": 0,50 (units and cents apart) or 0,25 (a separator after the cents' first digit).
    const texts = ['MILCH 1,19 B', 'PFAND 0, 2,50'];
    const lines = [line(0, 1.19), line(1, 2.5)];
    expect(secondReadingsOf(lines, [], texts).map(({ value }) => value)).toEqual([0.5, 0.25]);
    settleBySecondReadings(lines, secondReadingsOf(lines, [], texts), 1.44, null, null, [], []);
    expect(amounts(lines)).toEqual([1.19, 0.25]);
    const joined = [line(0, 1.19), line(1, 2.5)];
    settleBySecondReadings(joined, secondReadingsOf(joined, [], texts), 1.69, null, null, [], []);
    expect(amounts(joined)).toEqual([1.19, 0.5]);
    // Never both readings of one line at once.
    // (Both changes together, -2,00 and -2,25, would make up the 4,44.)
    const once = [line(0, 1.19), line(1, 2.5), line(2, 5)];
    settleBySecondReadings(once, secondReadingsOf(once, [], [...texts, 'KAFFEE 5,00']), 4.44, null, null, [], []);
    expect(amounts(once)).toEqual([1.19, 2.5, 5]);
  });

  it('leave the printed total where a payment confirms it, and count × price to the arithmetic', () => {
    const lines = [line(0, 10.45), line(1, 21.49)];
    const readings = secondReadingsOf(lines, [printed('10,45', '10,49'), printed('21,49')]);
    expect(settleBySecondReadings(lines, readings, 31.95, 31.98, null, [31.95], [])).toEqual({ total: 31.95, changed: false });
    expect(amounts(lines)).toEqual([10.45, 21.49]);
    // "2 x 0,49" read with 0,93: count × price makes up the 0,05 the lines lack; 1,94 read again as 1,99 is not taken.
    const counted = [line(0, 0.93, 2, 0.49), line(1, 1.94)];
    settleBySecondReadings(counted, secondReadingsOf(counted, [printed('0,93'), printed('1,94', '1,99')]), 2.92, null, null, [], []);
    expect(amounts(counted)).toEqual([0.93, 1.94]);
  });

  it('take no reading that makes a tax class agree less with the VAT table', () => {
    const classed = (position: number, amount: number, code: string) => ({ ...line(position, amount), taxCode: code });
    const lines = [classed(0, 1.93, 'A'), classed(1, 2.25, 'B')];
    const words = [printed('1,93', '1,99'), printed('2,25', '2,31')];
    // Both make up the 0,06; the table says class B is right as read.
    settleBySecondReadings(lines, secondReadingsOf(lines, words), 4.24, null, null, [], [], new Map([['A', 1.99], ['B', 2.25]]));
    expect(amounts(lines)).toEqual([1.99, 2.25]);
  });

  it('read a credit again with its minus, and count tax printed apart', () => {
    const lines = [line(0, 3.5), line(1, -0.25)];
    settleBySecondReadings(lines, secondReadingsOf(lines, [printed('3,50'), printed('0,25-', '0,75-')]), 3.02, null, 0.27, [], []);
    expect(amounts(lines)).toEqual([3.5, -0.75]);
  });

  it('change nothing where the lines agree with the total or with what was paid, or no reading makes them', () => {
    const agree = [line(0, 1.93), line(1, 2)];
    settleBySecondReadings(agree, secondReadingsOf(agree, [printed('1,93', '1,99'), printed('2,00')]), 3.93, null, null, [], []);
    expect(amounts(agree)).toEqual([1.93, 2]);
    const paid = [line(0, 1.93), line(1, 2)];
    settleBySecondReadings(paid, secondReadingsOf(paid, [printed('1,93', '1,99'), printed('2,00')]), 3.99, null, null, [3.93], []);
    expect(amounts(paid)).toEqual([1.93, 2]);
    const off = [line(0, 1.93), line(1, 2)];
    settleBySecondReadings(off, secondReadingsOf(off, [printed('1,93', '1,99'), printed('2,00')]), 4.5, null, null, [], []);
    expect(amounts(off)).toEqual([1.93, 2]);
  });
});
