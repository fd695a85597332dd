import type { LineEvidence } from '../line-evidence.js';
import type { ParsedReceiptLine } from '../parser/receipt-text.js';
import type { ReceiptSourceType } from '../receipt-source.js';

/** What an engine read from a receipt file, before duplicates, matching and storage. */
export interface ReceiptReading {
  storeName: string | null;
  storeNumber: string | null;
  /** YYYY-MM-DD. */
  purchaseDate: string | null;
  /** ISO 4217, upper case. */
  currency: string;
  total: number | null;
  lines: ReadonlyArray<Pick<ParsedReceiptLine, 'kind' | 'rawText' | 'name' | 'quantity' | 'unitPrice' | 'totalPrice' | 'barcode'> & Partial<LineEvidence>>;
}

/** One way of reading receipts: the local engine, or a configured provider. */
export interface ReceiptReader {
  /**
   * Stored with each receipt: the same file is an exact duplicate only when read by the same
   * engine version, so a better engine may read it again.
   */
  readonly analysisVersion: string;
  read(bytes: Buffer, type: ReceiptSourceType): Promise<ReceiptReading>;
}
