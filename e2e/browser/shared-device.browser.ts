import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/accessibility.js';
import { pageApi, TEST_OUTPUT, useServerAndBrowser } from '../support/browser.js';

const OWNER_PASSWORD = 'shared device owner 1';
const ANNA = { email: 'anna@example.org', password: 'anna password 123', name: 'Anna' };
const BEN = { email: 'ben@example.org', password: 'ben password 1234', name: 'Ben' };
const ANNAS_CODE = '4006381333931';
const DELETED_CODE = '4006381333948';

/** The scans the personal queue holds in this browser, with their person. */
const queuedScans = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<{ code: string; owner?: string }[]>((resolve, reject) => {
        const open = indexedDB.open('household-inventory');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const all = open.result.transaction('scans').objectStore('scans').getAll();
          all.onsuccess = () => {
            resolve((all.result as { code: string; owner?: string }[]).map(({ code, owner }) => ({ code, owner })));
            open.result.close();
          };
        };
      }),
  );

/**
 * One phone shared by a household: offline scans are the person's who made them. At sign-out the
 * app asks whether to keep them for that person or delete them; kept ones are never sent under
 * the next person's session, and are sent when their person signs in again.
 */
describe('offline queues on a shared device', () => {
  const stage = useServerAndBrowser({ OFF_ENABLED: 'false' });

  async function signIn(page: Page, who: { email: string; password: string; name: string }) {
    await page.locator('#login-heading').waitFor();
    await page.fill('input[name="identifier"]', who.email);
    await page.fill('input[name="password"]', who.password);
    await page.click('button[type="submit"]');
    await expect.poll(() => page.locator('.shell-tagline').textContent(), { timeout: 30_000 }).toBe(`Signed in as ${who.name}`);
  }

  /** Scans `code` on the scan screen while the browser has no connection; the queue shows `size` then. */
  async function scanOffline(context: BrowserContext, page: Page, code: string, size: string) {
    await page.click('nav >> text=Scan');
    await page.waitForSelector('#scan-heading');
    await context.setOffline(true);
    await page.fill('input[name="code"]', code);
    await page.click('text=Look up');
    await expect.poll(() => page.getByTestId('queue-size').textContent(), { timeout: 30_000 }).toBe(size);
  }

  /** Back online on the settings screen, the queue held back (resolves fail) so it is still waiting at sign-out. */
  async function toSettingsHoldingTheQueue(context: BrowserContext, page: Page) {
    await context.route('**/api/v1/scans/resolve', (route) => route.abort());
    await context.setOffline(false);
    await page.click('nav >> text=Settings');
    await page.click('button:text-is("Sign out")');
    await page.getByTestId('sign-out-waiting').waitFor();
  }

  it('asks at sign-out, keeps Anna’s scan from Ben, sends it for Anna, and deletes on request', async () => {
    const context = await stage.browser.newContext({ locale: 'en-GB', viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.goto(stage.server.baseUrl);
    // The household and two members; the page ends up signed in as Anna.
    await pageApi(page, 'POST', '/api/v1/auth/setup', { password: OWNER_PASSWORD, display_name: 'Olli', preferred_locale: 'en' });
    await pageApi(page, 'PATCH', '/api/v1/auth/profile', { display_name: 'Olli', email: 'olli@example.org' });
    const invite = async (who: typeof ANNA) =>
      (await pageApi<{ invite_token: string }>(page, 'POST', '/api/v1/auth/invitations', { display_name: who.name, email: who.email, role: 'member' })).invite_token;
    const annaToken = await invite(ANNA);
    const benToken = await invite(BEN);
    const benJoined = await fetch(`${stage.server.baseUrl}/api/v1/auth/invitations/${benToken}/accept`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ password: BEN.password, preferred_locale: 'en' }),
    });
    expect(benJoined.status).toBe(200);
    const anna = await pageApi<{ user: { id: string } }>(page, 'POST', `/api/v1/auth/invitations/${annaToken}/accept`, { password: ANNA.password, preferred_locale: 'en' });
    await page.reload();
    await expect.poll(() => page.locator('.shell-tagline').textContent(), { timeout: 30_000 }).toBe('Signed in as Anna');

    // Anna scans without a signal, then signs out: the app asks.
    await scanOffline(context, page, ANNAS_CODE, '1');
    expect(await queuedScans(page)).toEqual([{ code: ANNAS_CODE, owner: anna.user.id }]);
    await toSettingsHoldingTheQueue(context, page);
    expect(await page.getByTestId('sign-out-waiting').textContent()).toContain('1 scan');
    // The sheet has risen to the bottom edge of the phone, its buttons in view.
    const sheetBottom = async () => {
      const sheet = await page.locator('dialog[open]').boundingBox();
      return Math.round((sheet?.y ?? 0) + (sheet?.height ?? 0));
    };
    await expect.poll(sheetBottom, { timeout: 30_000 }).toBe(844);
    await page.getByTestId('sign-out-keep').waitFor();
    await page.screenshot({ path: join(TEST_OUTPUT, 'sign-out-waiting-phone-light.png') });
    expect(await seriousViolations(page), 'sign-out question, phone').toEqual([]);
    await page.getByTestId('sign-out-keep').click();
    await context.unroute('**/api/v1/scans/resolve');

    // Ben signs in on the same phone: Anna's scan is neither shown nor sent.
    const resolves: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/v1/scans/resolve')) resolves.push(request.postData() ?? '');
    });
    await signIn(page, BEN);
    await page.click('nav >> text=Scan');
    await page.waitForSelector('#scan-heading');
    await expect.poll(() => page.getByTestId('queue-size').textContent(), { timeout: 30_000 }).toBe('0');
    const drafts = await pageApi<{ barcode_normalized: string }[]>(page, 'GET', '/api/v1/scans/unresolved');
    expect(drafts.map((draft) => draft.barcode_normalized)).not.toContain(ANNAS_CODE);
    expect(resolves.filter((body) => body.includes(ANNAS_CODE))).toEqual([]);
    expect(await queuedScans(page)).toEqual([{ code: ANNAS_CODE, owner: anna.user.id }]);
    // Ben has nothing waiting: signing out asks nothing.
    await page.click('nav >> text=Settings');
    await page.click('button:text-is("Sign out")');
    await page.locator('#login-heading').waitFor();

    // Anna again: her scan is sent now, under her session.
    await signIn(page, ANNA);
    await page.click('nav >> text=Scan');
    await page.waitForSelector('#scan-heading');
    // The server has it first; the device lets it go once the answer is in (the badge may show an old 0 before the queue is read).
    await expect.poll(async () => (await pageApi<{ barcode_normalized: string }[]>(page, 'GET', '/api/v1/scans/unresolved')).map((draft) => draft.barcode_normalized), { timeout: 30_000 }).toContain(ANNAS_CODE);
    await expect.poll(() => queuedScans(page), { timeout: 30_000 }).toEqual([]);
    await expect.poll(() => page.getByTestId('queue-size').textContent(), { timeout: 30_000 }).toBe('0');

    // "Delete them": the scan is gone from the device and never reaches the server.
    await scanOffline(context, page, DELETED_CODE, '1');
    await toSettingsHoldingTheQueue(context, page);
    await page.getByTestId('sign-out-delete').click();
    // Still signed out and with resolves held back: an empty queue now can only be the delete.
    await expect.poll(() => queuedScans(page), { timeout: 30_000 }).toEqual([]);
    await context.unroute('**/api/v1/scans/resolve');
    await signIn(page, ANNA);
    expect(await queuedScans(page)).toEqual([]);
    const after = await pageApi<{ barcode_normalized: string }[]>(page, 'GET', '/api/v1/scans/unresolved');
    expect(after.map((draft) => draft.barcode_normalized)).not.toContain(DELETED_CODE);
    await context.close();
  });

  it('asks in a dialog on the desktop in the dark theme too', async () => {
    const context = await stage.browser.newContext({ locale: 'en-GB', viewport: { width: 1280, height: 800 }, colorScheme: 'dark', reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.goto(stage.server.baseUrl);
    await signIn(page, ANNA);
    await scanOffline(context, page, '96385074', '1');
    await toSettingsHoldingTheQueue(context, page);
    await page.screenshot({ path: join(TEST_OUTPUT, 'sign-out-waiting-desktop-dark.png') });
    expect(await seriousViolations(page), 'sign-out question, desktop, dark').toEqual([]);
    // The sheet's close button (named Cancel) keeps Anna signed in with her scan waiting.
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect.poll(() => page.locator('.shell-tagline').textContent(), { timeout: 30_000 }).toBe('Signed in as Anna');
    await context.close();
  });
});
