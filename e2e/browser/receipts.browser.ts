import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/accessibility.js';
import { pageApi, TEST_OUTPUT, useServerAndBrowser } from '../support/browser.js';
import { rotatedJpeg } from '../support/images.js';
import { textPdf } from '../support/pdfs.js';
import { corpusReceipt } from '../support/receipt-images.js';

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

/** Another purchase, so it is not taken for the first one's duplicate. */
const receiptOn = (day: string, store: string, total: string) => [
  store,
  'Hauptstraße 1',
  'EUR',
  'VOLLMILCH 3,5% 1,19 A',
  `BROT ${total} A`,
  '--------------------------------',
  `SUMME EUR ${(1.19 + Number(total.replace(',', '.'))).toFixed(2).replace('.', ',')}`,
  `Datum: ${day} Uhrzeit: 09:15:00 Uhr`,
];

const SIZES = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } } as const;

/**
 * A page signed in as the owner on the given screen, controlled by the service worker (as the
 * installed app is). Shares start from the home screen, so arriving on the receipts screen is news.
 */
async function controlledPage(context: BrowserContext, baseUrl: string, screen: { path: string; ready: string } = { path: '/', ready: '#home-expiring-heading' }): Promise<Page> {
  const page = await context.newPage();
  await page.goto(baseUrl);
  await pageApi(page, 'POST', '/api/v1/auth/login', { password: PASSWORD });
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.goto(`${baseUrl}${screen.path}`);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.waitForSelector(screen.ready);
  return page;
}

const RECEIPTS_SCREEN = { path: '/receipts', ready: '#receipts-heading' };

interface SharedFile {
  name: string;
  type: string;
  bytes: Buffer;
}

/**
 * Shares files with the app the way Android does: a multipart form POST navigation to the
 * manifest's share_target action, with the files in its files param. Read from the served
 * manifest, so the test follows what an installed app would be told.
 */
async function shareWithApp(page: Page, files: SharedFile[]): Promise<void> {
  const target = await page.evaluate(async () => {
    const href = document.querySelector('link[rel="manifest"]')!.getAttribute('href')!;
    const manifest = (await (await fetch(href)).json()) as { share_target: { action: string; method: string; enctype: string; params: { files: { name: string }[] } } };
    return manifest.share_target;
  });
  expect([target.method, target.enctype]).toEqual(['POST', 'multipart/form-data']);
  expect(new URL(page.url()).pathname).not.toBe('/receipts');
  const navigated = page.waitForURL((url) => url.pathname === '/receipts');
  await page.evaluate(
    ({ action, field, files }) => {
      const form = document.createElement('form');
      form.method = 'POST';
      form.enctype = 'multipart/form-data';
      form.action = action;
      const input = document.createElement('input');
      input.type = 'file';
      input.name = field;
      const transfer = new DataTransfer();
      for (const file of files) transfer.items.add(new File([Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0))], file.name, { type: file.type }));
      input.files = transfer.files;
      form.append(input);
      document.body.append(form);
      form.submit();
    },
    { action: target.action, field: target.params.files[0].name, files: files.map((file) => ({ name: file.name, type: file.type, base64: file.bytes.toString('base64') })) },
  );
  await navigated;
}

/** The parts of a multipart/form-data body, with their headers. */
function multipartParts(body: Buffer, contentType: string): { headers: string; data: Buffer }[] {
  const boundary = Buffer.from(`--${/boundary=(.+)$/.exec(contentType)![1]}`);
  const parts: { headers: string; data: Buffer }[] = [];
  for (let start = body.indexOf(boundary); start !== -1; ) {
    const next = body.indexOf(boundary, start + boundary.length);
    if (next === -1) break;
    const part = body.subarray(start + boundary.length + 2, next - 2);
    const split = part.indexOf('\r\n\r\n');
    parts.push({ headers: part.subarray(0, split).toString('latin1'), data: part.subarray(split + 4) });
    start = next;
  }
  return parts;
}

describe('receipts in the PWA', () => {
  const stage = useServerAndBrowser();

  it('uploads a PDF receipt through the file picker, shows progress, lists it and opens its lines', async () => {
    const context = await stage.browser.newContext({ locale: 'en-GB', viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(stage.server.baseUrl);
    await pageApi(page, 'POST', '/api/v1/auth/setup', { password: PASSWORD, display_name: 'Robin', preferred_locale: 'en' });
    await pageApi(page, 'POST', '/api/v1/catalog/products', { name: 'Bananen' });
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

    // The matched line is ticked and goes into stock with one tap; the others stay open.
    expect(await page.getByRole('checkbox', { name: 'Put BANANEN into stock' }).getAttribute('aria-checked')).toBe('true');
    await page.getByRole('button', { name: 'Put 1 line into stock' }).click();
    await expect.poll(() => page.getByTestId('receipt-import').textContent()).toContain('1 line is in stock now.');
    expect(await page.getByTestId('receipt-lines').textContent()).toContain('In stock: Bananen');
    expect(await page.getByRole('button', { name: /into stock/ }).count()).toBe(0);
    const lots = await pageApi<{ product_name?: string; unit_price?: number | null }[]>(page, 'GET', '/api/v1/stock/lots');
    expect(lots.map((lot) => [lot.product_name, lot.unit_price])).toEqual([['Bananen', 2.99]]);
    await page.screenshot({ path: join(TEST_OUTPUT, 'receipt-imported-phone.png'), fullPage: true });
    expect(await seriousViolations(page), 'receipt after import, phone').toEqual([]);

    // The same file again: recognised, not stored twice.
    await page.goto(`${stage.server.baseUrl}/receipts`);
    await page.setInputFiles('input[name="receipt"]', { name: 'again.pdf', mimeType: 'application/pdf', buffer: await textPdf([RECEIPT]) });
    await expect.poll(() => page.getByTestId('receipt-done').textContent()).toContain('already here');
    expect(await page.getByTestId('receipt-list').locator('li').count()).toBe(1);
    await context.close();

  });
  it('takes a shared PDF (as Android posts it) through the service worker into the receipt upload, and refuses a file that is no receipt', async () => {
    const context = await stage.browser.newContext({ locale: 'en-GB', viewport: SIZES.phone });
    const page = await controlledPage(context, stage.server.baseUrl);
    const share = page.waitForResponse((response) => new URL(response.url()).pathname === '/receipts/share');
    await shareWithApp(page, [
      { name: 'edeka.pdf', type: 'application/pdf', bytes: await textPdf([receiptOn('02.04.2025', 'EDEKA Center', '2,49')]) },
      { name: 'notes.txt', type: 'text/plain', bytes: Buffer.from('not a receipt at all, but long enough to be looked at by the server '.repeat(3)) },
    ]);
    // The worker answered the post itself; the server never saw it.
    expect((await share).fromServiceWorker()).toBe(true);
    expect(page.url()).toBe(`${stage.server.baseUrl}/receipts`);
    // Uploaded and read on the server: more than a moment on a busy machine.
    await expect.poll(() => page.getByTestId('shared-done').textContent()).toBe('edeka.pdf: Read 2 lines. Open it');
    await expect.poll(() => page.getByTestId('shared-refused').textContent()).toContain('notes.txt was not taken:');
    await expect.poll(() => page.getByTestId('shared-list').count()).toBe(0);
    await expect.poll(() => page.getByTestId('receipt-list').textContent()).toContain('EDEKA Center');
    // Each file was sent once: one answer each on the screen, one receipt on the server.
    expect([await page.getByTestId('shared-done').count(), await page.getByTestId('shared-refused').count()]).toEqual([1, 1]);
    const stores = (await pageApi<{ store_name: string | null }[]>(page, 'GET', '/api/v1/receipts')).map((receipt) => receipt.store_name);
    expect(stores.filter((store) => store === 'EDEKA Center')).toHaveLength(1);
    // Nothing waits any more: both files have their answer.
    expect(await page.evaluate(() => new Promise<number>((resolve) => {
      const open = indexedDB.open('household-inventory-receipts');
      open.onsuccess = () => {
        const count = open.result.transaction('shared').objectStore('shared').count();
        count.onsuccess = () => resolve(count.result);
      };
    }))).toBe(0);

    await page.click('[data-testid="shared-done"] a');
    await expect.poll(() => page.getByTestId('receipt-lines').locator('li').count()).toBe(2);
    expect(await page.getByTestId('receipt-summary').textContent()).toBe('Apr 2, 2025 · €3.68');
    await context.close();
  });

  it('asks for the share again when it reached the server before the service worker was there', async () => {
    const context = await stage.browser.newContext({ locale: 'en-GB', viewport: SIZES.phone, serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto(stage.server.baseUrl);
    await pageApi(page, 'POST', '/api/v1/auth/login', { password: PASSWORD });
    await page.goto(stage.server.baseUrl);
    await page.waitForSelector('#home-expiring-heading');
    const before = (await pageApi<unknown[]>(page, 'GET', '/api/v1/receipts')).length;
    await shareWithApp(page, [{ name: 'penny.pdf', type: 'application/pdf', bytes: await textPdf([receiptOn('03.04.2025', 'PENNY Markt', '1,49')]) }]);
    expect(new URL(page.url()).search).toBe('?share=missed');
    await expect.poll(() => page.getByTestId('share-landing').textContent()).toContain('did not reach the app');
    await page.click('[data-testid="share-landing"] button:text-is("Dismiss")');
    await expect.poll(() => page.url()).toBe(`${stage.server.baseUrl}/receipts`);
    expect(await page.getByTestId('share-landing').count()).toBe(0);
    expect((await pageApi<unknown[]>(page, 'GET', '/api/v1/receipts')).length).toBe(before);
    await context.close();
  });

  it('keeps a file shared offline as waiting, through a reload, and uploads it once back online', async () => {
    const context = await stage.browser.newContext({ locale: 'en-GB', viewport: SIZES.phone });
    const page = await controlledPage(context, stage.server.baseUrl);
    const before = (await pageApi<unknown[]>(page, 'GET', '/api/v1/receipts')).length;
    // The app opens offline as the person last seen signed in; that is written to the device a moment after sign-in.
    await expect.poll(() => page.evaluate(() => new Promise<boolean>((resolve) => {
      const request = indexedDB.open('hinv-query-cache');
      request.onsuccess = () => {
        const read = request.result.transaction('cache').objectStore('cache').get('client');
        read.onsuccess = () => resolve(((read.result?.clientState?.queries ?? []) as { queryKey: unknown[] }[]).some((query) => query.queryKey.join('/') === 'session/user'));
      };
    }))).toBe(true);
    await context.setOffline(true);
    await shareWithApp(page, [{ name: 'lidl.pdf', type: 'application/pdf', bytes: await textPdf([receiptOn('05.04.2025', 'LIDL Filiale', '0,99')]) }]);
    // Offline the app first finds out that the server is out of reach, then opens as the person last seen.
    await expect.poll(() => page.getByTestId('shared-list').textContent()).toContain('lidl.pdf');
    expect(await page.getByTestId('shared-list').textContent()).toContain('Waiting to upload');
    expect(await page.getByTestId('shared-waiting-reason').textContent()).toContain('You are offline');
    await page.screenshot({ path: join(TEST_OUTPUT, 'receipts-shared-waiting-phone.png'), fullPage: true });
    expect(await seriousViolations(page), 'shared file waiting, phone').toEqual([]);
    await page.reload();
    await expect.poll(() => page.getByTestId('shared-list').textContent()).toContain('lidl.pdf');

    await context.setOffline(false);
    await expect.poll(() => page.getByTestId('shared-done').textContent()).toBe('lidl.pdf: Read 2 lines. Open it');
    await expect.poll(() => page.getByTestId('shared-list').count()).toBe(0);
    // The list itself was first asked for offline; it comes with the query's next retry (within 3 s).
    await expect.poll(() => page.getByTestId('receipt-list').textContent()).toContain('LIDL Filiale');
    // Exactly once, however many times the screen looked at the queue on the way.
    expect((await pageApi<unknown[]>(page, 'GET', '/api/v1/receipts')).length - before).toBe(1);
    await context.close();
  });

  it('reads a receipt photo taken with the camera input on the box and shows its lines', async () => {
    const context = await stage.browser.newContext({ locale: 'en-GB', viewport: SIZES.phone });
    const page = await controlledPage(context, stage.server.baseUrl, RECEIPTS_SCREEN);
    const { photo, truth } = await corpusReceipt('de-bakery-02');
    await page.setInputFiles('input[name="receipt-photo"]', { name: 'IMG_0100.jpg', mimeType: 'image/jpeg', buffer: photo });
    // Read by OCR on this box: the one step here whose length depends on the CPU (tens of seconds
    // on a busy two-core machine), so its bound is most of the test's.
    await expect.poll(() => page.getByTestId('receipt-done').textContent(), { timeout: 100_000 }).toContain(`Read ${truth.lines.length} lines.`);
    await expect.poll(() => page.getByTestId('receipt-list').textContent()).toContain(truth.store);
    await page.click(`[data-testid="receipt-list"] a:has-text("${truth.store}")`);
    await expect.poll(() => page.getByTestId('receipt-lines').locator('li').count()).toBe(truth.lines.length);
    const shown = await page.getByTestId('receipt-lines').textContent();
    for (const line of truth.lines) expect(shown).toContain(line.name);
    await page.screenshot({ path: join(TEST_OUTPUT, 'receipt-photo-read-phone.png'), fullPage: true });
    await context.close();
  });

  it('sends a large photo taken with the camera input as an upright JPEG of at most 2000 px, shows what the server answered, and keeps a file chosen offline until it can be sent', async () => {
    const context = await stage.browser.newContext({ locale: 'en-GB', viewport: SIZES.phone });
    const page = await controlledPage(context, stage.server.baseUrl, RECEIPTS_SCREEN);
    // Stored 4000 × 3000 with EXIF "rotate 90°": upright it is 3000 wide and 4000 tall.
    const photo = await rotatedJpeg(4000, 3000);
    const sent: { headers: string; data: Buffer }[] = [];
    await context.route('**/api/v1/receipts/analyze', async (route) => {
      const request = route.request();
      sent.push(...multipartParts(request.postDataBuffer() ?? Buffer.alloc(0), request.headers()['content-type'] ?? ''));
      await route.continue();
    });
    const answered = page.waitForResponse((response) => response.url().endsWith('/api/v1/receipts/analyze'));
    await page.setInputFiles('input[name="receipt-photo"]', { name: 'IMG_0042.JPG', mimeType: 'image/jpeg', buffer: photo });
    const answer = await answered;
    expect(sent).toHaveLength(1);
    expect(sent[0].headers).toContain('name="image"; filename="IMG_0042.jpg"');
    expect(sent[0].headers).toContain('Content-Type: image/jpeg');
    const metadata = await sharp(sent[0].data).metadata();
    expect({ format: metadata.format, width: metadata.width, height: metadata.height, orientation: metadata.orientation ?? 1 }).toEqual({ format: 'jpeg', width: 1500, height: 2000, orientation: 1 });
    expect(sent[0].data.length).toBeLessThan(photo.length);

    // Whatever the server says about a photo (reading photos is not part of this test), the screen says it.
    const body = (await answer.json()) as { detail?: string };
    if (answer.ok()) {
      await expect.poll(() => page.getByTestId('receipt-done').count()).toBe(1);
    } else {
      expect(typeof body.detail).toBe('string');
      await expect.poll(() => page.locator('.receipts-screen [role="alert"]').textContent()).toBe(body.detail);
    }

    // The connection drops while the screen is open: the file chosen now waits on the device like
    // a shared one, survives a reload, and is sent once the connection is back.
    await context.setOffline(true);
    await page.setInputFiles('input[name="receipt"]', { name: 'aldi.pdf', mimeType: 'application/pdf', buffer: await textPdf([receiptOn('07.04.2025', 'ALDI SÜD', '0,79')]) });
    await expect.poll(() => page.getByTestId('shared-list').textContent()).toContain('aldi.pdf');
    expect(await page.getByTestId('shared-list').textContent()).toContain('Waiting to upload');
    expect(await page.locator('.receipts-screen [role="alert"]').count()).toBe(0);
    await page.reload();
    await expect.poll(() => page.getByTestId('shared-list').textContent()).toContain('aldi.pdf');
    await context.setOffline(false);
    await expect.poll(() => page.getByTestId('shared-done').textContent()).toMatch(/^aldi\.pdf: Read \d+ lines?\. Open it$/);
    await expect.poll(() => page.getByTestId('receipt-list').textContent()).toContain('ALDI SÜD');
    await context.close();
  });

  it('shows the receipts list and the receipt opened last after a reload without a network', async () => {
    const context = await stage.browser.newContext({ locale: 'en-GB', viewport: SIZES.phone });
    const page = await controlledPage(context, stage.server.baseUrl, RECEIPTS_SCREEN);
    await page.setInputFiles('input[name="receipt"]', { name: 'penny.pdf', mimeType: 'application/pdf', buffer: await textPdf([receiptOn('09.04.2025', 'PENNY Markt', '1,29')]) });
    await expect.poll(() => page.getByTestId('receipt-list').textContent()).toContain('PENNY Markt');
    await page.click('[data-testid="receipt-list"] a:has-text("PENNY Markt")');
    await expect.poll(() => page.getByTestId('receipt-lines').locator('li').count()).toBeGreaterThan(0);
    const lines = await page.getByTestId('receipt-lines').textContent();
    const receiptPath = new URL(page.url()).pathname;
    // The cache is written a moment after it changes: both receipts queries are on the device first.
    const cachedReceipts = () =>
      page.evaluate(
        () =>
          new Promise<string[]>((resolve) => {
            const request = indexedDB.open('hinv-query-cache');
            request.onsuccess = () => {
              const read = request.result.transaction('cache').objectStore('cache').get('client');
              read.onsuccess = () =>
                resolve(((read.result?.clientState?.queries ?? []) as { queryKey: string[] }[]).map((query) => query.queryKey.slice(0, 2).join('/')).filter((key) => key.startsWith('receipts/')).sort());
            };
          }),
      );
    await expect.poll(cachedReceipts).toEqual(['receipts/list', 'receipts/one']);

    await context.setOffline(true);
    await page.reload();
    await expect.poll(() => page.getByTestId('offline-banner').count()).toBe(1);
    await expect.poll(() => page.getByTestId('receipt-lines').textContent()).toBe(lines);
    await page.goto(`${stage.server.baseUrl}/receipts`);
    await expect.poll(() => page.getByTestId('receipt-list').textContent()).toContain('PENNY Markt');
    expect(new URL(page.url()).pathname).toBe('/receipts');
    expect(receiptPath).toMatch(/^\/receipts\/[0-9a-f-]{36}$/);
    await context.close();
  });

  it('renders the receipts screen with its actions at phone and desktop size, light and dark, without serious accessibility problems', async () => {
    for (const theme of ['light', 'dark'] as const) {
      for (const [size, viewport] of Object.entries(SIZES)) {
        const context = await stage.browser.newContext({ locale: 'en-GB', viewport, colorScheme: theme });
        const page = await context.newPage();
        await page.goto(stage.server.baseUrl);
        await pageApi(page, 'POST', '/api/v1/auth/login', { password: PASSWORD });
        await page.goto(`${stage.server.baseUrl}/receipts`);
        await page.waitForSelector('[data-testid="receipt-list"]');
        expect(await page.locator('button:text-is("Take photo")').count()).toBe(1);
        expect(await page.locator('button:text-is("Choose file")').count()).toBe(1);
        expect(await page.locator('input[name="receipt-photo"]').getAttribute('capture')).toBe('environment');
        await page.screenshot({ path: join(TEST_OUTPUT, `screen-receipts-${size}-${theme}.png`), fullPage: true });
        expect(await seriousViolations(page), `receipts at ${size} in ${theme}`).toEqual([]);
        await context.close();
      }
    }
  });
});
