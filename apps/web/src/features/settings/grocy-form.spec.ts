import { describe, expect, it } from 'vitest';
import { changedRows, grocyDraftOf, grocyReviewCount, grocySettingsInput, type GrocyPreview } from './grocy-form';
import type { Settings } from './provider-form';

const saved: Settings = {
  provider: { type: 'ollama', base_url: 'http://127.0.0.1:11434/v1', model: 'llava', api_key_configured: false },
  grocy: { enabled: false, url: 'http://grocy:80', api_key_configured: true },
  privacy: { delete_image_after_analysis: true, retention_days: 3 },
};

const item = (product_id: string, current: number, proposed: number, best_before_date: string | null = null) => ({
  product_id,
  product_name: product_id,
  grocy_product_id: 1,
  current_quantity: current,
  proposed_quantity: proposed,
  quantity_delta: proposed - current,
  best_before_date,
});

describe('the Grocy settings form', () => {
  it('keeps the other sections as saved and the stored key unless a new one is typed or it is removed', () => {
    const draft = { ...grocyDraftOf(saved), enabled: true, url: ' http://192.168.1.5:9283 ' };
    expect(grocySettingsInput(saved, draft)).toEqual({
      provider: { type: 'ollama', base_url: 'http://127.0.0.1:11434/v1', model: 'llava' },
      grocy: { enabled: true, url: 'http://192.168.1.5:9283', api_key: null },
      privacy: { delete_image_after_analysis: true, retention_days: 3 },
    });
    expect(grocySettingsInput(saved, { ...draft, newKey: ' abc ' }).grocy.api_key).toBe('abc');
    expect(grocySettingsInput(saved, { ...draft, newKey: 'abc', removeKey: true }).grocy.api_key).toBe('');
  });

  it('turns the chosen changed rows into one reviewed stock count', () => {
    const preview: GrocyPreview = { items: [item('a', 1, 3, '2025-04-01'), item('b', 2, 2), item('c', 5, 0), item('d', 0, 1)], unmapped: [], generated_at: 'now' };
    expect(changedRows(preview).map((row) => row.product_id)).toEqual(['a', 'c', 'd']);
    expect(grocyReviewCount(preview, new Set(['a', 'b', 'c']), 'grocy-review-1', 'From Grocy')).toEqual({
      client_mutation_id: 'grocy-review-1',
      source: 'grocy_review',
      note: 'From Grocy',
      lines: [
        { product_id: 'a', counted_quantity: 3, best_before_date: '2025-04-01' },
        { product_id: 'c', counted_quantity: 0, best_before_date: null },
      ],
    });
  });
});
