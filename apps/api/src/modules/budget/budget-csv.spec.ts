import { describe, expect, it } from 'vitest';
import { budgetCsv, type BudgetCsvLine } from './budget-csv.js';

const line = (product: string, overrides: Partial<BudgetCsvLine> = {}): BudgetCsvLine => ({
  day: '2026-11-02',
  store: 'REWE',
  product,
  quantity: 1,
  unitPrice: 1.5,
  lineTotal: 1.5,
  ...overrides,
});
const body = (csv: string) => csv.replace(/^\uFEFF/, '').split('\r\n').slice(1, -1);

describe('budgetCsv', () => {
  it.each([
    { locale: 'de' as const, row: '2026-11-02;REWE;Käse;0,456;12,99;5,92' },
    { locale: 'en' as const, row: '2026-11-02,REWE,Käse,0.456,12.99,5.92' },
  ])('formats numbers for $locale without grouping', ({ locale, row }) => {
    expect(body(budgetCsv([line('Käse', { quantity: 0.456, unitPrice: 12.99, lineTotal: 5.92 })], locale))).toEqual([row]);
    expect(body(budgetCsv([line('Big', { quantity: 1, unitPrice: 1234.5, lineTotal: 1234.5 })], locale))[0]).not.toMatch(/1[.,]234[.,]5/);
  });

  it.each([
    { product: '=1+1', cell: "'=1+1" },
    { product: '+49 123', cell: "'+49 123" },
    { product: '-2+3', cell: "'-2+3" },
    { product: '@SUM(A1)', cell: "'@SUM(A1)" },
    { product: '\tTab', cell: "'\tTab" },
    { product: 'Milch; fettarm', cell: '"Milch; fettarm"' },
    { product: 'Der "Gute"', cell: '"Der ""Gute"""' },
    { product: 'zwei\nZeilen', cell: '"zwei\nZeilen"' },
    { product: 'A1 Apfel', cell: 'A1 Apfel' },
  ])('makes $product inert in German CSV', ({ product, cell }) => {
    expect(body(budgetCsv([line(product)], 'de')).join('\r\n')).toBe(`2026-11-02;REWE;${cell};1;1,50;1,50`);
  });

  it('quotes a comma only where it separates cells, and leaves a missing price empty', () => {
    expect(body(budgetCsv([line('Milch, fettarm', { unitPrice: null, lineTotal: null })], 'en'))).toEqual(['2026-11-02,REWE,"Milch, fettarm",1,,']);
    expect(body(budgetCsv([line('Milch, fettarm')], 'de'))).toEqual(['2026-11-02;REWE;Milch, fettarm;1;1,50;1,50']);
  });

  it('starts with a byte order mark and a header row in the language', () => {
    expect(budgetCsv([], 'de')).toBe('\uFEFFDatum;Geschäft;Produkt;Menge;Einzelpreis;Summe\r\n');
    expect(budgetCsv([], 'en')).toBe('\uFEFFDate,Store,Product,Quantity,Unit price,Line total\r\n');
  });
});
