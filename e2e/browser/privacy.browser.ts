import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/accessibility.js';
import { pageApi, TEST_OUTPUT, useServerAndBrowser } from '../support/browser.js';

const PASSWORD = 'privacy owner password';
const SIZES = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } } as const;

const clockFile = join(mkdtempSync(join(tmpdir(), 'hinv-clock-')), 'offset');
writeFileSync(clockFile, '0');

describe('privacy and data, in the PWA', () => {
  const stage = useServerAndBrowser({ HINV_TEST_CLOCK_FILE: clockFile });

  it('the owner downloads the export with progress, sets retention, reads the overview and erases behind the typed literal', async () => {
    const context = await stage.browser.newContext({ locale: 'en-GB', viewport: SIZES.phone, acceptDownloads: true });
    const page = await context.newPage();
    await page.goto(stage.server.baseUrl);
    await pageApi(page, 'POST', '/api/v1/auth/setup', { password: PASSWORD, display_name: 'Robin', preferred_locale: 'en' });
    await pageApi(page, 'POST', '/api/v1/catalog/products', { name: 'Plum jam' });
    await page.goto(`${stage.server.baseUrl}/settings`);
    await page.click('.settings-sections >> text=Privacy and data');
    await page.waitForSelector('[data-testid="privacy-export-preview"]');
    expect(await page.getByTestId('privacy-export-preview').textContent()).toContain('Products1');
    expect(await page.getByTestId('privacy-export-preview').textContent()).toContain('Receipt images and PDFsNone');
    expect(await page.getByTestId('privacy-retention-preview').textContent()).toBe('No receipt files are kept at the moment.');

    // The download: after eleven minutes it asks for the password first, then shows its progress.
    writeFileSync(clockFile, String(11 * 60_000));
    await page.click('button:text-is("Download export")');
    await page.waitForSelector('#reauth-heading');
    await page.fill('input[name="reauth_password"]', PASSWORD);
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid="reauth"] button[type="submit"]')]);
    expect(download.suggestedFilename()).toMatch(/^household-inventory-export-\d{8}T\d{6}Z\.zip$/);
    const zipFile = join(mkdtempSync(join(tmpdir(), 'hinv-browser-export-')), 'export.zip');
    await download.saveAs(zipFile);
    const unpacked = join(zipFile, '..', 'unpacked');
    execFileSync('unzip', ['-q', zipFile, '-d', unpacked]);
    execFileSync('sha256sum', ['-c', '--quiet', 'SHA256SUMS'], { cwd: unpacked });
    expect(readFileSync(join(unpacked, 'data', 'catalog.json'), 'utf8')).toContain('Plum jam');
    await expect.poll(() => page.getByTestId('privacy-export-progress').textContent()).toMatch(/^Done: .+ saved\.$/);
    expect(await page.locator('progress').count()).toBe(1);

    // Retention: 0 days, saved; a cleanup now reports what it removed.
    await page.fill('input[name="retention_days"]', '400');
    expect(await page.locator('[data-testid="privacy-retention-form"] button[type="submit"]').isDisabled()).toBe(true);
    await page.fill('input[name="retention_days"]', '0');
    await page.click('[data-testid="privacy-retention-form"] button[type="submit"]');
    await expect.poll(() => page.locator('[data-testid="privacy-retention-form"] [role="status"]').textContent()).toBe('Saved.');
    expect((await pageApi<{ privacy: { retention_days: number } }>(page, 'GET', '/api/v1/settings')).privacy.retention_days).toBe(0);
    await page.click('button:text-is("Clean up now")');
    await expect.poll(() => page.getByTestId('privacy-retention-result').textContent()).toBe('Nothing to remove. Paths outside the receipt folder left alone: 0.');

    // The operations overview: integrity and the recent events as route templates.
    await page.reload();
    await page.waitForSelector('[data-testid="privacy-events"]');
    expect(await page.getByTestId('privacy-integrity').textContent()).toBe('OK');
    expect(await page.getByTestId('privacy-events').textContent()).toContain('PUT /api/v1/settings');

    expect(await seriousViolations(page)).toEqual([]);
    for (const [size, viewport] of Object.entries(SIZES)) {
      for (const theme of ['light', 'dark'] as const) {
        await page.setViewportSize(viewport);
        await page.emulateMedia({ colorScheme: theme });
        await page.screenshot({ path: join(TEST_OUTPUT, `privacy-${size}-${theme}.png`), fullPage: true });
      }
    }
    await page.setViewportSize(SIZES.phone);
    await page.emulateMedia({ colorScheme: 'light' });

    // An admin is offered none of it.
    await pageApi(page, 'PATCH', '/api/v1/auth/profile', { display_name: 'Robin', email: 'robin@example.org' });
    const invitation = await pageApi<{ invite_token: string }>(page, 'POST', '/api/v1/auth/invitations', { display_name: 'Alex', email: 'alex@example.org', role: 'admin' });
    const admin = await stage.browser.newContext({ locale: 'en-GB' });
    const adminPage = await admin.newPage();
    await adminPage.goto(stage.server.baseUrl);
    await pageApi(adminPage, 'POST', `/api/v1/auth/invitations/${invitation.invite_token}/accept`, { password: 'admin password 123', preferred_locale: 'en' });
    await adminPage.goto(`${stage.server.baseUrl}/settings`);
    await adminPage.waitForSelector('.settings-sections');
    expect(await adminPage.locator('.settings-sections >> text=Automation tokens').count()).toBe(1);
    expect(await adminPage.locator('.settings-sections >> text=Privacy and data').count()).toBe(0);
    await admin.close();

    // Erasure stays disabled until the literal is typed exactly, then returns to first-run setup.
    const erase = page.locator('[data-testid="privacy-erase"] button[type="submit"]');
    expect(await erase.isDisabled()).toBe(true);
    await page.fill('input[name="erase_confirmation"]', 'haushalt endgültig löschen');
    expect(await erase.isDisabled()).toBe(true);
    await page.fill('input[name="erase_confirmation"]', 'HAUSHALT ENDGÜLTIG LÖSCHEN');
    expect(await erase.isDisabled()).toBe(false);
    await erase.click();
    await expect.poll(() => page.locator('#setup-heading').textContent()).toBe('Set up your household');
    expect(await pageApi(page, 'GET', '/api/v1/auth/state')).toMatchObject({ authenticated: false, needs_setup: true, user: null });
    writeFileSync(clockFile, '0');
    await context.close();
  });
});
