import { join } from 'node:path';
import type { ConsoleMessage } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { blockOtherHosts, TEST_OUTPUT, useServerAndBrowser } from '../support/browser.js';

describe('the PWA and the API documentation in chromium', () => {
  const stage = useServerAndBrowser();

  it('loads the app, reaches the API through the generated client and registers the service worker', async () => {
    const context = await stage.browser.newContext();
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (message: ConsoleMessage) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));

    await page.goto(stage.server.baseUrl);
    await expect.poll(() => page.getByTestId('health-status').textContent()).toBe('ok');
    const registered = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return registration.active?.scriptURL ?? null;
    });
    expect(registered).toBe(`${stage.server.baseUrl}/sw.js`);
    const manifest = await page.evaluate(() => document.querySelector('link[rel="manifest"]')?.getAttribute('href'));
    expect(manifest).toBeTruthy();
    await page.screenshot({ path: join(TEST_OUTPUT, 'shell.png') });
    expect(problems).toEqual([]);
    await context.close();
  });

  it('opens the app shell offline after one online visit', async () => {
    const context = await stage.browser.newContext();
    const page = await context.newPage();
    await page.goto(stage.server.baseUrl);
    await page.evaluate(() => navigator.serviceWorker.ready);
    await context.setOffline(true);
    await page.reload();
    await expect.poll(() => page.locator('h1').textContent()).toBe('Household Inventory');
    await expect.poll(() => page.getByTestId('health-status').textContent()).toBe('unavailable');
    // Said in words, not only by failing requests.
    await expect.poll(() => page.getByTestId('offline-banner').textContent()).toContain('You are offline');
    await page.goto(`${stage.server.baseUrl}/stock`);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Household Inventory');
    await context.setOffline(false);
    await expect.poll(() => page.getByTestId('offline-banner').count()).toBe(0);
    await context.close();
  });

  it('shows the last-seen lists offline after a reload, and forgets them at sign-out', async () => {
    const context = await stage.browser.newContext({ locale: 'en-GB' });
    const page = await context.newPage();
    await page.goto(stage.server.baseUrl);
    await page.evaluate(async () => {
      const post = (path: string, body: unknown) => fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      await post('/api/v1/auth/setup', { password: 'offline lists password', display_name: 'Kim', preferred_locale: 'en' });
      const product = await (await post('/api/v1/catalog/products', { name: 'Lentils' })).json();
      await post('/api/v1/stock/counts', { client_mutation_id: 'offline-lists', lines: [{ product_id: product.id, counted_quantity: 4 }] });
    });
    await page.goto(`${stage.server.baseUrl}/stock`);
    await expect.poll(() => page.getByTestId('stock-Lentils').textContent()).toContain('4');
    await page.evaluate(() => navigator.serviceWorker.ready);
    // The cache is written a moment after it changes.
    const cachedQueries = () =>
      page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            const request = indexedDB.open('hinv-query-cache');
            request.onsuccess = () => {
              const read = request.result.transaction('cache').objectStore('cache').get('client');
              read.onsuccess = () => resolve((read.result?.clientState?.queries ?? []).length);
            };
          }),
      );
    await expect.poll(cachedQueries).toBeGreaterThan(1);

    await context.setOffline(true);
    await page.reload();
    await expect.poll(() => page.getByTestId('offline-banner').count()).toBe(1);
    await expect.poll(() => page.getByTestId('stock-Lentils').textContent()).toContain('4');
    expect(await page.locator('.shell-tagline').textContent()).toBe('Signed in as Kim');
    // Nothing is offered that cannot be done offline; the scanner queues.
    expect(await page.locator('button[aria-label="Use up: Lentils"]').count()).toBe(0);
    await page.click('nav >> text=Scan');
    await page.waitForSelector('#scan-heading');
    await page.screenshot({ path: join(TEST_OUTPUT, 'offline-scan-phone.png') });

    await context.setOffline(false);
    await page.goto(`${stage.server.baseUrl}/settings`);
    await page.click('button:text-is("Sign out")');
    await page.waitForSelector('#login-heading');
    await expect.poll(cachedQueries).toBe(0);
    await context.close();
  });

  it('renders Swagger UI at /docs with every other host unreachable', async () => {
    const context = await stage.browser.newContext();
    const blocked = await blockOtherHosts(context, stage.server.baseUrl);
    const page = await context.newPage();
    await page.goto(`${stage.server.baseUrl}/docs`);
    // Rendering the whole contract is the heaviest page here (tens of seconds on a busy two-core
    // box): its bound is most of the test's.
    await expect.poll(() => page.locator('.swagger-ui .info .title').textContent(), { timeout: 100_000 }).toContain('Household Inventory API');
    await expect.poll(() => page.locator('.opblock').count()).toBeGreaterThan(3);
    await page.screenshot({ path: join(TEST_OUTPUT, 'docs.png') });
    expect(blocked).toEqual([]);
    await context.close();
  });

  it('renders ReDoc at /redoc with every other host unreachable', async () => {
    const context = await stage.browser.newContext();
    const blocked = await blockOtherHosts(context, stage.server.baseUrl);
    const page = await context.newPage();
    await page.goto(`${stage.server.baseUrl}/redoc`);
    // As Swagger UI above: the whole contract rendered in the page, bounded by most of the test's time.
    await expect.poll(() => page.locator('h1').first().textContent(), { timeout: 100_000 }).toContain('Household Inventory API');
    await page.screenshot({ path: join(TEST_OUTPUT, 'redoc.png') });
    expect(blocked).toEqual([]);
    await context.close();
  });
});
