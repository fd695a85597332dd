import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TEST_OUTPUT, useServerAndBrowser } from '../support/browser.js';

describe('signing in through the PWA', () => {
  const stage = useServerAndBrowser();

  it('sets up the household, signs out and signs back in', async () => {
    const context = await stage.browser.newContext({ locale: 'en-GB', viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(stage.server.baseUrl);
    await expect.poll(() => page.locator('#setup-heading').textContent()).toBe('Set up your household');
    await page.fill('input[name="display_name"]', 'Pat Owner');
    await page.fill('input[name="password"]', 'pantry password 42');
    await page.click('button[type="submit"]');
    await expect.poll(() => page.locator('.shell-tagline').textContent()).toBe('Signed in as Pat Owner');
    await page.screenshot({ path: join(TEST_OUTPUT, 'signed-in-phone.png') });

    await page.click('nav >> text=More');
    await page.click('text=Sign out');
    await expect.poll(() => page.locator('#login-heading').textContent()).toBe('Sign in');
    await page.fill('input[name="password"]', 'wrong password');
    await page.click('button[type="submit"]');
    await expect.poll(() => page.getByTestId('auth-problem').textContent()).toContain('did not work');
    await page.fill('input[name="password"]', 'pantry password 42');
    await page.click('button[type="submit"]');
    await expect.poll(() => page.locator('.shell-tagline').textContent()).toBe('Signed in as Pat Owner');
    await context.close();
  });

  it('speaks German to a German browser', async () => {
    const context = await stage.browser.newContext({ locale: 'de-DE' });
    const page = await context.newPage();
    await page.goto(stage.server.baseUrl);
    await expect.poll(() => page.locator('#login-heading').textContent()).toBe('Anmelden');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
    await context.close();
  });
});
