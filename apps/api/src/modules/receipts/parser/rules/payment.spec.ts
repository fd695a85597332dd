import { describe, expect, it } from 'vitest';
import { amountPaid, paymentAmounts, paymentKind } from './payment.js';

describe('payment lines', () => {
  it.each([
    ['Kartenzahlung 12,40', 'card'],
    ['elec.-cash 20,00', 'card'],
    ['EC-Cash 3,10', 'card'],
    ['Debit Mastercard EUR 9,99', 'card'],
    ['Betrag EUR 4,50', 'card'],
    ['GEGEBEN Mastercard 5,00', 'card'],
    ['Bar 10,00', 'cash'],
    ['GEGEBEN BAR 20.00', 'cash'],
    ['Cash tendered 20.00', 'cash'],
    ['CASH TEND 20.00', 'cash'],
    ['Geg. EC-Cash EUR 12,34', 'card'],
    ['Geg. BAR EUR 20,00', 'cash'],
    ['Rückgeld 1,20', 'change'],
    ['RUECKGELD EUR 0,80', 'change'],
    ['Change due 0.50', 'change'],
    ['x ; Kartenzahlumg 7,00', 'card'],
    ['GIRICARC 99,86', 'card'],
  ])('%j is a %s line', (text, kind) => {
    expect(paymentKind(text)).toBe(kind);
  });

  it.each(['Milch 1,19 A', 'Barilla Spaghetti 1,29', 'Kartoffeln 2,49', 'Summe 5,00'])('%j is no payment', (text) => {
    expect(paymentKind(text)).toBeNull();
  });

  it('reads the card payment, the card slip and the gross of the VAT table below the total', () => {
    const texts = ['Brot 2,00', 'SUMME 5,00', 'Kartenzahlung 5,00', 'MwSt Netto Brutto', 'Summe 0,33 4,67 5,00', 'Kundenbeleg', '2 EUR 5,00'];
    expect(paymentAmounts(texts, 1, ',')).toEqual([5, 5, 5]);
  });

  it('takes the cash handed over less the change', () => {
    expect(paymentAmounts(['Summe', 'Bar 10,00', 'Rückgeld 2,84'], 0, ',')).toEqual([7.16]);
  });

  it('lets the amounts that agree outvote a misread one', () => {
    expect(amountPaid([1.97, 19.77, 19.77])).toBe(19.77);
    expect(amountPaid([3.5])).toBe(3.5);
    expect(amountPaid([])).toBeNull();
  });
});

describe('amounts read apart', () => {
  it('are read as their whole units and the cents that close the line', () => {
    expect(paymentAmounts(['SUMME 19,46', 'MasterCard EUR 19, 4,46', 'Kartenzahlung 19,46'], 0, ',')).toEqual([19.46, 19.46]);
    expect(paymentAmounts(['SUMME 19,46', 'MasterCard EUR 19, 4,16'], 0, ',')).toEqual([19.16]);
  });
});
