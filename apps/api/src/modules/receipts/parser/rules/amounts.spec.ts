import { describe, expect, it } from 'vitest';
import { closingAmount } from './amounts.js';

describe('the amount closing a line', () => {
  it('reads the amount when the flag after it is misread', () => {
    expect(closingAmount('PFAND 0,25*xC', ',')).toMatchObject({ amount: 0.25, rest: 'PFAND', taxCode: 'C' });
    expect(closingAmount('Sessel 20,00 O0', ',')).toMatchObject({ amount: 20, rest: 'Sessel' });
    expect(closingAmount('Brot 0,39. .C', ',')).toMatchObject({ amount: 0.39, rest: 'Brot' });
    expect(closingAmount('1234567 225,00 b', ',')).toMatchObject({ amount: 225, rest: '1234567', taxCode: 'B' });
    expect(closingAmount('Kiwi 1,99 -E', ',')).toMatchObject({ amount: 1.99, rest: 'Kiwi', taxCode: 'E' });
    expect(closingAmount('Zucker 0,89...', ',')).toMatchObject({ amount: 0.89, rest: 'Zucker' });
    expect(closingAmount('PFAND 0,25«C', ',')).toMatchObject({ amount: 0.25, rest: 'PFAND', taxCode: 'C' });
    expect(closingAmount('LEERGUT -0,75<xC', ',')).toMatchObject({ amount: -0.75, rest: 'LEERGUT', taxCode: 'C' });
    expect(closingAmount('TEE 0,59.,C', ',')).toMatchObject({ amount: 0.59, rest: 'TEE', taxCode: 'C' });
    expect(closingAmount('2 02770034 01 2,00 14,99 29,98 1]', ',')).toMatchObject({ amount: 29.98 });
  });

  it('reads the cents after a space OCR put behind the decimal sign, at the end of the line', () => {
    expect(closingAmount('SALATBAR 2. 24*B', ',')).toMatchObject({ amount: 2.24, rest: 'SALATBAR', taxCode: 'B' });
    expect(closingAmount('GEGEBEN BAR 50, 00', ',')).toMatchObject({ amount: 50, rest: 'GEGEBEN BAR' });
    expect(closingAmount('Datum 04. 04. 2020', ',')).toBeNull();
    expect(closingAmount('Kekse 3, 25 Stück', ',')).toBeNull();
  });

  it('reads the amount before its currency with a speck after it', () => {
    expect(closingAmount('Super E5 39,36 EUR®', ',')).toMatchObject({ amount: 39.36, rest: 'Super E5' });
  });

  it('reads the amount before the paper’s edge read as a dash after the tax class', () => {
    expect(closingAmount('MAVIC PRO 1.129,00 b -', ',')).toMatchObject({ amount: 1129, rest: 'MAVIC PRO', taxCode: 'B' });
    expect(closingAmount('KABEL 12,99 b —', ',')).toMatchObject({ amount: 12.99, rest: 'KABEL', taxCode: 'B' });
  });

  it('reads the amount before a tax class with a speck glued to it', () => {
    expect(closingAmount('Lätta Original 1,79 A!', ',')).toMatchObject({ amount: 1.79, rest: 'Lätta Original', taxCode: 'A' });
  });

  it('keeps trailing minus signs', () => {
    expect(closingAmount('Leergut 0,25-', ',')).toMatchObject({ amount: -0.25 });
    expect(closingAmount('Leergut 0,25- A', ',')).toMatchObject({ amount: -0.25 });
    expect(closingAmount('Summe 134,39 -', ',')).toMatchObject({ amount: -134.39, rest: 'Summe' });
  });

  it('leaves a hyphen ending the name to the name', () => {
    expect(closingAmount('Salatbar- 2,18', ',')).toMatchObject({ amount: 2.18, rest: 'Salatbar-' });
    expect(closingAmount('Rabatt -0,50', ',')).toMatchObject({ amount: -0.5 });
    expect(closingAmount('Coupon - 1,00', ',')).toMatchObject({ amount: -1 });
  });

  it('reads letters OCR put for the digits of an amount', () => {
    expect(closingAmount('PFAND Ü,50xC', ',')).toMatchObject({ amount: 0.5, rest: 'PFAND', taxCode: 'C' });
    expect(closingAmount('FILTERTUETEN 1,C0 ©', ',')).toMatchObject({ amount: 1, rest: 'FILTERTUETEN', taxCode: 'C' });
    expect(closingAmount('PFAND OÖ, 25*C', ',')).toMatchObject({ amount: 0.25, rest: 'PFAND' });
    expect(closingAmount('LEERGUT 0, S0xC', ',')).toMatchObject({ amount: 0.5, rest: 'LEERGUT' });
    expect(closingAmount('LEERGUT „0, S0xC', ',')).toMatchObject({ amount: 0.5, rest: 'LEERGUT' });
    expect(closingAmount('PFAND N 0. 25=C', ',')).toMatchObject({ amount: 0.25 });
    expect(closingAmount('LEERGUT EW MINUS 0), 75*xC', ',')).toMatchObject({ amount: 0.75, rest: 'LEERGUT EW MINUS' });
    // Letters only, or a name without an amount: nothing to read.
    expect(closingAmount('PFAND OO,OO', ',')).toBeNull();
    expect(closingAmount('LEERGUT 3, SOC', ',')).toBeNull();
    expect(closingAmount('SCHOKO DOS', ',')).toBeNull();
    expect(closingAmount('SALATBAR 2,E7x*B', ',')).toBeNull();
  });

  it('reads the amount before a speck read as a third cent digit and a flag read as two letters', () => {
    expect(closingAmount('Kaffee 500g 3,499 BW', ',')).toMatchObject({ amount: 3.49, rest: 'Kaffee 500g', taxCode: 'B' });
    expect(closingAmount('Uhr/Thermometer 9,993 OÖ', ',')).toMatchObject({ amount: 9.99, rest: 'Uhr/Thermometer' });
    // A weight with its unit is not an amount.
    expect(closingAmount('Bananen 1,234 kg', ',')).toBeNull();
  });

  it('reads the amount before a tax class with specks of any sign glued to it or beside it', () => {
    expect(closingAmount('Bett 90x200 7,99 Wo %', ',')).toMatchObject({ amount: 7.99, rest: 'Bett 90x200' });
    expect(closingAmount('Decke 24,99 0%', ',')).toMatchObject({ amount: 24.99, rest: 'Decke' });
    expect(closingAmount('Uhr 9,99% 0?', ',')).toMatchObject({ amount: 9.99, rest: 'Uhr' });
    expect(closingAmount('Kochbuch 9,99] 0 ©', ',')).toMatchObject({ amount: 9.99, rest: 'Kochbuch' });
    expect(closingAmount('Brot 1,29 A £', ',')).toMatchObject({ amount: 1.29, rest: 'Brot', taxCode: 'A' });
  });

  it('does not take a percentage for an amount with specks after it', () => {
    expect(closingAmount('MwSt 19,00 %', ',')).toBeNull();
    expect(closingAmount('Rabatt 7,00 % A', ',')).toBeNull();
    expect(closingAmount('Cola 0,33 l %', ',')).toBeNull();
  });

  it('does not take a size for a flag', () => {
    expect(closingAmount('Cola 0,33 l', ',')).toBeNull();
    expect(closingAmount('Wein 0,75cl', ',')).toBeNull();
  });

  it('reads a decimal comma misread as a point before a tax class, and ß as the class B', () => {
    expect(closingAmount('Toilettenpapier 1.49 CW', ',')).toMatchObject({ amount: 1.49, rest: 'Toilettenpapier' });
    expect(closingAmount('Sandwich 1.79 8B', ',')).toMatchObject({ amount: 1.79, rest: 'Sandwich' });
    expect(closingAmount('Cola 1.50 5L', ',')).toBeNull();
    expect(closingAmount('Wodka 4,99 ß', ',')).toMatchObject({ amount: 4.99, rest: 'Wodka', taxCode: 'B' });
    expect(closingAmount('Geöffnet 8.00 - 20.00 h', ',')).toBeNull();
  });

  it('reads the amount before a speck or two at the end of a photographed line, with its comma misread too', () => {
    expect(closingAmount('Sandwich 1.79 B ;', ',')).toMatchObject({ amount: 1.79, rest: 'Sandwich', taxCode: 'B' });
    expect(closingAmount('Duschgel 1,65 C |', ',')).toMatchObject({ amount: 1.65, rest: 'Duschgel', taxCode: 'C' });
    expect(closingAmount('Cola 0,33 l |', ',')).toBeNull();
    expect(closingAmount('Sessel 10,00 :. 0', ',')).toMatchObject({ amount: 10, rest: 'Sessel' });
  });
});
