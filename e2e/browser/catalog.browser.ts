import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { TEST_OUTPUT, useServerAndBrowser } from '../support/browser.js';
import { pngOf } from '../support/images.js';

const PASSWORD = 'catalog owner password';

async function openProduct(context: BrowserContext, baseUrl: string, name: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${baseUrl}/catalog`);
  await page.click(`[data-testid="catalog-list"] >> text=${name}`);
  await page.waitForSelector('[data-testid="product-editor"]');
  return page;
}

describe('the catalog in the PWA', () => {
  const stage = useServerAndBrowser();

  it('creates a product with a photo, then handles an edit conflict between two tabs', async () => {
    const context = await stage.browser.newContext({ locale: 'en-GB' });
    const page = await context.newPage();
    await page.goto(stage.server.baseUrl);
    await page.fill('input[name="password"]', PASSWORD);
    await page.click('button[type="submit"]');
    await page.waitForSelector('#home-expiring-heading');

    await page.click('nav >> text=Stock');
    await page.click('text=All products');
    await page.fill('input[name="new_product_name"]', 'Strawberry jam');
    await page.click('button:text-is("Create")');
    await page.waitForSelector('[data-testid="product-editor"]');
    // A new product without brand or barcode has no variant yet (as in the reference); its first barcode makes one.
    await expect.poll(() => page.getByTestId('variant-list').textContent()).toBe('no barcodeAdd barcode');
    // Barcodes follow the scanning rules: a wrong check digit is refused with the reason.
    await page.fill('input[name="new_barcode"]', '4006381333932');
    await page.click('button[aria-label="Add barcode to Strawberry jam"]');
    await expect.poll(() => page.getByTestId('barcode-problem').count()).toBe(1);
    expect(await page.getByTestId('variant-list').textContent()).toContain('no barcode');
    await page.fill('input[name="new_barcode"]', '4006381333931');
    await page.click('button[aria-label="Add barcode to Strawberry jam"]');
    await expect.poll(() => page.locator('button[aria-label="Remove barcode 4006381333931"]').count()).toBe(1);
    expect(await page.getByTestId('barcode-problem').count()).toBe(0);

    const photo = join(mkdtempSync(join(tmpdir(), 'hinv-photo-')), 'jam.png');
    writeFileSync(photo, await pngOf(800, 600));
    await page.setInputFiles('input[name="photo"]', photo);
    await expect.poll(() => page.getByTestId('product-message').textContent()).toBe('Photo saved.');
    await expect.poll(() => page.getByTestId('product-photo').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(800);
    await page.screenshot({ path: join(TEST_OUTPUT, 'product-phone.png') });

    // Two tabs hold the same version; the first saves, the second then meets a conflict.
    const second = await openProduct(context, stage.server.baseUrl, 'Strawberry jam');
    await page.fill('input[name="product_name"]', 'Strawberry jam (homemade)');
    await page.click('button:text-is("Save")');
    await expect.poll(() => page.getByTestId('product-message').textContent()).toBe('Saved.');

    await second.fill('input[name="notes"]', 'Top shelf');
    await second.click('button:text-is("Save")');
    await expect.poll(() => second.getByTestId('conflict').textContent()).toContain('Strawberry jam (homemade)');
    await second.click('button:text-is("Overwrite")');
    await expect.poll(() => second.getByTestId('product-message').textContent()).toBe('Saved.');
    expect(await second.getByTestId('conflict').count()).toBe(0);

    const saved = await second.evaluate(async () => {
      const list = await (await fetch('/api/v1/catalog/products?q=jam')).json();
      return (await fetch(`/api/v1/catalog/products/${list[0].id}`)).json();
    });
    expect(saved).toMatchObject({ name: 'Strawberry jam', notes: 'Top shelf', barcode_count: 1 });
    await second.click('button[aria-label="Remove barcode 4006381333931"]');
    await expect.poll(() => second.getByTestId('variant-list').textContent()).toContain('no barcode');
    await context.close();
  });

  it('keeps locations with the freezer flag, units and groups; an entry in use stays', async () => {
    const context = await stage.browser.newContext({ locale: 'en-GB' });
    const page = await context.newPage();
    await page.goto(stage.server.baseUrl);
    await page.evaluate((password) => fetch('/api/v1/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ password }) }), PASSWORD);
    await page.goto(`${stage.server.baseUrl}/catalog`);
    await page.fill('input[name="new_locations"]', 'Chest freezer');
    await page.check('input[name="is_freezer"]');
    await page.click('[data-testid="master-data-locations"] + form button:text-is("Add")');
    await expect.poll(() => page.getByTestId('master-data-locations').textContent()).toContain('Chest freezer · freezer');
    await page.fill('input[name="new_product-groups"]', 'Snacks');
    await page.click('[data-testid="master-data-product-groups"] + form button:text-is("Add")');
    await expect.poll(() => page.getByTestId('master-data-product-groups').textContent()).toContain('Snacksused by 0 products');

    // A group that a product uses cannot go; the server says why, in the user's language.
    const group = await page.evaluate(async () => {
      const all = await (await fetch('/api/v1/catalog/master-data')).json();
      const snacks = all.product_groups.find((entry: { name: string }) => entry.name === 'Snacks');
      await fetch('/api/v1/catalog/products', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Crisps', product_group_id: snacks.id }) });
      return snacks.id as number;
    });
    expect(group).toBeGreaterThan(0);
    await page.reload();
    await page.click('button[aria-label="Remove Snacks"]');
    await expect.poll(() => page.getByTestId('master-data-problem').textContent()).toBe('This entry is still used by active products');
    expect(await page.getByTestId('master-data-product-groups').textContent()).toContain('Snacksused by 1 product');
    await page.click('button[aria-label="Remove Chest freezer"]');
    await expect.poll(() => page.getByTestId('master-data-locations').textContent()).not.toContain('Chest freezer');
    await context.close();
  });
});
