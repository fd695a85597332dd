import { isLookAlike } from './parser/rules/look-alike.js';
import type { ReceiptItemEntity } from './receipt-item.entity.js';

/** Below this OCR confidence (0–1, the line's weakest word) a line asks to be checked. */
export const LOW_OCR_CONFIDENCE = 0.6;

/**
 * Why a line may be wrong, in the order a person should look:
 * - `sum_mismatch`: the lines do not add up to the total, and this line alone would explain it
 *   (without it they would, or one of its digits read otherwise would make them);
 * - `amount_repaired`: the amount is not what OCR printed (a repair or the parser's checks changed it);
 * - `low_confidence`: OCR was unsure of the line's text;
 * - `quantity_price_mismatch`: quantity × unit price is not the line total.
 */
export const CHECK_REASONS = ['sum_mismatch', 'amount_repaired', 'low_confidence', 'quantity_price_mismatch'] as const;
export type CheckReason = (typeof CHECK_REASONS)[number];

type CheckedLine = Pick<ReceiptItemEntity, 'id' | 'quantity' | 'unitPrice' | 'totalPrice' | 'ocrConfidence' | 'amountRepaired' | 'corrected' | 'imported'>;

export interface ReceiptChecks {
  /** The line totals added up, in cents precision. */
  linesSum: number;
  /** Total minus the lines: positive when lines are missing, negative when there are too many; null without a total. */
  difference: number | null;
  reasons: Map<string, CheckReason[]>;
}

const toCents = (amount: number): number => Math.round(amount * 100);

export function checkReceipt(total: number | null, lines: readonly CheckedLine[]): ReceiptChecks {
  const sumCents = lines.reduce((sum, line) => sum + toCents(line.totalPrice ?? 0), 0);
  const differenceCents = total === null ? null : toCents(total) - sumCents;
  const reasons = new Map<string, CheckReason[]>();
  for (const line of lines) {
    const own: CheckReason[] = [];
    if (!line.imported) {
      if (differenceCents !== null && differenceCents !== 0 && explainsDifference(toCents(line.totalPrice ?? 0), differenceCents)) own.push('sum_mismatch');
      if (!line.corrected && line.amountRepaired) own.push('amount_repaired');
      if (!line.corrected && line.ocrConfidence !== null && line.ocrConfidence < LOW_OCR_CONFIDENCE) own.push('low_confidence');
      if (line.unitPrice !== null && line.totalPrice !== null && Math.abs(toCents(line.quantity * line.unitPrice) - toCents(line.totalPrice)) > 1) own.push('quantity_price_mismatch');
    }
    reasons.set(line.id, own);
  }
  return { linesSum: sumCents / 100, difference: differenceCents === null ? null : differenceCents / 100, reasons };
}

/**
 * Whether this one line can account for the difference: the lines are over by exactly its
 * amount (a footer or card slip read as an article), or its amount with the difference added
 * differs from it in one digit that OCR confuses with the other (`7,19` read as `1,19`).
 */
export function explainsDifference(amountCents: number, differenceCents: number): boolean {
  if (amountCents + differenceCents === 0) return true;
  const corrected = amountCents + differenceCents;
  if (corrected < 0) return false;
  const read = String(amountCents).padStart(3, '0');
  const meant = String(corrected).padStart(3, '0');
  if (read.length !== meant.length) return false;
  const differing = [...read].map((digit, i) => [digit, meant[i]] as const).filter(([a, b]) => a !== b);
  return differing.length === 1 && isLookAlike(differing[0][0], differing[0][1]);
}
