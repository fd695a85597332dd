import { Injectable, Logger } from '@nestjs/common';
import { APP_VERSION, type Locale } from '@hinv/shared';
import { Clock } from '../../common/clock.js';
import { AppConfig } from '../../config/app-config.js';
import { ReadBudget } from './read-budget.js';

/** One hit of the search service (search-a-licious); text fields may come as strings or lists. */
export interface OffSearchHit {
  code?: string;
  product_name?: unknown;
  product_name_de?: unknown;
  product_name_en?: unknown;
  brands?: unknown;
  quantity?: unknown;
  image_front_url?: unknown;
  image_url?: unknown;
  stores?: unknown;
  countries_tags?: unknown;
  categories?: unknown;
  product_type?: unknown;
}

/** Why Open Food Facts could not be asked; `message` is the English text (logs, stored drafts). */
export interface OffFailure {
  kind: 'error';
  reason: OffFailureReason;
  status?: number;
  message: string;
}

export type OffFailureReason = 'disabled' | 'paused' | 'budget' | 'busy' | 'status' | 'timeout' | 'unreachable';

export type SearchResult = { kind: 'hits'; hits: OffSearchHit[] } | OffFailure;

export type LookupResult = { kind: 'hit'; suggestion: Record<string, unknown> } | { kind: 'miss' } | OffFailure;

const FAILURE_TEXTS: Record<OffFailureReason, Record<Locale, string>> = {
  disabled: { en: 'Open Food Facts lookups are turned off', de: 'Abfragen bei Open Food Facts sind ausgeschaltet' },
  paused: { en: 'Open Food Facts asked us to wait; try again later', de: 'Open Food Facts bittet um eine Pause; versuche es später erneut' },
  budget: { en: 'Too many lookups this minute; try again shortly', de: 'Zu viele Abfragen in dieser Minute; versuche es gleich erneut' },
  busy: { en: 'Open Food Facts is busy (too many requests); try again later', de: 'Open Food Facts ist ausgelastet (zu viele Anfragen); versuche es später erneut' },
  status: { en: 'Open Food Facts answered {status}', de: 'Open Food Facts antwortete mit {status}' },
  timeout: { en: 'Open Food Facts did not answer in time', de: 'Open Food Facts hat nicht rechtzeitig geantwortet' },
  unreachable: { en: 'Open Food Facts is not reachable', de: 'Open Food Facts ist nicht erreichbar' },
};

/** The failure in one language. */
export function offFailureText(failure: Pick<OffFailure, 'reason' | 'status'>, locale: Locale): string {
  return FAILURE_TEXTS[failure.reason][locale].replace('{status}', String(failure.status ?? ''));
}

/** The failure in both languages, as an error message parameter. */
export function offFailureTexts(failure: Pick<OffFailure, 'reason' | 'status'>): Record<Locale, string> {
  return { en: offFailureText(failure, 'en'), de: offFailureText(failure, 'de') };
}

function failure(reason: OffFailureReason, status?: number): OffFailure {
  return { kind: 'error', reason, status, message: offFailureText({ reason, status }, 'en') };
}

const FIELDS = 'code,product_name,product_name_de,brands,quantity,image_front_url,categories,product_type';
const TIMEOUT_MS = 8000;
/** Below 60 reads in any minute (decisions.md), well under Open Food Facts' 100; bursts of 10. */
const READS_PER_MINUTE = 59;
const READ_BURST = 10;
const DEFAULT_BACKOFF_MS = 60_000;
const SEARCH_FIELDS = 'code,product_name,product_name_de,product_name_en,brands,quantity,image_front_url,image_url,stores,countries_tags,categories,product_type';
/** The reference asks for 8 hits and never more than 10. */
const SEARCH_PAGE_SIZE = 8;
const SEARCH_PAGE_SIZE_MAX = 10;

export interface OffProduct {
  code?: string;
  product_name?: string;
  product_name_de?: string;
  brands?: string;
  quantity?: string;
  image_front_url?: string;
  categories?: string;
  product_type?: string;
}

/** Open Food Facts' answer turned into the editable suggestion of a scan draft, with attribution. */
export function toSuggestion(code: string, product: OffProduct, baseUrl: string): Record<string, unknown> {
  const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
  return {
    barcode: text(product.code) ?? code,
    // The reference sends an empty name rather than none; the review sheet asks for one then.
    name: text(product.product_name_de) ?? text(product.product_name) ?? '',
    brand: text(product.brands),
    quantity: text(product.quantity),
    image_url: text(product.image_front_url),
    categories: text(product.categories),
    product_type: text(product.product_type),
    source: 'Open Facts',
    source_url: `${baseUrl}/product/${code}`,
    database_license: 'ODbL-1.0',
    image_license: 'CC-BY-SA',
    attribution: 'Open Food Facts contributors',
  };
}

/**
 * The Open Food Facts v3 product read and the text search, politely: a token bucket keeps to 60 reads a minute,
 * a 429 or 5xx pauses all reads (honouring Retry-After), 8 s timeout, redirects followed. Every
 * failure is a result, never an exception: scanning must work when the outside world does not.
 */
@Injectable()
export class OpenFoodFactsClient {
  private readonly logger = new Logger(OpenFoodFactsClient.name);
  private readonly budget = new ReadBudget(READS_PER_MINUTE, READ_BURST);
  private pausedUntil = 0;
  /** Phones that scan the same new code at once share one read instead of spending the budget. */
  private readonly inFlight = new Map<string, Promise<LookupResult>>();

  constructor(
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  /** The product site records link to (attribution), without a trailing slash. */
  get baseUrl(): string {
    return this.config.env.OFF_BASE_URL.replace(/\/+$/, '');
  }

  get enabled(): boolean {
    return this.config.env.OFF_ENABLED;
  }

  private pause(now: number, retryAfter: string | null): void {
    const seconds = retryAfter && /^\d+$/.test(retryAfter) ? Number(retryAfter) : null;
    const date = retryAfter && seconds === null ? Date.parse(retryAfter) : NaN;
    this.pausedUntil = now + (seconds !== null ? seconds * 1000 : Number.isFinite(date) ? Math.max(0, date - now) : DEFAULT_BACKOFF_MS);
  }

  lookup(code: string): Promise<LookupResult> {
    const running = this.inFlight.get(code);
    if (running) return running;
    const read = this.read(code).finally(() => this.inFlight.delete(code));
    this.inFlight.set(code, read);
    return read;
  }

  /** Whether a read may go out now; spends one token of the shared budget when it may. */
  private admit(now: number): OffFailure | null {
    if (!this.enabled) return failure('disabled');
    if (now < this.pausedUntil) return failure('paused');
    if (!this.budget.take(now)) return failure('budget');
    return null;
  }

  private get userAgent(): string {
    return `HouseholdInventory/${APP_VERSION} (${this.config.env.WEB_PUSH_SUBJECT})`;
  }

  /**
   * A text search of the Open Food Facts search service, under the same budget, back-off,
   * timeout and User-Agent as the product reads: a search is a read like any other.
   */
  async search(query: string, pageSize = SEARCH_PAGE_SIZE): Promise<SearchResult> {
    const now = this.clock.now().getTime();
    const refused = this.admit(now);
    if (refused) return refused;
    const url = new URL(this.config.env.OFF_SEARCH_URL);
    url.searchParams.set('q', query);
    url.searchParams.set('page_size', String(Math.min(Math.max(1, pageSize), SEARCH_PAGE_SIZE_MAX)));
    url.searchParams.set('langs', 'de,en');
    url.searchParams.set('boost_phrase', 'true');
    url.searchParams.set('fields', SEARCH_FIELDS);
    try {
      const response = await fetch(url, {
        headers: { accept: 'application/json', 'user-agent': this.userAgent },
        redirect: 'follow',
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (response.status === 429 || response.status >= 500) {
        this.pause(now, response.headers.get('retry-after'));
        await response.body?.cancel();
        return response.status === 429 ? failure('busy') : failure('status', response.status);
      }
      if (!response.ok) {
        await response.body?.cancel();
        return failure('status', response.status);
      }
      const body = (await response.json()) as { hits?: unknown };
      const hits = Array.isArray(body.hits) ? body.hits.filter((hit): hit is OffSearchHit => typeof hit === 'object' && hit !== null) : [];
      return { kind: 'hits', hits };
    } catch (error) {
      const problem = failure(error instanceof Error && error.name === 'TimeoutError' ? 'timeout' : 'unreachable');
      this.logger.warn({ message: 'search failed', reason: problem.message });
      return problem;
    }
  }

  private async read(code: string): Promise<LookupResult> {
    const now = this.clock.now().getTime();
    const refused = this.admit(now);
    if (refused) return refused;
    const base = this.config.env.OFF_BASE_URL.replace(/\/+$/, '');
    const url = `${base}/api/v3/product/${code}?product_type=all&fields=${FIELDS}&lc=de&cc=de`;
    try {
      const response = await fetch(url, {
        headers: { accept: 'application/json', 'user-agent': this.userAgent },
        redirect: 'follow',
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (response.status === 404) {
        await response.body?.cancel();
        return { kind: 'miss' };
      }
      if (response.status === 429 || response.status >= 500) {
        this.pause(now, response.headers.get('retry-after'));
        await response.body?.cancel();
        return failure('status', response.status);
      }
      if (!response.ok) {
        await response.body?.cancel();
        return failure('status', response.status);
      }
      const body = (await response.json()) as { status?: string; product?: OffProduct | null };
      if (!body.product || body.status === 'failure') return { kind: 'miss' };
      return { kind: 'hit', suggestion: toSuggestion(code, body.product, base) };
    } catch (error) {
      const problem = failure(error instanceof Error && error.name === 'TimeoutError' ? 'timeout' : 'unreachable');
      this.logger.warn({ message: 'lookup failed', reason: problem.message });
      return problem;
    }
  }
}
