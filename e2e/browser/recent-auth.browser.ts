import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useServerAndBrowser } from '../support/browser.js';

const clockFile = join(mkdtempSync(join(tmpdir(), 'hinv-clock-')), 'offset');
writeFileSync(clockFile, '0');

describe('the recent-authentication prompt in the PWA', () => {
  const stage = useServerAndBrowser({ HINV_TEST_CLOCK_FILE: clockFile });

  it('asks for the password when an action answers 428, then completes the action', async () => {
    const context = await stage.browser.newContext({ locale: 'en-GB' });
    const page = await context.newPage();
    await page.goto(stage.server.baseUrl);
    await page.fill('input[name="password"]', 'prompt owner password');
    await page.click('button[type="submit"]');
    await page.waitForSelector('#home-expiring-heading');

    // Eleven minutes later the sign-in is no longer recent.
    writeFileSync(clockFile, String(11 * 60_000));
    await page.click('nav >> text=Settings');
    await page.click('text=Sign out all other devices');
    await page.waitForSelector('#reauth-heading');
    await page.fill('input[name="reauth_password"]', 'wrong password');
    await page.click('[data-testid="reauth"] button[type="submit"]');
    await expect.poll(() => page.locator('[data-testid="reauth"] [role="alert"]').count()).toBe(1);
    await page.fill('input[name="reauth_password"]', 'prompt owner password');
    await page.click('[data-testid="reauth"] button[type="submit"]');
    await expect.poll(() => page.getByTestId('more-notice').textContent()).toBe('Signed out 0 other devices.');
    expect(await page.locator('dialog[open]').count()).toBe(0);
    await context.close();
  });
});
