import { describe, expect, it } from 'vitest';
import { parseReceipt } from './receipt-parser.js';

// Store, date, total and currency read from the receipt as a whole (the rules in ./rules, put together).
describe('parseReceipt: store, date, total, currency', () => {
  it('closes the lines at a total whose amount was not read and takes the amount paid', () => {
    const parsed = parseReceipt({ lines: ['Hauptstr. 1', 'Brot 2,50 A', 'Milch 1,19 A', '- 2 ZU ZAHLEN EURO ;', 'Terminal-ID 1234', 'TA-Nr 4507 BNr 8,04', '2 EUR 3,69', 'KARTENZAHLUNG 3,69'] });
    expect(parsed.total).toBe(3.69);
    expect(parsed.lines.map((line) => line.name)).toEqual(['Brot', 'Milch']);
    expect(parsed.consistency.status).toBe('ok');
  });

  it('takes a header line with one unsure word as the store name, but not a logo read as noise', () => {
    const word = (text: string, confidence: number) => ({ text, confidence });
    const lines = [
      { text: 'ZZ =', words: [word('ZZ', 0.1), word('=', 0.05)], confidence: 0.05 },
      { text: 'Konditorei Weber', words: [word('Konditorei', 0.97), word('Weber', 0)], confidence: 0 },
      'Am Ring 2, 70173 Stuttgart',
      'Brezel 1,65 €',
      'Summe 1,65 €',
    ];
    expect(parseReceipt({ lines }).storeName).toBe('Konditorei Weber');
  });

  it('leaves a speck at the end of the store name\'s line (the paper\'s edge on a photo) out of the name', () => {
    expect(parseReceipt({ lines: ['Stadtmarkt Warenhandel |', 'Am Ring 2, 70173 Stuttgart', 'Brezel 1,65 €', 'Summe 1,65 €'] }).storeName).toBe('Stadtmarkt Warenhandel');
  });

  it('leaves specks before the store name\'s first word out of it, and keeps a name\'s own short capitals and numbers', () => {
    const store = (name: string) => parseReceipt({ lines: [name, 'Am Ring 2, 70173 Stuttgart', 'Brezel 1,65 €', 'Summe 1,65 €'] }).storeName;
    expect(store('fe STADT APOTHEKE')).toBe('STADT APOTHEKE');
    expect(store('vr“ > Konditorei Weber')).toBe('Konditorei Weber');
    expect(store('E center Weber')).toBe('E center Weber');
    expect(store('99 SPEEDMART')).toBe('99 SPEEDMART');
  });

  it('takes the card payment as the total when no total line is printed', () => {
    const parsed = parseReceipt({ lines: ['Quittung', 'Tisch 20,00', 'Stuhl 9,98', 'elec.-cash 29,98', 'Netto MwSt'] });
    expect(parsed.total).toBe(29.98);
    expect(parsed.lines).toHaveLength(2);
  });

  it('corrects a misread total when the lines agree with the gross of the VAT table', () => {
    const parsed = parseReceipt({ lines: ['Hauptstr. 1', 'Brot 2,50 A', 'Milch 1,19 A', 'zu zahlen 8,69', 'Karte 1,69', 'MWST% MWST + Netto = Brutto', 'A 7 % 0,24 3,45 3,69', 'Summe 0,24 3,45 3,69'] });
    expect(parsed.total).toBe(3.69);
    expect(parsed.storeName).toBe('Lidl');
  });

  it('names the chain from its slogan and reads the card slip date when the receipt date is unreadable', () => {
    const parsed = parseReceipt({ lines: ["Respekt, wer's selber macht.", 'Gartenweg 4', 'Schraube 1,99', 'SUMME EUR 1,99', 'Datum: 1 ,0M.202C', 'AS-Zeit 14.03. 18:02 Uhr'] });
    expect(parsed.storeName).toBe('toom');
    expect(parsed.purchaseDate).toBe('2020-03-14');
  });

  it('names the store before its registration number, not by the street below it', () => {
    const parsed = parseReceipt({ lines: ['12 MINIMART S/B (123456-K)', 'LOT 5, JALAN MELATI 3,', '41150 KLANG, SELANGOR', 'SUGAR 1KG 2.85', 'TOTAL 2.85'] });
    expect(parsed.storeName).toBe('12 MINIMART S/B');
    expect(parsed.currency).toBe('MYR');
  });

  it('takes a total excluding GST for a subtotal and the GST line above the total for tax', () => {
    const parsed = parseReceipt({
      lines: ['CONTOH TRADING SDN BHD', 'DESCRIPTION QTY PRICE AMOUNT', '000000222 1 45.00 45.00 SR', 'SAFETY HELMET', 'TOTAL EXCLUDE GST: 42.45', 'TOTAL GST @6%: 2.55', 'TOTAL INCLUSIVE GST: 45.00', 'ROUND AMT: 0.00', 'TOTAL: 45.00', 'VISA CARD 45.00'],
    });
    expect(parsed.total).toBe(45);
    expect(parsed.lines.map((line) => [line.name, line.totalPrice])).toEqual([['SAFETY HELMET', 45]]);
    expect(parsed.consistency.status).toBe('ok');
  });

  it('reads an Irish receipt in euro day first', () => {
    const parsed = parseReceipt({ lines: ['Corner Shop', 'Milk €2.19', 'Bread €1.85', 'TOTAL €4.04', '12/03/24 14:02'] });
    expect(parsed.currency).toBe('EUR');
    expect(parsed.purchaseDate).toBe('2024-03-12');
  });

  it('names the store by the company in a faint header that OCR is unsure of', () => {
    const parsed = parseReceipt({
      lines: [
        { text: 'SC |', confidence: 0.05 },
        { text: 'ro MUSTER GmbH', confidence: 0.3 },
        { text: 'Hauptstraße 4', confidence: 0.8 },
        { text: '12345 Stadt', confidence: 0.8 },
        { text: 'Super E5 39,35 EUR', confidence: 0.9 },
        { text: 'TOTAL 39,35 EUR', confidence: 0.9 },
      ],
    });
    expect(parsed.storeName).toBe('ro MUSTER GmbH');
  });

  it('takes the amount above a total label without its own when the lines agree with it and not with the one below', () => {
    const parsed = parseReceipt({ lines: ['Elektromarkt', 'Kopfhörer', '155,00', 'Total EUR', '200,00', 'Bar EUR 200,0'] });
    expect(parsed.total).toBe(155);
    expect(parsed.lines.map((line) => [line.name, line.totalPrice])).toEqual([['Kopfhörer', 155]]);
  });
});
