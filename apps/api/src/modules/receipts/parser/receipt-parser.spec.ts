import { describe, expect, it } from 'vitest';
import { parseReceipt } from './receipt-parser.js';
import { linesFromWords } from './receipt-text.js';

const read = (text: string, language?: 'de' | 'en') => parseReceipt({ lines: text.split('\n'), language });
const summary = (text: string) => read(text).lines.map((l) => [l.name, l.quantity, l.unitPrice, l.totalPrice]);

describe('parseReceipt', () => {
  it('reads a GST receipt in ringgit: code and name above a count line with a discount column, GST included, day first', () => {
    const receipt = read(`KEDAI CONTOH SDN BHD
GST REG NO: 000111222333
DATE: 04/02/2019 10:15:00 AM
CODE/DESC PRICE DISC AMOUNT
QTY RM RM RM
9551234567890 TEPUNG 1KG
1 PC * 4.20 0.00 4.20 SR
9550987654321 GULA 2KG
2 PC * 5.10 0.00 10.20 SR
Total Sales (Excluding GST) : 13.58
GST 6% : 0.82
Total Sales (Inclusive GST) : 14.40
CASH : 20.00
CHANGE : 5.60`);
    expect(receipt).toMatchObject({ currency: 'MYR', purchaseDate: '2019-02-04', total: 14.4, tax: null });
    expect(receipt.lines.map((l) => [l.name, l.quantity, l.unitPrice, l.totalPrice])).toEqual([
      ['TEPUNG 1KG', 1, 4.2, 4.2],
      ['GULA 2KG', 2, 5.1, 10.2],
    ]);
    expect(receipt.consistency.status).toBe('ok');
  });

  it('leaves out GST the prices include when the total comes from the payment, and keeps the rounding', () => {
    const paid = read('KEDAI CONTOH\nTEPUNG 1KG 4.20\nGULA 2KG 10.20\nGST 6% 0.82\nCASH 20.00\nCHANGE 5.60');
    expect(paid).toMatchObject({ total: 14.4, tax: null });
    expect(paid.consistency.status).toBe('ok');
    const rounded = read('KEDAI CONTOH\nTEPUNG 1KG 4.20\nGULA 2KG 10.22\nGST 6% 0.82\nROUNDING ADJ -0.02\nTOTAL 14.40');
    expect(rounded).toMatchObject({ total: 14.4, tax: -0.02 });
    expect(rounded.consistency.status).toBe('ok');
  });

  it('takes a total before tax without a tax word the total patterns know for a subtotal', () => {
    const parsed = read('Laden Muster\nBrot 4,00\nMilch 4,40\nSumme exkl. USt 8,40\nUSt 19% 1,60\nSumme 10,00');
    expect(parsed.total).toBe(10);
    expect(parsed.lines.map((l) => l.name)).toEqual(['Brot', 'Milch']);
  });

  it('takes the ringgit sign off a name, not the letters a name ends in', () => {
    expect(summary('WARUNG CONTOH\nNASI GORENG RM 8.50\nTOTAL RM 8.50')).toEqual([['NASI GORENG', 1, 8.5, 8.5]]);
    expect(summary('Baumarkt Muster\nBACKFORM 4,99\nSUMME 4,99')).toEqual([['BACKFORM', 1, 4.99, 4.99]]);
    expect(summary('Baumarkt Muster\nGehörschutz LÄRM 4,99 A\nSUMME 4,99')).toEqual([['Gehörschutz LÄRM', 1, 4.99, 4.99]]);
  });

  it('reads a German supermarket receipt: store, date, counts below lines, weights, deposit, total', () => {
    const receipt = read(`REWE Markt GmbH
Musterstraße 12
50667 Köln
Tel. 0221 123456
UID Nr. DE812706034
EUR
VOLLMILCH 3,5% 1,19 A
JOGHURT NATUR 2,58 A
2 Stk x 1,29
BANANEN 1,36 A
0,456 kg x 2,99 EUR/kg
PFAND 0,25 EUR A
--------------------------------
SUMME EUR 5,38
Geg. BAR EUR 10,00
Rückgeld BAR EUR 4,62
Steuer % Netto Steuer Brutto
A= 7,0% 5,03 0,35 5,38
Datum: 14.03.2025 Uhrzeit: 18:02:11 Uhr
Markt:1234 Kasse:3 Bed.:123456`);
    expect(receipt.storeName).toBe('REWE Markt GmbH');
    expect(receipt.retailerKey).toBe('rewe');
    expect(receipt.storeNumber).toBe('1234');
    expect(receipt.purchaseDate).toBe('2025-03-14');
    expect(receipt.currency).toBe('EUR');
    expect(receipt.total).toBe(5.38);
    expect(receipt.lines.map((l) => [l.name, l.quantity, l.unit, l.unitPrice, l.totalPrice, l.kind, l.taxCode])).toEqual([
      ['VOLLMILCH 3,5%', 1, 'piece', 1.19, 1.19, 'item', 'A'],
      ['JOGHURT NATUR', 2, 'piece', 1.29, 2.58, 'item', 'A'],
      ['BANANEN', 0.456, 'kg', 2.99, 1.36, 'item', 'A'],
      ['PFAND', 1, 'piece', 0.25, 0.25, 'deposit', 'A'],
    ]);
    expect(receipt.consistency).toMatchObject({ status: 'ok', difference: 0 });
  });

  it('keeps discounts and coupons as negative lines and pairs counts printed above their line', () => {
    const receipt = read(`LIDL
Lidl Dienstleistung GmbH & Co. KG
Filiale 0815
2 x 0,79
Gurke 1,58 A
Rabatt 20% -0,32 A
Coupon Kaffee 1,00- B
Kaffee Crema 500g 5,99 B
Leergut -0,75 A
zu zahlen 5,50
Kartenzahlung 5,50
02.01.26 09:15`);
    expect(receipt.retailerKey).toBe('lidl');
    expect(receipt.storeNumber).toBe('0815');
    expect(receipt.purchaseDate).toBe('2026-01-02');
    expect(receipt.lines.map((l) => [l.name, l.kind, l.quantity, l.totalPrice])).toEqual([
      ['Gurke', 'item', 2, 1.58],
      ['Rabatt 20%', 'discount', 1, -0.32],
      ['Coupon Kaffee', 'discount', 1, -1],
      ['Kaffee Crema 500g', 'item', 1, 5.99],
      ['Leergut', 'deposit', 1, -0.75],
    ]);
    expect(receipt.consistency.status).toBe('ok');
  });

  it('joins names that wrap and amounts printed on the next line', () => {
    expect(
      summary(`Bäckerei Schäfer
Hauptstr. 5, 12345 Backdorf
Bio Vollkorn Dinkel
Toastbrot 500g 2,49
Roggenmischbrot
3,20
3 x Laugenbrezel 1,65
Gesamt 7,34 €`),
    ).toEqual([
      ['Bio Vollkorn Dinkel Toastbrot 500g', 1, 2.49, 2.49],
      ['Roggenmischbrot', 1, 3.2, 3.2],
      ['Laugenbrezel', 3, 0.55, 1.65],
    ]);
  });

  it('reads an amount the OCR or a narrow column ran into the name', () => {
    expect(summary('Bäckerei\nSonnenblumenbrot 750g3,80 €\n6 Roggenbrot 1000g3,20 19,20 €\nGesamt 23,00 €')).toEqual([
      ['Sonnenblumenbrot 750g', 1, 3.8, 3.8],
      ['Roggenbrot 1000g', 6, 3.2, 19.2],
    ]);
  });

  it('reads table columns (count, unit price, amount) and counts with their own amount', () => {
    expect(
      summary(`dm-drogerie markt
Artikel Menge Preis Betrag
Zahnpasta 2 1,45 2,90 1
Duschgel
2 x 0,95 1,90 1
SUMME EUR 4,80`),
    ).toEqual([
      ['Zahnpasta', 2, 1.45, 2.9],
      ['Duschgel', 2, 0.95, 1.9],
    ]);
  });

  it('reads a US receipt: dollar amounts, tax on top of the lines, month-first dates', () => {
    const receipt = read(`FRESH MART #0042
123 Main Street
Springfield, IL 62701
03/04/2025 5:42 PM
MILK 2% GAL 3.49 F
BANANAS 1.33 F
2.25 lb @ 0.59 /lb
EGGS LARGE 12CT 2.99 F
2 @ 1.50
BREAD WHITE 3.00 F
SUBTOTAL 10.81
TAX 0.65
TOTAL $11.46
CASH 20.00
CHANGE 8.54`);
    expect(receipt.language).toBe('en');
    expect(receipt.currency).toBe('USD');
    expect(receipt.decimalSeparator).toBe('.');
    expect(receipt.purchaseDate).toBe('2025-03-04');
    expect(receipt.storeName).toBe('FRESH MART #0042');
    expect(receipt.storeNumber).toBe(null);
    expect(receipt.tax).toBe(0.65);
    expect(receipt.lines.map((l) => [l.name, l.quantity, l.unitPrice, l.totalPrice])).toEqual([
      ['MILK 2% GAL', 1, 3.49, 3.49],
      ['BANANAS', 2.25, 0.59, 1.33],
      ['EGGS LARGE 12CT', 1, 2.99, 2.99],
      ['BREAD WHITE', 2, 1.5, 3],
    ]);
    expect(receipt.consistency).toMatchObject({ status: 'ok', linesTotal: 11.46 });
  });

  it('drops till ids above the first line and keeps printed barcodes apart from the name', () => {
    const receipt = read(`Walmart
ST# 01234 OP# 00001 TE# 01 TR# 01234
BANANAS 000000004011 F 1.36 N
MILK 007874235186 F 3.48 N
SUBTOTAL 4.84
TOTAL 4.84
05/14/24 18:12:01`);
    expect(receipt.storeNumber).toBe('01234');
    expect(receipt.purchaseDate).toBe('2024-05-14');
    expect(receipt.lines.map((l) => [l.name, l.barcode, l.totalPrice, l.taxCode])).toEqual([
      ['BANANAS', '000000004011', 1.36, 'N'],
      ['MILK', '007874235186', 3.48, 'N'],
    ]);
  });

  it('reads UK receipts day first and English thousands separators', () => {
    const receipt = read(`Corner Shop Ltd
VAT No 123 4567 89
TV 50 inch 1,234.50
Batteries 4.99
TOTAL £1,239.49
VAT 20% 206.58
04/03/2025 10:01`);
    expect(receipt.currency).toBe('GBP');
    expect(receipt.purchaseDate).toBe('2025-03-04');
    expect(receipt.total).toBe(1239.49);
    expect(receipt.lines.map((l) => l.totalPrice)).toEqual([1234.5, 4.99]);
  });

  it('accepts ISO and two-digit-year dates and ignores best-before dates', () => {
    expect(read('Shop\nMHD bis 20.05.2025\nBrot 1,00\nSUMME 1,00\n2025-05-01 12:00').purchaseDate).toBe('2025-05-01');
    expect(read('Shop\nBrot 1,00\nSUMME 1,00\n01.05.25').purchaseDate).toBe('2025-05-01');
  });

  it('uses the arithmetic to read a tax digit the OCR merged into the amount', () => {
    const receipt = read(`EDEKA Center
2 x 3,42
Eier Bodenhaltung 6,841
Milch 1,19 1
SUMME 8,03`);
    expect(receipt.lines.map((l) => [l.name, l.totalPrice, l.taxCode])).toEqual([
      ['Eier Bodenhaltung', 6.84, '1'],
      ['Milch', 1.19, '1'],
    ]);
    expect(receipt.consistency.status).toBe('ok');
    expect(receipt.consistency.notes.join()).toContain('three-decimal');
  });

  it('corrects a misread amount when count × price and the total both say otherwise', () => {
    const receipt = read(`Kaufland
Joghurt 3,58 A
2 x 1,29
Milch 1,19 A
SUMME 3,77`);
    expect(receipt.lines[0].totalPrice).toBe(2.58);
    expect(receipt.consistency.status).toBe('corrected');
  });

  it('corrects one look-alike digit in one amount when that alone makes the lines meet the total', () => {
    const parsed = parseReceipt({ lines: ['MARKT', 'MOZZARELLA 9,79 A', 'BROT 2,49 A', 'SUMME EUR 3,28'] });
    expect(parsed.lines.map((l) => l.totalPrice)).toEqual([0.79, 2.49]);
    expect(parsed.consistency.status).toBe('corrected');
  });

  it('takes the paid amount as the total when the total line was misread and the lines agree with the payment', () => {
    const parsed = parseReceipt({ lines: ['MARKT', 'MILCH 1,19 A', 'BROT 2,49 A', 'zu zahlen 3,63', 'Kartenzahlung 3,68'] });
    expect(parsed.total).toBe(3.68);
    expect(parsed.consistency).toMatchObject({ status: 'corrected', difference: 0 });
  });

  it('takes the VAT table\'s gross sum as the total when it and the lines agree against a misread total', () => {
    const parsed = parseReceipt({ lines: ['MARKT', 'MILCH 1,19 B', 'SEIFE 2,49 C', 'SUMME EUR 3,66', 'B 7% 1,11 0,08 1,19', 'C 19% 2,09 0,40 2,49'] });
    expect(parsed.total).toBe(3.68);
    expect(parsed.consistency).toMatchObject({ status: 'corrected', difference: 0 });
  });

  it('checks lines whose tax class letter was misread against the VAT table\'s row for the class no line carries', () => {
    // 11,90 read as 11,00 with class Y read as V; the total and the payment misread alike.
    const parsed = read('MARKT\nDUSCHGEL 11,00 V\nCHIPS 2,35 E\nTEE 3,00 E\nSUMME EUR 17,55\nKarte EUR 17,55\nY 19,0% 1,90 10,00 11,90\nE 7,0% 0,35 5,00 5,35');
    expect(parsed.lines.map((l) => [l.name, l.totalPrice, l.taxCode])).toEqual([
      ['DUSCHGEL', 11.9, 'Y'],
      ['CHIPS', 2.35, 'E'],
      ['TEE', 3, 'E'],
    ]);
    expect(parsed.total).toBe(17.25);
  });

  it('does not check a class against a VAT table that leaves out the class of the returned empties', () => {
    // The food row's gross is the whole total, the deposit's -2,00 in it: 5,99 is no misread 3,99.
    const parsed = read('MARKT\nKAFFEE 5,99 A\nBROT 3,49 A\nLEERGUT -2,00 B\nzu zahlen 7,48\nA 7% 0,49 6,99 7,48');
    expect(parsed.lines.map((l) => l.totalPrice)).toEqual([5.99, 3.49, -2]);
    expect(parsed.total).toBe(7.48);
  });

  it('asks OCR\'s word confidences whether the printed date or a barcode\'s digits were misread', () => {
    const line = (text: string, confidence: number) => ({ text, words: text.split(' ').map((word) => ({ text: word, confidence })) });
    const receipt = (printed: number, run: number) =>
      parseReceipt({ lines: ['MARKT', 'BROT 2,49 A', 'SUMME 2,49', line('Datum 14.06.25 18:02', printed), line('00123140525000456', run)] }).purchaseDate;
    expect(receipt(0.95, 0)).toBe('2025-06-14');
    expect(receipt(0.7, 0.65)).toBe('2025-05-14');
  });

  it('takes OCR\'s second readings of faded amounts where the total agrees with them', () => {
    const line = (name: string, amount: string, again?: string) => ({
      text: `${name} ${amount} B`,
      words: [{ text: name }, { text: amount, ...(again ? { alternative: again } : {}) }, { text: 'B' }],
    });
    const receipt = (total: string, totalAgain?: string) =>
      parseReceipt({ lines: ['MARKT', line('SALAT', '1,93', '1,99'), line('KUCHEN', '1,95', '1,99'), line('BROT', '1,49'), { text: `SUMME ${total}`, words: [{ text: 'SUMME' }, { text: total, ...(totalAgain ? { alternative: totalAgain } : {}) }] }] });
    const settled = receipt('5,47');
    expect(settled.lines.map((l) => l.totalPrice)).toEqual([1.99, 1.99, 1.49]);
    expect(settled.consistency.status).toBe('corrected');
    // Without a second reading of the total that agrees, lines that already add up stay as read.
    expect(receipt('5,37').lines.map((l) => l.totalPrice)).toEqual([1.93, 1.95, 1.49]);
    // The total misread too: its own second reading and the lines' agree.
    const both = receipt('5,44', '5,47');
    expect([both.total, both.lines.map((l) => l.totalPrice)]).toEqual([5.47, [1.99, 1.99, 1.49]]);
  });

  it('gives returned empties whose amount was not read what the total leaves over only as a credit', () => {
    const parsed = read('MARKT\nMILCH 1,19 B\nSEIFE 2,49 C\nLEERGUT MINUS O3 a6\nSUMME EUR 3,18');
    expect(parsed.lines.map((l) => [l.name, l.totalPrice])).toEqual([
      ['MILCH', 1.19],
      ['SEIFE', 2.49],
      ['LEERGUT MINUS', -0.5],
    ]);
    expect(read('MARKT\nMILCH 1,19 B\nSEIFE 2,49 C\nLEERGUT MINUS O3 a6\nSUMME EUR 4,18').lines).toHaveLength(2);
  });

  it('reads an amount with a leading zero as misread: the article printed again costs what its twin costs', () => {
    const parsed = read('MARKT\nJOGHURT NATUR 0,35 C\nJOGHURT NATUR 05,95\nBROT 1,50 C\nSUMME EUR 2,20');
    expect(parsed.lines.map((l) => [l.name, l.totalPrice])).toEqual([
      ['JOGHURT NATUR', 0.35],
      ['JOGHURT NATUR', 0.35],
      ['BROT', 1.5],
    ]);
    expect(parsed.consistency.status).toBe('ok');
  });

  it('answers a receipt whose only article amount was lost with that article at the total, unchecked', () => {
    const parsed = read('ELEKTRO MARKT\nMusterweg 1\n12345 Stadt\nTEL. 01234 5678\nHERSTELLER\nXK42ZM/A LADEKABEL USB-C\nKundenbeleg\nUhrzeit: 16:14 Uhr\nBetrag EUR 39,00');
    expect(parsed.lines.map((l) => [l.name, l.totalPrice])).toEqual([['XK42ZM/A LADEKABEL USB-C', 39]]);
    expect(parsed.consistency.status).toBe('incomplete');
  });

  it('prices the only article whose amount was lost at what the payment readings agree on, not at a misread total', () => {
    const parsed = read('ELEKTRO MARKT\nMusterweg 1\n12345 Stadt\nXK42ZM/A LADEKABEL USB-C\n3957 A\nTotal EUR 739,00\nKundenbeleg\nBetrag EUR 39,00\nGIROCARD 39,00\nincl. 19,00% MwSt 6,23\nNetto-Warenwert 32,77');
    expect(parsed.total).toBe(39);
    expect(parsed.lines.map((l) => [l.name, l.totalPrice])).toEqual([['XK42ZM/A LADEKABEL USB-C', 39]]);
  });

  it('reads a total with the paper\'s edge read as an underscore after it, not the subtotal above', () => {
    const parsed = read('SHOP\nMILK 1.19\nBREAD 2.49\nSUBTOTAL 3.68\nTAX 0.30\nTOTAL $3.98 _\nCASH 5.00', 'en');
    expect(parsed.total).toBe(3.98);
    expect(parsed.consistency.status).toBe('ok');
  });

  it('reports a mismatch and a missing total instead of guessing', () => {
    expect(read('Shop\nBrot 1,00\nMilch 2,00\nSUMME 4,00').consistency).toMatchObject({ status: 'mismatch', difference: 1 });
    expect(read('Shop\nBrot 1,00\nMilch 2,00').consistency.status).toBe('incomplete');
  });

  it('strips tax codes in their usual shapes and defaults to EUR', () => {
    const receipt = read('Markt\nA 6,84 A\nB 6,84 1\nC 1,99 B*\nD 0,99B\nSUMME 16,66');
    expect(receipt.lines.map((l) => [l.name, l.totalPrice, l.taxCode])).toEqual([
      ['A', 6.84, 'A'],
      ['B', 6.84, '1'],
      ['C', 1.99, 'B'],
      ['D', 0.99, 'B'],
    ]);
    expect(receipt.currency).toBe('EUR');
  });
});

describe('linesFromWords', () => {
  it('groups positioned words into lines, top to bottom and left to right', () => {
    const box = (x0: number, y0: number, x1: number) => ({ x0, y0, x1, y1: y0 + 10 });
    const lines = linesFromWords([
      { text: '1,19 A', box: box(200, 21, 240) },
      { text: 'Milch', box: box(10, 20, 60), confidence: 0.9 },
      { text: 'Shop', box: box(10, 0, 50) },
    ]);
    expect(lines.map((l) => l.text)).toEqual(['Shop', 'Milch 1,19 A']);
    expect(lines[1].confidence).toBe(0.9);
  });
});
