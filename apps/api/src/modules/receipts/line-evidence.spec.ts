import { describe, expect, it } from 'vitest';
import { lineEvidence } from './line-evidence.js';
import type { ReceiptTextLine } from './parser/receipt-text.js';

const ocrLine = (text: string, y: number, confidence: number): ReceiptTextLine => ({
  text,
  confidence,
  words: text.split(' ').map((word, i) => ({ text: word, box: { x0: 10 + i * 100, y0: y, x1: 90 + i * 100, y1: y + 20 }, confidence })),
});

describe('how a parsed line was read', () => {
  it('boxes its words in the stored file’s pixels, on its page, and keeps the weakest confidence', () => {
    const text = [ocrLine('2 x 1,29', 100, 0.9), ocrLine('JOGHURT 2,58 A', 130, 0.55)];
    const evidence = lineEvidence({ sourceLines: [0, 1], totalPrice: 2.58 }, text, text, [
      { page: 2, toStored: (x: number, y: number): [number, number] => [x * 0.5, y * 0.5] },
      { page: 2, toStored: (x: number, y: number): [number, number] => [x * 0.5, y * 0.5] },
    ]);
    expect(evidence).toEqual({ box: { page: 2, x: 5, y: 50, w: 140, h: 25 }, ocrConfidence: 0.55, amountRepaired: false });
  });

  it('says the amount was repaired when it is not what was first read', () => {
    const printed = [ocrLine('MILCH 119 A', 0, 0.9)];
    const repaired = [ocrLine('MILCH 1,19 A', 0, 0.9)];
    expect(lineEvidence({ sourceLines: [0], totalPrice: 1.19 }, repaired, printed).amountRepaired).toBe(true);
    expect(lineEvidence({ sourceLines: [0], totalPrice: 1.19 }, repaired, repaired).amountRepaired).toBe(false);
    expect(lineEvidence({ sourceLines: [0], totalPrice: 7.19 }, repaired, repaired).amountRepaired).toBe(true);
  });

  it('has no box and no confidence for a PDF’s text layer', () => {
    expect(lineEvidence({ sourceLines: [0], totalPrice: 1.19 }, [{ text: 'MILCH 1.19 A' }], [{ text: 'MILCH 1.19 A' }])).toEqual({ box: null, ocrConfidence: null, amountRepaired: false });
  });
});
