import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeHttpServer } from '../support/fake-http.js';
import { startFakeOffSearch, startFakeOpenFoodFacts, type OffSearchHit } from '../support/fake-open-food-facts.js';
import { addMember, bearer, createToken, setUpHousehold, type Browserless } from '../support/household.js';
import { textPdf } from '../support/pdfs.js';
import { startServer, type RunningServer } from '../support/server.js';

interface Item {
  id: string;
  normalized_name: string | null;
  match_status: string;
  match_reason: string;
  catalog_product_id: string | null;
  catalog_variant_id: string | null;
}
interface Receipt {
  id: string;
  items?: Item[] | null;
}
interface Candidate {
  external_id: string;
  barcode: string;
  name: string;
  brand: string | null;
  image_url: string | null;
  score: number;
  store_match: boolean;
  source: string;
  attribution: string | null;
  local_product_id: string | null;
}
interface Search {
  query: string;
  cached: boolean;
  ai_ranked: boolean;
  currency: string;
  candidates: Candidate[];
  warnings: string[];
}
interface Product {
  id: string;
  name: string;
  image_url: string | null;
  default_location_name: string | null;
  default_quantity_unit_name: string | null;
  variants: { id: string; brand: string | null; package_amount: number | null; package_unit: string | null; image_url: string | null; barcodes: { barcode: string }[] }[];
}

/** A valid EAN-13 from twelve digits. */
const ean = (twelve: string) => {
  const sum = [...twelve].reduce((total, digit, index) => total + Number(digit) * (index % 2 === 0 ? 1 : 3), 0);
  return `${twelve}${(10 - (sum % 10)) % 10}`;
};
const PLAIN = ean('400000000001'); // best name match, no photo, sold at REWE
const PLAIN_TWO = ean('400000000002'); // no photo
const PLAIN_THREE = ean('400000000003'); // no photo
const PHOTO = ean('400000000004'); // photo, a weaker match
const PHOTO_TWO = ean('400000000005'); // photo, weaker still
const UNRELATED = ean('400000000006'); // scores under 35
const UNCACHED = ean('400000000007');

const YOGHURT_HITS: OffSearchHit[] = [
  { code: PLAIN, product_name: 'Joghurt natur', brands: ['Ja!'], quantity: '500 g', stores: ['REWE'], countries_tags: ['en:germany'] },
  { code: PLAIN_TWO, product_name: 'Joghurt Natur mild', brands: 'Weihenstephan', quantity: '500 g', countries_tags: ['en:germany'] },
  { code: PLAIN_THREE, product_name: 'Naturjoghurt', quantity: '1 kg' },
  { code: PHOTO, product_name: 'Griechischer Joghurt natur', image_front_url: 'https://images.example/photo.jpg' },
  { code: PHOTO_TWO, product_name: 'Joghurt Erdbeere', image_front_url: 'https://images.example/photo-two.jpg' },
  { code: UNRELATED, product_name: 'Zahnpasta Kräuterfrisch' },
  { code: '12', product_name: 'Joghurt natur ohne gültigen Code' },
];

const receiptPdf = (lines: readonly string[], total: string, date: string) =>
  textPdf([['REWE Markt GmbH', 'Musterstraße 12', '50667 Köln', 'EUR', ...lines, '--------------------------------', `SUMME EUR ${total}`, `Datum: ${date} Uhrzeit: 18:02:11 Uhr`]]);

describe('product candidates for receipt lines from the Open Food Facts search', () => {
  let search: FakeHttpServer;
  let products: FakeHttpServer;
  let server: RunningServer;
  let owner: Browserless;
  let member: Browserless;
  let viewer: Browserless;
  let receipt: Receipt;

  const line = (name: string, from: Receipt = receipt): Item => {
    const found = from.items?.find((item) => item.normalized_name === name);
    if (!found) throw new Error(`no line ${name} in ${JSON.stringify(from.items?.map((item) => item.normalized_name))}`);
    return found;
  };
  const itemPath = (name: string) => `/api/v1/receipts/${receipt.id}/items/${line(name).id}`;
  const searches = (q: string) => search.requests.filter((request) => new URL(request.url, 'http://fake').searchParams.get('q') === q).length;

  beforeAll(async () => {
    search = await startFakeOffSearch(
      { 'JOGHURT NATUR': YOGHURT_HITS },
      {
        // A 500 asks for a one-second pause; a 429 for two minutes.
        'KAFFEE CREMA': () => ({ status: 500, headers: { 'retry-after': '1' }, body: { detail: 'Internal Server Error' } }),
        BROT: () => ({ status: 429, headers: { 'retry-after': '120' }, body: { detail: 'Too Many Requests' } }),
      },
    );
    products = await startFakeOpenFoodFacts({});
    server = await startServer({ OFF_SEARCH_URL: `${search.url}/search`, OFF_BASE_URL: products.url, WEB_PUSH_SUBJECT: 'mailto:owner@example.org' });
    owner = await setUpHousehold(server.baseUrl);
    member = (await addMember(owner, 'member')).browser;
    viewer = (await addMember(owner, 'viewer')).browser;
    const form = new FormData();
    const pdf = await receiptPdf(['JOGHURT NATUR 1,29 A', 'BANANEN 1,36 A', 'KAFFEE CREMA 4,99 A', 'BROT 2,00 A', 'QUARK 0,99 A'], '10,63', '14.03.2025');
    form.append('image', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'receipt.pdf');
    const response = await fetch(`${server.baseUrl}/api/v1/receipts/analyze`, { method: 'POST', body: form, headers: { cookie: member.cookie as string } });
    expect(response.status).toBe(200);
    receipt = (await response.json()) as Receipt;
  });
  afterAll(async () => {
    await server?.stop();
    await search?.close();
    await products?.close();
  });

  it('searches the line’s name politely and shows the best candidates, two of them with photos', async () => {
    const result = await member.json<Search>('GET', `${itemPath('JOGHURT NATUR')}/candidates`);
    expect(result).toMatchObject({ query: 'JOGHURT NATUR', cached: false, ai_ranked: false, currency: 'EUR', warnings: [] });
    expect(search.requests).toHaveLength(1);
    const asked = new URL(search.requests[0].url, 'http://fake');
    expect(asked.pathname).toBe('/search');
    expect(Object.fromEntries(asked.searchParams)).toMatchObject({ q: 'JOGHURT NATUR', page_size: '8', langs: 'de,en', boost_phrase: 'true' });
    expect(asked.searchParams.get('fields')?.split(',')).toEqual(expect.arrayContaining(['code', 'product_name', 'brands', 'quantity', 'image_front_url', 'stores', 'countries_tags']));
    expect(search.requests[0].headers['user-agent']).toMatch(/^HouseholdInventory\/\S+ \(mailto:owner@example\.org\)$/);

    // The three best have no photo: the two photo-backed ones replace the weaker two of them.
    expect(result.candidates.map((candidate) => candidate.barcode)).toEqual([PLAIN, PHOTO, PHOTO_TWO]);
    expect(result.candidates[0]).toMatchObject({ external_id: PLAIN, name: 'Joghurt natur', brand: 'Ja!', store_match: true, source: 'open_facts', attribution: 'Open Food Facts contributors', local_product_id: null });
    const scores = result.candidates.map((candidate) => candidate.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    for (const score of scores) expect(score).toBeGreaterThanOrEqual(35);
  });

  it('answers the same line again from the cache without asking Open Food Facts, for any limit', async () => {
    const again = await member.json<Search>('GET', `${itemPath('JOGHURT NATUR')}/candidates`);
    expect(again.cached).toBe(true);
    expect(again.candidates.map((candidate) => candidate.barcode)).toEqual([PLAIN, PHOTO, PHOTO_TWO]);
    const five = await member.json<Search>('GET', `${itemPath('JOGHURT NATUR')}/candidates?limit=5`);
    expect(five.candidates.map((candidate) => candidate.barcode)).toEqual(expect.arrayContaining([PLAIN, PLAIN_TWO, PHOTO, PHOTO_TWO]));
    expect(five.candidates.map((candidate) => candidate.barcode)).not.toContain(UNRELATED);
    expect(search.requests).toHaveLength(1);
  });

  it('puts every candidate in the scanner’s cache: scanning its barcode asks Open Food Facts nothing', async () => {
    const draft = await member.json<{ resolution_source: string; suggestion: Record<string, unknown> }>('POST', '/api/v1/scans/resolve', { barcode: PHOTO, mode: 'add' });
    expect(draft.resolution_source).toBe('cache');
    expect(draft.suggestion).toMatchObject({ barcode: PHOTO, name: 'Griechischer Joghurt natur', image_url: 'https://images.example/photo.jpg' });
    expect(products.requests).toHaveLength(0);
  });

  it('turns a failing search (500) into a warning and does not cache it', async () => {
    const failed = await member.json<Search>('GET', `${itemPath('KAFFEE CREMA')}/candidates`);
    expect(failed).toMatchObject({ cached: false, candidates: [] });
    expect(failed.warnings).toEqual([expect.stringContaining('500')]);
    expect(searches('KAFFEE CREMA')).toBe(1);
    // After the one-second pause the search is asked again: the failure was not cached.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const retried = await member.json<Search>('GET', `${itemPath('KAFFEE CREMA')}/candidates`);
    expect(retried).toMatchObject({ cached: false, candidates: [] });
    expect(searches('KAFFEE CREMA')).toBe(2);
  });

  it('turns a 429 into a warning of its own and then backs off: the next search within Retry-After does not go out', async () => {
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const busy = await member.json<Search>('GET', `${itemPath('BROT')}/candidates`);
    expect(busy.candidates).toEqual([]);
    expect(busy.warnings).toEqual([expect.stringMatching(/too many requests/i)]);
    const before = search.requests.length;
    const waiting = await member.json<Search>('GET', `${itemPath('QUARK')}/candidates`);
    expect(waiting.candidates).toEqual([]);
    expect(waiting.warnings).toEqual([expect.stringMatching(/wait/i)]);
    expect(search.requests.length).toBe(before);
    // The scanner shares the pause: a new code is not looked up either.
    const draft = await member.json<{ upstream_error: string | null }>('POST', '/api/v1/scans/resolve', { barcode: UNCACHED, mode: 'add' });
    expect(draft.upstream_error).toMatch(/wait/i);
    expect(products.requests).toHaveLength(0);
  });

  it('refuses to create a product from a candidate without a location and a unit (422), and an uncached candidate (409)', async () => {
    const incomplete = await member.call('POST', `${itemPath('JOGHURT NATUR')}/candidate`, { external_id: PLAIN });
    expect(incomplete.status).toBe(422);
    const unknown = await member.call('POST', `${itemPath('JOGHURT NATUR')}/candidate`, { external_id: UNCACHED, new_location_name: 'Kühlschrank', new_quantity_unit_name: 'Becher' });
    expect(unknown.status).toBe(409);
    const notACode = await member.call('POST', `${itemPath('JOGHURT NATUR')}/candidate`, { external_id: 'abcd', new_location_name: 'Kühlschrank', new_quantity_unit_name: 'Becher' });
    expect(notACode.status).toBe(409);
  });

  it('confirms a candidate: a new product with the record’s package variant, barcode and photo; the line is mapped', async () => {
    const response = await member.call('POST', `${itemPath('JOGHURT NATUR')}/candidate`, { external_id: PLAIN, new_location_name: 'Kühlschrank', new_quantity_unit_name: 'Becher' });
    expect(response.status).toBe(200);
    const mapped = line('JOGHURT NATUR', (await response.json()) as Receipt);
    expect(mapped).toMatchObject({ match_status: 'manual', match_reason: 'manual' });
    expect(mapped.catalog_product_id).not.toBeNull();
    const product = await owner.json<Product>('GET', `/api/v1/catalog/products/${mapped.catalog_product_id}`);
    expect(product).toMatchObject({ name: 'Joghurt natur', default_location_name: 'Kühlschrank', default_quantity_unit_name: 'Becher' });
    expect(product.variants).toHaveLength(1);
    expect(product.variants[0]).toMatchObject({ id: mapped.catalog_variant_id, brand: 'Ja!', package_amount: 500, package_unit: 'g' });
    expect(product.variants[0].barcodes.map((barcode) => barcode.barcode)).toEqual([PLAIN]);
    // The candidate now names the local product that holds its barcode.
    const listed = await member.json<Search>('GET', `${itemPath('JOGHURT NATUR')}/candidates`);
    expect(listed.candidates.find((candidate) => candidate.barcode === PLAIN)?.local_product_id).toBe(product.id);
  });

  it('confirms a candidate whose barcode a product already holds for that product, and refuses it for another (409)', async () => {
    const holder = await owner.json<Product>('POST', '/api/v1/catalog/products', { name: 'Griechischer Joghurt', barcode: PHOTO, brand: 'Olympus' });
    const other = await owner.json<Product>('POST', '/api/v1/catalog/products', { name: 'Skyr' });
    const taken = await member.call('POST', `${itemPath('QUARK')}/candidate`, { external_id: PHOTO, product_id: other.id });
    expect(taken.status).toBe(409);
    expect(line('QUARK', await owner.json<Receipt>('GET', `/api/v1/receipts/${receipt.id}`)).catalog_product_id).toBeNull();

    const response = await member.call('POST', `${itemPath('QUARK')}/candidate`, { external_id: PHOTO, remember: false });
    expect(response.status).toBe(200);
    expect(line('QUARK', (await response.json()) as Receipt)).toMatchObject({ match_status: 'manual', catalog_product_id: holder.id, catalog_variant_id: holder.variants[0].id });
    const filled = await owner.json<Product>('GET', `/api/v1/catalog/products/${holder.id}`);
    // Only empty fields are filled: the brand stays, the photo arrives.
    expect(filled.variants).toHaveLength(1);
    expect(filled.variants[0]).toMatchObject({ brand: 'Olympus', image_url: 'https://images.example/photo.jpg' });
    expect(filled.image_url).toBe('https://images.example/photo.jpg');
  });

  it('creates a catalog product from a line and maps the line to it', async () => {
    const response = await member.call('POST', `${itemPath('BANANEN')}/catalog-product`, { name: 'Bananen lose', new_location_name: 'Obstschale', brand: 'Chiquita' });
    expect(response.status).toBe(200);
    const mapped = line('BANANEN', (await response.json()) as Receipt);
    expect(mapped).toMatchObject({ match_status: 'manual', match_reason: 'manual' });
    const product = await owner.json<Product>('GET', `/api/v1/catalog/products/${mapped.catalog_product_id}`);
    expect(product).toMatchObject({ name: 'Bananen lose', default_location_name: 'Obstschale' });
    expect(product.variants[0]).toMatchObject({ id: mapped.catalog_variant_id, brand: 'Chiquita' });
    const duplicate = await member.call('POST', `${itemPath('BROT')}/catalog-product`, { name: 'Bananen lose' });
    expect(duplicate.status).toBe(409);
    const invalid = await member.call('POST', `${itemPath('BROT')}/catalog-product`, { name: '' });
    expect(invalid.status).toBe(422);
  });

  it('checks the limit (1 to 5)', async () => {
    expect((await member.call('GET', `${itemPath('JOGHURT NATUR')}/candidates?limit=0`)).status).toBe(422);
    expect((await member.call('GET', `${itemPath('JOGHURT NATUR')}/candidates?limit=6`)).status).toBe(422);
  });

  it('lets viewers look at candidates but not confirm or create; refuses API tokens; 404 for an unknown receipt or line', async () => {
    const requestsBefore = search.requests.length;
    expect((await viewer.call('GET', `${itemPath('JOGHURT NATUR')}/candidates`)).status).toBe(200);
    expect((await viewer.call('POST', `${itemPath('BROT')}/candidate`, { external_id: PLAIN_TWO, new_location_name: 'Regal', new_quantity_unit_name: 'Stück' })).status).toBe(403);
    expect((await viewer.call('POST', `${itemPath('BROT')}/catalog-product`, { name: 'Brot' })).status).toBe(403);

    const { token } = await createToken(owner, ['status:read', 'catalog:read', 'stock:read', 'shopping:read', 'shopping:write', 'scans:read', 'scans:write']);
    const asToken = (method: string, path: string, body?: unknown) =>
      fetch(`${server.baseUrl}${path}`, { method, headers: { ...bearer(token), 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    expect((await asToken('GET', `${itemPath('JOGHURT NATUR')}/candidates`)).status).toBe(403);
    expect((await asToken('POST', `${itemPath('BROT')}/candidate`, { external_id: PLAIN_TWO })).status).toBe(403);
    expect((await asToken('POST', `${itemPath('BROT')}/catalog-product`, { name: 'Brot' })).status).toBe(403);
    expect((await fetch(`${server.baseUrl}${itemPath('JOGHURT NATUR')}/candidates`)).status).toBe(401);

    const unknownReceipt = `/api/v1/receipts/00000000-0000-0000-0000-000000000000/items/${line('BROT').id}`;
    const unknownLine = `/api/v1/receipts/${receipt.id}/items/00000000-0000-0000-0000-000000000000`;
    for (const path of [unknownReceipt, unknownLine]) {
      expect((await member.call('GET', `${path}/candidates`)).status).toBe(404);
      expect((await member.call('POST', `${path}/candidate`, { external_id: PLAIN_TWO })).status).toBe(404);
      expect((await member.call('POST', `${path}/catalog-product`, { name: 'Brot' })).status).toBe(404);
    }
    expect(search.requests.length).toBe(requestsBefore);
  });
});
