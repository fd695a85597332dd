import type { BadgeTone } from '../../ui';
import type { Receipt } from './upload-receipt';

export type ReceiptLine = NonNullable<Receipt['items']>[number];

/** How a line got its product, in the words of the review: the server's match_status values. */
export type MatchKind = 'barcode' | 'learned' | 'alias' | 'exact' | 'manual' | 'suggested' | 'unresolved';

const KINDS: ReadonlySet<string> = new Set<MatchKind>(['barcode', 'learned', 'alias', 'exact', 'manual', 'suggested', 'unresolved']);

export interface LineMatch {
  kind: MatchKind;
  tone: BadgeTone;
  /** The product the line is mapped to or, for a suggestion, the one suggested. */
  productId: string | null;
  productName: string | null;
  /** A suggestion's similarity as a share (0.92 for 92 %); null for every other kind. */
  score: number | null;
}

/**
 * What matched a line and why. A suggestion only proposes its product (the line stays unmapped
 * until someone accepts it); an unknown status from a newer server reads as not matched.
 */
export function lineMatch(line: ReceiptLine): LineMatch {
  const kind: MatchKind = KINDS.has(line.match_status) ? (line.match_status as MatchKind) : 'unresolved';
  if (kind === 'suggested') {
    const score = line.suggested_catalog_product_score ?? line.match_score ?? null;
    return {
      kind,
      tone: 'warning',
      productId: line.suggested_catalog_product_id ?? null,
      productName: line.suggested_catalog_product_name ?? null,
      score: score === null ? null : Math.min(1, Math.max(0, score / 100)),
    };
  }
  const mapped = Boolean(line.catalog_product_id);
  return {
    kind: mapped ? kind : 'unresolved',
    tone: mapped ? 'accent' : 'neutral',
    productId: line.catalog_product_id ?? null,
    productName: mapped ? (line.catalog_product_name ?? null) : null,
    score: null,
  };
}

/** A suggestion that can be taken with one tap: it names a product and the line is still open. */
export const acceptable = (line: ReceiptLine): boolean => !line.imported && lineMatch(line).kind === 'suggested' && Boolean(line.suggested_catalog_product_id);

/** The name a line goes by on the screen: as the parser read it, else as printed. */
export const lineName = (line: ReceiptLine): string => line.normalized_name ?? line.raw_name;
