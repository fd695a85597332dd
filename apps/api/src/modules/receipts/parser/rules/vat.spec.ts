import { describe, expect, it } from 'vitest';
import type { ParsedReceiptLine } from '../receipt-text.js';
import { classTotalsForLines, rowGross, vatClassTotals, vatTableLettered, vatTableTotal } from './vat.js';

describe('the VAT table', () => {
  it('adds up the gross column when every row agrees with itself, in any column order', () => {
    expect(vatTableTotal(['SUMME 10,00', 'B 7% 7,45 0,52 7,97', 'C 19% 20,18 3,83 24,01'], 0, ',')).toBe(31.98);
    expect(vatTableTotal(['zu zahlen 7,16', 'A 7% 0,47 6,69 7,16', 'Summe 0,47 6,69 7,16'], 0, ',')).toBe(7.16);
    expect(vatTableTotal(['TOTAL 5.00', 'VAT 20% 4.00 0.80 4.80'], 0, '.')).toBe(4.8);
  });

  it('says nothing when a row was misread or there is no table', () => {
    expect(vatTableTotal(['SUMME 10,00', 'B 7% 7,45 0,52 7,97', 'C 19% 20,18 3,88 24,01'], 0, ',')).toBeNull();
    expect(vatTableTotal(['SUMME 10,00', 'Bar 10,00'], 0, ',')).toBeNull();
  });
});

describe('the VAT table per tax class', () => {
  it('gives the gross of each class whose row agrees with itself', () => {
    expect(vatClassTotals(['SUMME 29,78', 'V 19,0% 3,32 17,50 20,82', 'E 7,0% 0,59 8,37 8,96'], 0, ',')).toEqual(
      new Map([
        ['V', 20.82],
        ['E', 8.96],
      ]),
    );
    expect(vatClassTotals(['SUMME 29,78', 'V 19,0% 3,32 17,50 20,82', 'E 7,0% 0,59 8,37 8,99'], 0, ',')).toEqual(new Map([['V', 20.82]]));
    expect(vatClassTotals(['SUMME 29,78', 'MwSt 19% 3,32'], 0, ',')).toBeNull();
  });
});

describe('a VAT row confirms itself through its rate', () => {
  it('takes net + VAT as the gross when the rate confirms them and the printed gross is one look-alike digit off', () => {
    expect(rowGross([5.74, 1.09, 5.83], 0.19)).toBe(6.83);
    expect(rowGross([10, 0.7, 10.78], 0.07)).toBe(10.7);
    // The printed gross differs in a digit OCR does not confuse, or the rate confirms nothing: no reading.
    expect(rowGross([10, 0.7, 10.72], 0.07)).toBeNull();
    expect(rowGross([10, 0.9, 10.95], 0.07)).toBeNull();
  });

  it('reads a row of net and VAT without the gross, in either order', () => {
    expect(rowGross([16.8, 3.19], 0.19)).toBe(19.99);
    expect(rowGross([0.7, 10], 0.07)).toBe(10.7);
    expect(rowGross([1.9, 11.9], 0.19)).toBe(11.9);
    expect(rowGross([3, 10], 0.07)).toBeNull();
  });

  it('reads a row of net and gross whose VAT was not read', () => {
    expect(rowGross([7.55, 8.99], 0.19)).toBe(8.99);
    expect(vatClassTotals(['SUMME EUR 19,46', 'V 19,0% 1,944 7,55 8,99', 'E 7,0% 0,68 9,79 10,47'], 0, ',')).toEqual(new Map([['V', 8.99], ['E', 10.47]]));
    expect(rowGross([7.55, 9.99], 0.19)).toBeNull();
  });

  it('finds the net on a line of its own beside a VAT line', () => {
    expect(vatTableTotal(['Total 99,86', 'incl. 19,00% MwSt 15,95', 'Netto-Warenwert: 83,91'], 0, ',')).toBe(99.86);
    expect(vatTableTotal(['Total 99,86', 'incl, 19,00% Mwet (b) 15,95', 'Netto-Warenwart: (b) 83,91'], 0, ',')).toBe(99.86);
    expect(vatTableTotal(['SUMME 39,35', 'MWST 19,00% A 6,28 EUR', 'NETTO 33,07 EUR BRUTTO 39,35 EUR'], 0, ',')).toBe(39.35);
    expect(vatTableTotal(['SUMME 10,00', 'inkl. MwSt 19% 1,60'], 0, ',')).toBeNull();
  });

  it('keeps the minus of a row of returns and the class letter read twice', () => {
    const texts = ['ZU ZAHLEN 10,00', 'CC 7,00% 9,58 0,67 10,25', 'D 19,00% 0,21- 0,04- 0,25-'];
    expect(vatTableTotal(texts, 0, ',')).toBe(10);
    expect(vatClassTotals(texts, 0, ',')).toEqual(
      new Map([
        ['C', 10.25],
        ['D', -0.25],
      ]),
    );
  });
});

describe('the tax classes on the lines against the VAT table', () => {
  const line = (name: string, taxCode: string | null) => ({ name, taxCode }) as ParsedReceiptLine;
  const table = new Map([
    ['Y', 11.9],
    ['E', 5.35],
  ]);

  it('reads the one class missing from the table as the one class no line carries', () => {
    const lines = [line('Duschgel', 'V'), line('Chips', 'E'), line('Tee', 'E')];
    classTotalsForLines(lines, table, true, []);
    expect(lines.map((l) => l.taxCode)).toEqual(['Y', 'E', 'E']);
  });

  it('leaves the classes alone when the table names them', () => {
    const named = [line('Duschgel', 'Y'), line('Chips', 'E')];
    expect(classTotalsForLines(named, table, true, [])).toBe(table);
    expect(named.map((l) => l.taxCode)).toEqual(['Y', 'E']);
  });

  it('checks no class when a table read whole leaves out a class the lines carry', () => {
    const two = [line('Duschgel', 'V'), line('Chips', 'W')];
    expect(classTotalsForLines(two, table, true, [])).toBeUndefined();
    expect(two.map((l) => l.taxCode)).toEqual(['V', 'W']);
    // A deposit's class the table leaves out: its amount is in the other row's gross.
    expect(classTotalsForLines([line('Kaffee', 'A'), line('Leergut', 'B')], new Map([['A', 22.42]]), true, [])).toBeUndefined();
  });

  it('knows a table names every class when each row confirms itself and carries its letter', () => {
    expect(vatTableLettered(['SUMME 31,98', 'B 7% 7,45 0,52 7,97', 'C 19% 20,18 3,83 24,01'], 0, ',')).toBe(true);
    expect(vatTableLettered(['SUMME 31,98', 'B 7% 7,45 0,52 7,97', '19% 20,18 3,83 24,01'], 0, ',')).toBe(false);
    expect(vatTableLettered(['SUMME 31,98', 'B 7% 7,45 0,52 7,97', 'C 19% 20,18 3,88 24,01'], 0, ',')).toBe(false);
  });

  it('keeps checking the rows it read when a row of the table was misread (the missing class is that row\'s)', () => {
    const rows = new Map([['E', 5.35]]);
    expect(classTotalsForLines([line('Duschgel', 'Y'), line('Chips', 'E')], rows, false, [])).toBe(rows);
  });
});
