import type { ReceiptTextLine, ReceiptWord } from '../parser/receipt-text.js';

/**
 * Tesseract's TSV as the parser reads it: one line per (block, paragraph, line), top to bottom,
 * its words with boxes and 0–1 confidences. Columns: level, page, block, paragraph, line, word,
 * left, top, width, height, confidence, text; level 5 rows are words.
 */
export function linesOfTsv(tsv: string): ReceiptTextLine[] {
  const lines = new Map<string, ReceiptWord[]>();
  for (const row of tsv.split('\n')) {
    const cells = row.split('\t');
    if (cells.length < 12 || cells[0] !== '5') continue;
    const text = cells.slice(11).join('\t').trim();
    if (text === '') continue;
    const [left, top, width, height, confidence] = cells.slice(6, 11).map(Number);
    const key = cells.slice(1, 5).join('.');
    const words = lines.get(key) ?? [];
    words.push({ text, box: { x0: left, y0: top, x1: left + width, y1: top + height }, confidence: Math.max(0, confidence) / 100 });
    lines.set(key, words);
  }
  return [...lines.values()].map((words) => ({
    text: words.map((word) => word.text).join(' '),
    words,
    confidence: Math.min(...words.map((word) => word.confidence ?? 1)),
  }));
}
