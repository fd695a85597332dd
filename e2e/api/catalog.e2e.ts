import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, bearer, createToken, setUpHousehold, type Browserless } from '../support/household.js';
import { startServer, type RunningServer } from '../support/server.js';

interface Detail {
  id: string;
  name: string;
  updated_at: string;
  default_location_id: number | null;
  default_location_name: string | null;
  default_quantity_unit_name: string | null;
  product_group_name: string | null;
  variant_count: number;
  barcode_count: number;
  variants: { id: string; brand: string | null; updated_at: string; barcodes: { barcode: string; symbology: string }[] }[];
}
interface MasterData {
  locations: { id: number; name: string; is_freezer: number; usage_count: number; updated_at: string }[];
  quantity_units: { id: number; name: string; name_plural: string }[];
  product_groups: { id: number; name: string }[];
}

describe('catalog', () => {
  let server: RunningServer;
  let owner: Browserless;

  beforeAll(async () => {
    server = await startServer();
    owner = await setUpHousehold(server.baseUrl);
  });
  afterAll(() => server.stop());

  it('seeds master data in the owner language at setup', async () => {
    const data = await owner.json<MasterData>('GET', '/api/v1/catalog/master-data');
    expect(data.locations.map((l) => l.name).sort()).toEqual(['Cellar', 'Freezer', 'Fridge', 'Pantry']);
    expect(data.locations.filter((l) => l.is_freezer === 1).map((l) => l.name)).toEqual(['Freezer']);
    expect(data.quantity_units).toHaveLength(6);
    expect(data.product_groups).toHaveLength(6);
  });

  it('creates a product with new master data and a normalised barcode', async () => {
    const product = await owner.json<Detail>('POST', '/api/v1/catalog/products', {
      name: 'Hafermilch Barista',
      brand: 'Oatly',
      barcode: ' 7394376-616037 ',
      new_location_name: 'Garage shelf',
      new_quantity_unit_name: 'Carton',
      new_product_group_name: 'Plant drinks',
      minimum_stock_quantity: 1,
      shopping_target_quantity: 4,
    });
    expect(product).toMatchObject({
      name: 'Hafermilch Barista',
      default_location_name: 'Garage shelf',
      default_quantity_unit_name: 'Carton',
      product_group_name: 'Plant drinks',
      variant_count: 1,
      barcode_count: 1,
    });
    expect(product.variants[0]).toMatchObject({ brand: 'Oatly', barcodes: [{ barcode: '7394376616037', symbology: 'EAN-13' }] });
    const data = await owner.json<MasterData>('GET', '/api/v1/catalog/master-data');
    expect(data.locations.find((l) => l.name === 'Garage shelf')?.usage_count).toBe(1);
  });

  it('makes a first variant only for a brand or a barcode, as the reference does', async () => {
    const plain = await owner.json<Detail>('POST', '/api/v1/catalog/products', { name: 'Salz', brand: '  ' });
    expect(plain).toMatchObject({ variant_count: 0, barcode_count: 0, variants: [] });
    const branded = await owner.json<Detail>('POST', '/api/v1/catalog/products', { name: 'Meersalz', brand: 'Bad Reichenhaller' });
    expect(branded.variants).toMatchObject([{ brand: 'Bad Reichenhaller', barcodes: [] }]);
    // The first barcode of a plain product goes on a variant made for it.
    const withVariant = await owner.json<Detail>('POST', `/api/v1/catalog/products/${plain.id}/variants`, {});
    const coded = await owner.json<Detail>('POST', `/api/v1/catalog/variants/${withVariant.variants[0].id}/barcodes`, { barcode: '96385074' });
    expect(coded).toMatchObject({ variant_count: 1, barcode_count: 1 });
    // Archived again, so the later counts of this file stay as they were.
    for (const product of [plain, branded]) await owner.json('DELETE', `/api/v1/catalog/products/${product.id}`);
  });

  it('finds products by name, brand and barcode, also through a catalog:read token', async () => {
    const { token } = await createToken(owner, ['catalog:read']);
    for (const q of ['hafermilch', 'OATLY', '7394376616037', '73943']) {
      const response = await fetch(`${server.baseUrl}/api/v1/catalog/products?q=${encodeURIComponent(q)}`, { headers: bearer(token) });
      const found = (await response.json()) as { name: string }[];
      expect(found.map((p) => p.name), q).toEqual(['Hafermilch Barista']);
    }
    const none = await owner.json<unknown[]>('GET', '/api/v1/catalog/products?q=%25');
    expect(none).toEqual([]);
  });

  it('refuses invalid input with 422 and creates nothing', async () => {
    const before = await owner.json<unknown[]>('GET', '/api/v1/catalog/products');
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, 'name'],
      [{ name: 'x'.repeat(301) }, 'name'],
      [{ name: 'Bad code', barcode: '4006381333932' }, 'barcode'],
      [{ name: 'Placeholder', barcode: '0000000000000' }, 'barcode'],
      [{ name: 'Days', default_best_before_days: 3651 }, 'default_best_before_days'],
      [{ name: 'Brand', brand: 'b'.repeat(201) }, 'brand'],
      [{ name: 'Min', minimum_stock_quantity: -1 }, 'minimum_stock_quantity'],
      [{ name: 'Target', minimum_stock_quantity: 5, shopping_target_quantity: 5 }, 'shopping_target_quantity'],
      [{ name: 'Location', location_id: 0 }, 'location_id'],
    ];
    for (const [body, field] of cases) {
      const response = await owner.call('POST', '/api/v1/catalog/products', body);
      expect(response.status, JSON.stringify(body)).toBe(422);
      const { detail } = (await response.json()) as { detail: { loc: string[] }[] };
      expect(detail.map((d) => d.loc.join('.')), JSON.stringify(body)).toContain(`body.${field}`);
    }
    expect(await owner.json<unknown[]>('GET', '/api/v1/catalog/products')).toEqual(before);
  });

  it('ignores unknown fields and query parameters, as the reference does, and stores none of them', async () => {
    const created = await owner.json<Detail & Record<string, unknown>>('POST', '/api/v1/catalog/products', { name: 'Extra', unexpected: true, notes: 'kept out' });
    expect(created).not.toHaveProperty('unexpected');
    expect(created.notes).toBe('');
    const listed = await owner.json<{ name: string }[]>('GET', '/api/v1/catalog/products?q=extra&limit=500');
    expect(listed.map((product) => product.name)).toEqual(['Extra']);
    await owner.json('DELETE', `/api/v1/catalog/products/${created.id}`);
  });

  it('refuses a barcode that belongs to another product and an unknown location', async () => {
    expect((await owner.call('POST', '/api/v1/catalog/products', { name: 'Other', barcode: '7394376616037' })).status).toBe(409);
    expect((await owner.call('POST', '/api/v1/catalog/products', { name: 'Other', location_id: 999 })).status).toBe(404);
    expect((await owner.call('POST', '/api/v1/catalog/products', { name: 'hafermilch  barista' })).status).toBe(409);
  });

  it('updates with optimistic concurrency: a stale expected_updated_at changes nothing', async () => {
    const [listed] = await owner.json<{ id: string }[]>('GET', '/api/v1/catalog/products?q=hafermilch');
    const current = await owner.json<Detail>('GET', `/api/v1/catalog/products/${listed.id}`);
    const updated = await owner.json<Detail>('PATCH', `/api/v1/catalog/products/${listed.id}`, {
      name: 'Oat drink barista',
      expected_updated_at: current.updated_at,
      notes: 'Shake well',
      minimum_stock_quantity: 1,
      shopping_target_quantity: 4,
      default_location_id: current.default_location_id,
    });
    expect(updated.name).toBe('Oat drink barista');
    expect(updated.updated_at > current.updated_at).toBe(true);
    const stale = await owner.call('PATCH', `/api/v1/catalog/products/${listed.id}`, { name: 'Lost update', expected_updated_at: current.updated_at });
    expect(stale.status).toBe(409);
    expect((await stale.json()) as { code: string }).toMatchObject({ code: 'stale_update' });
    expect((await owner.json<Detail>('GET', `/api/v1/catalog/products/${listed.id}`)).name).toBe('Oat drink barista');
  });

  it('manages variants and barcodes', async () => {
    const [listed] = await owner.json<{ id: string }[]>('GET', '/api/v1/catalog/products?q=oat');
    let product = await owner.json<Detail>('POST', `/api/v1/catalog/products/${listed.id}/variants`, { brand: 'Alpro', package_amount: 1, package_unit: 'l' });
    expect(product.variant_count).toBe(2);
    const variant = product.variants.find((v) => v.brand === 'Alpro') as Detail['variants'][number];
    product = await owner.json<Detail>('POST', `/api/v1/catalog/variants/${variant.id}/barcodes`, { barcode: '5411188112709' });
    expect(product.barcode_count).toBe(2);
    expect((await owner.call('POST', `/api/v1/catalog/variants/${variant.id}/barcodes`, { barcode: '7394376616037' })).status).toBe(409);
    expect((await owner.call('PATCH', `/api/v1/catalog/variants/${variant.id}`, { brand: 'Stale', expected_updated_at: '2000-01-01T00:00:00.000Z' })).status).toBe(409);
    product = await owner.json<Detail>('PATCH', `/api/v1/catalog/variants/${variant.id}`, { brand: 'Alpro Barista', expected_updated_at: variant.updated_at });
    expect(product.variants.map((v) => v.brand)).toContain('Alpro Barista');
    product = await owner.json<Detail>('DELETE', `/api/v1/catalog/variants/${variant.id}/barcodes/5411188112709`);
    expect(product.barcode_count).toBe(1);
    product = await owner.json<Detail>('DELETE', `/api/v1/catalog/variants/${variant.id}`);
    expect(product.variant_count).toBe(1);
    expect((await owner.call('DELETE', `/api/v1/catalog/variants/${product.variants[0].id}`)).status).toBe(409);
  });

  it('manages master data: stale updates and archiving in use are refused', async () => {
    const data = await owner.json<MasterData>('GET', '/api/v1/catalog/master-data');
    const garage = data.locations.find((l) => l.name === 'Garage shelf') as MasterData['locations'][number];
    expect((await owner.call('DELETE', `/api/v1/catalog/master-data/locations/${garage.id}`)).status).toBe(409);
    const renamed = await owner.json<{ name: string }>('PATCH', `/api/v1/catalog/master-data/locations/${garage.id}`, { name: 'Garage', expected_updated_at: garage.updated_at });
    expect(renamed.name).toBe('Garage');
    expect((await owner.call('PATCH', `/api/v1/catalog/master-data/locations/${garage.id}`, { name: 'Again', expected_updated_at: garage.updated_at })).status).toBe(409);
    const created = await owner.json<{ id: number }>('POST', '/api/v1/catalog/master-data/product-groups', { name: 'Snacks' });
    expect((await owner.call('POST', '/api/v1/catalog/master-data/product-groups', { name: 'snacks' })).status).toBe(409);
    expect((await owner.json<{ active: number }>('DELETE', `/api/v1/catalog/master-data/product-groups/${created.id}`)).active).toBe(0);
    expect((await owner.call('POST', '/api/v1/catalog/master-data/shelves', { name: 'x' })).status).toBe(422);
  });

  it('counts the catalog in the status and lets only admins change it', async () => {
    const status = await owner.json<{ catalog: Record<string, number> }>('GET', '/api/v1/status');
    expect(status.catalog).toEqual({ products: 1, variants: 1, barcodes: 1, stock_lots: 0 });
    const member = await addMember(owner, 'member');
    expect((await member.browser.call('POST', '/api/v1/catalog/products', { name: 'Member product' })).status).toBe(403);
    expect((await member.browser.call('GET', '/api/v1/catalog/products')).status).toBe(200);
  });

  it('archives a product: it leaves the list and the counts', async () => {
    const [listed] = await owner.json<{ id: string }[]>('GET', '/api/v1/catalog/products');
    expect((await owner.json<{ active: number }>('DELETE', `/api/v1/catalog/products/${listed.id}`)).active).toBe(0);
    expect(await owner.json<unknown[]>('GET', '/api/v1/catalog/products')).toEqual([]);
    expect((await owner.json<{ catalog: Record<string, number> }>('GET', '/api/v1/status')).catalog.products).toBe(0);
  });
});

describe('seeding in German', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.stop());

  it('uses German names when the owner chose German', async () => {
    const { Browserless } = await import('../support/household.js');
    const owner = new Browserless(server.baseUrl);
    await owner.json('POST', '/api/v1/auth/setup', { password: 'ein langes passwort', preferred_locale: 'de' });
    const data = await owner.json<MasterData>('GET', '/api/v1/catalog/master-data');
    expect(data.locations.map((l) => l.name).sort()).toEqual(['Gefrierschrank', 'Keller', 'Kühlschrank', 'Vorratsschrank']);
  });
});
