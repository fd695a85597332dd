import { checkBarcode, normalizeKey } from '@hinv/shared';
import { toSuggestion, type OffSearchHit } from '../open-food-facts/open-food-facts.client.js';
import { knownRetailer } from './receipt-keys.js';

/** Candidates scoring below this are not worth showing. */
export const MIN_CANDIDATE_SCORE = 35;
const MAX_CANDIDATE_SCORE = 99;
/** How many of the shown candidates should carry a photo, when the search found that many. */
const WANTED_IMAGES = 2;
// A package size as printed on a receipt or a pack: "500g", "1,5 l", "6 Stk".
const PACKAGE_TOKEN = /(\d+(?:[.,]\d+)?)\s*(ml|cl|kg|g|l|stk|stück|stueck)\b/giu;

type Similarity = (left: string, right: string) => number;

/** A search hit turned into what the household can pick, with the reasons for its score. */
export interface ScoredCandidate {
  barcode: string;
  name: string;
  brand: string | null;
  quantity: string | null;
  image_url: string | null;
  stores: string[];
  store_match: boolean;
  score: number;
  evidence: { source: string; label: string }[];
  source_url: string;
  attribution: string;
  database_license: string;
  image_license: string;
  /** The record as the scanner caches a product read. */
  suggestion: Record<string, unknown>;
}

/** The line a candidate is scored against. */
export interface CandidateQuery {
  query: string;
  /** Every name the line is known by, for package sizes ("Milch 1,5l"). */
  names: string[];
  storeName: string | null;
}

/** A hit in usable form: its normalised barcode and the scanner-shaped suggestion; null without a valid code. */
export function readHit(hit: OffSearchHit, baseUrl: string): { code: string; suggestion: Record<string, unknown>; stores: string[]; countries: string[] } | null {
  const check = typeof hit.code === 'string' ? checkBarcode(hit.code) : null;
  if (!check?.valid) return null;
  const suggestion = toSuggestion(
    check.code,
    {
      code: check.code,
      product_name: text(hit.product_name) ?? text(hit.product_name_en) ?? undefined,
      product_name_de: text(hit.product_name_de) ?? undefined,
      brands: list(hit.brands).join(', ') || undefined,
      quantity: text(hit.quantity) ?? undefined,
      image_front_url: text(hit.image_front_url) ?? text(hit.image_url) ?? undefined,
      categories: list(hit.categories).join(', ') || undefined,
      product_type: text(hit.product_type) ?? undefined,
    },
    baseUrl,
  );
  return { code: check.code, suggestion, stores: list(hit.stores), countries: list(hit.countries_tags) };
}

/**
 * The reference's score: name similarity (WRatio of the query against name and brand) × 0.72,
 * brand similarity × 0.1, +11 when the receipt's store sells it, +7 for a shared package size,
 * +3 when sold in Germany; capped at 99. Null when the record has no name or scores under 35.
 */
export function scoreCandidate(line: CandidateQuery, hit: ReturnType<typeof readHit> & object, similarity: Similarity): ScoredCandidate | null {
  const suggestion = hit.suggestion;
  const name = String(suggestion.name ?? '').trim();
  if (!name) return null;
  const brand = typeof suggestion.brand === 'string' ? suggestion.brand : null;
  const quantity = typeof suggestion.quantity === 'string' ? suggestion.quantity : null;
  const evidence: ScoredCandidate['evidence'] = [];

  const nameScore = similarity(line.query, brand ? `${name} ${brand}` : name);
  let score = nameScore * 0.72;
  evidence.push({ source: 'name', label: `Name similarity ${Math.round(nameScore)}` });
  if (brand) score += similarity(line.query, brand) * 0.1;

  const store = line.storeName ? knownRetailer(line.storeName) ?? normalizeKey(line.storeName) : null;
  const storeMatch = Boolean(store) && hit.stores.some((sold) => (knownRetailer(sold) ?? normalizeKey(sold)) === store);
  if (storeMatch) {
    score += 11;
    evidence.push({ source: 'store', label: `Sold at ${line.storeName}` });
  }
  const linePackages = new Set(line.names.flatMap(packageTokens));
  const shared = [...new Set([...packageTokens(quantity ?? ''), ...packageTokens(name)])].find((token) => linePackages.has(token));
  if (shared) {
    score += 7;
    evidence.push({ source: 'package', label: `Package ${shared}` });
  }
  if (hit.countries.includes('en:germany')) {
    score += 3;
    evidence.push({ source: 'country', label: 'Sold in Germany' });
  }
  score = Math.round(Math.min(MAX_CANDIDATE_SCORE, score) * 10) / 10;
  if (score < MIN_CANDIDATE_SCORE) return null;
  return {
    barcode: hit.code,
    name,
    brand,
    quantity,
    image_url: typeof suggestion.image_url === 'string' ? suggestion.image_url : null,
    stores: hit.stores,
    store_match: storeMatch,
    score,
    evidence,
    source_url: String(suggestion.source_url),
    attribution: String(suggestion.attribution),
    database_license: String(suggestion.database_license),
    image_license: String(suggestion.image_license),
    suggestion,
  };
}

/** Package sizes in a text as comparable tokens: "1,5 L" → "1.5l", "6 Stück" → "6stk". */
export function packageTokens(value: string): string[] {
  const tokens: string[] = [];
  for (const match of value.toLowerCase().matchAll(PACKAGE_TOKEN)) {
    const amount = Number(match[1].replace(',', '.'));
    const unit = match[2] === 'stück' || match[2] === 'stueck' ? 'stk' : match[2];
    tokens.push(`${amount}${unit}`);
  }
  return tokens;
}

/**
 * The reference's selection: the best `limit` by score, then image-backed candidates from further
 * down replace the weakest ones without a photo until min(2, limit) have one. Order by score.
 */
export function selectCandidates<T extends { score: number; image_url: string | null }>(candidates: readonly T[], limit: number): T[] {
  const ranked = [...candidates].sort((a, b) => b.score - a.score);
  const chosen = ranked.slice(0, limit);
  const reserve = ranked.slice(limit).filter((candidate) => candidate.image_url);
  const wanted = Math.min(WANTED_IMAGES, limit);
  while (chosen.filter((candidate) => candidate.image_url).length < wanted && reserve.length > 0) {
    const weakest = chosen.map((candidate, index) => ({ candidate, index })).filter(({ candidate }) => !candidate.image_url).pop();
    if (!weakest) break;
    chosen[weakest.index] = reserve.shift() as T;
  }
  return chosen.sort((a, b) => b.score - a.score);
}

function text(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() || null;
  // The search service may answer a translated field as {lang: text}.
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const byLang = value as Record<string, unknown>;
    for (const lang of ['de', 'main', 'en']) if (typeof byLang[lang] === 'string' && (byLang[lang] as string).trim()) return (byLang[lang] as string).trim();
  }
  return null;
}

/** A list field, whether the service answers it as a list or as comma-separated text. */
function list(value: unknown): string[] {
  const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
  return items.filter((item): item is string => typeof item === 'string').map((item) => item.trim()).filter(Boolean);
}
