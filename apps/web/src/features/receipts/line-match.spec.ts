import { describe, expect, it } from 'vitest';
import { acceptable, lineMatch, type ReceiptLine } from './line-match';

const line = (fields: Partial<ReceiptLine>): ReceiptLine => ({
  id: 'line-1',
  receipt_id: 'receipt-1',
  position: 1,
  raw_name: 'JOGHURT NATUR',
  quantity: 1,
  imported: 0,
  match_evidence: [],
  match_reason: 'unresolved',
  match_status: 'unresolved',
  check_reasons: [],
  corrected: false,
  ...fields,
});

describe('lineMatch', () => {
  it.each(['barcode', 'learned', 'alias', 'exact', 'manual'] as const)('names the product a %s match mapped the line to', (kind) => {
    expect(lineMatch(line({ match_status: kind, catalog_product_id: 'p1', catalog_product_name: 'Joghurt' }))).toEqual({
      kind,
      tone: 'accent',
      productId: 'p1',
      productName: 'Joghurt',
      score: null,
    });
  });

  it('gives a suggestion its product and its score as a share', () => {
    const match = lineMatch(line({ match_status: 'suggested', match_score: 91, suggested_catalog_product_id: 'p2', suggested_catalog_product_name: 'Joghurt Natur 3,5 %', suggested_catalog_product_score: 92 }));
    expect(match).toEqual({ kind: 'suggested', tone: 'warning', productId: 'p2', productName: 'Joghurt Natur 3,5 %', score: 0.92 });
  });

  it('falls back to the match score when the suggestion has none of its own', () => {
    expect(lineMatch(line({ match_status: 'suggested', match_score: 90, suggested_catalog_product_id: 'p2' })).score).toBe(0.9);
  });

  it('reads a mapped status without a product, and an unknown status, as not matched', () => {
    expect(lineMatch(line({ match_status: 'exact' })).kind).toBe('unresolved');
    expect(lineMatch(line({ match_status: 'from_the_future', catalog_product_id: 'p1' })).kind).toBe('unresolved');
  });
});

describe('acceptable', () => {
  it('takes an open suggestion that names a product', () => {
    expect(acceptable(line({ match_status: 'suggested', suggested_catalog_product_id: 'p2' }))).toBe(true);
  });

  it('leaves imported lines, suggestions without a product and mapped lines alone', () => {
    expect(acceptable(line({ match_status: 'suggested', suggested_catalog_product_id: 'p2', imported: 1 }))).toBe(false);
    expect(acceptable(line({ match_status: 'suggested' }))).toBe(false);
    expect(acceptable(line({ match_status: 'manual', catalog_product_id: 'p1' }))).toBe(false);
  });
});
