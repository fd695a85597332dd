import { describe, expect, it } from 'vitest';
import { isSubtotalLabel, isTotalLabel } from './total-labels.js';

describe('total labels', () => {
  it.each(['SUMME EUR 5,38', 'Summe 5,38', 'zu zahlen 7,16', 'ZUZAHLEN 7,16', 'Gesamtbetrag 12,00', 'TOTAL 109,75 EUR', 'Total Sales (Inclusive GST) 23.50', 'Amount due $4.10', 'ROUNDED TOTAL (RM): 10.60', 'NETT TOTAL 10.60', 'Net Payable : 346.00'])('%j is a total', (text) => {
    expect(isTotalLabel(text)).toBe(true);
  });

  it.each(['Tatal 12,50', 'SUMNE EUR 3,10', '2 / 2 Summe 9,99', '* Gesamtbetrag 1,00', 'E } : - 2 ZU ZAHLEN EURO', 'a Summe EUR 4,20', 'Total to pay 3.50', 'Zu zahlender Betrag 3,50', 'Surnme 4,68', 'Gesarntbetrag 4,68', 'Total inkl. MwSt 4,68', 'Order total 4.68', 'Rechnungssumme 4,68'])('%j (misread, after a counter, with VAT included) is a total', (text) => {
    expect(isTotalLabel(text)).toBe(true);
  });

  it.each(['Zwischensumme 9,99', 'Summe Artikel 12', 'Total savings 1.47', 'TOTAL QTY: 6', 'Summe MwSt 0,47', 'Gesamt Punkte 12', 'Milch 1,19', 'Totes Meer Salz 3,99', 'Balance Brot 0,99 A', 'XL Summer Drink 1,99'])('%j is not a total', (text) => {
    expect(isTotalLabel(text)).toBe(false);
  });

  it('knows subtotals', () => {
    expect(isSubtotalLabel('Zwischensumme 9,99')).toBe(true);
    expect(isSubtotalLabel('Subtotal 9.99')).toBe(true);
    expect(isSubtotalLabel('Summe 9,99')).toBe(false);
  });

  it('takes a total before tax for a subtotal, a total with tax included for the total', () => {
    expect(isSubtotalLabel('Total Sales (Excluding GST) : 13.58')).toBe(true);
    expect(isTotalLabel('Total Sales (Excluding GST) : 13.58')).toBe(false);
    expect(isSubtotalLabel('Summe exkl. MwSt 8,40')).toBe(true);
    expect(isSubtotalLabel('TOTAL EXCLUDE GST: 56.60')).toBe(true);
    expect(isTotalLabel('TOTAL incl. GST 14.40')).toBe(true);
    expect(isTotalLabel('Total GST Inclusive 3.20')).toBe(true);
    expect(isTotalLabel('Total GST 0.82')).toBe(false);
  });
});
