import { normalizeKey } from '@hinv/shared';
import { describe, expect, it } from 'vitest';
import { canonicalReceiptKey, retailerKey } from './receipt-keys.js';

describe('canonicalReceiptKey', () => {
  it.each([
    ['VOLLMILCH 3,5% 1,19 A', 'vollmilch 3 5'],
    ['Vollmilch 3,5% 1.19 EUR', 'vollmilch 3 5'],
    ['Vollmilch 3,5% 1,19 € B', 'vollmilch 3 5'],
    ['Vollmilch 3,5% 1,19B', 'vollmilch 3 5'],
    ['Pfand -0,25', 'pfand'],
    ['Joghurt Natur 2 x 1,98 A', 'joghurt natur'],
    ['Joghurt Natur 2x', 'joghurt natur'],
    ['Joghurt Natur x 2', 'joghurt natur'],
    ['Brötchen 6 Stück', 'broetchen'],
    ['Brötchen 6 Stk.', 'broetchen'],
    ['Süßkartoffeln', 'suesskartoffeln'],
  ])('%j → %j', (line, key) => {
    expect(canonicalReceiptKey(line)).toBe(key);
  });

  it('keeps numbers that belong to the name: sizes, fat content, a number without a unit', () => {
    expect(canonicalReceiptKey('Spaghetti n.5')).toBe('spaghetti n 5');
    expect(canonicalReceiptKey('Cola 1,5 l')).toBe('cola 1 5 l');
    expect(canonicalReceiptKey('Vollmilch 3,5')).toBe('vollmilch 3 5');
    expect(canonicalReceiptKey('1,99')).toBe('1 99');
  });

  it('strips only one price and then one count, in that order', () => {
    expect(canonicalReceiptKey('Eier 10 Stk 2,99 A')).toBe('eier');
    expect(canonicalReceiptKey('Eier 2,99 A 10 Stk')).toBe('eier 2 99 a');
  });

  it('gives a line named like a product that product’s stored key', () => {
    for (const name of ['Crème fraîche', 'H-Milch 1,5 %', 'Äpfel Braeburn']) expect(canonicalReceiptKey(`${name} 1,29 A`)).toBe(normalizeKey(name));
  });
});

describe('retailerKey', () => {
  it.each([
    ['REWE Markt GmbH', 'rewe'],
    ['dm-drogerie markt', 'dm'],
    ['Drogerie Markt Filiale 12', 'dm'],
    ['ALDI SÜD', 'aldi'],
    ['ALDISÜD..', 'aldi'],
    ['ALDINORD', 'aldi'],
    ['Lidl Dienstleistung', 'lidl'],
    ['EDEKA Center Müller', 'edeka'],
    ['Kaufland Warenhandel', 'kaufland'],
    ['ROSSMANN', 'rossmann'],
    ['Netto Marken-Discount', 'netto'],
    ['PENNY Markt', 'penny'],
    ['Bäckerei Schäfer', 'baeckerei schaefer'],
    ['Admiral Shop', 'admiral shop'],
    ['HIT Markt', 'hit'],
    ['Woolworths Supermarkets', 'woolworths'],
    ['Woolworth GmbH', 'woolworth'],
    ['99 SPEEDMART S/B', 'speedmart'],
    ['NTUC FairPrice Co-operative', 'fairprice'],
    ['7-Eleven Malaysia', 'seveneleven'],
    ['Hit the road', 'hit the road'],
  ])('%j → %j', (name, key) => {
    expect(retailerKey(name)).toBe(key);
  });

  it('is * without a name', () => {
    expect(retailerKey(null)).toBe('*');
    expect(retailerKey('  ')).toBe('*');
    expect(retailerKey('***')).toBe('*');
  });
});
