import { findPurchaseDate, notAfterToday } from '../parser/rules/dates.js';
import type { ReceiptTextLine } from '../parser/receipt-text.js';
import { pgm, type PreparedPage } from './ocr-image.js';
import type { ReadImage } from './page-reading.js';
import { asPrinted, stackCrops, thickenInk } from './second-reading.js';
import { type Box, lineMiddle, median } from './word-boxes.js';

/**
 * The date line read again alone, when the page as read gives no purchase date, or only one after
 * `today` (a faded "18.05.20" read as "18.05.27"). Tills print the
 * date and time stamp right under a barcode, whose bars reach down to the digits, and in a photo
 * a shadow or a blur may cross it too: OCR reads "3182 ,03. 15:5C" for "3182 02.03.20 15:59", and
 * the receipt has no date. Cut out tightly, with the bars and its neighbours left behind, the
 * same line reads better (tesseract no longer fits it into the page's layout). Each
 * such line is read twice, as printed and with its ink thickened (faded print), and the readings
 * are kept as the line's `alternatives`: the parser's date rule turns to them only when the lines
 * as read name no date, or none before tomorrow. One small OCR call, and only on such pages.
 */

/** A time of day, also with a digit misread ("15:5C", "09;52"); a date word. */
const TIME_HINT = /(?<!\d)\d{1,2}[:;]\d/;
const DATE_WORD = /\b(?:datum|date|uhrzeit|zeit|time)\b/i;
/** A date with a part lost or garbled: two-digit groups between dots or commas (",03.", "18.056,21"). */
const DATE_PIECE = /(?<![\d.,])\d{1,2}[.,]\d{2,3}[.,](?!\d{2}(?!\d))|[.,]\d{2}[.,]\s/;
/**
 * A line half or more of whose words OCR was unsure of (below this confidence) and that holds digits may
 * be a date line read as garbage ("3182 LI a ML" for "3182 748433/01 02.03.20 15:59"): such
 * lines are read again when no line shows a date's hints. Beside those they would only change
 * the picture the hinted lines are read again in (and with it their readings).
 */
const UNSURE = 0.5;
const DIGITS = /\d{2}/;
/** Lines read again at most. */
const MAX_LINES = 3;
/**
 * Margin around the line, in line heights: little, since a date is often printed right under a
 * barcode whose bars reach down to the digits, and a scrap of bars above them reads as garbage.
 */
export const MARGIN = 0.08;

export async function withDateLineReadAgain(page: PreparedPage, lines: readonly ReceiptTextLine[], read: ReadImage, today?: string): Promise<ReceiptTextLine[]> {
  if (notAfterToday(findPurchaseDate(lines.map((line) => line.text), 'dmy', today), today)) return [...lines];
  const targets = dateLineCandidates(lines).slice(0, MAX_LINES);
  if (targets.length === 0) return [...lines];
  const boxes = targets.flatMap(({ box }) => [box, box]);
  const { image, slots } = stackCrops(page, boxes, { ink: (source, crop, index) => (index % 2 === 0 ? asPrinted(source, crop) : thickenInk(source, crop)), margin: MARGIN });
  let reread: ReceiptTextLine[];
  try {
    reread = await read(pgm(image));
  } catch {
    return [...lines];
  }
  const found = new Map<ReceiptTextLine, string[]>();
  for (const [index, slot] of slots.entries()) {
    const text = reread
      .filter((line) => {
        const at = lineMiddle(line);
        return at !== null && at >= slot.top && at < slot.bottom;
      })
      .map((line) => line.text.trim())
      .join(' ')
      .trim();
    const { line } = targets[Math.floor(index / 2)];
    const readings = found.get(line) ?? [];
    if (text !== '' && text !== line.text && !readings.includes(text)) found.set(line, [...readings, text]);
  }
  return lines.map((line) => (found.has(line) ? { ...line, alternatives: found.get(line) } : line));
}

/**
 * The lines that may hold the date, likeliest first: a time of day (tills print the date beside
 * it), then a date word or a date's pieces; each with the box around its words. A line taller than
 * twice the page's usual line (a logo, a smudge read as text) is left out.
 */
export function dateLineCandidates(lines: readonly ReceiptTextLine[]): Array<{ line: ReceiptTextLine; box: Box }> {
  const boxed = lines.flatMap((line) => {
    const boxes = (line.words ?? []).flatMap((word) => (word.box ? [word.box] : []));
    if (boxes.length === 0) return [];
    // Its words' middle top and bottom: a word whose box took in a barcode's bars above it or a
    // rule beside it does not stretch the line.
    const box = {
      x0: Math.min(...boxes.map((b) => b.x0)),
      y0: median(boxes.map((b) => b.y0))!,
      x1: Math.max(...boxes.map((b) => b.x1)),
      y1: median(boxes.map((b) => b.y1))!,
    };
    return box.y1 > box.y0 ? [{ line, box }] : [];
  });
  const usual = median(boxed.map(({ box }) => box.y1 - box.y0)) ?? 0;
  const usable = boxed.filter(({ box }) => box.y1 - box.y0 <= 2 * usual);
  const hinted = usable.flatMap(({ line, box }) => {
    const score = (TIME_HINT.test(line.text) ? 2 : 0) + (DATE_WORD.test(line.text) ? 1 : 0) + (DATE_PIECE.test(line.text) ? 1 : 0);
    return score > 0 ? [{ line, box, score }] : [];
  });
  if (hinted.length === 0) return usable.filter(({ line }) => garbled(line) && DIGITS.test(line.text));
  return hinted.sort((a, b) => b.score - a.score).map(({ line, box }) => ({ line, box }));
}

/** Whether OCR was unsure of half or more of the line's words (see UNSURE). */
function garbled(line: ReceiptTextLine): boolean {
  const words = line.words ?? [];
  const unsure = words.filter((word) => word.confidence !== undefined && word.confidence < UNSURE).length;
  return words.length > 0 && unsure >= words.length / 2;
}
