import type { Schemas } from '@hinv/api-client';
import type { Settings } from './provider-form';

export type GrocyPreview = Schemas['GrocyStockPreviewResponse'];
export type GrocyPreviewItem = GrocyPreview['items'][number];

export interface GrocyDraft {
  enabled: boolean;
  url: string;
  newKey: string;
  removeKey: boolean;
}

export const grocyDraftOf = (settings: Settings): GrocyDraft => ({ enabled: settings.grocy.enabled, url: settings.grocy.url, newKey: '', removeKey: false });

/** The whole settings document as PUT wants it: the Grocy section from the form, the others as saved (their keys kept). */
export function grocySettingsInput(saved: Settings, draft: GrocyDraft): Schemas['SettingsInput'] {
  return {
    provider: { type: saved.provider.type, base_url: saved.provider.base_url, model: saved.provider.model },
    grocy: { enabled: draft.enabled, url: draft.url.trim(), api_key: draft.removeKey ? '' : draft.newKey.trim() || null },
    privacy: saved.privacy,
  };
}

/** Rows of the preview that would change stock here; these start selected. */
export const changedRows = (preview: GrocyPreview): GrocyPreviewItem[] => preview.items.filter((item) => item.quantity_delta !== 0);

/**
 * The reviewed preview as one stock count (`source = grocy_review`): each chosen row counted at
 * Grocy's quantity, with Grocy's best-before date for the lot an increase creates. The key is made
 * once per preview, so sending the same review again (a retry) records it once.
 */
export function grocyReviewCount(preview: GrocyPreview, chosen: ReadonlySet<string>, key: string, note: string): Schemas['StockCountCreateInput'] {
  return {
    client_mutation_id: key,
    source: 'grocy_review',
    note,
    lines: changedRows(preview)
      .filter((item) => chosen.has(item.product_id))
      .map((item) => ({ product_id: item.product_id, counted_quantity: item.proposed_quantity, best_before_date: item.best_before_date ?? null })),
  };
}
