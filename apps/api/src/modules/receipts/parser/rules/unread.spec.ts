import { describe, expect, it } from 'vitest';
import type { ParsedReceiptLine } from '../receipt-text.js';
import { soleArticle, withUnreadAmounts } from './unread.js';

const line = (name: string, totalPrice: number, source: number): ParsedReceiptLine => ({
  position: 0,
  kind: 'item',
  rawText: name,
  name,
  quantity: 1,
  unit: 'piece',
  unitPrice: totalPrice,
  totalPrice,
  taxCode: null,
  barcode: null,
  sourceLines: [source],
});
const summary = (lines: ParsedReceiptLine[]) => lines.map((l) => [l.position, l.name, l.totalPrice]);

describe('articles whose amount was not read', () => {
  it('cost what their twin printed again costs, in the place they were printed', () => {
    const lines = [line('Joghurt Natur', 0.35, 1), line('Brot', 1.5, 4)];
    const unread = [
      { name: 'Joghurt Natur', index: 2, after: 1 },
      { name: 'Joghurt Natur', index: 3, after: 1 },
    ];
    expect(summary(withUnreadAmounts(lines, unread, 2.55, null, []))).toEqual([
      [1, 'Joghurt Natur', 0.35],
      [2, 'Joghurt Natur', 0.35],
      [3, 'Joghurt Natur', 0.35],
      [4, 'Brot', 1.5],
    ]);
  });

  it('cost what the count line above them gives, before their twin or what the total leaves over', () => {
    const lines = [line('Brot', 1.5, 1), line('Riegel', 2.97, 5)];
    const unread = [{ name: 'Kiwis', index: 3, after: 1, counted: { quantity: 2, unitPrice: 0.49 } }];
    const read = withUnreadAmounts(lines, unread, 5.45, null, []);
    expect(summary(read)).toEqual([
      [1, 'Brot', 1.5],
      [2, 'Kiwis', 0.98],
      [3, 'Riegel', 2.97],
    ]);
    expect([read[1].quantity, read[1].unitPrice]).toEqual([2, 0.49]);
    // Beyond the total, the count is not what it cost: what the total leaves over is.
    expect(summary(withUnreadAmounts(lines, unread, 4.97, null, []))).toEqual([
      [1, 'Brot', 1.5],
      [2, 'Kiwis', 0.5],
      [3, 'Riegel', 2.97],
    ]);
  });

  it('know their twin behind the specks left of the amount, and take its name', () => {
    const lines = [line('Joghurt Natur 150g', 0.35, 1)];
    expect(summary(withUnreadAmounts(lines, [{ name: 'Joghurt Natur 150g as USE', index: 2, after: 1 }], null, null, []))).toEqual([
      [1, 'Joghurt Natur 150g', 0.35],
      [2, 'Joghurt Natur 150g', 0.35],
    ]);
  });

  it('do not cost their twin\'s amount beyond the total', () => {
    const lines = [line('Joghurt Natur', 0.35, 1), line('Brot', 1.5, 3)];
    expect(withUnreadAmounts(lines, [{ name: 'Joghurt Natur', index: 2, after: 1 }], 1.85, null, [])).toHaveLength(2);
  });

  it('cost what the total leaves over when only one is left, also after twins', () => {
    const lines = [line('Joghurt Natur', 0.35, 1), line('Brot', 1.5, 4)];
    const unread = [
      { name: 'Joghurt Natur', index: 2, after: 1 },
      { name: 'Käse', index: 3, after: 1 },
    ];
    expect(summary(withUnreadAmounts(lines, unread, 3.19, null, []))).toEqual([
      [1, 'Joghurt Natur', 0.35],
      [2, 'Joghurt Natur', 0.35],
      [3, 'Käse', 0.99],
      [4, 'Brot', 1.5],
    ]);
  });

  it('take the count printed before the name as the quantity', () => {
    const lines = [line('Brot', 2.5, 1)];
    const [, counted] = withUnreadAmounts(lines, [{ name: '3 x Brezel', index: 2, after: 1 }], 4.3, null, []);
    expect(counted).toMatchObject({ name: 'Brezel', quantity: 3, unitPrice: 0.6, totalPrice: 1.8 });
  });

  it('leave the rest alone when two are left or it is larger than any amount read', () => {
    const lines = [line('Brot', 1.5, 1)];
    expect(withUnreadAmounts(lines, [{ name: 'Käse', index: 2, after: 1 }, { name: 'Wurst', index: 3, after: 1 }], 3, null, [])).toHaveLength(1);
    expect(withUnreadAmounts(lines, [{ name: 'Käse', index: 2, after: 1 }], 9, null, [])).toHaveLength(1);
  });

  it('take returned empties as a credit only', () => {
    const lines = [line('Milch', 1.19, 1)];
    expect(summary(withUnreadAmounts(lines, [{ name: 'LEERGUT', index: 2, after: 1 }], 0.94, null, []))).toEqual([
      [1, 'Milch', 1.19],
      [2, 'LEERGUT', -0.25],
    ]);
  });
});

describe('the only article of a receipt whose article amounts were all lost', () => {
  const texts = ['ELEKTRO MARKT', 'Musterweg 1', '12345 Stadt', 'TEL. 01234 5678', 'DEN', 'HERSTELLER /', 'XK42ZM/A LADEKABEL USB-C', 'Kundenbeleg', 'Uhrzeit: 16:14 Uhr', 'Betrag EUR 39,00'];

  it('is the most name-like line between the header and the till data, and costs the total', () => {
    const line = soleArticle(texts, 9, 39, []);
    expect(line).toMatchObject({ name: 'XK42ZM/A LADEKABEL USB-C', totalPrice: 39, sourceLines: [6] });
  });

  it('is nothing when no line there names anything', () => {
    expect(soleArticle(['ELEKTRO MARKT', 'Musterweg 1', '12345 Stadt', '7 ;', 'Kundenbeleg', 'Betrag EUR 39,00'], 5, 39, [])).toBeNull();
  });

  it('is not an address OCR misread', () => {
    expect(soleArticle(['TANKE', 'Musterweg 1', '12345 Stadt', 'Super 39,235 EUR*', 'Hauptstr, 4', 'I 12555 Berlin', 'Kundenbe leg', 'Betrag EUR 39,35'], 7, 39.35, [])).toMatchObject({ name: 'Super' });
  });
});
