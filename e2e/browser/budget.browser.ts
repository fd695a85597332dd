import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/accessibility.js';
import { pageApi, TEST_OUTPUT, useServerAndBrowser } from '../support/browser.js';

const PASSWORD = 'budget owner password';
const TZ = 'Europe/Berlin';
const SIZES = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } } as const;

/** Today in the household's time zone and the first day `back` months before it. */
const today = new Intl.DateTimeFormat('en-CA', { timeZone: TZ }).format(new Date());
const monthStart = (back: number) => {
  const [year, month] = today.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1 - back, 1)).toISOString().slice(0, 10);
};

/**
 * A year of confirmed receipts written straight into the database: eleven past months of 180 to
 * 400 EUR at three stores, this month 230 EUR (REWE 150, ALDI 80) on its first day, and one
 * receipt of this month still in review.
 */
function seedReceipts(dataDir: string): void {
  const db = new Database(join(dataDir, 'app.db'), { timeout: 10_000 });
  try {
    const receipt = db.prepare(
      `INSERT INTO receipts (id, status, store_name, retailer, purchase_date, total, currency, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, 'EUR', ?, ?)`,
    );
    const line = db.prepare(
      `INSERT INTO receipt_items (id, receipt_id, position, raw_name, quantity, unit_price, total_price, imported, created_at, updated_at) VALUES (?, ?, 1, ?, 1, ?, ?, ?, 'now', 'now')`,
    );
    const add = (id: string, day: string, store: [string, string], total: number, imported = true) => {
      const stamp = `${day}T10:00:00.000Z`;
      receipt.run(id, imported ? 'imported' : 'review', store[1], store[0], day, total, stamp, stamp);
      line.run(`${id}-1`, id, `EINKAUF ${id}`, total, total, imported ? 1 : 0);
    };
    db.transaction(() => {
      const stores: [string, string][] = [
        ['REWE', 'REWE Markt GmbH'],
        ['ALDI', 'ALDI SÜD'],
        ['dm', 'dm-drogerie markt'],
      ];
      for (let back = 11; back >= 1; back -= 1) {
        const total = 180 + ((back * 37) % 220);
        add(`past-${back}-a`, monthStart(back), stores[back % 3], Math.round(total * 60) / 100);
        add(`past-${back}-b`, monthStart(back), stores[(back + 1) % 3], Math.round(total * 40) / 100);
      }
      add('now-rewe', monthStart(0), stores[0], 150);
      add('now-aldi', monthStart(0), stores[1], 80);
      add('now-review', today, stores[0], 19.99, false);
    })();
  } finally {
    db.close();
  }
}

describe('the budget screen', () => {
  const stage = useServerAndBrowser({ TZ });

  beforeAll(async () => {
    const context = await stage.browser.newContext();
    const page = await context.newPage();
    await page.goto(stage.server.baseUrl);
    await pageApi(page, 'POST', '/api/v1/auth/setup', { password: PASSWORD, display_name: 'Budget Owner', preferred_locale: 'en' });
    await pageApi(page, 'PUT', '/api/v1/insights/budget/settings', { monthly_limit: 400, warning_percent: 80 });
    await context.close();
    seedReceipts(stage.server.dataDir);
  });

  const open = async (page: Page) => {
    await page.goto(`${stage.server.baseUrl}/budget`);
    await page.waitForSelector('[data-testid="budget-spent"]');
    await page.waitForSelector('[data-testid="month-chart"]');
  };

  it('shows the month against the limit, a year of bars, store shares and the receipt in review, at both sizes and in both themes', async () => {
    const report: string[] = [];
    for (const theme of ['light', 'dark'] as const) {
      for (const [size, viewport] of Object.entries(SIZES)) {
        const context = await stage.browser.newContext({ locale: 'en-GB', viewport, colorScheme: theme });
        const page = await context.newPage();
        await page.goto(stage.server.baseUrl);
        await pageApi(page, 'POST', '/api/v1/auth/login', { password: PASSWORD });
        await open(page);
        expect(await page.getByTestId('budget-spent').textContent()).toBe('€230.00');
        expect(await page.getByTestId('budget-remaining').textContent()).toBe('€170.00');
        expect(await page.locator('[role="meter"]').getAttribute('aria-valuenow')).toBe('230');
        expect(await page.locator('.month-chart-month').count()).toBe(12);
        expect(await page.locator('.month-chart-month--current').count()).toBe(1);
        expect(await page.getByTestId('budget-stores').locator('li').allInnerTexts()).toEqual([expect.stringMatching(/REWE\s+€150\.00 · 65%$/), expect.stringMatching(/ALDI\s+€80\.00 · 35%$/)]);
        expect(await page.getByTestId('budget-quality').innerText()).toContain('1 receipt is waiting for review');
        await page.screenshot({ path: join(TEST_OUTPUT, `budget-${size}-${theme}.png`), fullPage: true });
        const violations = await seriousViolations(page);
        report.push(`${size}/${theme}: ${violations.length}`);
        expect(violations, `budget at ${size} in ${theme}`).toEqual([]);
        await context.close();
      }
    }
    console.log(`budget accessibility (serious + critical): ${report.join(', ')}`);
  });

  it('links the receipt in review, lowers the limit until the month is over it, and downloads the month as CSV', async () => {
    const context = await stage.browser.newContext({ locale: 'en-GB', viewport: SIZES.desktop, acceptDownloads: true });
    const page = await context.newPage();
    await page.goto(stage.server.baseUrl);
    await pageApi(page, 'POST', '/api/v1/auth/login', { password: PASSWORD });
    await open(page);

    await page.click('[data-testid="budget-quality"] a:text-is("Review receipts")');
    await page.waitForSelector('[data-testid="receipt-filter"]');
    expect(page.url()).toBe(`${stage.server.baseUrl}/receipts?status=review`);
    // The list loads after the filter's banner shows.
    await expect.poll(() => page.locator('[data-testid="receipt-list"] li').count()).toBe(1);
    await page.goBack();
    await page.waitForSelector('[data-testid="budget-spent"]');

    await page.click('[data-testid="budget-limit-edit"]');
    await page.fill('input[name="monthly_limit"]', 'abc');
    await page.click('button:text-is("Save")');
    expect(await page.locator('.ui-field-error').first().textContent()).toContain('between 1 and 1,000,000');
    await page.fill('input[name="monthly_limit"]', '200.50');
    await page.click('button:text-is("Save")');
    await expect.poll(() => page.getByTestId('budget-status').textContent()).toBe('Over the limit');
    expect(await page.getByTestId('budget-remaining').textContent()).toBe('€29.50');
    expect(await page.locator('.budget-facts').innerText()).toContain('Over the limit by');
    await page.screenshot({ path: join(TEST_OUTPUT, 'budget-over-desktop-light.png'), fullPage: true, animations: 'disabled' });

    const download = page.waitForEvent('download');
    await page.click('[data-testid="budget-csv"]');
    const file = await (await download).path();
    const csv = readFileSync(file, 'utf8');
    expect(csv.split('\r\n')[0]).toBe('\uFEFFDate,Store,Product,Quantity,Unit price,Line total');
    expect(csv).toContain(`${monthStart(0)},REWE,EINKAUF now-rewe,1,150.00,150.00`);
    expect(csv).not.toContain('now-review');
    await context.close();
  });

  it('writes euros and dates the German way', async () => {
    const context = await stage.browser.newContext({ locale: 'de-DE', viewport: SIZES.phone, acceptDownloads: true });
    const page = await context.newPage();
    await page.goto(stage.server.baseUrl);
    await pageApi(page, 'POST', '/api/v1/auth/login', { password: PASSWORD });
    await pageApi(page, 'PATCH', '/api/v1/auth/preferences', { preferred_locale: 'de' });
    await open(page);
    expect(await page.getByTestId('budget-spent').textContent()).toBe('230,00\u00a0€');
    expect(await page.locator('.budget-month').textContent()).toContain(`Stand ${today.split('-').reverse().join('.')}`);
    await page.screenshot({ path: join(TEST_OUTPUT, 'budget-phone-light-de.png'), fullPage: true });
    const download = page.waitForEvent('download');
    await page.click('[data-testid="budget-csv"]');
    const csv = readFileSync(await (await download).path(), 'utf8');
    expect(csv.split('\r\n')[0]).toBe('\uFEFFDatum;Geschäft;Produkt;Menge;Einzelpreis;Summe');
    expect(csv).toContain(`${monthStart(0)};REWE;EINKAUF now-rewe;1;150,00;150,00`);
    await pageApi(page, 'PATCH', '/api/v1/auth/preferences', { preferred_locale: 'en' });
    await context.close();
  });
});
