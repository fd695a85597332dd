import { startFakeHttp, type FakeHttpServer, type FakeReply, type RecordedRequest } from './fake-http.js';

export interface OffProduct {
  product_name?: string;
  product_name_de?: string;
  brands?: string;
  quantity?: string;
  image_front_url?: string;
  categories?: string;
  product_type?: string;
}

/** The v3 product read as Open Food Facts answers it: 200 with the product, or 404 "product not found". */
export function v3Reply(code: string, product: OffProduct | undefined): FakeReply {
  if (!product) {
    return { status: 404, body: { code, status: 'failure', result: { id: 'product_not_found', name: 'Product not found' }, errors: [] } };
  }
  return { status: 200, body: { code, status: 'success', product: { code, ...product }, result: { id: 'product_found', name: 'Product found' } } };
}

export const codeOf = (request: RecordedRequest): string | undefined => /\/api\/v3\/product\/(\d+)/.exec(request.url)?.[1];

/**
 * A stand-in for world.openfoodfacts.org. `products` answers normally; `special` can script any
 * reply for a code (redirects, 429, slowness).
 */
export async function startFakeOpenFoodFacts(
  products: Record<string, OffProduct>,
  special: Record<string, (request: RecordedRequest) => FakeReply> = {},
): Promise<FakeHttpServer> {
  return startFakeHttp((request) => {
    const code = codeOf(request);
    if (!code) return { status: 404, body: { status: 'failure' } };
    return special[code]?.(request) ?? v3Reply(code, products[code]);
  });
}

/** One record as the Open Food Facts search service (search-a-licious) returns it in `hits`. */
export interface OffSearchHit {
  code: string;
  product_name?: string;
  brands?: string[] | string;
  quantity?: string;
  image_front_url?: string;
  stores?: string[] | string;
  countries_tags?: string[];
}

/** `GET /search` as search.openfoodfacts.org answers it: hits plus paging and timing fields. */
export function searchReply(hits: readonly OffSearchHit[], pageSize = 8): FakeReply {
  return {
    status: 200,
    body: { hits, aggregations: {}, page: 1, page_size: pageSize, page_count: hits.length > 0 ? 1 : 0, debug: {}, took: 3, timed_out: false, count: hits.length, is_count_exact: true, warnings: null },
  };
}

/**
 * A stand-in for search.openfoodfacts.org: `GET /search?q=…` answers the hits listed for that
 * query, or a script (500, 429, slowness); an unknown query finds nothing.
 */
export async function startFakeOffSearch(
  results: Record<string, readonly OffSearchHit[]>,
  special: Record<string, (request: RecordedRequest) => FakeReply> = {},
): Promise<FakeHttpServer> {
  return startFakeHttp((request) => {
    const url = new URL(request.url, 'http://fake');
    if (url.pathname !== '/search') return { status: 404, body: { detail: 'Not Found' } };
    const q = url.searchParams.get('q') ?? '';
    const pageSize = Number(url.searchParams.get('page_size') ?? 10);
    return special[q]?.(request) ?? searchReply((results[q] ?? []).slice(0, pageSize), pageSize);
  });
}
