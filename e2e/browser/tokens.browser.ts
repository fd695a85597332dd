import { describe, expect, it } from 'vitest';
import { useServerAndBrowser } from '../support/browser.js';

describe('automation tokens in the PWA', () => {
  const stage = useServerAndBrowser();

  it('creates a token, copies it once, and the token works for GET /api/v1/status', async () => {
    const context = await stage.browser.newContext({ locale: 'en-GB' });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stage.server.baseUrl });
    const page = await context.newPage();
    await page.goto(stage.server.baseUrl);
    await page.fill('input[name="password"]', 'token owner password');
    await page.click('button[type="submit"]');
    await page.waitForSelector('#home-expiring-heading');
    await page.click('nav >> text=Settings');
    await page.click('.settings-sections >> text=Automation tokens');
    await page.fill('input[name="token_name"]', 'Kitchen display');
    await page.check('input[name="scope"][value="status:read"]');
    await page.click('text=Create token');
    const shown = (await page.getByTestId('token-value').textContent()) ?? '';
    expect(shown).toMatch(/^hinv_pat_[A-Za-z0-9_-]{8}_[A-Za-z0-9_-]{43}$/);
    await page.bringToFront();
    await page.click('[data-testid="token-created"] button:text-is("Copy")');
    await expect.poll(() => page.locator('[data-testid="token-created"] button').textContent()).toBe('Copied');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(shown);

    const status = await fetch(`${stage.server.baseUrl}/api/v1/status`, { headers: { authorization: `Bearer ${copied}` } });
    expect(status.status).toBe(200);
    expect(await page.getByTestId('token-list').textContent()).toContain('Kitchen display');
    // The list shows only the prefix, never the secret.
    expect(await page.getByTestId('token-list').textContent()).not.toContain(copied);
    await context.close();
  });
});
