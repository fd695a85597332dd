import type { ParsedReceiptLine, ReceiptTextLine } from './parser/receipt-text.js';
import type { ReceiptLineBox } from './receipt-item.entity.js';

/** What a line of read text came from: the page (from 1) and where a point OCR saw lies in the stored file's pixels. */
export interface TextLinePlacement {
  page: number;
  toStored(x: number, y: number): [number, number];
}

/** What the review needs to know about how a parsed line was read. */
export interface LineEvidence {
  /** The box of its printed text in the stored file's pixels; null without positioned words. */
  box: ReceiptLineBox | null;
  /** The OCR's confidence in its weakest word; null when not read by OCR. */
  ocrConfidence: number | null;
  /** Its amount appears nowhere in the text as first read: a repair or the parser changed it. */
  amountRepaired: boolean;
}

const AMOUNT = /\d+[.,]\d{2}(?!\d)/g;

/**
 * How each parsed line was read, from the text lines it came from (`sourceLines`): `text` as the
 * parser read it, `printed` as the reader first gave it (before repairs; same lines), and where
 * each text line stands (`placements`, absent for a PDF's text layer).
 */
export function lineEvidence(
  line: Pick<ParsedReceiptLine, 'sourceLines' | 'totalPrice'>,
  text: readonly ReceiptTextLine[],
  printed: readonly ReceiptTextLine[],
  placements?: readonly TextLinePlacement[],
): LineEvidence {
  const sources = line.sourceLines.filter((index) => index >= 0 && index < text.length);
  const confidences = sources.map((index) => text[index].confidence).filter((value): value is number => value !== undefined);
  const printedAmounts = new Set(
    sources.flatMap((index) => [...(printed[index]?.text ?? '').matchAll(AMOUNT)].map((match) => Math.round(Number(match[0].replace(',', '.')) * 100))),
  );
  return {
    box: placements ? boxOf(sources, text, placements) : null,
    ocrConfidence: confidences.length > 0 ? Math.min(...confidences) : null,
    amountRepaired: sources.length > 0 && !printedAmounts.has(Math.round(Math.abs(line.totalPrice) * 100)),
  };
}

/** The union of the words' boxes on the first page the line stands on, in the stored file's pixels. */
function boxOf(sources: readonly number[], text: readonly ReceiptTextLine[], placements: readonly TextLinePlacement[]): ReceiptLineBox | null {
  const first = sources.find((index) => placements[index] !== undefined);
  if (first === undefined) return null;
  const { page, toStored } = placements[first];
  const boxes = sources
    .filter((index) => placements[index]?.page === page)
    .flatMap((index) => (text[index].words ?? []).map((word) => word.box))
    .filter((box): box is NonNullable<typeof box> => box !== undefined);
  if (boxes.length === 0) return null;
  const x0 = Math.min(...boxes.map((box) => box.x0));
  const y0 = Math.min(...boxes.map((box) => box.y0));
  const x1 = Math.max(...boxes.map((box) => box.x1));
  const y1 = Math.max(...boxes.map((box) => box.y1));
  // The page OCR read may be turned against the stored file: the box around all four corners.
  const corners = [toStored(x0, y0), toStored(x1, y0), toStored(x0, y1), toStored(x1, y1)];
  const x = Math.max(0, Math.floor(Math.min(...corners.map(([cx]) => cx))));
  const y = Math.max(0, Math.floor(Math.min(...corners.map(([, cy]) => cy))));
  return { page, x, y, w: Math.ceil(Math.max(...corners.map(([cx]) => cx))) - x, h: Math.ceil(Math.max(...corners.map(([, cy]) => cy))) - y };
}
