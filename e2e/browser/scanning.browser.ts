import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/accessibility.js';
import { TEST_OUTPUT, useServerAndBrowser } from '../support/browser.js';
import { barcodeVideo, fakeCameraArgs } from '../support/fake-camera.js';

const CAMERA_CODE = '4006381333931';
const PASSWORD = 'scanner owner password';

/** JSON from inside the page: the browser's own cookie applies. */
function api<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(path, { method, headers: body ? { 'content-type': 'application/json' } : {}, body: body ? JSON.stringify(body) : undefined });
      return response.json();
    },
    { method, path, body },
  ) as Promise<T>;
}

async function signedInPage(context: BrowserContext, baseUrl: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(baseUrl);
  const state = await api<{ needs_setup?: boolean }>(page, 'GET', '/api/v1/auth/state');
  if (state.needs_setup) await api(page, 'POST', '/api/v1/auth/setup', { password: PASSWORD, display_name: 'Sam', preferred_locale: 'en' });
  else await api(page, 'POST', '/api/v1/auth/login', { password: PASSWORD });
  await page.goto(`${baseUrl}/scan`);
  await page.waitForSelector('#scan-heading');
  return page;
}

// Generous bounds: every wait is for app state, and a loaded machine is slow to show it.
describe('scanning in the PWA', { timeout: 240_000 }, () => {
  const timings: Record<string, number> = {};
  const stage = useServerAndBrowser({ OFF_ENABLED: 'false' }, async () => fakeCameraArgs(await barcodeVideo(CAMERA_CODE)));

  it('scans the code with the camera, reviews it, adds it and sees the stock change', async () => {
    const context = await stage.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await signedInPage(context, stage.server.baseUrl.replace('127.0.0.1', 'localhost'));
    const product = await api<{ id: string }>(page, 'POST', '/api/v1/catalog/products', { name: 'Pencil lead', barcode: CAMERA_CODE });

    // The viewfinder keeps its box whether the camera runs or not: nothing on the screen moves.
    const idle = await page.evaluate(() => {
      const { x, y, width, height } = document.querySelector('.scan-viewfinder')!.getBoundingClientRect();
      return { x, y, width, height };
    });
    // The camera runs only until the code is read, a second or less: the page itself notes when
    // its picture is ready and the viewfinder's box while it shows. Waited for from outside, such
    // a short state may already be over on a fast machine.
    await page.evaluate(() => {
      const seen: { startedAt: number; readyAt?: number; activeBox?: { x: number; y: number; width: number; height: number } } = { startedAt: performance.now() };
      Object.assign(window, { cameraSeen: seen });
      // Media events do not bubble; a listener on the document's capture phase still hears them.
      for (const type of ['canplaythrough', 'playing']) {
        document.addEventListener(
          type,
          (event) => {
            if ((event.target as Element).matches('[data-testid="camera"]')) seen.readyAt ??= performance.now();
          },
          true,
        );
      }
      const observer = new MutationObserver(() => {
        const active = document.querySelector('.scan-viewfinder[data-active]');
        if (!active) return;
        const { x, y, width, height } = active.getBoundingClientRect();
        seen.activeBox = { x, y, width, height };
        observer.disconnect();
      });
      observer.observe(document.body, { attributes: true, attributeFilter: ['data-active'], subtree: true });
    });
    const started = Date.now();
    await page.click('text=Start camera');
    await page.waitForSelector('[data-testid="review-sheet"]');
    const decodedMs = Date.now() - started;
    const seen = await page.evaluate(() => (window as unknown as { cameraSeen: { startedAt: number; readyAt?: number; activeBox?: unknown } }).cameraSeen);
    expect(seen.readyAt).toBeDefined();
    expect(seen.activeBox).toEqual(idle);
    timings.cameraReadyMs = Math.round(seen.readyAt! - seen.startedAt);
    timings.decodeMs = decodedMs - timings.cameraReadyMs;
    expect(await page.locator('#review-heading').textContent()).toBe('Pencil lead');
    await page.screenshot({ path: join(TEST_OUTPUT, 'review-phone.png') });

    // A receipt line with this code has been waiting (receipts have no endpoints yet: written into the file).
    const db = new Database(join(stage.server.dataDir, 'app.db'), { timeout: 5000 });
    const now = new Date().toISOString();
    db.prepare(`INSERT INTO receipts (id, status, currency, created_at, updated_at) VALUES ('receipt-1', 'review', 'EUR', ?, ?)`).run(now, now);
    db.prepare(`INSERT INTO receipt_items (id, receipt_id, position, raw_name, barcode, imported, created_at, updated_at) VALUES ('line-1', 'receipt-1', 1, 'MINEN 0,5 1,99 A', ?, 0, ?, ?)`).run(CAMERA_CODE, now, now);
    db.close();

    // The quantity is a stepper: one more than the 1 it starts at.
    expect(await page.getByRole('spinbutton', { name: 'Quantity' }).getAttribute('aria-valuenow')).toBe('1');
    await page.getByRole('button', { name: 'One more' }).click();
    expect(await page.getByRole('spinbutton', { name: 'Quantity' }).getAttribute('aria-valuenow')).toBe('2');
    await page.click('text=Confirm');
    await expect.poll(() => page.getByTestId('scan-message').textContent(), { timeout: 30_000 }).toBe('Added 2 × Pencil lead. 1 waiting receipt line was matched.');
    const detail = await api<{ stock_quantity: number }>(page, 'GET', `/api/v1/catalog/products/${product.id}`);
    expect(detail.stock_quantity).toBe(2);
    await page.click('nav >> text=Stock');
    await expect.poll(() => page.getByTestId('stock-list').textContent()).toContain('Pencil lead');
    await page.screenshot({ path: join(TEST_OUTPUT, 'stock-phone.png') });
    await page.click('nav >> text=Scan');
    await page.waitForSelector('#scan-heading');
    // The camera stopped after the accepted code.
    expect(await page.evaluate(() => ((document.querySelector('[data-testid="camera"]') as HTMLVideoElement).srcObject as MediaStream | null)?.active ?? false)).toBe(false);
    await context.close();
  });

  it('queues scans offline, survives a reload, and resolves each code once when back online', async () => {
    const context = await stage.browser.newContext();
    const page = await signedInPage(context, stage.server.baseUrl);
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return registration.active?.state;
    });
    await page.reload();
    await page.waitForSelector('#scan-heading');
    const before = (await api<unknown[]>(page, 'GET', '/api/v1/scans/unresolved')).length;

    await context.setOffline(true);
    for (const code of ['96385074', '5000157024671', '96385074']) {
      await page.fill('input[name="code"]', code);
      await page.click('text=Look up');
      await page.waitForSelector('[data-testid="scan-message"]');
    }
    await expect.poll(() => page.getByTestId('queue-size').textContent()).toBe('2');
    await page.reload();
    await page.waitForSelector('#scan-heading');
    await expect.poll(() => page.getByTestId('queue-size').textContent()).toBe('2');

    // Whenever the badge shows 0 from now on, how many scans the queue really holds. Resolves take
    // 300 ms on the way, so the offline shell's sync is still sending when the signed-in scan screen
    // takes over: a badge that started at 0 there said "nothing waiting" while both scans were.
    await page.evaluate(() => {
      const waitingAtZero: number[] = [];
      (window as unknown as { waitingAtZero: number[] }).waitingAtZero = waitingAtZero;
      let last: string | null = null;
      new MutationObserver(() => {
        const text = document.querySelector('[data-testid="queue-size"]')?.textContent ?? null;
        if (text === last) return;
        last = text;
        if (text !== '0') return;
        const open = indexedDB.open('household-inventory');
        open.onsuccess = () => {
          const count = open.result.transaction('scans').objectStore('scans').count();
          count.onsuccess = () => {
            waitingAtZero.push(count.result);
            open.result.close();
          };
        };
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await context.route('**/api/v1/scans/resolve', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      await route.continue();
    });
    const syncStarted = Date.now();
    await context.setOffline(false);
    await expect.poll(() => page.getByTestId('queue-size').textContent()).toBe('0');
    timings.syncTwoMs = Date.now() - syncStarted;
    const waitingAtZero = () => page.evaluate(() => (window as unknown as { waitingAtZero: number[] }).waitingAtZero);
    await expect.poll(async () => (await waitingAtZero()).at(-1)).toBe(0);
    expect((await waitingAtZero()).filter((waiting) => waiting > 0)).toEqual([]);
    const after = await api<{ barcode_normalized: string }[]>(page, 'GET', '/api/v1/scans/unresolved');
    expect(after.length - before).toBe(2);
    await page.screenshot({ path: join(TEST_OUTPUT, 'inbox-desktop.png') });
    await context.close();
  });

  it('keeps the queue when the session is gone during sync', async () => {
    const context = await stage.browser.newContext();
    const page = await signedInPage(context, stage.server.baseUrl);
    await context.setOffline(true);
    await page.fill('input[name="code"]', '2345678');
    await page.click('text=Look up');
    await expect.poll(() => page.getByTestId('queue-size').textContent()).toBe('1');
    // Somewhere else the owner signs out every other device.
    const other = await stage.browser.newContext();
    const elsewhere = await signedInPage(other, stage.server.baseUrl);
    await api(elsewhere, 'POST', '/api/v1/auth/sessions/revoke-others');
    await other.close();
    await context.setOffline(false);
    await expect.poll(() => page.locator('text=Please sign in again').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('queue-size').textContent()).toBe('1');
    await context.close();
    console.log(`scanner timings: ${JSON.stringify(timings)}`);
  });

  it('reviews in a sheet at phone size in the dark and as a dialog on the desktop; closing it keeps the draft to review', async () => {
    const dark = await stage.browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme: 'dark' });
    const phone = await signedInPage(dark, stage.server.baseUrl);
    expect((await phone.locator('.scan-viewfinder').boundingBox())?.height).toBeGreaterThan(150);
    await phone.screenshot({ path: join(TEST_OUTPUT, 'scan-dark-phone.png'), fullPage: true });
    expect(await seriousViolations(phone), 'scan screen, dark, phone').toEqual([]);

    // A code nobody knows yet: the review asks for the new product's details.
    await phone.fill('input[name="code"]', '4000000987659');
    await phone.click('text=Look up');
    await phone.waitForSelector('[data-testid="review-sheet"]');
    expect(await phone.locator('#review-heading').textContent()).toBe('4000000987659');
    // The sheet rises to the bottom edge of a phone.
    const sheetBottom = async () => {
      const sheet = await phone.locator('dialog[open]').boundingBox();
      return Math.round((sheet?.y ?? 0) + (sheet?.height ?? 0));
    };
    await expect.poll(sheetBottom).toBe(844);
    await phone.screenshot({ path: join(TEST_OUTPUT, 'review-dark-phone.png') });
    expect(await seriousViolations(phone), 'review sheet, dark, phone').toEqual([]);
    // Discarded, it leaves the list to review.
    await expect.poll(() => phone.getByTestId('inbox').textContent()).toContain('4000000987659');
    await phone.click('text=Discard');
    await expect.poll(() => phone.locator('dialog[open]').count()).toBe(0);
    await expect.poll(() => phone.locator('[data-testid="inbox"] >> text=4000000987659').count()).toBe(0);
    await dark.close();

    const context = await stage.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await signedInPage(context, stage.server.baseUrl);
    await api(page, 'POST', '/api/v1/catalog/products', { name: 'Oat milk', barcode: '4000000123453' });
    await page.fill('input[name="code"]', '4000000123453');
    await page.press('input[name="code"]', 'Enter');
    await page.waitForSelector('[data-testid="review-sheet"]');
    expect(await page.locator('#review-heading').textContent()).toBe('Oat milk');
    // A dialog in the middle of the desktop, not a sheet at its bottom edge.
    const dialogCentre = async () => {
      const dialog = await page.locator('dialog[open]').boundingBox();
      return dialog && [Math.round(dialog.x + dialog.width / 2), Math.round(dialog.y + dialog.height / 2)];
    };
    await expect.poll(dialogCentre).toEqual([640, 400]);
    await page.screenshot({ path: join(TEST_OUTPUT, 'review-desktop.png') });
    expect(await seriousViolations(page), 'review sheet, desktop').toEqual([]);
    // Closed without a decision (Escape), the draft (a local hit: never in the server's unresolved
    // list) waits in the inbox beside the viewfinder and opens again from there.
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('dialog[open]').count()).toBe(0);
    await expect.poll(() => page.getByTestId('inbox').textContent()).toContain('Oat milk');
    const [capture, inbox] = await Promise.all([page.locator('.scan-capture').boundingBox(), page.locator('.scan-inbox').boundingBox()]);
    expect(inbox!.x).toBeGreaterThan(capture!.x + capture!.width);
    await page.screenshot({ path: join(TEST_OUTPUT, 'scan-desktop-inbox.png') });
    await page.click('[data-testid="inbox"] >> text=Oat milk');
    await page.waitForSelector('[data-testid="review-sheet"]');
    expect(await page.locator('#review-heading').textContent()).toBe('Oat milk');
    // Loose goods: the amount can be typed too, with a decimal comma as well as a point.
    await page.getByRole('spinbutton', { name: 'Quantity' }).fill('0,5');
    await page.click('text=Confirm');
    await expect.poll(() => page.getByTestId('scan-message').textContent(), { timeout: 30_000 }).toBe('Added 0.5 × Oat milk.');
    expect(await page.locator('[data-testid="inbox"] >> text=Oat milk').count()).toBe(0);
    // The screen with drafts to review and a message is as accessible as the empty one.
    expect(await seriousViolations(page), 'scan screen with inbox, desktop').toEqual([]);
    await context.close();
  });
});
