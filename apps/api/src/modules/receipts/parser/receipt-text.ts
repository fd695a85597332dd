/**
 * What the parser reads: the text of a receipt, line by line, top to bottom. A line is plain text
 * (a PDF text layer, pasted text) or text with the positioned words it was read from (OCR), so
 * an OCR engine can pass boxes and confidences later without callers changing shape.
 */
export interface ReceiptTextInput {
  lines: ReadonlyArray<string | ReceiptTextLine>;
  /** A hint for the layout's language when the caller knows it; the receipt's own cues win. */
  language?: ReceiptLanguage;
  /** The day the receipt is read (YYYY-MM-DD), when known: a purchase cannot be later. */
  today?: string;
}

export type ReceiptLanguage = 'de' | 'en';

export interface ReceiptTextLine {
  text: string;
  /** The words (or text runs) the line was assembled from, left to right, when known. */
  words?: readonly ReceiptWord[];
  /** 0–1: how sure the reader (OCR) is of the whole line. */
  confidence?: number;
  /** Other readings of the whole line (read again alone: the date line of a page without a date). */
  alternatives?: readonly string[];
}

export interface ReceiptWord {
  text: string;
  /** Page coordinates, y growing downwards; any unit as long as one receipt uses one. */
  box?: { x0: number; y0: number; x1: number; y1: number };
  /** 0–1. */
  confidence?: number;
  /** Another reading of the same pixels (OCR read an amount again, its ink thickened); the arithmetic chooses. */
  alternative?: string;
}

/** Where one parsed line came from, for review screens and for the corpus benchmark. */
export type ReceiptLineKind = 'item' | 'deposit' | 'discount';

export interface ParsedReceiptLine {
  /** Order on the receipt, from 1. */
  position: number;
  kind: ReceiptLineKind;
  /** The printed text the line was read from, its physical lines joined with " | ". */
  rawText: string;
  /** The article name as printed (wrapped names joined), without amounts, counts or tax codes. */
  name: string;
  /** Pieces, or the weight for weighed goods (`unit` says which). 1 when none is printed. */
  quantity: number;
  unit: 'piece' | 'kg' | 'g' | 'lb' | 'l';
  unitPrice: number | null;
  /** Negative for discounts, coupons and returned deposits. */
  totalPrice: number;
  /** The VAT class printed after the amount ("A", "1"), if any. */
  taxCode: string | null;
  /** A GTIN/UPC printed on the line (US tills print one after the name). */
  barcode: string | null;
  /** Indexes (0-based) of the input lines this line was read from. */
  sourceLines: number[];
}

export interface ReceiptConsistency {
  /**
   * ok: the lines add up to the printed total. corrected: they do after the notes' corrections.
   * mismatch: they do not. incomplete: there is no total (or no line) to check against.
   */
  status: 'ok' | 'corrected' | 'mismatch' | 'incomplete';
  linesTotal: number;
  /** Printed total minus the lines (and any tax printed on top of them); 0 when consistent. */
  difference: number | null;
  notes: string[];
}

export interface ParsedReceipt {
  language: ReceiptLanguage;
  /** The decimal separator the amounts are printed with. */
  decimalSeparator: ',' | '.';
  storeName: string | null;
  /** The chain or store key learned mappings are filed under (see `retailerKey`). */
  retailerKey: string;
  storeNumber: string | null;
  /** YYYY-MM-DD. */
  purchaseDate: string | null;
  /** ISO 4217, upper case; EUR when the receipt names none. */
  currency: string;
  total: number | null;
  /** Tax printed on top of the line amounts (US sales tax, GST added) and cash rounding above the total, else null; tax the prices already include is not counted. */
  tax: number | null;
  lines: ParsedReceiptLine[];
  consistency: ReceiptConsistency;
}

/** Positioned words (PDF text runs, OCR words) → text lines: same baseline band, left to right. */
export function linesFromWords(words: readonly ReceiptWord[]): ReceiptTextLine[] {
  const placed = words.filter((w): w is ReceiptWord & { box: NonNullable<ReceiptWord['box']> } => w.box !== undefined && w.text.trim() !== '');
  const sorted = [...placed].sort((a, b) => (a.box.y0 + a.box.y1) / 2 - (b.box.y0 + b.box.y1) / 2);
  const rows: Array<{ center: number; height: number; words: typeof placed }> = [];
  for (const word of sorted) {
    const center = (word.box.y0 + word.box.y1) / 2;
    const height = Math.max(word.box.y1 - word.box.y0, 1e-6);
    const row = rows.at(-1);
    // Words of one printed line overlap vertically; half a line height keeps neighbours apart.
    if (row && Math.abs(center - row.center) < Math.min(height, row.height) / 2) {
      row.words.push(word);
      row.center = (row.center * (row.words.length - 1) + center) / row.words.length;
    } else {
      rows.push({ center, height, words: [word] });
    }
  }
  return rows.map((row) => {
    const ordered = row.words.sort((a, b) => a.box.x0 - b.box.x0);
    const confidences = ordered.map((w) => w.confidence).filter((c): c is number => c !== undefined);
    return {
      text: ordered.map((w) => w.text.trim()).join(' '),
      words: ordered,
      ...(confidences.length > 0 ? { confidence: Math.min(...confidences) } : {}),
    };
  });
}
