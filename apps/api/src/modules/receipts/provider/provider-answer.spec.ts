import { describe, expect, it } from 'vitest';
import { MalformedAnswer, readProviderAnswer } from './provider-answer.js';

const answer = (receipt: unknown) => JSON.stringify(receipt);

const REWE = {
  store_name: 'REWE Markt GmbH',
  store_number: 1234,
  purchase_date: '2025-03-14',
  currency: 'eur',
  total: 5.38,
  items: [
    { name: 'VOLLMILCH 3,5%', quantity: 1, unit_price: 1.19, total_price: 1.19, category: 'item', barcode: null },
    { name: 'JOGHURT NATUR', quantity: 2, unit_price: 1.29, total_price: 2.58, category: 'item', barcode: '4 006040 052920' },
    { name: 'PFAND', quantity: 1, unit_price: null, total_price: 0.25, category: 'deposit', barcode: null },
    { name: 'Rabatt 10%', quantity: 1, unit_price: null, total_price: -0.5, category: 'adjustment', barcode: null },
  ],
};

describe('the provider answer', () => {
  it('turns a well-formed answer into the reading: header fields, lines with kinds, barcodes as digits', () => {
    expect(readProviderAnswer(answer(REWE))).toEqual({
      storeName: 'REWE Markt GmbH',
      storeNumber: '1234',
      purchaseDate: '2025-03-14',
      currency: 'EUR',
      total: 5.38,
      lines: [
        { kind: 'item', rawText: 'VOLLMILCH 3,5%', name: 'VOLLMILCH 3,5%', quantity: 1, unitPrice: 1.19, totalPrice: 1.19, barcode: null },
        { kind: 'item', rawText: 'JOGHURT NATUR', name: 'JOGHURT NATUR', quantity: 2, unitPrice: 1.29, totalPrice: 2.58, barcode: '4006040052920' },
        { kind: 'deposit', rawText: 'PFAND', name: 'PFAND', quantity: 1, unitPrice: null, totalPrice: 0.25, barcode: null },
        // Adjustments come back as discount lines; the analysis drops them as the reference does.
        { kind: 'discount', rawText: 'Rabatt 10%', name: 'Rabatt 10%', quantity: 1, unitPrice: null, totalPrice: -0.5, barcode: null },
      ],
    });
  });

  it('finds the object inside a code fence or prose, which models add despite being told not to', () => {
    const fenced = `Here is the receipt:\n\`\`\`json\n${answer(REWE)}\n\`\`\`\nAnything else?`;
    expect(readProviderAnswer(fenced).lines).toHaveLength(4);
    expect(readProviderAnswer(`Sure! ${answer(REWE)} Hope this helps.`).storeName).toBe('REWE Markt GmbH');
  });

  it('reads amounts written as text in either decimal style, weights included', () => {
    const reading = readProviderAnswer(
      answer({
        items: [
          { name: 'Bananen', quantity: '0,456', unit_price: '2,99 €', total_price: '1,36' },
          { name: 'Kaffee', quantity: '1', unit_price: '1.234,50', total_price: '1.234,50' },
          { name: 'Coffee', quantity: 1, total_price: '1,234.50' },
        ],
      }),
    );
    expect(reading.lines.map((line) => [line.quantity, line.unitPrice, line.totalPrice])).toEqual([
      [0.456, 2.99, 1.36],
      [1, 1234.5, 1234.5],
      [1, null, 1234.5],
    ]);
  });

  it('leaves unusable fields empty instead of guessing, and computes a missing line total from quantity × unit price', () => {
    const reading = readProviderAnswer(
      answer({
        store_name: '  ',
        purchase_date: '14.03.2025',
        currency: 'Euro',
        total: 'about five',
        items: [
          { name: 'Brot', quantity: 3, unit_price: 0.5, total_price: null },
          { name: 'Butter', quantity: 0, total_price: 1.99, category: 'food', barcode: '123' },
        ],
      }),
    );
    expect(reading).toMatchObject({ storeName: null, storeNumber: null, purchaseDate: null, currency: 'EUR', total: null });
    expect(reading.lines).toEqual([
      { kind: 'item', rawText: 'Brot', name: 'Brot', quantity: 3, unitPrice: 0.5, totalPrice: 1.5, barcode: null },
      { kind: 'item', rawText: 'Butter', name: 'Butter', quantity: 1, unitPrice: null, totalPrice: 1.99, barcode: null },
    ]);
    expect(readProviderAnswer(answer({ purchase_date: '2025-02-30', items: [] })).purchaseDate).toBeNull();
  });

  it('drops a line without a name or an amount, and answers no lines for an empty list (the analysis makes that a 422)', () => {
    const reading = readProviderAnswer(answer({ items: [{ name: '', total_price: 1 }, { name: 'Milch' }, { total_price: 2 }, { name: 'Käse', total_price: 'n/a' }] }));
    expect(reading.lines).toEqual([]);
    expect(readProviderAnswer(answer({ store_name: 'Lidl', items: [] })).lines).toEqual([]);
  });

  it('refuses what is not a receipt object: no JSON, no items list, an item that is not an object', () => {
    for (const text of ['', 'I cannot read this image.', '[1, 2]', answer({ store_name: 'REWE' }), answer({ items: 'none' }), answer({ items: ['Milch 1,19'] }), answer({ items: [null] })]) {
      expect(() => readProviderAnswer(text), text).toThrow(MalformedAnswer);
    }
    expect(() => readProviderAnswer(answer({ items: Array.from({ length: 501 }, () => ({ name: 'x', total_price: 1 })) }))).toThrow(MalformedAnswer);
  });

  it('keeps names and amounts within bounds', () => {
    const reading = readProviderAnswer(answer({ items: [{ name: 'A'.repeat(1000), total_price: 1 }, { name: 'Yacht', total_price: 5_000_000 }, { name: 'Odd', total_price: 1.005, quantity: 1.23456 }] }));
    expect(reading.lines[0].name).toHaveLength(300);
    expect(reading.lines.map((line) => line.name)).not.toContain('Yacht');
    expect(reading.lines[1]).toMatchObject({ quantity: 1.235 });
  });
});
