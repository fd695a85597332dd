import type { Locale } from '@hinv/shared';
import type { MatchEvidenceResponse } from './dto/receipts.dto.js';
import type { MatchEvidence, MatchReason } from './receipt-item.entity.js';

/** The reasons a line is matched or suggested for. */
export type EvidenceReason = Exclude<MatchReason, 'unresolved'>;

const percent = (confidence: number, locale: Locale): string => {
  const value = Math.round(confidence * 100);
  return locale === 'de' ? `${value} %` : `${value}%`;
};

/** The reason chip's text per match reason, as the reference's client shows it. */
const LABELS: Record<EvidenceReason, (confidence: number, locale: Locale) => string> = {
  barcode: (_c, locale) => (locale === 'de' ? 'Barcode stimmt überein' : 'Barcode matches'),
  learned_store: (_c, locale) => (locale === 'de' ? 'Für diesen Markt gelernt' : 'Learned for this store'),
  confirmed_alias: (_c, locale) => (locale === 'de' ? 'Bestätigter Alias' : 'Confirmed alias'),
  exact_name: (_c, locale) => (locale === 'de' ? 'Gleicher Name' : 'Same name'),
  fuzzy_name: (confidence, locale) => (locale === 'de' ? `${percent(confidence, locale)} ähnlich – bitte prüfen` : `${percent(confidence, locale)} similar – please check`),
  manual: (_c, locale) => (locale === 'de' ? 'Manuell zugeordnet' : 'Mapped by hand'),
};

/** Evidence of a match, stored on the line: the reason as `source` (as the reference), the label in English. */
export function matchEvidence(reason: EvidenceReason, confidence: number, automatic: boolean): MatchEvidence {
  return { source: reason, label: LABELS[reason](confidence, 'en'), confidence, automatic };
}

/** Sources that describe the line's match to the catalog (`catalog` is how older lines named it). */
export function isMatchEvidence(entry: MatchEvidence): boolean {
  return entry.source === 'catalog' || entry.source in LABELS;
}

/**
 * An evidence entry as answered: the label worded in the caller's language. Lines matched before
 * evidence named its reason (`source: catalog`, the product name as label) take the line's reason.
 */
export function toEvidenceResponse(entry: MatchEvidence, lineReason: MatchReason, locale: Locale): MatchEvidenceResponse {
  const source = entry.source === 'catalog' && lineReason !== 'unresolved' ? lineReason : entry.source;
  const label = source in LABELS ? LABELS[source as EvidenceReason](entry.confidence, locale) : entry.label;
  return { source, label, confidence: entry.confidence, automatic: entry.automatic };
}
