import { describe, expect, it } from 'vitest';
import { inlineQuantity, multiBuyWithoutAmount, quantityLine } from './quantities.js';

describe('count lines', () => {
  it('reads a count or weight with its unit price, and the line amount when printed', () => {
    expect(quantityLine('2 x 1,29', ',')).toMatchObject({ quantity: 2, unit: 'piece', unitPrice: 1.29, amount: null });
    expect(quantityLine('0,456 kg x 2,99 EUR/kg', ',')).toMatchObject({ quantity: 0.456, unit: 'kg', unitPrice: 2.99 });
    expect(quantityLine('2 x 1,29 2,58 A', ',')).toMatchObject({ quantity: 2, unitPrice: 1.29, amount: 2.58, taxCode: 'A' });
    expect(quantityLine('3 @ $1.50', '.')).toMatchObject({ quantity: 3, unitPrice: 1.5 });
    // The operator read twice over.
    expect(quantityLine('2xXx2,19', ',')).toMatchObject({ quantity: 2, unitPrice: 2.19 });
  });

  it('reads a count and amount without an operator (DIY tills) but not a pack size', () => {
    expect(quantityLine('2.000 STK 3.98 19', '.')).toMatchObject({ quantity: 2, unitPrice: 1.99, amount: 3.98 });
    expect(quantityLine('1kg 12,99 A', ',')).toBeNull();
    expect(quantityLine('3X 11,95 35:85:84', ',')).toMatchObject({ quantity: 3, unitPrice: 11.95, amount: 35.85 });
    expect(quantityLine('3X 11,95 35:80', ',')).toBeNull();
    expect(quantityLine('2.000S1K 3.98 19', '.')).toMatchObject({ quantity: 2, amount: 3.98 });
    expect(quantityLine('0,158 1,19 0,19', ',')).toMatchObject({ quantity: 0.158, unit: 'kg' });
  });

  it('reads a discount column between the price and the amount, and a two-letter tax code after it', () => {
    expect(quantityLine('1 PC * 12.50 0.00 12.50 SR', '.')).toMatchObject({ quantity: 1, unitPrice: 12.5, amount: 12.5 });
    expect(quantityLine('2 PC * 3.20 0.40 6.00', '.')).toMatchObject({ quantity: 2, unitPrice: 3.2, amount: 6 });
    // What stands between is no discount the amount allows.
    expect(quantityLine('2 PC * 3.20 0.50 6.00', '.')).toBeNull();
  });

  it('reads other units and the piece mark as OCR returns it', () => {
    expect(quantityLine('2 Rolle x 4,85', ',')).toMatchObject({ quantity: 2, unit: 'piece', unitPrice: 4.85 });
    expect(quantityLine('1.000 SIK 11.99 19', '.')).toMatchObject({ quantity: 1, unit: 'piece', amount: 11.99 });
    expect(quantityLine('1.000.37K 20.99 19', '.')).toMatchObject({ quantity: 1, amount: 20.99 });
  });

  it('reads a count of pieces at the price of one, with its tax code after it', () => {
    expect(quantityLine('1.000 STK a 19.99 19', '.')).toMatchObject({ quantity: 1, unit: 'piece', unitPrice: 19.99, amount: 19.99, taxCode: '19' });
    expect(quantityLine('2.000 STK x 4.99 19', '.')).toMatchObject({ quantity: 2, unitPrice: 4.99, amount: 9.98 });
    expect(quantityLine('3 Stk à 0,49 A', ',')).toMatchObject({ quantity: 3, unitPrice: 0.49, amount: 1.47, taxCode: 'A' });
    // A plain "a" is an operator only after the unit: a count and a word are no price.
    expect(quantityLine('2 a 0,49', ',')).toBeNull();
  });

  it('reads a weighed line in columns when weight × price per kg gives the amount', () => {
    expect(quantityLine('0,158 1,19 0,19', ',')).toMatchObject({ quantity: 0.158, unit: 'kg', unitPrice: 1.19, amount: 0.19 });
    expect(quantityLine('0,158 1,19 5,00', ',')).toBeNull();
  });

  it('reads a count with its amount beside a speck', () => {
    expect(quantityLine('1.000 STK | 11.99 19', '.')).toMatchObject({ quantity: 1, unit: 'piece', amount: 11.99 });
    expect(quantityLine('2 x 1,29 ; 2,58 A', ',')).toMatchObject({ quantity: 2, unitPrice: 1.29, amount: 2.58 });
    expect(quantityLine('1.000 STK Hammer 11.99 19', '.')).toBeNull();
  });

  it('reads a US multi-buy line: the count at the price of one', () => {
    expect(quantityLine('2 AT 1 FOR 1.74', '.')).toMatchObject({ quantity: 2, unit: 'piece', unitPrice: 1.74, amount: null });
    expect(quantityLine('2 AT 1 FOR BREAD 1.74', '.')).toBeNull();
  });

  it('reads a petrol pump line: litres at a price per litre with three decimals', () => {
    expect(quantityLine('Säule 3 42,18 l x 1,789 EUR/l 75,46 A', ',')).toMatchObject({ quantity: 42.18, unit: 'l', unitPrice: 1.789, amount: 75.46, taxCode: 'A' });
    expect(quantityLine('42,18 l x 1,789 EUR/l 75,46 A', ',')).toMatchObject({ quantity: 42.18, unitPrice: 1.789, amount: 75.46 });
    expect(quantityLine('02 22,68 l 1,499 EUR/l', ',')).toMatchObject({ quantity: 22.68, unit: 'l', unitPrice: 1.499, amount: null });
    expect(quantityLine('12.500 ltr @ 1.459 /ltr', '.')).toMatchObject({ quantity: 12.5, unit: 'l', unitPrice: 1.459 });
    // The litre read as a one or a bar.
    expect(quantityLine('42,18 1 x 1,789 EUR/1 75,46 A', ',')).toMatchObject({ quantity: 42.18, unitPrice: 1.789, amount: 75.46 });
    expect(quantityLine('22,68 | 1,499 EUR/I', ',')).toMatchObject({ quantity: 22.68, unitPrice: 1.499 });
    // An amount the litres and the price do not give is not this line's.
    expect(quantityLine('42,18 l x 1,789 EUR/l 70,00 A', ',')).toBeNull();
  });

  it('is not an article line', () => {
    expect(quantityLine('Milch 1,19 A', ',')).toBeNull();
  });
});

describe('counts inside the name', () => {
  it('splits the count off the name', () => {
    expect(inlineQuantity('Joghurt 2 x 1,29', 2.58, ',')).toEqual({ name: 'Joghurt', quantity: 2, unit: 'piece', unitPrice: 1.29 });
    expect(inlineQuantity('Bulgur 0,89 x 2', 1.78, ',')).toEqual({ name: 'Bulgur', quantity: 2, unit: 'piece', unitPrice: 0.89 });
    expect(inlineQuantity('3x Brötchen', 1.35, ',')).toEqual({ name: 'Brötchen', quantity: 3, unit: 'piece', unitPrice: 0.45 });
  });

  it('reads the count from amount ÷ price column when OCR garbled the count column', () => {
    expect(inlineQuantity('Kaffee 1kg Sl 12,99', 38.97, ',')).toMatchObject({ name: 'Kaffee 1kg', quantity: 3, unitPrice: 12.99 });
    expect(inlineQuantity('Vollmilch 1L 43 1,19', 4.76, ',')).toMatchObject({ name: 'Vollmilch 1L', quantity: 4, unitPrice: 1.19 });
    expect(inlineQuantity('Lachs 100g £ 3,49', 3.49, ',')).toMatchObject({ name: 'Lachs 100g', quantity: 1 });
    expect(inlineQuantity('Cola 0,5 L 1,29', 1.29, ',')).toBeNull();
  });

  it('takes a table count only when the arithmetic agrees', () => {
    expect(inlineQuantity('Milch 2 1,19', 2.38, ',')).toMatchObject({ name: 'Milch', quantity: 2 });
    expect(inlineQuantity('Saft 1 1,50', 2.38, ',')).toBeNull();
    // A leading count with the unit price, a size in the name that reads like a table's count.
    expect(inlineQuantity('2 Cola 0,4l 3,90', 7.8, ',')).toMatchObject({ name: 'Cola 0,4l', quantity: 2, unitPrice: 3.9 });
    expect(inlineQuantity('2 Cola 0,4l 3,90', 9.1, ',')).toBeNull();
  });
});

describe('multi-buys', () => {
  it('takes % for x only when count × price gives the amount', () => {
    expect(inlineQuantity('Reis 0,99% 2', 1.98, ',')).toMatchObject({ name: 'Reis', quantity: 2, unitPrice: 0.99 });
    expect(inlineQuantity('Reis 0,99% 2', 2.5, ',')).toBeNull();
  });

  it('reads a multi-buy with specks around the operator, its count misread, or the other decimal sign, when count × price gives the amount', () => {
    expect(inlineQuantity('Reis 0,99.x%. 2', 1.98, ',')).toMatchObject({ name: 'Reis', quantity: 2, unitPrice: 0.99 });
    expect(inlineQuantity('Reis 0,99 x. Z', 1.98, ',')).toMatchObject({ name: 'Reis', quantity: 2, unitPrice: 0.99 });
    expect(inlineQuantity('Käse 2.59 x 2', 5.18, ',')).toMatchObject({ name: 'Käse', quantity: 2, unitPrice: 2.59 });
    expect(inlineQuantity('Reis 0,99.x%. 3', 1.98, ',')).toBeNull();
    expect(inlineQuantity('Reis 0,99 x. Z', 2.5, ',')).toBeNull();
  });

  it('reads a multi-buy whose price has a speck for a third decimal, or one look-alike digit off, when the printed count and the amount give it', () => {
    expect(inlineQuantity('Käse 2.590 x 2', 5.18, ',')).toMatchObject({ name: 'Käse', quantity: 2, unitPrice: 2.59 });
    expect(inlineQuantity('Bulgur 0.90 x 2', 1.98, ',')).toMatchObject({ name: 'Bulgur', quantity: 2, unitPrice: 0.99 });
    // Not one look-alike digit off (2 for 9), nor without a printed count: left alone.
    expect(inlineQuantity('Bulgur 0.92 x 2', 1.98, ',')).toBeNull();
    expect(inlineQuantity('Bulgur 0.90 x', 1.98, ',')).toBeNull();
  });

  it('splits a multi-buy off the name when the amount beside it is one look-alike digit off count × price', () => {
    expect(inlineQuantity('Käse 2.590 x 2', 5.15, ',')).toMatchObject({ name: 'Käse', quantity: 2, unitPrice: 2.59 });
    // Two digits off, or a digit that is no look-alike (5 for 1): left alone.
    expect(inlineQuantity('Käse 2.590 x 2', 5.51, ',')).toBeNull();
    expect(inlineQuantity('Käse 2.590 x 2', 1.18, ',')).toBeNull();
  });

  it('computes the amount of a multi-buy whose amount was not read', () => {
    expect(multiBuyWithoutAmount('Käse 2,59 x 2 5 18°A', ',')).toEqual({ name: 'Käse', quantity: 2, unitPrice: 2.59, amount: 5.18 });
    expect(multiBuyWithoutAmount('Wasser 12.50*2', '.')).toEqual({ name: 'Wasser', quantity: 2, unitPrice: 12.5, amount: 25 });
    expect(multiBuyWithoutAmount('Käse 2.59.x 2 5, 187A', ',')).toEqual({ name: 'Käse', quantity: 2, unitPrice: 2.59, amount: 5.18 });
    expect(multiBuyWithoutAmount('Wodka 4,99 x 2 9,9 B 3', ',')).toEqual({ name: 'Wodka', quantity: 2, unitPrice: 4.99, amount: 9.98 });
    expect(multiBuyWithoutAmount('Käse 2,59 x 2 und noch viel mehr Text', ',')).toBeNull();
  });
});
