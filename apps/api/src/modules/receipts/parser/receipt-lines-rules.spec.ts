import { describe, expect, it } from 'vitest';
import { parseReceipt } from './receipt-parser.js';

const read = (text: string) => parseReceipt({ lines: text.split('\n') });
const items = (text: string) => read(text).lines.map((l) => [l.name, l.quantity, l.unitPrice, l.totalPrice]);

describe('quantities', () => {
  it('takes a count and line amount printed under the name without an operator (DIY tills)', () => {
    expect(items('Baumarkt\n4001234567890 Schraube\n2.000 STK 3.98 19\nSUMME EUR 3.98')).toEqual([['Schraube', 2, 1.99, 3.98]]);
  });

  it('takes the unit price and count printed before the line amount', () => {
    expect(items('Markt\nBulgur 0,89 x 2 1,78 A\nKäse 1,99 A\nzu zahlen 3,77')).toEqual([
      ['Bulgur', 2, 0.89, 1.78],
      ['Käse', 1, 1.99, 1.99],
    ]);
  });

  it('pairs a count line printed above its item', () => {
    expect(items('Markt\n3 X 0,99\nRIEGEL 2,97 B\nSUMME EUR 2,97')).toEqual([['RIEGEL', 3, 0.99, 2.97]]);
  });
});

describe('amounts', () => {
  it('reads a not-discountable flag glued to the tax class and © for C', () => {
    expect(read('Markt\nSALAT 1,96xB\nTONIC 1,59 ©\nSUMME 3,55').lines.map((l) => [l.name, l.totalPrice, l.taxCode])).toEqual([
      ['SALAT', 1.96, 'B'],
      ['TONIC', 1.59, 'C'],
    ]);
  });

  it('keeps returned deposits negative, with a leading or trailing minus', () => {
    expect(items('Markt\nMilch 1,19 A\nLEERGUT 0,25-\nPfand zurück -0,75\nSUMME 0,19')).toEqual([
      ['Milch', 1, 1.19, 1.19],
      ['LEERGUT', 1, -0.25, -0.25],
      ['Pfand zurück', 1, -0.75, -0.75],
    ]);
  });

  it('drops an amount with only specks beside it', () => {
    expect(items('Markt\nMilch 1,19\n; 0,49\nSUMME 1,19')).toEqual([['Milch', 1, 1.19, 1.19]]);
  });
});

describe('totals', () => {
  it('takes a misread total label', () => {
    expect(read('Markt\nMilch 1,19\nBrot 2,00\nTatal 3,19\nBar 5,00\nRückgeld 1,81')).toMatchObject({ total: 3.19, consistency: { status: 'ok' } });
  });

  it('takes the subtotal when no total is printed, and nothing below it is an article', () => {
    const receipt = read('Markt\nMilch 1,19\nBrot 2,00\nZwischensumme 3,19\nKarte 3,19\nTerminal-ID 615,1');
    expect(receipt.total).toBe(3.19);
    expect(receipt.lines.map((l) => l.name)).toEqual(['Milch', 'Brot']);
  });

  it('finds an unreadable total label by the arithmetic: the first amount that is the sum of the lines above', () => {
    const receipt = read('Markt\nMilch 1,19\nBrot 2,00\nKäse 3,00\n~#%a 6,19\nGegeben 10,00\nTerminal 615,10');
    expect(receipt.total).toBe(6.19);
    expect(receipt.lines.map((l) => l.name)).toEqual(['Milch', 'Brot', 'Käse']);
  });

  it('ends the articles at an amount that is the sum of the lines above and the total found below (the total label misread)', () => {
    const receipt = read('Markt\nMilch 1,19 A\nBrot 2,00 A\na zahlen N 3,19\nKreditkarte 3,19\nMWST% MWST Netto Brutto\nA 7% 0,21 2,98 3,19\nSumme 0,21 2,98 3,19');
    expect(receipt.total).toBe(3.19);
    expect(receipt.lines.map((l) => l.name)).toEqual(['Milch', 'Brot']);
    // An amount that is the sum of the lines above but not the total is an article like any other.
    expect(read('Markt\nMilch 1,19\nBrot 2,00\nKäse 3,19\nSUMME 6,38').lines.map((l) => l.name)).toEqual(['Milch', 'Brot', 'Käse']);
  });
});

describe('store', () => {
  it('names the chain printed below when the header is a logo read as noise', () => {
    const receipt = read('ä ® AT\nHauptstraße 130\n33100 Paderborn\nMilch 1,19 A\nSUMME 1,19\nALDI GmbH & Co. KG');
    expect([receipt.storeName, receipt.retailerKey]).toEqual(['ALDI', 'aldi']);
  });

  it('skips an address with a separate street word and takes a pharmacy by its name', () => {
    expect(read('Delphin Apotheke\nWarburger Straße 130\nSalbe 9,95\nSumme 9,95').storeName).toBe('Delphin Apotheke');
    expect(read('Warburger Straße 130\nMilch 1,19\nSumme 1,19').storeName).toBeNull();
  });

  it('takes the name line over a heading that is only the kind of store', () => {
    expect(read('AUTO SPREVES GmbH\nHauptstraße 4\nTankstelle\nSuper E5 39,35 A\nTOTAL 39,35').storeName).toBe('AUTO SPREVES GmbH');
    expect(read('Kasse 3\nWestfalen Tankstelle\nSuper E5 39,35 A\nTOTAL 39,35').storeName).toBe('Westfalen Tankstelle');
    // A line with an amount in it is no name, whatever its letters.
    expect(read('26,97 Liter SAULENNUMMER 2\nSuper E5 39,35 A\nTOTAL 39,35').storeName).toBeNull();
  });
});

describe('where a line is', () => {
  it('keeps the input lines it was read from (their word boxes are its place on the correction screen)', () => {
    const word = (text: string, x0: number, y0: number) => ({ text, box: { x0, y0, x1: x0 + 10 * text.length, y1: y0 + 20 } });
    const line = (y: number, ...words: Array<[string, number]>) => ({ text: words.map(([t]) => t).join(' '), words: words.map(([t, x]) => word(t, x, y)) });
    const receipt = parseReceipt({ lines: [line(0, ['Markt', 0]), line(30, ['2', 0], ['x', 20], ['1,29', 40]), line(60, ['Joghurt', 0], ['2,58', 200]), line(90, ['SUMME', 0], ['2,58', 200])] });
    expect(receipt.lines.map((l) => [l.name, l.quantity, l.sourceLines])).toEqual([['Joghurt', 2, [1, 2]]]);
  });
});

describe('wrapped names', () => {
  it('keeps a pack size that starts the second line of a name, and the first chain line as the store', () => {
    const receipt = read('ROSSMANN\nROSSMANN GmbH + Co. KG\nKaffee Crema ganze Bohne\n1kg 12,99 A\nSUMME 12,99');
    expect(receipt.lines.map((l) => [l.name, l.quantity, l.totalPrice])).toEqual([['Kaffee Crema ganze Bohne 1kg', 1, 12.99]]);
    expect(receipt.storeName).toBe('ROSSMANN');
  });

describe('amounts the arithmetic gives', () => {
  it('gives the one article whose amount was not read what the total leaves over', () => {
    const receipt = read('Markt\nMilch 1,19 A\nBrötchen |]\nBrot 2,49 A\nSUMME 3,93');
    expect(receipt.lines.map((l) => [l.name, l.totalPrice])).toEqual([
      ['Milch', 1.19],
      ['Brötchen', 0.25],
      ['Brot', 2.49],
    ]);
  });

  it('gives nothing when the rest is more than any amount read (more than one article is missing)', () => {
    const receipt = read('Markt\nMilch 1,19 A\nBrötchen |]\nBrot 2,49 A\nSUMME 13,68');
    expect(receipt.lines.map((l) => l.name)).toEqual(['Milch', 'Brot']);
  });

  it('takes the lines\' sum for a total when nothing else says it, and says it was not checked', () => {
    const receipt = read('Buchhandlung\n9783836262552 Fachbuch 49,90\nVielen Dank');
    expect(receipt.total).toBe(49.9);
    expect(receipt.consistency.status).toBe('incomplete');
  });
});
});
