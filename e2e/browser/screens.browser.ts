import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/accessibility.js';
import { pageApi, TEST_OUTPUT, useServerAndBrowser } from '../support/browser.js';

const PASSWORD = 'screens owner password';
const SIZES = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } } as const;

/**
 * Controls that stick out past the edge of the card they sit in: on a narrow phone a row of
 * options or a wide select can push its card's column wider than the card, and the owner sees
 * cut-off buttons.
 */
function controlsOutsideTheirCard(page: Page) {
  return page.evaluate(() => {
    const outside: string[] = [];
    for (const card of document.querySelectorAll('.card, .ui-card')) {
      const edge = card.getBoundingClientRect();
      for (const control of card.querySelectorAll('button, select, input, a, [role="radiogroup"]')) {
        const box = control.getBoundingClientRect();
        if (box.width === 0 || (box.right <= edge.right + 0.5 && box.left >= edge.left - 0.5)) continue;
        const name = (control.getAttribute('aria-label') ?? control.textContent ?? '').trim().slice(0, 40);
        outside.push(`${control.tagName.toLowerCase()} "${name}"`);
      }
    }
    return outside;
  });
}

describe('the main screens', () => {
  const stage = useServerAndBrowser();

  // The shopping list's own tests (refill review, grouping, undo, offline) are in shopping.browser.ts.
  it('sets the household up through the first-run form', async () => {
    const context = await stage.browser.newContext({ locale: 'en-GB', viewport: SIZES.phone });
    const page = await context.newPage();
    await page.goto(stage.server.baseUrl);
    await page.fill('input[name="password"]', PASSWORD);
    await page.click('button[type="submit"]');
    await page.waitForSelector('#home-expiring-heading');
    await context.close();
  });

  it('counts stock in a guided count and uses some up from the stock screen', async () => {
    const context = await stage.browser.newContext({ locale: 'en-GB' });
    const page = await context.newPage();
    await page.goto(stage.server.baseUrl);
    await pageApi(page, 'POST', '/api/v1/auth/login', { password: PASSWORD });
    await pageApi(page, 'POST', '/api/v1/catalog/products', { name: 'Oats', barcode: '96385074' });
    await page.goto(`${stage.server.baseUrl}/stock`);
    await page.click('text=Count stock');
    await page.fill('input[aria-label="Counted Oats"]', '3');
    await page.click('button:text-is("Review")');
    await expect.poll(() => page.getByTestId('count-review').textContent()).toContain('+3');
    await page.click('text=Confirm count');
    await expect.poll(() => page.getByTestId('stock-message').textContent()).toContain('Stock count saved');
    await expect.poll(() => page.getByTestId('stock-Oats').textContent()).toContain('3');

    await page.click('button[aria-label="Use up: Oats"]');
    await page.waitForSelector('[data-testid="stock-action-sheet"]');
    await page.fill('input[name="quantity"]', '1');
    await page.click('[data-testid="stock-action-sheet"] button:text-is("Confirm")');
    await expect.poll(() => page.getByTestId('stock-message').textContent()).toBe('Used up 1 × Oats.');
    await expect.poll(() => page.getByTestId('stock-Oats').textContent()).toContain('2');

    // The product's own page: its lot, its barcode and what happened to it, newest first.
    await page.click('[data-testid="stock-list"] a:has-text("Oats")');
    await expect.poll(() => page.getByTestId('lot-list').textContent()).toBe('2no best-before date');
    expect(await page.getByTestId('variant-list').textContent()).toContain('96385074');
    await expect.poll(() => page.getByTestId('movement-list').locator('li').allTextContents()).toEqual([expect.stringMatching(/^Used by hand.*-1$/), expect.stringMatching(/^Count: more.*\+3$/)]);
    // The page has an address: a reload and the back and forward buttons land on the same screens.
    const productPath = new URL(page.url()).pathname;
    expect(productPath).toMatch(/^\/products\/[0-9a-f-]{36}$/);
    await page.reload();
    await expect.poll(() => page.getByTestId('lot-list').textContent()).toBe('2no best-before date');
    await page.goBack();
    await page.waitForSelector('#stock-heading');
    await page.goForward();
    await expect.poll(() => page.getByTestId('lot-list').textContent()).toBe('2no best-before date');
    expect(new URL(page.url()).pathname).toBe(productPath);
    await page.click('text=Back to stock');
    await page.waitForSelector('#stock-heading');
    await context.close();
  });

  it('uses up, opens and adds a product without a barcode from the stock screen, once per tap', async () => {
    const context = await stage.browser.newContext({ locale: 'en-GB' });
    const page = await context.newPage();
    await page.goto(stage.server.baseUrl);
    await pageApi(page, 'POST', '/api/v1/auth/login', { password: PASSWORD });
    const flour = await pageApi(page, 'POST', '/api/v1/catalog/products', { name: 'Flour' });
    await pageApi(page, 'POST', '/api/v1/stock/counts', { client_mutation_id: 'flour-count', lines: [{ product_id: flour.id, counted_quantity: 2 }] });
    await page.goto(`${stage.server.baseUrl}/stock`);
    await expect.poll(() => page.getByTestId('stock-Flour').textContent()).toContain('2');

    await page.click('button[aria-label="Use up: Flour"]');
    await page.fill('input[name="quantity"]', '0,5');
    await page.click('[data-testid="stock-action-sheet"] button:text-is("Confirm")');
    await expect.poll(() => page.getByTestId('stock-message').textContent()).toBe('Used up 0.5 × Flour.');
    await expect.poll(() => page.getByTestId('stock-Flour').textContent()).toContain('1.5');

    await page.click('button[aria-label="Open: Flour"]');
    await page.click('[data-testid="stock-action-sheet"] button:text-is("Confirm")');
    await expect.poll(() => page.getByTestId('stock-message').textContent()).toBe('Opened one Flour.');

    // More than there is: the server's reason is shown and nothing changes.
    await page.click('button[aria-label="Use up: Flour"]');
    await page.fill('input[name="quantity"]', '5');
    await page.click('[data-testid="stock-action-sheet"] button:text-is("Confirm")');
    await page.waitForSelector('[data-testid="stock-action-sheet"] [role="alert"]');
    await page.click('[data-testid="stock-action-sheet"] button:text-is("Cancel")');
    await expect.poll(() => page.getByTestId('stock-Flour').textContent()).toContain('1.5');

    const movements = await pageApi(page, 'GET', `/api/v1/stock/movements?product_id=${String(flour.id)}`);
    expect((movements.items as { movement_type: string }[]).map((movement) => movement.movement_type)).toEqual(['manual_open', 'manual_consume', 'stock_count_increase']);
    await context.close();
  });

  it('switches the language with no untranslated text left', async () => {
    const context = await stage.browser.newContext({ locale: 'en-GB' });
    const page = await context.newPage();
    await page.goto(stage.server.baseUrl);
    await pageApi(page, 'POST', '/api/v1/auth/login', { password: PASSWORD });
    await page.goto(`${stage.server.baseUrl}/settings`);
    // The screen switches at once; the choice is stored by a request that must land before the
    // next page load reads it back.
    const stored = page.waitForResponse((response) => response.url().endsWith('/api/v1/auth/preferences') && response.request().method() === 'PATCH');
    await page.selectOption('select[name="language"]', 'de');
    expect((await stored).status()).toBe(200);
    await expect.poll(() => page.locator('nav.navigation').textContent()).toContain('Vorrat');
    const untranslated = /\b(app|auth|scanner|review|stock|shopping|more|nav|tokens|catalog|count|reauth|invite|status|home|account|security|members|receipts|provider|budget|grocy|notifications)\.[a-zA-Z.]+/;
    for (const path of ['/', '/scan', '/stock', '/shopping', '/settings', '/settings/account', '/settings/security', '/settings/notifications', '/settings/members', '/settings/tokens', '/settings/receipt-reading', '/settings/grocy', '/catalog', '/receipts', '/budget']) {
      await page.goto(`${stage.server.baseUrl}${path}`);
      await page.waitForSelector('.shell-nav main h2');
      const text = (await page.locator('body').innerText()).replace(/\/api\/v1\/status/g, '');
      expect(text, path).not.toMatch(untranslated);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
    }
    // Back to English for the screenshots that follow (the guide's English pages use them).
    await pageApi(page, 'PATCH', '/api/v1/auth/preferences', { preferred_locale: 'en' });
    await context.close();
  });

  // One test per theme and size: each is a tour of nine screens with an accessibility scan, and a
  // loaded machine gets the whole time bound for each tour instead of for all four.
  const TOURS = (['light', 'dark'] as const).flatMap((theme) => Object.keys(SIZES).map((size) => ({ theme, size: size as keyof typeof SIZES })));
  it.each(TOURS)('renders every main screen at $size size in $theme, without serious accessibility problems', async ({ theme, size }) => {
    const report: string[] = [];
    const context = await stage.browser.newContext({ locale: 'en-GB', viewport: SIZES[size], colorScheme: theme });
    const page = await context.newPage();
    await page.goto(stage.server.baseUrl);
    await pageApi(page, 'POST', '/api/v1/auth/login', { password: PASSWORD });
    const [product] = (await pageApi(page, 'GET', '/api/v1/catalog/products')) as unknown as { id: string }[];
    for (const [screen, path, ready] of [
      ['home', '/', '#home-expiring-heading'],
      ['scan', '/scan', '#scan-heading'],
      ['stock', '/stock', '#stock-heading'],
      ['product', `/products/${product.id}`, '#product-stock-heading'],
      ['shopping', '/shopping', '#shopping-heading'],
      ['settings', '/settings', '#more-heading'],
      ['settings-security', '/settings/security', '#security-heading'],
      ['settings-members', '/settings/members', '#members-heading'],
      ['catalog', '/catalog', '#catalog-heading'],
    ] as const) {
      await page.goto(`${stage.server.baseUrl}${path}`);
      await page.waitForSelector(ready);
      await page.screenshot({ path: join(TEST_OUTPUT, `screen-${screen}-${size}-${theme}.png`), fullPage: true });
      const violations = await seriousViolations(page);
      report.push(`${screen}: ${violations.length}`);
      expect(violations, `${screen} at ${size} in ${theme}`).toEqual([]);
      expect(await controlsOutsideTheirCard(page), `${screen} at ${size} in ${theme}`).toEqual([]);
    }
    await context.close();
    console.log(`accessibility at ${size} in ${theme} (serious + critical): ${report.join(', ')}`);
  });
});
