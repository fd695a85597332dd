import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/accessibility.js';
import { TEST_OUTPUT, useServerAndBrowser } from '../support/browser.js';
import { textPdf } from '../support/pdfs.js';

const PASSWORD = 'receipts owner password';
const RECEIPT = [
  'REWE Markt GmbH',
  'Musterstraße 12',
  '50667 Köln',
  'EUR',
  'VOLLMILCH 3,5% 1,19 A',
  'JOGHURT NATUR 2,58 A',
  '2 Stk x 1,29',
  'BANANEN 1,36 A',
  '0,456 kg x 2,99 EUR/kg',
  '--------------------------------',
  'SUMME EUR 5,13',
  'Geg. BAR EUR 10,00',
  'Datum: 14.03.2025 Uhrzeit: 18:02:11 Uhr',
];

async function api(page: Page, method: string, path: string, body?: unknown): Promise<unknown> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(path, { method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
      return response.json();
    },
    { method, path, body },
  );
}

describe('receipts in the PWA', () => {
  const stage = useServerAndBrowser();

  it('uploads a PDF receipt through the file picker, shows progress, lists it and opens its lines', async () => {
    const context = await stage.browser.newContext({ locale: 'en-GB', viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(stage.server.baseUrl);
    await api(page, 'POST', '/api/v1/auth/setup', { password: PASSWORD, display_name: 'Robin', preferred_locale: 'en' });
    await api(page, 'POST', '/api/v1/catalog/products', { name: 'Bananen' });
    await page.goto(stage.server.baseUrl);
    // Phones reach receipts from the home screen.
    await page.click('main >> text=Receipts');
    await page.waitForSelector('#receipts-heading');
    await page.setInputFiles('input[name="receipt"]', { name: 'rewe.pdf', mimeType: 'application/pdf', buffer: await textPdf([RECEIPT]) });
    await expect.poll(() => page.getByTestId('receipt-done').textContent()).toContain('Read 3 lines.');
    await expect.poll(() => page.getByTestId('receipt-list').textContent()).toContain('REWE Markt GmbH');
    expect(await page.getByTestId('receipt-list').textContent()).toContain('€5.13');
    await page.screenshot({ path: join(TEST_OUTPUT, 'receipts-phone.png'), fullPage: true });
    expect(await seriousViolations(page), 'receipts list, phone').toEqual([]);

    await page.click('[data-testid="receipt-list"] a:has-text("REWE Markt GmbH")');
    await expect.poll(() => page.getByTestId('receipt-lines').locator('li').count()).toBe(3);
    expect(await page.getByTestId('receipt-summary').textContent()).toBe('Mar 14, 2025 · €5.13');
    // The line the catalog knows is matched to its product.
    expect(await page.getByTestId('receipt-lines').textContent()).toContain('→ Bananen');
    expect(new URL(page.url()).pathname).toMatch(/^\/receipts\/[0-9a-f-]{36}$/);
    await page.reload();
    await expect.poll(() => page.getByTestId('receipt-lines').locator('li').count()).toBe(3);

    // The same file again: recognised, not stored twice.
    await page.goto(`${stage.server.baseUrl}/receipts`);
    await page.setInputFiles('input[name="receipt"]', { name: 'again.pdf', mimeType: 'application/pdf', buffer: await textPdf([RECEIPT]) });
    await expect.poll(() => page.getByTestId('receipt-done').textContent()).toContain('already here');
    expect(await page.getByTestId('receipt-list').locator('li').count()).toBe(1);
    await context.close();

    const desktop = await stage.browser.newContext({ locale: 'en-GB', viewport: { width: 1280, height: 800 }, colorScheme: 'dark' });
    const wide = await desktop.newPage();
    await wide.goto(stage.server.baseUrl);
    await api(wide, 'POST', '/api/v1/auth/login', { password: PASSWORD });
    await wide.goto(stage.server.baseUrl);
    await wide.click('nav >> text=Receipts');
    await wide.waitForSelector('[data-testid="receipt-list"]');
    await wide.screenshot({ path: join(TEST_OUTPUT, 'receipts-desktop-dark.png'), fullPage: true });
    expect(await seriousViolations(wide), 'receipts list, desktop dark').toEqual([]);
    await desktop.close();
  });
});
