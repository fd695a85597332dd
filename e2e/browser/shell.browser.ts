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
    await expect.poll(() => page.getByTestId('health-status').textContent(), { timeout: 10_000 }).toBe('ok');
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

  it('renders Swagger UI at /docs with every other host unreachable', async () => {
    const context = await stage.browser.newContext();
    const blocked = await blockOtherHosts(context, stage.server.baseUrl);
    const page = await context.newPage();
    await page.goto(`${stage.server.baseUrl}/docs`);
    await expect.poll(() => page.locator('.swagger-ui .info .title').textContent(), { timeout: 15_000 }).toContain('Household Inventory API');
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
    await expect.poll(() => page.locator('h1').first().textContent(), { timeout: 15_000 }).toContain('Household Inventory API');
    await page.screenshot({ path: join(TEST_OUTPUT, 'redoc.png') });
    expect(blocked).toEqual([]);
    await context.close();
  });
});
