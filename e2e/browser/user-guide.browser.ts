import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { TEST_OUTPUT, useServerAndBrowser } from '../support/browser.js';

/** In-page links (`#…`) whose target is not on the page. */
function missingTargets(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLAnchorElement>('a[href^="#"]')].map((a) => a.getAttribute('href')!.slice(1)).filter((id) => document.getElementById(decodeURIComponent(id)) === null),
  );
}

describe('the user guide on the box', () => {
  const stage = useServerAndBrowser();

  it('opens from Settings in the reader’s language, with its screenshots, back to the app, and offline', async () => {
    const context = await stage.browser.newContext({ locale: 'en-GB', viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(stage.server.baseUrl);
    await page.fill('input[name="display_name"]', 'Gina Guide');
    await page.fill('input[name="password"]', 'guide owner password');
    await page.click('button[type="submit"]');
    await page.waitForSelector('#home-expiring-heading');

    await page.click('nav >> text=Settings');
    await page.click('.settings-sections >> text=User guide');
    await page.waitForURL(`${stage.server.baseUrl}/guide/en.html`);
    expect(await page.locator('h1').textContent()).toBe('Household Inventory: user guide');
    // Every chapter is there, and every screenshot loaded (none is a broken image).
    for (const anchor of ['install', 'https', 'app', 'household', 'stations', 'automation', 'receipts', 'budget', 'push', 'backup', 'grocy', 'updating', 'troubleshooting']) {
      expect(await page.locator(`a[id="${anchor}"]`).count(), anchor).toBe(1);
    }
    // Every link within the page finds its target (chapters and headings alike).
    expect(await missingTargets(page)).toEqual([]);
    const images = await page.locator('main img').evaluateAll((list) => list.map((img) => ({ src: (img as HTMLImageElement).src, width: (img as HTMLImageElement).naturalWidth })));
    expect(images.length).toBeGreaterThanOrEqual(5);
    for (const image of images) expect(image.width, image.src).toBeGreaterThan(0);
    await page.screenshot({ path: join(TEST_OUTPUT, 'user-guide-phone.png') });

    // The other language is one link away; the way back leads to the app.
    await page.click('main >> a:text-is("Deutsch")');
    await page.waitForURL(`${stage.server.baseUrl}/guide/de.html`);
    expect(await page.locator('h1').textContent()).toBe('Household Inventory: Anleitung');
    expect(await page.locator('#dauerhaft-laufen-lassen-mit-systemd').count()).toBe(1);
    expect(await missingTargets(page)).toEqual([]);
    await page.click('a:text-is("Zurück zur App")');
    await page.waitForSelector('#home-expiring-heading');

    // The service worker precached the guide with the shell: it opens without a connection.
    await page.evaluate(() => navigator.serviceWorker.ready);
    await context.setOffline(true);
    await page.goto(`${stage.server.baseUrl}/guide/en.html#troubleshooting`);
    expect(await page.locator('h1').textContent()).toBe('Household Inventory: user guide');
    await context.setOffline(false);
    await context.close();
  });

  it('links to the German guide from German settings', async () => {
    const context = await stage.browser.newContext({ locale: 'de-DE' });
    const page = await context.newPage();
    await page.goto(stage.server.baseUrl);
    await page.fill('input[name="password"]', 'guide owner password');
    await page.click('button[type="submit"]');
    await page.waitForSelector('#home-expiring-heading');
    // The account's language (English, chosen at setup) wins over the browser's; switch it here.
    await page.click('nav >> text=Settings');
    await page.selectOption('select[name="language"]', 'de');
    expect(await page.locator('.settings-sections a:has-text("Anleitung")').getAttribute('href')).toBe('/guide/de.html');
    await context.close();
  });
});
