import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/accessibility.js';
import { pageApi, TEST_OUTPUT, useServerAndBrowser } from '../support/browser.js';
import { corpusReceipt } from '../support/receipt-images.js';

const PASSWORD = 'receipt corrections owner password';
const SIZES = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } } as const;
/** A phone photo of a receipt from the project's own corpus generator: there on every clone. */
const RECEIPT = 'de-bakery-01';

interface Line {
  id: string;
  position: number;
  normalized_name: string | null;
  total_price: number | null;
  box?: { page: number; x: number; y: number; w: number; h: number } | null;
}
interface Receipt {
  id: string;
  total: number | null;
  lines_sum: number;
  items?: Line[] | null;
}

const rows = (page: Page) => page.getByTestId('receipt-lines').locator('li');
const sumState = (page: Page) => page.getByTestId('receipt-sum').getAttribute('data-state');

describe('correcting a receipt beside its photo in the PWA', () => {
  const stage = useServerAndBrowser();

  it('shows the photo, marks a flagged line’s region, and brings the lines to the total', async () => {
    const context = await stage.browser.newContext({ locale: 'en-GB', viewport: SIZES.phone, hasTouch: true });
    const page = await context.newPage();
    const base = stage.server.baseUrl;
    await page.goto(base);
    await pageApi(page, 'POST', '/api/v1/auth/setup', { password: PASSWORD, display_name: 'Robin', preferred_locale: 'en' });

    // A photo of a generated receipt, read by the server's own OCR.
    const receiptPhoto = (await corpusReceipt(RECEIPT)).photo;
    const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(receiptPhoto)], { type: 'image/jpeg' }), 'receipt.jpg');
    const answer = await fetch(`${base}/api/v1/receipts/analyze`, { method: 'POST', body: form, headers: { cookie, origin: base } });
    expect(answer.status).toBe(200);
    const read = (await answer.json()) as Receipt;
    const boxed = (read.items ?? []).filter((item) => item.box && item.total_price !== null && item.total_price >= 1);
    expect(boxed.length).toBeGreaterThanOrEqual(2);

    // Two misreadings made certain, whatever this OCR version gets right: 6 added to one line's
    // amount (marked as repaired), a card-slip line read as an article; and one line missed.
    // The total is set to what the lines should give, so only these three stand between. The
    // card slip's 3,23 is picked for this receipt (Bienenstich 4,80 wrong, Roggenmischbrot 9,60
    // missed): the lines are then 0,37 short, a gap in two digits that no other line's amount
    // explains by one look-alike digit, so only the two misreadings are flagged.
    const wrong = boxed[0];
    const missed = boxed[boxed.length - 1];
    const db = new Database(join(stage.server.dataDir, 'app.db'), { timeout: 5000 });
    try {
      const truthSum = Math.round((read.items ?? []).reduce((sum, item) => sum + (item.total_price ?? 0), 0) * 100) / 100;
      db.prepare('UPDATE receipts SET total = ? WHERE id = ?').run(truthSum, read.id);
      // What this OCR version doubted itself is left aside: only the two misreadings ask to be checked.
      db.prepare('UPDATE receipt_items SET amount_repaired = 0, ocr_confidence = MAX(COALESCE(ocr_confidence, 1), 0.9), unit_price = NULL WHERE receipt_id = ?').run(read.id);
      db.prepare('UPDATE receipt_items SET total_price = total_price + 6, unit_price = NULL, amount_repaired = 1 WHERE id = ?').run(wrong.id);
      db.prepare('DELETE FROM receipt_items WHERE id = ?').run(missed.id);
      db.prepare(
        `INSERT INTO receipt_items (id, receipt_id, position, raw_name, normalized_name, quantity, total_price, ocr_confidence, box, created_at, updated_at)
         VALUES ('footer', ?, 999, 'KARTENZAHLUNG', 'KARTENZAHLUNG', 1, 3.23, 0.31, ?, '2020-04-11T00:00:00.000Z', '2020-04-11T00:00:00.000Z')`,
      ).run(read.id, JSON.stringify(missed.box));
    } finally {
      db.close();
    }
    const amountText = (amount: number) => amount.toFixed(2).replace('.', ',');
    const wrongName = new RegExp(escape(wrong.normalized_name ?? ''), 'i');

    let taps = 0;
    const tap = async (target: ReturnType<Page['locator']>) => {
      taps += 1;
      await target.click();
    };

    await page.goto(`${base}/receipts/${read.id}`);
    await page.getByTestId('receipt-image').locator('img').waitFor();
    await expect.poll(() => page.getByTestId('receipt-image').locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expect.poll(() => rows(page).count()).toBe((read.items ?? []).length);
    expect(await sumState(page)).toBe('open');
    // Flagged lines first, marked.
    expect(await rows(page).nth(0).textContent()).toMatch(wrongName);
    expect(await rows(page).nth(0).textContent()).toContain('Please check');
    expect(await rows(page).nth(1).textContent()).toContain('KARTENZAHLUNG');
    expect(await rows(page).nth(2).textContent()).not.toContain('Please check');

    // Tapping the flagged line marks its region on the photo and opens its sheet with the crop.
    await tap(rows(page).nth(0).locator('.ui-list-row-main'));
    const sheet = page.locator('dialog.receipt-review-sheet[open]');
    await sheet.waitFor();
    const mark = page.getByTestId('receipt-image-mark');
    await mark.waitFor({ state: 'attached' });
    const region = await mark.evaluate((element: HTMLElement) => ({ left: parseFloat(element.style.left), top: parseFloat(element.style.top) }));
    const photo = await page.getByTestId('receipt-image').locator('img').evaluate((img: HTMLImageElement) => ({ width: img.naturalWidth, height: img.naturalHeight }));
    expect(region.left).toBeCloseTo(((wrong.box?.x ?? 0) / photo.width) * 100, 3);
    expect(region.top).toBeCloseTo(((wrong.box?.y ?? 0) / photo.height) * 100, 3);
    await expect.poll(() => sheet.getByTestId('receipt-line-crop').locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await sheet.textContent()).toContain('The amount was repaired');
    await shoot(page, 'receipt-correction-line-phone-light');

    // The wrong amount, typed the German way.
    await tap(sheet.getByRole('textbox', { name: 'Amount' }));
    await sheet.getByRole('textbox', { name: 'Amount' }).fill(amountText(wrong.total_price ?? 0));
    await tap(sheet.getByRole('button', { name: 'Save' }));
    await sheet.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('receipt-sum').textContent()).toContain('missing');

    // The card-slip line is no purchase.
    await tap(rows(page).filter({ hasText: 'KARTENZAHLUNG' }).locator('.ui-list-row-main'));
    await sheet.waitFor();
    await tap(sheet.getByRole('button', { name: 'Not a purchase – remove' }));
    await sheet.waitFor({ state: 'detached' });
    await expect.poll(() => rows(page).filter({ hasText: 'KARTENZAHLUNG' }).count()).toBe(0);
    const tapsForTwoMisreadings = taps;

    // The missed line, its amount typed the English way.
    await tap(page.getByRole('button', { name: 'Add a missing line' }));
    await sheet.waitFor();
    await tap(sheet.getByRole('textbox', { name: 'Name as printed' }));
    await sheet.getByRole('textbox', { name: 'Name as printed' }).fill(missed.normalized_name ?? 'Missed');
    await tap(sheet.getByRole('textbox', { name: 'Amount' }));
    await sheet.getByRole('textbox', { name: 'Amount' }).fill((missed.total_price ?? 0).toFixed(2));
    await tap(sheet.getByRole('button', { name: 'Add line' }));
    await sheet.waitFor({ state: 'detached' });
    await expect.poll(() => sumState(page)).toBe('done');
    expect(await page.getByTestId('receipt-sum').textContent()).toContain('All lines match the total');
    console.log(`taps from opening to "all lines match": ${tapsForTwoMisreadings} for the two misread lines, ${taps} with the missed line added`);
    expect(tapsForTwoMisreadings).toBeLessThanOrEqual(8);

    const stored = await pageApi<Receipt & { lines_difference: number }>(page, 'GET', `/api/v1/receipts/${read.id}`);
    expect(stored.lines_difference).toBe(0);
    expect(stored.items?.find((item) => item.id === wrong.id)?.total_price).toBe(wrong.total_price);

    // The total as printed, corrected from the header (and put back).
    await page.getByRole('button', { name: 'Store, date, total' }).click();
    await sheet.waitFor();
    await sheet.getByRole('textbox', { name: 'Total' }).fill('99,99');
    await sheet.getByRole('button', { name: 'Save' }).click();
    await sheet.waitFor({ state: 'detached' });
    await expect.poll(() => sumState(page)).toBe('open');
    await page.getByRole('button', { name: 'Store, date, total' }).click();
    await sheet.getByRole('textbox', { name: 'Total' }).fill(String(stored.total));
    await sheet.getByRole('button', { name: 'Save' }).click();
    await sheet.waitFor({ state: 'detached' });
    await expect.poll(() => sumState(page)).toBe('done');
    await context.close();

    // Screenshots: phone in German and light, desktop in English and dark (both sizes, both themes), the review with a line marked and its sheet.
    for (const [size, theme] of [['phone', 'light'], ['desktop', 'dark']] as const) {
      const viewport = SIZES[size];
      {
        // Reduced motion: colours are checked once settled, never halfway through a transition.
        const shot = await stage.browser.newContext({ locale: size === 'phone' ? 'de-DE' : 'en-GB', viewport, colorScheme: theme, reducedMotion: 'reduce', storageState: { cookies: await cookiesOf(stage.browser, base, cookie), origins: [] } });
        const view = await shot.newPage();
        await view.goto(base);
        await pageApi(view, 'PATCH', '/api/v1/auth/preferences', { preferred_locale: size === 'phone' ? 'de' : 'en' });
        await view.goto(`${base}/receipts/${read.id}`);
        await view.getByTestId('receipt-image').locator('img').waitFor();
        await expect.poll(() => view.getByTestId('receipt-sum').getAttribute('data-state')).toBe('done');
        await view.waitForFunction(() => [...document.images].every((img) => img.complete));
        expect(await seriousViolations(view)).toEqual([]);
        await view.screenshot({ path: join(TEST_OUTPUT, `receipt-correction-${size}-${theme}.png`) });
        await rows(view).nth(1).locator('.ui-list-row-main').click();
        await view.locator('dialog.receipt-review-sheet[open]').waitFor();
        await view.getByTestId('receipt-image-mark').waitFor({ state: 'attached' });
        await view.waitForFunction(() => [...document.images].every((img) => img.complete));
        expect(await seriousViolations(view)).toEqual([]);
        await view.screenshot({ path: join(TEST_OUTPUT, `receipt-correction-sheet-${size}-${theme}.png`) });
        await shot.close();
      }
    }
    // Deleted with undo: the list leaves it out at once; Undo keeps it; otherwise the delete goes once the toast is gone.
    const last = await stage.browser.newContext({ locale: 'en-GB', viewport: SIZES.phone, storageState: { cookies: await cookiesOf(stage.browser, base, cookie), origins: [] } });
    const view = await last.newPage();
    // The page's clock is Playwright's: Undo is never raced against the real 6 s the toast stays,
    // and the test does not wait them out either (UNDO_MS in use-corrections.ts).
    await view.clock.install();
    await view.goto(base);
    await pageApi(view, 'PATCH', '/api/v1/auth/preferences', { preferred_locale: 'en' });
    // Through the list, so both screens are loaded before the clock stops (a lazy screen's first
    // showing waits on timers).
    await view.goto(`${base}/receipts`);
    await view.locator(`a[href="/receipts/${read.id}"]`).click();
    await view.getByRole('button', { name: 'Delete receipt' }).waitFor();
    await view.clock.pauseAt((await view.evaluate(() => Date.now())) + 1_000);
    await view.getByRole('button', { name: 'Delete receipt' }).click();
    await view.waitForSelector('#receipts-heading');
    await view.getByRole('button', { name: 'Undo' }).click();
    await view.clock.fastForward(6_000);
    await view.clock.resume();
    await expect.poll(() => view.locator(`a[href="/receipts/${read.id}"]`).count()).toBeGreaterThan(0);
    expect((await fetch(`${base}/api/v1/receipts/${read.id}`, { headers: { cookie } })).status).toBe(200);
    await view.goto(`${base}/receipts/${read.id}`);
    await view.getByRole('button', { name: 'Delete receipt' }).click();
    await view.waitForSelector('#receipts-heading');
    expect(await view.locator(`a[href="/receipts/${read.id}"]`).count()).toBe(0);
    // The toast's time, passed at once.
    await view.clock.fastForward(6_000);
    await expect.poll(() => fetch(`${base}/api/v1/receipts/${read.id}`, { headers: { cookie } }).then((response) => response.status), { timeout: 60_000 }).toBe(404);
    await last.close();
    // A ceiling for OCR of a photo and four screens on a loaded machine; each step waits on the app.
  }, 400_000);
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

async function shoot(page: Page, name: string): Promise<void> {
  await page.waitForFunction(() => [...document.images].every((img) => img.complete));
  await page.screenshot({ path: join(TEST_OUTPUT, `${name}.png`) });
}

/** The session cookie for a new context. */
async function cookiesOf(_browser: unknown, base: string, header: string) {
  const url = new URL(base);
  return header.split('; ').map((pair) => {
    const [name, ...value] = pair.split('=');
    return { name, value: value.join('='), domain: url.hostname, path: '/', httpOnly: true, secure: false, sameSite: 'Lax' as const, expires: -1 };
  });
}
