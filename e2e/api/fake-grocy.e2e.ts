import { afterAll, describe, expect, it } from 'vitest';
import { misfit, operationFor, startFakeGrocy, type FakeGrocy } from '../support/fake-grocy.js';

const KEY = 'fake-grocy-self-test-key';

/** The fake Grocy checks itself against Grocy's published description; these show the checks can fail. */
describe('the fake Grocy', () => {
  const fakes: FakeGrocy[] = [];
  afterAll(() => Promise.all(fakes.map((fake) => fake.close())));
  const start = async (legacy: boolean) => {
    const fake = await startFakeGrocy({ apiKey: KEY, legacy, state: { locations: [{ id: 3, name: 'Keller', description: null }], stock: [{ product_id: 7, amount: 2.5, best_before_date: '2999-12-31' }] } });
    fakes.push(fake);
    return fake;
  };
  const get = async (fake: FakeGrocy, path: string, key = KEY) => {
    const response = await fetch(`${fake.url}/api/${path}`, { headers: { 'GROCY-API-KEY': key } });
    return { status: response.status, body: (await response.json()) as unknown };
  };

  it("knows Grocy's paths and methods from the description", () => {
    expect(operationFor('GET', '/objects/products')?.template).toBe('/objects/{entity}');
    expect(operationFor('POST', '/stock/products/12/add')?.params).toEqual({ productId: '12' });
    expect(operationFor('DELETE', '/stock')).toBeNull();
    expect(operationFor('GET', '/no/such/path')).toBeNull();
  });

  it('refuses shapes the description does not list, and accepts the string numbers of Grocy 3', () => {
    const location = { $ref: '#/components/schemas/Location' };
    expect(misfit({ id: '3', name: 'Keller', description: null }, location, 'x', true)).toBeNull();
    expect(misfit({ id: 3, name: 'Keller', colour: 'red' }, location, 'x', true)).toBe("x.colour: not in Grocy's description");
    expect(misfit({ id: 'three', name: 'Keller' }, location, 'x', true)).toBe('x.id: "three" is not integer');
    expect(misfit({ product_id: 1, amount: '1.5' }, { $ref: '#/components/schemas/CurrentStockResponse' }, 'x', true)).toBeNull();
  });

  it('answers numbers as strings when it plays Grocy 3, as numbers when it plays Grocy 4, and 401 for a wrong key', async () => {
    const legacy = await start(true);
    const current = await start(false);
    expect((await get(legacy, 'stock')).body).toEqual([{ product_id: '7', amount: '2.5', best_before_date: '2999-12-31' }]);
    expect((await get(current, 'stock')).body).toEqual([{ product_id: 7, amount: 2.5, best_before_date: '2999-12-31' }]);
    expect(await get(current, 'system/info', 'wrong')).toEqual({ status: 401, body: { error_message: 'Unauthorized' } });
    expect(((await get(current, 'system/info')).body as { grocy_version: { Version: string } }).grocy_version.Version).toBe('4.2.0');
    expect((await get(current, 'not/a/grocy/path')).status).toBe(404);
    expect(current.violations).toEqual(["GET /api/not/a/grocy/path: not in Grocy's description"]);
    expect(legacy.violations).toEqual([]);
  });
});
