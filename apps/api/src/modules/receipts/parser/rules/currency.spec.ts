import { describe, expect, it } from 'vitest';
import { findCurrency, restoreEuroSigns } from './currency.js';

describe('receipt currency', () => {
  it.each([
    [['Milk £1.20', 'TOTAL £1.20'], 'en', 'GBP'],
    [['Milk $1.20', 'TOTAL $1.20'], 'en', 'USD'],
    [['Milk €1.20', 'Multibuy saving -€0.40', 'TOTAL €0.80'], 'en', 'EUR'],
    [['Milch 1,19 A', 'SUMME EUR 1,19'], 'de', 'EUR'],
    [['Brot 3.20', 'Total CHF 3.20'], 'de', 'CHF'],
    [['Rice 5.20', 'TOTAL RM 5.20'], 'en', 'MYR'],
    [['Rice S$5.20', 'TOTAL S$5.20'], 'en', 'SGD'],
    [['Rice A$5.20', 'TOTAL A$5.20'], 'en', 'AUD'],
    [['Milk C$5.49', 'TOTAL C$5.49'], 'en', 'CAD'],
    [['Milk 3.90', 'TOTAL NZ$3.90'], 'en', 'NZD'],
    [['Milk ₹54.00', 'Net Amount ₹54.00'], 'en', 'INR'],
    [['Milk Rs. 54.00', 'Total Rs.54.00'], 'en', 'INR'],
    [['Rice ₱250.00', 'TOTAL ₱250.00'], 'en', 'PHP'],
  ] as const)('%j → %s', (texts, language, currency) => {
    expect(findCurrency(texts, language)).toBe(currency);
  });

  it('does not take a lone speck read as £ for pounds on a German receipt', () => {
    expect(findCurrency(['£ AM Il', 'Milch 1,19 A', 'SUMME 1,19'], 'de')).toBe('EUR');
  });

  it("goes by the chain's or the VAT number's country when no amount carries a symbol", () => {
    expect(findCurrency(['TESCO Stores Ltd', 'Milk 1.20', 'TOTAL 1.20'], 'en')).toBe('GBP');
    expect(findCurrency(['Woolworths', 'Milk $1.20', 'TOTAL $1.20'], 'en')).toBe('AUD');
    expect(findCurrency(['Milk 1.20', 'TOTAL 1.20', 'VAT No. GB 123 4567 89'], 'en')).toBe('GBP');
    expect(findCurrency(['Milk 1.20', 'TOTAL 1.20', 'USt-IdNr. DE 123456789'], 'en')).toBe('EUR');
    expect(findCurrency(['Milk 1.20', 'TOTAL 1.20'], 'en')).toBe('EUR');
    expect(findCurrency(['12 High Street', 'London SW1A 1AA', 'Milk 1.20', 'TOTAL 1.20'], 'en')).toBe('GBP');
    expect(findCurrency(['Austin, TX 78701', 'MILK 1.20', 'TAX 0.10', 'TOTAL 1.30'], 'en')).toBe('USD');
    expect(findCurrency(['NO 8 JALAN MERAH 2', '81100 JOHOR BAHRU', 'RICE 5.20', 'TOTAL 5.20'], 'en')).toBe('MYR');
  });

  it("goes by the company's legal form over a lone dollar sign", () => {
    expect(findCurrency(['KEDAI SERI SDN. BHD.', 'Rice 5.20', 'TOTAL 5.20'], 'en')).toBe('MYR');
    expect(findCurrency(['SHOP PTE LTD', 'Rice 5.20', 'TOTAL $ 5.20'], 'en')).toBe('SGD');
    expect(findCurrency(['CORNER STORE', 'ABN 12 345 678 901', 'Bread 3.50', 'TOTAL $3.50'], 'en')).toBe('AUD');
    expect(findCurrency(['CORNER STORE', 'ABN 12 345 678 901', 'Bread $3.50', 'Milk $2.00', 'TOTAL $5.50'], 'en')).toBe('AUD');
    // Amounts with a country's dollar sign say whose the plain "$" ones are.
    expect(findCurrency(['COUNTDOWN', 'Milk $3.90', 'Bread $2.50', 'TOTAL NZ$6.40', 'EFTPOS NZ$6.40'], 'en')).toBe('NZD');
    expect(findCurrency(['COUNTDOWN', 'Milk $3.90', 'TOTAL NZ$3.90'], 'en')).toBe('NZD');
    // One such sign among many plain ones is a speck.
    expect(findCurrency(['Austin, TX 78701', 'EGGS $4.19', 'CHEESE $5.99', 'TOTAL S$10.18'], 'en')).toBe('USD');
    // Canada's province and postcode or sales taxes, India's GST number; a code shaped like a postcode alone says nothing.
    expect(findCurrency(['LOBLAWS', 'Toronto ON M5V 2T6', 'MILK 5.49', 'TOTAL 5.49'], 'en')).toBe('CAD');
    expect(findCurrency(['CORNER DELI', 'Austin, TX 78701', 'MILK $3.49', 'TOTAL $3.49', 'VISA APPROVAL # K7B3N9'], 'en')).toBe('USD');
    expect(findCurrency(['Kiosk', 'Brot 1,99', 'Summe 1,99', 'Genehmigung K3M7P2', 'Genehmigung K3M7P2'], 'de')).toBe('EUR');
    expect(findCurrency(['CORNER STORE', 'MILK $5.49', 'HST 13% $0.71', 'TOTAL $6.20'], 'en')).toBe('CAD');
    expect(findCurrency(['FRESH MART', 'GSTIN: 29AABCR1718E1ZL', 'MILK 54.00', 'CGST 2.5% 1.35', 'TOTAL 56.70'], 'en')).toBe('INR');
    // A name with the letters is no rupee sign.
    expect(findCurrency(['Farbe COLOURS 2,99 A', 'SUMME 2,99'], 'de')).toBe('EUR');
    expect(findCurrency(['Markt', 'Wurst RS 2,99', 'Summe 2,99'], 'de')).toBe('EUR');
  });

  it('never takes a German receipt for ringgit, nor letters of a name for its sign', () => {
    expect(findCurrency(['Baumarkt', 'Brennholz Buche 1 RM 89,00', 'SUMME 89,00'], 'de')).toBe('EUR');
    expect(findCurrency(['Baumarkt', 'Gehörschutz LÄRM 4,99 A', 'SUMME 4,99'], 'de')).toBe('EUR');
  });

  it('puts back a € read as 6 on a receipt that prints € before its amounts', () => {
    expect(restoreEuroSigns(['Milk €1.20', 'Eggs 62.10', 'Bread €0.95', 'TOTAL €4.25'])).toEqual(['Milk €1.20', 'Eggs €2.10', 'Bread €0.95', 'TOTAL €4.25']);
    expect(restoreEuroSigns(['Milch 1,20', 'Wein 62,10', 'SUMME 63,30'])).toEqual(['Milch 1,20', 'Wein 62,10', 'SUMME 63,30']);
  });
});
