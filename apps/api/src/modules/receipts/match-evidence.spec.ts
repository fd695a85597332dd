import { describe, expect, it } from 'vitest';
import { isMatchEvidence, matchEvidence, toEvidenceResponse } from './match-evidence.js';

describe('match evidence', () => {
  it('names the reason as its source and words the label in the caller language, as the reference client shows it', () => {
    const fuzzy = matchEvidence('fuzzy_name', 0.9, false);
    expect(fuzzy).toEqual({ source: 'fuzzy_name', label: '90% similar – please check', confidence: 0.9, automatic: false });
    expect(toEvidenceResponse(fuzzy, 'fuzzy_name', 'de')).toEqual({ source: 'fuzzy_name', label: '90 % ähnlich – bitte prüfen', confidence: 0.9, automatic: false });
    expect(toEvidenceResponse(matchEvidence('manual', 1, false), 'manual', 'de').label).toBe('Manuell zugeordnet');
    expect(toEvidenceResponse(matchEvidence('barcode', 1, true), 'barcode', 'en').label).toBe('Barcode matches');
  });

  it('reads evidence stored before it named the reason (source catalog, the product name as label) by the line reason', () => {
    const old = { source: 'catalog', label: 'BUTTER', confidence: 1, automatic: true };
    expect(isMatchEvidence(old)).toBe(true);
    expect(toEvidenceResponse(old, 'exact_name', 'de')).toEqual({ source: 'exact_name', label: 'Gleicher Name', confidence: 1, automatic: true });
  });

  it('leaves evidence from elsewhere as it was', () => {
    const other = { source: 'analysis', label: 'Pasta', confidence: 0.7, automatic: false };
    expect(isMatchEvidence(other)).toBe(false);
    expect(toEvidenceResponse(other, 'unresolved', 'de')).toEqual(other);
  });
});
