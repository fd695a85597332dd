import { describe, expect, it } from 'vitest';
import { checkReceipt, explainsDifference } from './receipt-checks.js';

const line = (id: string, totalPrice: number, extra: Partial<Parameters<typeof checkReceipt>[1][number]> = {}) => ({
  id,
  quantity: 1,
  unitPrice: null,
  totalPrice,
  ocrConfidence: null,
  amountRepaired: false,
  corrected: false,
  imported: false,
  ...extra,
});

describe('checking a receipt', () => {
  it('adds the lines in cents and answers the difference to the total', () => {
    const checks = checkReceipt(23.51, [line('a', 0.1), line('b', 0.2), line('c', 23.11)]);
    expect(checks.linesSum).toBe(23.41);
    expect(checks.difference).toBe(0.1);
  });

  it('has no difference without a total, and flags no line for the sum', () => {
    const checks = checkReceipt(null, [line('a', 1.19)]);
    expect(checks.difference).toBeNull();
    expect(checks.reasons.get('a')).toEqual([]);
  });

  it('flags the line whose one misread digit, or whose presence, explains the difference', () => {
    const checks = checkReceipt(10.37, [line('milk', 1.19), line('bread', 2.99), line('butter', 0.19), line('card', 6.0)]);
    // Sum 10.37 + 0 → matches: nothing flagged.
    expect([...checks.reasons.values()].flat()).toEqual([]);
    const over = checkReceipt(4.37, [line('milk', 1.19), line('bread', 2.99), line('butter', 0.19), line('card', 6.0)]);
    expect(over.reasons.get('card')).toEqual(['sum_mismatch']);
    expect(over.reasons.get('milk')).toEqual([]);
    const digit = checkReceipt(10.18, [line('milk', 1.19), line('bread', 2.99)]);
    expect(digit.difference).toBe(6);
    expect(digit.reasons.get('milk')).toEqual(['sum_mismatch']);
    expect(digit.reasons.get('bread')).toEqual([]);
  });

  it('flags repaired amounts, unsure OCR and quantity × price until a person corrected the line', () => {
    const checks = checkReceipt(null, [
      line('repaired', 1, { amountRepaired: true }),
      line('unsure', 1, { ocrConfidence: 0.59 }),
      line('sure', 1, { ocrConfidence: 0.6 }),
      line('times', 5, { quantity: 2, unitPrice: 2.49 }),
      line('rounded', 1.05, { quantity: 0.35, unitPrice: 2.99 }),
      line('corrected', 1, { amountRepaired: true, ocrConfidence: 0.1, corrected: true }),
      line('imported', 1, { amountRepaired: true, imported: true }),
    ]);
    expect(Object.fromEntries(checks.reasons)).toEqual({
      repaired: ['amount_repaired'],
      unsure: ['low_confidence'],
      sure: [],
      times: ['quantity_price_mismatch'],
      rounded: [],
      corrected: [],
      imported: [],
    });
  });

  it('counts one digit OCR confuses with the other, between amounts of one length', () => {
    expect(explainsDifference(119, 600)).toBe(true);
    expect(explainsDifference(119, 10)).toBe(false);
    expect(explainsDifference(139, 50)).toBe(true);
    expect(explainsDifference(119, 11)).toBe(false);
    expect(explainsDifference(99, 1)).toBe(false);
    expect(explainsDifference(600, -600)).toBe(true);
    expect(explainsDifference(100, -200)).toBe(false);
  });
});
