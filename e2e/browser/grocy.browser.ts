import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/accessibility.js';
import { pageApi, TEST_OUTPUT, useServerAndBrowser } from '../support/browser.js';
import { startFakeGrocy, type FakeGrocy } from '../support/fake-grocy.js';

const PASSWORD = 'grocy owner password';
const KEY = 'grocy-browser-key-5c1e7a';
const SIZES = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } } as const;

/** A small Grocy 3 (numbers as strings): three products in stock, one more Grocy does not link. */
const grocyState = () => ({
  locations: [
    { id: 1, name: 'Kühlschrank', description: null },
    { id: 2, name: 'Vorratsschrank', description: null },
  ],
  quantity_units: [{ id: 1, name: 'Stück', name_plural: 'Stück', description: null }],
  product_groups: [{ id: 1, name: 'Milchprodukte', description: null }],
  products: [
    { id: 11, name: 'Vollmilch 3,5%', location_id: 1, qu_id_purchase: 1, qu_id_stock: 1, product_group_id: 1, default_best_before_days: 10 },
    { id: 12, name: 'Joghurt Natur', location_id: 1, qu_id_purchase: 1, qu_id_stock: 1, product_group_id: 1 },
    { id: 13, name: 'Haferflocken', location_id: 2, qu_id_purchase: 1, qu_id_stock: 1 },
  ],
  stock: [
    { product_id: 11, amount: 2, amount_aggregated: 2, best_before_date: '2031-03-20', is_aggregated_amount: 0 },
    { product_id: 12, amount: 1.5, best_before_date: '2999-12-31' },
    { amount: 3, product: { id: 13, name: 'Haferflocken' } },
  ],
});

describe('moving over from Grocy, in the PWA', () => {
  const stage = useServerAndBrowser();
  let grocy: FakeGrocy;

  beforeAll(async () => {
    grocy = await startFakeGrocy({ apiKey: KEY, legacy: true, state: grocyState() });
  });
  afterAll(async () => {
    await grocy?.close();
  });

  const openPanel = async (page: Page) => {
    await page.goto(`${stage.server.baseUrl}/settings`);
    await page.click('.settings-sections >> text=Grocy');
    await page.waitForSelector('[data-testid="grocy-form"]');
  };

  it('the owner connects Grocy, tests it, imports the catalog, reviews the stock and applies the chosen rows', async () => {
    const context = await stage.browser.newContext({ locale: 'en-GB', viewport: SIZES.phone });
    const page = await context.newPage();
    await page.goto(stage.server.baseUrl);
    await pageApi(page, 'POST', '/api/v1/auth/setup', { password: PASSWORD, display_name: 'Robin', preferred_locale: 'en' });
    await openPanel(page);
    expect(await page.getByTestId('grocy-key-state').textContent()).toContain('No key is stored');
    // Nothing to test, import or compare before a key is stored.
    expect(await page.locator('button:text-is("Test connection")').count()).toBe(0);
    expect(await page.getByTestId('grocy-import').count()).toBe(0);

    await page.fill('input[name="grocy_url"]', grocy.url);
    await page.fill('input[name="grocy_api_key"]', KEY);
    await page.click('button:text-is("Save")');
    await expect.poll(() => page.getByTestId('grocy-saved').count()).toBe(1);
    expect(await page.getByTestId('grocy-key-state').textContent()).toContain('A key is stored');
    expect(await page.inputValue('input[name="grocy_api_key"]')).toBe('');
    expect(await page.content()).not.toContain(KEY);

    await page.click('button:text-is("Test connection")');
    await expect.poll(() => page.getByTestId('grocy-test-result').textContent()).toBe('ConnectedGrocy 3.3.2 answered and accepted the key.');
    // Switched off, the stock comparison waits; the import works already.
    expect(await page.locator('.ui-banner--warning').textContent()).toContain('Switch the connector on');
    await page.screenshot({ path: join(TEST_OUTPUT, 'grocy-connected-phone-light.png'), fullPage: true });

    await page.getByTestId('grocy-import').click();
    await expect.poll(() => page.getByTestId('grocy-import-summary').textContent()).toBe(
      'ImportedProducts 3 · locations 2 · units 1 · groups 1. The catalog now holds 3 products (0 variants).',
    );
    await page.screenshot({ path: join(TEST_OUTPUT, 'grocy-imported-phone-light.png'), fullPage: true });

    await page.check('input[name="grocy_enabled"]');
    await page.click('button:text-is("Save")');
    await expect.poll(() => page.getByTestId('grocy-saved').count()).toBe(1);
    await page.getByTestId('grocy-preview-load').click();
    await page.waitForSelector('[data-testid="grocy-preview"]');
    expect(await page.getByTestId('grocy-preview-quantities').allTextContents()).toEqual([
      'Here 0 Stück · Grocy 3 Stück',
      'Here 0 Stück · Grocy 1.5 Stück',
      'Here 0 Stück · Grocy 2 Stück · best before Mar 20, 2031',
    ]);
    expect(await page.getByTestId('grocy-apply').textContent()).toBe('Apply 3 changes');
    await page.screenshot({ path: join(TEST_OUTPUT, 'grocy-preview-phone-light.png'), fullPage: true });
    expect(await seriousViolations(page), 'grocy preview, phone').toEqual([]);

    // The oat flakes stay as they are here.
    const products = await pageApi<{ id: string; name: string }[]>(page, 'GET', '/api/v1/catalog/products');
    const oats = products.find((product) => product.name === 'Haferflocken');
    await page.uncheck(`input[name="grocy_apply_${oats?.id}"]`);
    expect(await page.getByTestId('grocy-apply').textContent()).toBe('Apply 2 changes');
    await page.getByTestId('grocy-apply').click();
    await expect.poll(() => page.getByTestId('grocy-applied').textContent()).toBe("Applied: 2 products now have Grocy's stock.");
    await expect.poll(() => page.getByTestId('grocy-preview-quantities').allTextContents()).toEqual([
      'Here 0 Stück · Grocy 3 Stück',
      'Here 1.5 Stück · Grocy 1.5 Stück',
      'Here 2 Stück · Grocy 2 Stück · best before Mar 20, 2031',
    ]);
    const counts = await pageApi<{ source: string; changed_count: number }[]>(page, 'GET', '/api/v1/stock/counts?limit=5');
    expect(counts.map((count) => [count.source, count.changed_count])).toEqual([['grocy_review', 2]]);
    await page.screenshot({ path: join(TEST_OUTPUT, 'grocy-applied-phone-light.png'), fullPage: true });
    expect(grocy.violations).toEqual([]);
    await context.close();
  });

  it('renders at phone and desktop size, light and dark, in German too, without serious accessibility problems', async () => {
    for (const theme of ['light', 'dark'] as const) {
      for (const [size, viewport] of Object.entries(SIZES)) {
        const context = await stage.browser.newContext({ locale: 'de-DE', viewport, colorScheme: theme });
        const page = await context.newPage();
        await page.goto(stage.server.baseUrl);
        await pageApi(page, 'POST', '/api/v1/auth/login', { password: PASSWORD });
        await pageApi(page, 'PATCH', '/api/v1/auth/preferences', { preferred_locale: 'de' });
        await page.goto(`${stage.server.baseUrl}/settings/grocy`);
        await page.waitForSelector('[data-testid="grocy-form"]');
        await page.getByTestId('grocy-preview-load').click();
        await page.waitForSelector('[data-testid="grocy-preview"]');
        expect(await page.getByTestId('grocy-apply').textContent()).toBe('1 Änderung übernehmen');
        await page.screenshot({ path: join(TEST_OUTPUT, `grocy-${size}-${theme}.png`), fullPage: true });
        expect(await seriousViolations(page), `grocy settings at ${size} in ${theme}`).toEqual([]);
        await context.close();
      }
    }
  });
});
