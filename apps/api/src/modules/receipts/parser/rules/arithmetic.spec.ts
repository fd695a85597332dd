import { describe, expect, it } from 'vitest';
import { addedTax, checkTotal, differingDigit, digitMisreads, nineReadings, outvotingTotal, runningSumTotal } from './arithmetic.js';
import { parsedLine as line } from './parsed-lines.spec-support.js';


describe('the receipt adds up', () => {
  it('agrees when the lines sum to the total', () => {
    expect(checkTotal([line(1, 1.19), line(2, 2)], 3.19, null, [], [])).toMatchObject({ status: 'ok', difference: 0 });
  });

  it('corrects one look-alike digit when exactly one reading makes the total agree', () => {
    const lines = [line(1, 1.93), line(2, 2)];
    expect(checkTotal(lines, 3.98, null, [], [])).toMatchObject({ status: 'corrected' });
    expect(lines[0].totalPrice).toBe(1.98);
  });

  it('corrects a line amount from its count × unit price when that makes the total agree', () => {
    const lines = [line(1, 2.28, 2, 1.29), line(2, 1)];
    expect(checkTotal(lines, 3.58, null, [], [])).toMatchObject({ status: 'corrected' });
    expect(lines[0].totalPrice).toBe(2.58);
  });

  it('takes the paid amount as the total when the lines agree with it', () => {
    expect(checkTotal([line(1, 1.19), line(2, 2)], 8.19, null, [], [3.19])).toMatchObject({ status: 'corrected', total: 3.19 });
  });

  it('drops the one line whose amount is the surplus over the total', () => {
    const lines = [line(1, 1.19), line(2, 2), line(3, 7.31)];
    expect(checkTotal(lines, 3.19, null, [], [])).toMatchObject({ status: 'corrected' });
    expect(lines.map((l) => [l.position, l.totalPrice])).toEqual([
      [1, 1.19],
      [2, 2],
    ]);
  });

  it('drops nothing when a line repeats the total (which line is stray is not certain)', () => {
    const lines = [line(1, 4.99), line(2, 6.48)];
    expect(checkTotal(lines, 6.48, null, [], [])).toMatchObject({ status: 'mismatch' });
    expect(lines).toHaveLength(2);
  });

  it('keeps a line larger than the total: a misread amount is for the review to correct', () => {
    const lines = [line(1, 7.19), line(2, 0.99), line(3, 1)];
    expect(checkTotal(lines, 2.18, null, [], [])).toMatchObject({ status: 'mismatch' });
    expect(lines).toHaveLength(3);
  });

  it('keeps the lines when more than one could be the surplus', () => {
    const lines = [line(1, 1.19), line(2, 0.5), line(3, 0.5)];
    expect(checkTotal(lines, 1.69, null, [], [])).toMatchObject({ status: 'mismatch' });
    expect(lines).toHaveLength(3);
  });

  it('reports a mismatch it cannot settle', () => {
    expect(checkTotal([line(1, 1.19)], 5, null, [], [])).toMatchObject({ status: 'mismatch', difference: 3.81 });
  });

  it('finds the total as the first amount that is the sum of the lines above', () => {
    expect(runningSumTotal([line(1, 1), line(2, 2), line(3, 4), line(4, 7)])).toBe(3);
    expect(runningSumTotal([line(1, 1), line(2, 2)])).toBeNull();
    // A nameless line (its label read as specks) after one article is the total too.
    expect(runningSumTotal([line(1, 59.99), { ...line(2, 59.99), name: 'a' }])).toBe(1);
    expect(runningSumTotal([line(1, 59.99), line(2, 59.99)])).toBeNull();
  });

  it('knows the digits OCR confuses', () => {
    expect(digitMisreads(1.93)).toContain(1.98);
    expect(digitMisreads(0.75)).toContain(0.15);
    expect(digitMisreads(71.99)).toContain(7.99);
    expect(digitMisreads(0.75)).not.toContain(0.7);
  });

  it('corrects an amount whose count × price is one look-alike digit away, unless the total disagrees more', () => {
    const lines = [line(1, 1.19), line(2, 0.48, 2, 0.49)];
    expect(checkTotal(lines, 2.17, null, [], [])).toMatchObject({ status: 'ok' });
    expect(lines[1].totalPrice).toBe(0.98);
    const kept = [line(1, 1.19), line(2, 0.48, 2, 0.49)];
    checkTotal(kept, 1.67, null, [], []);
    expect(kept[1].totalPrice).toBe(0.48);
  });

  it('corrects it also when the lines are far off the total, which then says nothing about so small a change', () => {
    // Articles lost elsewhere: the lines are 4,10 short, and 3 × 0,79 = 2,37 is one digit from 2,57.
    const lines = [line(1, 1.19), line(2, 2.57, 3, 0.79)];
    checkTotal(lines, 7.86, null, [], []);
    expect(lines[1].totalPrice).toBe(2.37);
    // Within reach of the total (0,30 off, a change of 0,20), the total still decides.
    const near = [line(1, 1.19), line(2, 2.57, 3, 0.79)];
    checkTotal(near, 4.06, null, [], []);
    expect(near[1].totalPrice).toBe(2.57);
  });

  it('asks the line\'s tax class rather than the total, where the VAT table gives its gross', () => {
    // Class C carries a misread of its own (2,50 for 0,25): the total says nothing about the class B line.
    const coded = [{ ...line(1, 1.19), taxCode: 'B' }, { ...line(2, 0.48, 2, 0.49), taxCode: 'B' }, { ...line(3, 2.5), taxCode: 'C' }];
    checkTotal(coded, 2.42, null, [], [], new Map([['B', 2.17], ['C', 0.25]]));
    expect(coded[1].totalPrice).toBe(0.98);
    const disagreeing = [{ ...line(1, 1.19), taxCode: 'B' }, { ...line(2, 0.48, 2, 0.49), taxCode: 'B' }];
    checkTotal(disagreeing, 1.67, null, [], [], new Map([['B', 1.67]]));
    expect(disagreeing[1].totalPrice).toBe(0.48);
  });

  it('takes the payment for the total when it is much nearer the lines', () => {
    expect(checkTotal([line(1, 20), line(2, 7.42)], 1.42, null, [], [27.42])).toMatchObject({ status: 'corrected', total: 27.42 });
    expect(checkTotal([line(1, 20), line(2, 7.4)], 27.42, null, [], [27.4])).toMatchObject({ total: 27.4 });
    expect(checkTotal([line(1, 20), line(2, 7.41)], 27.42, null, [], [27.4])).toMatchObject({ total: 27.42 });
  });

  it('takes the count from amount ÷ price when the count was misread', () => {
    const lines = [line(1, 6.75, 8, 2.25)];
    checkTotal(lines, 6.75, null, [], []);
    expect(lines[0].quantity).toBe(3);
  });
});

describe('readings that disagree in one digit', () => {
  it('finds the one digit two amounts differ in', () => {
    expect(differingDigit(39.86, 99.86)).toBe(0);
    expect(differingDigit(39.86, 39.8)).toBe(4);
    expect(differingDigit(39.86, 99.85)).toBeNull();
    expect(differingDigit(9.86, 19.86)).toBeNull();
  });

  it('takes the lines\' sum when total and payment disagree in one digit and the lines agree with both elsewhere', () => {
    const lines = [line(1, 90.89), line(2, 8.97)];
    expect(checkTotal(lines, 39.86, null, [], [69.86])).toMatchObject({ status: 'corrected', total: 99.86 });
    // Total and payment agree: the lines are what is wrong (a faded 3 read as 9 in the one line that can give the total).
    const agreeing = [line(1, 90.89), line(2, 8.97)];
    expect(checkTotal(agreeing, 39.86, null, [], [39.86])).toMatchObject({ status: 'corrected', total: 39.86 });
    expect(agreeing[0].totalPrice).toBe(30.89);
    // No payment to disagree with, and no look-alike digit of a line gives the total: nothing settles it.
    expect(checkTotal([line(1, 90.89), line(2, 8.97)], 29.86, null, [], [])).toMatchObject({ status: 'mismatch', total: 29.86 });
  });
});

describe('zeros read as 9', () => {
  it('reads every lone 9 before the decimals as the zero it was when that makes up the lines over the total by 9,00 each', () => {
    const lines = [line(1, 3.89), line(2, 9.99), line(3, 2.99), line(4, 9.89)];
    expect(checkTotal(lines, 8.76, null, [], [])).toMatchObject({ status: 'corrected', difference: 0 });
    expect(lines.map((l) => l.totalPrice)).toEqual([3.89, 0.99, 2.99, 0.89]);
  });

  it('prefers the zero read as 9 over a coupon read with a faded 9 that would make up the same 9,00', () => {
    const lines = [line(1, 9.79), line(2, 2.89), line(3, -0.75)];
    expect(checkTotal(lines, 2.93, null, [], [])).toMatchObject({ status: 'corrected' });
    expect(lines.map((l) => l.totalPrice)).toEqual([0.79, 2.89, -0.75]);
  });

  it('leaves the lines when the lone 9s do not make up the difference, all of them together', () => {
    const lines = [line(1, 9.99), line(2, 9.49), line(3, 2)];
    checkTotal(lines, 12.48, null, [], []);
    expect(lines.map((l) => l.totalPrice).slice(0, 2)).toEqual([9.99, 9.49]);
  });
});

describe('two faded 9s', () => {
  it('reads back the one pair of 9s that makes the lines agree with the total', () => {
    const coded = (position: number, totalPrice: number, taxCode: string) => ({ ...line(position, totalPrice), taxCode });
    const lines = [coded(1, 2.22, 'A'), coded(2, 7.95, 'B'), coded(3, 14.99, 'B'), coded(4, 9.95, 'B')];
    expect(checkTotal(lines, 35.19, null, [], [], new Map([['A', 2.22], ['B', 32.97]]))).toMatchObject({ status: 'corrected' });
    expect(lines.map((l) => l.totalPrice)).toEqual([2.22, 7.99, 14.99, 9.99]);
  });

  it('looks for two only in the one tax class the VAT table finds off', () => {
    const lines = [line(1, 2.22), line(2, 7.95), line(3, 14.99), line(4, 9.95)];
    expect(checkTotal(lines, 35.19, null, [], [])).toMatchObject({ status: 'mismatch' });
  });

  it('prefers the one reading of a 9 among several single misreads, and a pair of 9s over single misreads that disagree', () => {
    // 1,94 → 1,99 and 2,33 → 2,38 both give the total; the 9 is the faded one.
    const single = [line(1, 1.94), line(2, 2.33), line(3, 5)];
    expect(checkTotal(single, 9.32, null, [], [])).toMatchObject({ status: 'corrected' });
    expect(single.map((l) => l.totalPrice)).toEqual([1.99, 2.33, 5]);
    const pair = [line(1, 10), line(2, 7.95), line(3, 20), line(4, 9.95)].map((l) => ({ ...l, taxCode: 'B' }));
    expect(checkTotal(pair, 47.98, null, [], [], new Map([['B', 47.98]]))).toMatchObject({ status: 'corrected' });
    expect(pair.map((l) => l.totalPrice)).toEqual([10, 7.99, 20, 9.99]);
  });

  it('leaves the lines when two pairs would do', () => {
    const lines = [line(1, 1.95), line(2, 2.25), line(3, 0.75)];
    expect(checkTotal(lines, 5.03, null, [], [])).toMatchObject({ status: 'mismatch' });
  });

  it('reads only digits that become a 9', () => {
    expect(nineReadings(7.95)).toEqual([7.99]);
    expect(nineReadings(9.99)).toEqual([]);
  });
});

describe('readings of the total that outvote it', () => {
  it('takes the amount two further readings agree on, and checks the lines against it', () => {
    const lines = [line(1, 30.89), line(2, 8.97)];
    const checked = checkTotal(lines, 59.86, null, [], [69.86, 99.86, 99.86]);
    expect(checked).toMatchObject({ status: 'corrected', total: 99.86 });
    expect(lines[0].totalPrice).toBe(90.89);
  });

  it('keeps the printed total when a payment agrees with it as often', () => {
    const lines = [line(1, 30.89), line(2, 8.97)];
    expect(checkTotal(lines, 59.86, null, [], [59.86, 99.86, 99.86]).total).not.toBe(99.86);
  });
});

describe('outvotingTotal', () => {
  it('gives the amount two readings agree on when nothing says the total', () => {
    expect(outvotingTotal(739, [39, 39])).toBe(39);
  });

  it('keeps the total when one reading says it or only one reading differs', () => {
    expect(outvotingTotal(739, [39, 39, 739])).toBeNull();
    expect(outvotingTotal(739, [39])).toBeNull();
    expect(outvotingTotal(39, [39, 39])).toBeNull();
  });
});

describe('the VAT table points at the misread line', () => {
  const coded = (position: number, totalPrice: number, taxCode: string) => ({ ...line(position, totalPrice), taxCode });

  it('corrects the one look-alike digit among the lines of the one class that disagrees with its gross', () => {
    // 1,99 → 1,49 and 3,99 → 3,49 both fit the total; only class E is off.
    const lines = [coded(1, 1.99, 'V'), coded(2, 3.99, 'E'), coded(3, 1.19, 'E')];
    const classes = new Map([
      ['V', 1.99],
      ['E', 4.68],
    ]);
    expect(checkTotal(lines, 6.67, null, [], [], classes)).toMatchObject({ status: 'corrected' });
    expect(lines.map((l) => l.totalPrice)).toEqual([1.99, 3.49, 1.19]);
  });

  it('corrects one misread line in each class that disagrees with its gross', () => {
    const lines = [coded(1, 1.49, 'V'), coded(2, 3.99, 'E'), coded(3, 1.19, 'E')];
    const classes = new Map([
      ['V', 1.99],
      ['E', 4.68],
    ]);
    expect(checkTotal(lines, 6.67, null, [], [], classes)).toMatchObject({ status: 'corrected' });
    expect(lines.map((l) => l.totalPrice)).toEqual([1.99, 3.49, 1.19]);
  });

  it('does not guess between two such lines without it', () => {
    const lines = [coded(1, 1.99, 'V'), coded(2, 3.99, 'E'), coded(3, 1.19, 'E')];
    expect(checkTotal(lines, 6.67, null, [], [])).toMatchObject({ status: 'mismatch' });
  });

  it('keeps a line whose amount is the surplus when its class agrees less without it: misreads elsewhere add up to it', () => {
    // Two misreads (1,99 for 1,49, its class unread, and 3,94 for 3,49) make the lines 0,95 over;
    // the 0,95 line is an article of class C.
    const lines = [line(1, 1.99), coded(2, 3.94, 'C'), coded(3, 0.95, 'C'), coded(4, 2.2, 'B')];
    const classes = new Map([
      ['B', 3.69],
      ['C', 4.44],
    ]);
    expect(checkTotal(lines, 8.13, null, [], [], classes)).toMatchObject({ status: 'mismatch' });
    expect(lines).toHaveLength(4);
    // Without the VAT table nothing says so: the surplus line goes, as before.
    const read = [line(1, 1.99), coded(2, 3.94, 'C'), coded(3, 0.95, 'C'), coded(4, 2.2, 'B')];
    expect(checkTotal(read, 8.13, null, [], [])).toMatchObject({ status: 'corrected' });
    expect(read).toHaveLength(3);
  });
});

describe('articles printed twice with the same amount', () => {
  it('confirm each other: the misread is elsewhere', () => {
    const named = (position: number, name: string, totalPrice: number) => ({ ...line(position, totalPrice), name });
    const lines = [named(1, 'SEKT', 0.89), named(2, 'SEKT', 0.89), named(3, 'RUM', 5.59)];
    expect(checkTotal(lines, 7.47, null, [], [])).toMatchObject({ status: 'corrected' });
    expect(lines.map((l) => l.totalPrice)).toEqual([0.89, 0.89, 5.69]);
  });
});

describe('an amount its count line gives', () => {
  it('is read twice over: a misread is not looked for in it', () => {
    // 0,50 could be a misread 0,60, but "2 x 0,25" above it says 0,50: the misread is elsewhere, or is two.
    const lines = [line(1, 0.5, 2, 0.25), line(2, 2.25), line(3, 1.93)];
    expect(checkTotal(lines, 4.78, null, [], [])).toMatchObject({ status: 'mismatch' });
    expect(lines.map((l) => l.totalPrice)).toEqual([0.5, 2.25, 1.93]);
    // Without the count line, the one look-alike digit that makes the total agree is taken.
    const alone = [line(1, 0.5), line(2, 2.25), line(3, 1.93)];
    expect(checkTotal(alone, 4.78, null, [], [])).toMatchObject({ status: 'corrected' });
  });
});

describe('a misread unit price', () => {
  it('is amount ÷ count when the amounts agree with the total and that comes out in whole cents', () => {
    const lines = [line(1, 3.57, 3, 1.71), line(2, 2)];
    expect(checkTotal(lines, 5.57, null, [], [])).toMatchObject({ status: 'ok' });
    expect(lines[0].unitPrice).toBe(1.19);
  });

  it('stays when amount ÷ count is no price in cents, or the amounts disagree with the total', () => {
    const lines = [line(1, 3.58, 3, 1.25), line(2, 2)];
    checkTotal(lines, 5.58, null, [], []);
    expect(lines[0].unitPrice).toBe(1.25);
    const other = [line(1, 3.57, 3, 1.71), line(2, 2)];
    checkTotal(other, 9.99, null, [], []);
    expect(other[0].unitPrice).toBe(1.71);
  });
});

describe('tax printed above the total', () => {
  it('is added to the lines when the lines fall short of the total by it', () => {
    expect(addedTax([line(1, 2), line(2, 3)], 0.3, null, 5.3, [])).toBe(0.3);
  });

  it('is part of the prices when the lines alone make the total', () => {
    const notes: string[] = [];
    expect(addedTax([line(1, 2), line(2, 3)], 0.28, null, 5, notes)).toBeNull();
    expect(notes).toHaveLength(1);
  });

  it('keeps the rounding apart: included tax with a rounding still adds the rounding', () => {
    expect(addedTax([line(1, 4.2), line(2, 10.22)], 0.82, -0.02, 14.4, [])).toBe(-0.02);
    expect(addedTax([line(1, 4.2), line(2, 10.2)], 0.82, -0.02, 15.2, [])).toBe(0.8);
  });

  it('is part of the prices when a misread amount leaves the lines clearly nearer the total without it', () => {
    // 10.28 read for 10.20: 0.08 off without the tax, 0.90 with it.
    expect(addedTax([line(1, 4.2), line(2, 10.28)], 0.82, null, 14.4, [])).toBeNull();
    // US sales tax with a misread line: 0.04 off without, 0.06 with: not clearly nearer, added.
    expect(addedTax([line(1, 8.9)], 0.1, null, 8.94, [])).toBe(0.1);
  });

  it('is added as printed when no total is known', () => {
    expect(addedTax([line(1, 2)], 0.3, 0.01, null, [])).toBe(0.31);
    expect(addedTax([line(1, 2)], null, null, 2, [])).toBeNull();
  });
});
