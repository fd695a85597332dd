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
