import { describe, expect, it } from 'vitest';
import type { ReceiptTextLine } from '../parser/receipt-text.js';
import { linesOfTsv } from './ocr-tsv.js';
import { repairOcrLines } from './ocr-repair.js';

/** A line of words laid out left to right, each 10 px per character, the last one ending at `right`. */
function line(y: number, words: string[], right = 300): ReceiptTextLine {
  const width = (text: string) => text.length * 10;
  let x = right - words.reduce((sum, word) => sum + width(word) + 10, -10);
  const placed = words.map((text) => {
    const box = { x0: x, y0: y, x1: x + width(text), y1: y + 20 };
    x += width(text) + 10;
    return { text, box, confidence: 0.9 };
  });
  return { text: words.join(' '), words: placed };
}

const texts = (lines: ReceiptTextLine[]) => repairOcrLines(lines).map((l) => l.text);

describe('OCR repairs', () => {
  it('puts back the decimal comma of an amount standing in the price column', () => {
    const receipt = [line(0, ['Milch', '1,19', 'A']), line(30, ['Kaffeepads', '599', 'A']), line(60, ['Butter', '2:29', 'B']), line(90, ['Brot', '2,49', 'A'])];
    expect(texts(receipt)).toEqual(['Milch 1,19 A', 'Kaffeepads 5,99 A', 'Butter 2,29 B', 'Brot 2,49 A']);
  });

  it("drops a stray digit before a counted line's amount where count × unit price proves it, and nothing else", () => {
    const receipt = [line(0, ['3', 'Apfeltasche', '1,50', '14,50', '€']), line(30, ['4', 'Cappuccino', '3,10', '12,40', '€']), line(60, ['2', 'Brezel', '0,55', '11,20'])];
    expect(texts(receipt)).toEqual(['3 Apfeltasche 1,50 4,50 €', '4 Cappuccino 3,10 12,40 €', '2 Brezel 0,55 11,20']);
  });

  it('restores a run of column amounts from the one amount beside it (a price ending in 59 is no pack size there), and only shelf prices beyond its neighbours', () => {
    const receipt = [
      line(0, ['Beleg', '1584777'], 280),
      line(30, ['Tonic', '159', 'C']),
      line(60, ['Sandwich', '1798']),
      line(90, ['Papier', '149', 'CW']),
      line(120, ['Salat', '267', 'B']),
      line(150, ['Duschgel', '155', 'C']),
      line(180, ['Emmentaler', '4,38', 'A']),
    ];
    expect(texts(receipt)).toEqual(['Beleg 1584777', 'Tonic 1,59 C', 'Sandwich 1,79', 'Papier 1,49 CW', 'Salat 2,67 B', 'Duschgel 1,55 C', 'Emmentaler 4,38 A']);
  });

  it('leaves numbers alone that are not in the price column or have no name before them', () => {
    const receipt = [line(0, ['Filiale', '7731'], 180), line(30, ['Milch', '1,19', 'A']), line(60, ['6969'], 300), line(90, ['Brot', '2,49', 'A'])];
    expect(texts(receipt)).toEqual(['Filiale 7731', 'Milch 1,19 A', '6969', 'Brot 2,49 A']);
  });

  it('writes a column amount read with the other separator the way the receipt does', () => {
    const receipt = [line(0, ['MILK', '3.49', 'F']), line(30, ['GRAPES', '9,54', 'F']), line(60, ['BREAD', '2.49', 'N'])];
    expect(texts(receipt)).toEqual(['MILK 3.49 F', 'GRAPES 9.54 F', 'BREAD 2.49 N']);
  });

  it('joins a separator read with spaces and fixes units where letters and digits look alike', () => {
    expect(repairOcrLines([{ text: 'SUMME EUR 44 , 35' }, { text: 'zu zahlen 12 ‚50' }]).map((l) => l.text)).toEqual(['SUMME EUR 44,35', 'zu zahlen 12,50']);
    expect(texts([line(0, ['Spülmittel', '500m1l', '0,85', 'A']), line(30, ['MOZZARELLA', '1256', '0,79', 'A'])])).toEqual(['Spülmittel 500ml 0,85 A', 'MOZZARELLA 125G 0,79 A']);
    expect(texts([line(0, ['TOMATO', 'SAUCE', '240Z', '2.19', 'F']), line(30, ['2.13', 'lb', '@', '2.49', '/1b'])])).toEqual(['TOMATO SAUCE 24OZ 2.19 F', '2.13 lb @ 2.49 /lb']);
  });

  it('drops specks before the first word and a tax class read twice', () => {
    expect(texts([line(0, ['_', 'TOTAL', '$48.18']), line(30, ['Juice', '£1.75', 'ZZ'])])).toEqual(['TOTAL $48.18', 'Juice £1.75 Z']);
  });

  it('gives back a numeric tax class read as a look-alike, only on tills that print one', () => {
    const till = [line(0, ['Zahnpasta', '1,45', '1']), line(30, ['Shampoo', '2,45', '1']), line(60, ['Bodylotion', '6,75', 'ı'])];
    expect(texts(till)).toEqual(['Zahnpasta 1,45 1', 'Shampoo 2,45 1', 'Bodylotion 6,75 1']);
    expect(texts([line(0, ['Milch', '1,19', 'A']), line(30, ['Brot', '2,49', 'I'])])).toEqual(['Milch 1,19 A', 'Brot 2,49 I']);
  });

  it('drops a speck or two read left of the names\' column, and keeps a count printed on its edge', () => {
    /** Words at the given left edges, 10 px per character. */
    const at = (y: number, words: [number, string][]): ReceiptTextLine => ({
      text: words.map(([, text]) => text).join(' '),
      words: words.map(([x, text]) => ({ text, box: { x0: x, y0: y, x1: x + text.length * 10, y1: y + 20 }, confidence: 0.9 })),
    });
    const receipt = [
      at(0, [[100, 'MILCH'], [400, '1,19'], [450, 'B']]),
      at(30, [[20, '5'], [100, 'SALATBAR'], [400, '2,18'], [450, 'B']]),
      at(60, [[10, 'ZI'], [40, ':'], [100, 'REIBEKUCHEN'], [400, '1,99'], [450, 'B']]),
      at(90, [[100, '2'], [120, 'BRÖTCHEN'], [400, '0,78'], [450, 'B']]),
      at(120, [[100, 'BUTTER'], [400, '2,29'], [450, 'B']]),
      at(150, [[100, 'KAFFEE'], [400, '5,99'], [450, 'C']]),
      // A count a space before its name, however far left of the column it stands, is print.
      at(165, [[70, '2'], [100, 'ROLLEN'], [170, 'x'], [400, '4,85']]),
      // A line that does not start on the column's edge is left as it is: it is no item.
      at(180, [[20, 'T1'], [250, 'Danke'], [320, 'sehr']]),
    ];
    expect(texts(receipt)).toEqual(['MILCH 1,19 B', 'SALATBAR 2,18 B', 'REIBEKUCHEN 1,99 B', '2 BRÖTCHEN 0,78 B', 'BUTTER 2,29 B', 'KAFFEE 5,99 C', '2 ROLLEN x 4,85', 'T1 Danke sehr']);
    // Too few lines with a name before an amount tell no column: nothing is dropped.
    expect(texts(receipt.slice(1, 4))).toEqual(['5 SALATBAR 2,18 B', 'ZI : REIBEKUCHEN 1,99 B', '2 BRÖTCHEN 0,78 B']);
  });

  it('drops specks read right of the price column, off the paper, and keeps tax classes and print', () => {
    const at = (y: number, words: [number, string][]): ReceiptTextLine => ({
      text: words.map(([, text]) => text).join(' '),
      words: words.map(([x, text]) => ({ text, box: { x0: x, y0: y, x1: x + text.length * 10, y1: y + 20 }, confidence: 0.3 })),
    });
    const receipt = [
      at(0, [[100, 'MILCH'], [400, '1,19'], [450, 'B'], [600, '|'], [700, 'E']]),
      at(30, [[100, 'SALATBAR'], [400, '2,18'], [450, 'B'], [650, 'Ya']]),
      at(60, [[100, 'BUTTER'], [400, '2,29'], [450, 'CW'], [620, '‚3']]),
      // A unit price's column further left does not move the price column's edge.
      at(90, [[100, '2'], [120, 'x'], [250, '0,39'], [640, 'FO']]),
      at(120, [[100, 'KAFFEE'], [400, '5,99'], [450, 'C']]),
      at(150, [[100, 'SUMME'], [400, '17,84'], [680, '7']]),
      // Print right of the column is longer than a speck (the tax table's last heading).
      at(180, [[100, 'MwSt'], [300, 'NETTO'], [560, 'UMSATZ']]),
      at(210, [[100, 'B'], [300, '7%'], [400, '11,22'], [560, '12,00']]),
    ];
    expect(texts(receipt)).toEqual(['MILCH 1,19 B', 'SALATBAR 2,18 B', 'BUTTER 2,29 CW', '2 x 0,39', 'KAFFEE 5,99 C', 'SUMME 17,84', 'MwSt NETTO UMSATZ', 'B 7% 11,22 12,00']);
    // Too few lines with an amount tell no column: nothing is dropped.
    expect(texts(receipt.slice(0, 3))).toEqual(['MILCH 1,19 B | E', 'SALATBAR 2,18 B Ya', 'BUTTER 2,29 CW ,3']);
  });

  it('reads a count of 1 in a table column that OCR turned into a sign', () => {
    expect(texts([line(0, ['Basmati', 'Reis', '1kg', '%', '2,49', '2,49', 'A'])])).toEqual(['Basmati Reis 1kg 1 2,49 2,49 A']);
  });
});

describe('tesseract TSV', () => {
  it('groups words by block, paragraph and line with boxes and 0–1 confidences', () => {
    const tsv = [
      'level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext',
      '1\t1\t0\t0\t0\t0\t0\t0\t600\t800\t-1\t',
      '5\t1\t1\t1\t1\t1\t10\t20\t50\t18\t96.5\tMilch',
      '5\t1\t1\t1\t1\t2\t400\t21\t40\t18\t91\t1,19',
      '5\t1\t1\t1\t2\t1\t10\t50\t40\t18\t88\tBrot',
    ].join('\n');
    expect(linesOfTsv(tsv)).toEqual([
      { text: 'Milch 1,19', confidence: 0.91, words: [{ text: 'Milch', box: { x0: 10, y0: 20, x1: 60, y1: 38 }, confidence: 0.965 }, { text: '1,19', box: { x0: 400, y0: 21, x1: 440, y1: 39 }, confidence: 0.91 }] },
      { text: 'Brot', confidence: 0.88, words: [{ text: 'Brot', box: { x0: 10, y0: 50, x1: 50, y1: 68 }, confidence: 0.88 }] },
    ]);
  });
});
