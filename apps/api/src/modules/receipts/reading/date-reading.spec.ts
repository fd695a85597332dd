import { describe, expect, it } from 'vitest';
import type { ReceiptTextLine } from '../parser/receipt-text.js';
import type { PreparedPage } from './ocr-image.js';
import { dateLineCandidates, MARGIN, withDateLineReadAgain } from './date-reading.js';
import { stackCrops } from './second-reading.js';

const page = (width: number, height: number): PreparedPage => ({ pixels: new Uint8Array(width * height).fill(255), width, height, toSource: (x, y) => [x, y] });
/** A line of words 30 px high at `y`, each word 60 px wide. */
const line = (text: string, y: number, height = 30): ReceiptTextLine => ({
  text,
  words: text.split(' ').map((word, i) => ({ text: word, box: { x0: 10 + i * 70, y0: y, x1: 70 + i * 70, y1: y + height } })),
});

describe('the date line read again', () => {
  it('picks lines with a time of day first, then date words and date pieces, never a tall smudge', () => {
    const lines = [line('ALDI SUED', 0), line('Milch 1,19 B', 40), line('Datum Uhrzeit Filiale', 80), line('3182 ,03. 15:5C', 120), line('12:30 LOGO', 160, 200), line('SUMME 1,19', 400)];
    expect(dateLineCandidates(lines).map(({ line: l }) => l.text)).toEqual(['3182 ,03. 15:5C', 'Datum Uhrzeit Filiale']);
  });

  it('without such lines, the lines with digits whose words OCR was half or more unsure of: a date line read as garbage', () => {
    const unsure = (text: string, y: number, confidences: number[]): ReceiptTextLine => {
      const read = line(text, y);
      return { ...read, words: read.words!.map((word, i) => ({ ...word, confidence: confidences[i] })) };
    };
    const lines = [
      line('SUMME 1,19', 0),
      unsure('3182 LI a ML', 40, [0.97, 0.28, 0.58, 0.02]),
      unsure('LI a ML', 80, [0.28, 0.3, 0.02]),
      unsure('UST-ID 81468', 120, [0.9, 0.9]),
    ];
    expect(dateLineCandidates(lines).map(({ line: l }) => l.text)).toEqual(['3182 LI a ML']);
    // A line with a date's hints is read again alone.
    expect(dateLineCandidates([...lines, line('Datum Uhrzeit Filiale', 160)]).map(({ line: l }) => l.text)).toEqual(['Datum Uhrzeit Filiale']);
  });

  it('cuts the line at its words` middle top and bottom: a word whose box took in the bars of a barcode above does not stretch it', () => {
    const dated = line('3182 ,03. 15:5C', 100);
    const words = dated.words!.map((w, i) => (i === 1 ? { ...w, box: { ...w.box!, y0: 40 } } : w));
    const [{ box }] = dateLineCandidates([line('SUMME 1,19', 0), { ...dated, words }]);
    expect(box).toMatchObject({ y0: 100, y1: 130 });
  });

  it('reads nothing again when the page names a date', async () => {
    const lines = [line('SUMME 1,19', 0), line('02.03.20 15:59', 40)];
    let calls = 0;
    const out = await withDateLineReadAgain(page(400, 100), lines, async () => {
      calls += 1;
      return [];
    });
    expect(calls).toBe(0);
    expect(out).toEqual(lines);
  });

  it('reads the date line again when the only date the page names is after today', async () => {
    const lines = [line('SUMME 1,19', 0), line('18.05.27 09:50 0000545', 40)];
    const calls: number[] = [];
    const read = async () => {
      calls.push(1);
      return [];
    };
    await withDateLineReadAgain(page(400, 100), lines, read, '2026-11-27');
    expect(calls).toHaveLength(1);
    // Not after today, or no today known: the page's date stands.
    await withDateLineReadAgain(page(400, 100), lines, read, '2027-06-01');
    await withDateLineReadAgain(page(400, 100), lines, read);
    expect(calls).toHaveLength(1);
  });

  it('keeps each reading of the line (as printed, ink thickened) as its alternatives, once each', async () => {
    const lines = [line('SUMME 1,19', 0), line('3182 ,03. 15:5C', 40)];
    const target = dateLineCandidates(lines)[0].box;
    const { slots } = stackCrops(page(400, 100), [target, target], { margin: MARGIN });
    const at = (slot: number) => ({ x0: 10, y0: Math.round(slots[slot].top + 10), x1: 300, y1: Math.round(slots[slot].top + 30) });
    const read = async () => [
      { text: '3182 02.03.20 15:59', words: [{ text: '3182 02.03.20 15:59', box: at(0) }] },
      { text: '3182 02.03.20 15:59', words: [{ text: '3182 02.03.20 15:59', box: at(1) }] },
    ];
    const out = await withDateLineReadAgain(page(400, 100), lines, read);
    expect(out[1].alternatives).toEqual(['3182 02.03.20 15:59']);
    expect(out[0]).not.toHaveProperty('alternatives');
  });

  it('leaves the lines as read when the reading fails', async () => {
    const lines = [line('SUMME 1,19', 0), line('3182 ,03. 15:5C', 40)];
    expect(await withDateLineReadAgain(page(400, 100), lines, () => Promise.reject(new Error('worker gone')))).toEqual(lines);
  });
});
