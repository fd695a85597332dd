import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/accessibility.js';
import { pageApi, TEST_OUTPUT, useServerAndBrowser } from '../support/browser.js';
import type { FakeHttpServer } from '../support/fake-http.js';
import { startFakeOffSearch, startFakeOpenFoodFacts, type OffSearchHit } from '../support/fake-open-food-facts.js';
import { textPdf } from '../support/pdfs.js';

const PASSWORD = 'receipt review owner password';
const SIZES = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } } as const;

/** Two purchases at the same store: the oat drink the catalog does not know by that name is on both. */
const receipt = (day: string, oatPrice: string, extra: string[], total: string) => [
  'REWE Markt GmbH',
  'Musterstraße 12',
  '50667 Köln',
  'EUR',
  `OATLY HAFER BARISTA ${oatPrice} A`,
  ...extra,
  '--------------------------------',
  `SUMME EUR ${total}`,
  `Datum: ${day} Uhrzeit: 18:02:11 Uhr`,
];
const FIRST = receipt('14.03.2025', '2,19', ['JOGHURT NATUR 0,89 A', 'BANANEN 1,36 A'], '4,44');
const SECOND = receipt('21.03.2025', '2,49', ['BANANEN 1,29 A'], '3,78');

const line = (page: Page, name: RegExp): Locator => page.getByTestId('receipt-lines').locator('li', { hasText: name });
const OAT = /oatly hafer barista/i;
const YOGHURT = /joghurt natur/i;
const BANANAS = /bananen/i;

/** A valid EAN-13 from twelve digits. */
const ean = (twelve: string) => {
  const sum = [...twelve].reduce((total, digit, index) => total + Number(digit) * (index % 2 === 0 ? 1 : 3), 0);
  return `${twelve}${(10 - (sum % 10)) % 10}`;
};
/** A third receipt: the skyr Open Food Facts knows, the crispbread nobody knows yet. */
const THIRD = receipt('28.03.2025', '2,19', ['SKYR NATUR 1,99 A', 'KNAECKEBROT 1,49 A'], '5,67');
const SKYR = /skyr natur/i;
const CRISPBREAD = /knaeckebrot/i;
const SKYR_CODE = ean('400000000101');
const SKYR_HITS: OffSearchHit[] = [
  { code: SKYR_CODE, product_name: 'Skyr Natur', brands: ['Arla'], quantity: '450 g', image_front_url: 'https://images.example/skyr.jpg', stores: ['REWE'], countries_tags: ['en:germany'] },
  { code: ean('400000000102'), product_name: 'Skyr Natur Vanille', brands: 'Siggi’s', quantity: '150 g', countries_tags: ['en:germany'] },
];
/** A 1×1 PNG: the candidate photo, served in place of the image host. */
const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const servePhotos = (context: BrowserContext) => context.route('https://images.example/**', (route) => route.fulfill({ status: 200, contentType: 'image/png', body: PIXEL }));

/** Uploads a receipt PDF on the receipts screen and opens it; answers the receipt's address. */
async function uploadAndOpen(page: Page, baseUrl: string, name: string, lines: string[], count: number): Promise<string> {
  await page.goto(`${baseUrl}/receipts`);
  await page.waitForSelector('#receipts-heading');
  await page.setInputFiles('input[name="receipt"]', { name, mimeType: 'application/pdf', buffer: await textPdf([lines]) });
  await expect.poll(() => page.getByTestId('receipt-done').textContent()).toContain(`Read ${count} lines.`);
  await page.click('[data-testid="receipt-done"] a');
  await expect.poll(() => page.getByTestId('receipt-lines').locator('li').count()).toBe(count);
  return new URL(page.url()).pathname;
}

describe('receipt review in the PWA', () => {
  // The server asks these stand-ins for Open Food Facts; their addresses are known once they run.
  const offEnv: Record<string, string> = {};
  const fakes: { search?: FakeHttpServer; products?: FakeHttpServer } = {};
  beforeAll(async () => {
    // The crispbread's search fails: a note, not an error.
    fakes.search = await startFakeOffSearch({ 'SKYR NATUR': SKYR_HITS }, { KNAECKEBROT: () => ({ status: 500, body: { detail: 'Internal Server Error' } }) });
    fakes.products = await startFakeOpenFoodFacts({});
    Object.assign(offEnv, { OFF_SEARCH_URL: `${fakes.search.url}/search`, OFF_BASE_URL: fakes.products.url });
  });
  afterAll(async () => {
    await fakes.search?.close();
    await fakes.products?.close();
  });
  const stage = useServerAndBrowser(offEnv);
  // The review's second receipt and the oat drink, for the screenshots after it.
  const made = { second: '', oatId: '', fourth: '' };

  it('maps a line by search and remembers it for the store, takes a suggestion, unmaps, imports, and shows the price history on the product page', async () => {
    const context = await stage.browser.newContext({ locale: 'en-GB', viewport: SIZES.phone });
    const page = await context.newPage();
    const base = stage.server.baseUrl;
    await page.goto(base);
    await pageApi(page, 'POST', '/api/v1/auth/setup', { password: PASSWORD, display_name: 'Robin', preferred_locale: 'en' });
    const oat = await pageApi<{ id: string }>(page, 'POST', '/api/v1/catalog/products', { name: 'Haferdrink Barista' });
    await pageApi(page, 'POST', '/api/v1/catalog/products', { name: 'Joghurt Natur 3,5 %' });
    await pageApi(page, 'POST', '/api/v1/catalog/products', { name: 'Bananen' });

    const first = await uploadAndOpen(page, base, 'rewe-1.pdf', FIRST, 3);
    // What matched each line, and why.
    expect(await line(page, OAT).textContent()).toContain('Not matched');
    expect(await line(page, BANANAS).textContent()).toContain('Same name→ Bananen');
    expect(await line(page, YOGHURT).textContent()).toMatch(/Suggestion \d{2}%Joghurt Natur 3,5 %\?/);

    // Map the unknown line by searching the catalog; remember is on by default.
    await line(page, OAT).locator('.ui-list-row-main').click();
    const sheet = page.locator('dialog.receipt-review-sheet[open]');
    await sheet.waitFor();
    expect(await sheet.getByRole('checkbox', { name: /Remember for this store/ }).isChecked()).toBe(true);
    await sheet.getByRole('searchbox', { name: 'Search the catalog' }).fill('Haferd');
    await sheet.getByTestId('review-results').getByRole('button', { name: /Haferdrink Barista/ }).click();
    await page.locator('dialog.receipt-review-sheet[open]').waitFor({ state: 'detached' });
    await expect.poll(() => line(page, OAT).textContent()).toContain('Mapped by hand→ Haferdrink Barista');
    // The mapped line joins the import selection.
    expect(await page.getByRole('checkbox', { name: /Put OATLY HAFER BARISTA into stock/i }).getAttribute('aria-checked')).toBe('true');

    // A refused change shows on the line at once, then goes back and says so.
    await context.route('**/api/v1/receipts/*/items/*', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ code: 'unavailable', detail: 'Down for a moment' }) }));
    await page.getByRole('button', { name: /^Accept Joghurt Natur 3,5 % for/ }).click();
    await expect.poll(() => page.locator('.ui-card [role="alert"]').textContent()).toBe('The line could not be changed. Try again.');
    expect(await line(page, YOGHURT).textContent()).toMatch(/Suggestion \d{2}%/);
    await context.unroute('**/api/v1/receipts/*/items/*');

    // A suggestion is taken with one tap on its line.
    await page.getByRole('button', { name: /^Accept Joghurt Natur 3,5 % for/ }).click();
    await expect.poll(() => line(page, YOGHURT).textContent()).toContain('Mapped by hand→ Joghurt Natur 3,5 %');
    await expect.poll(() => page.getByTestId('receipt-import').textContent()).toContain('Put 3 lines into stock');

    // The second receipt from the same store maps the line by itself.
    const second = await uploadAndOpen(page, base, 'rewe-2.pdf', SECOND, 2);
    Object.assign(made, { second, oatId: oat.id });
    await expect.poll(() => line(page, OAT).textContent()).toContain('Learned for this store→ Haferdrink Barista');

    // Unmap a line: it leaves the import selection.
    await line(page, BANANAS).locator('.ui-list-row-main').click();
    await sheet.waitFor();
    await sheet.getByRole('button', { name: 'Unmap the line' }).click();
    await page.locator('dialog.receipt-review-sheet[open]').waitFor({ state: 'detached' });
    await expect.poll(() => line(page, BANANAS).textContent()).toContain('Not matched');
    await expect.poll(() => page.getByTestId('receipt-import').textContent()).toContain('Put 1 line into stock');
    await page.getByRole('button', { name: 'Put 1 line into stock' }).click();
    await expect.poll(() => page.getByTestId('receipt-import').textContent()).toContain('1 line is in stock now.');

    // An imported line says why it cannot be mapped again, and offers nothing to change.
    await line(page, OAT).locator('.ui-list-row-main').click();
    await sheet.waitFor();
    expect(await sheet.textContent()).toContain('A line already in stock can no longer be mapped to another product.');
    expect(await sheet.getByRole('searchbox').count()).toBe(0);
    await sheet.getByRole('button', { name: 'Close' }).click();

    // The first receipt goes into stock as well: two purchases of the oat drink.
    await page.goto(`${base}${first}`);
    await page.getByRole('button', { name: 'Put 3 lines into stock' }).click();
    await expect.poll(() => page.getByTestId('receipt-import').textContent()).toContain('3 lines are in stock now.');

    await page.goto(`${base}/products/${oat.id}`);
    const prices = page.getByTestId('price-history');
    await prices.waitFor();
    expect(await prices.getByTestId('price-last').textContent()).toBe('€2.49');
    expect([await prices.getByTestId('price-min').textContent(), await prices.getByTestId('price-max').textContent()]).toEqual(['€2.19', '€2.49']);
    expect(await prices.textContent()).toContain('Mar 21, 2025 · REWE Markt GmbH');
    expect(await prices.locator('svg circle').count()).toBe(2);
    expect(await prices.getByRole('img').getAttribute('aria-labelledby')).toBeTruthy();
    expect(await prices.locator('table tbody tr').count()).toBe(2);

    // A product never bought shows no prices at all.
    const salt = await pageApi<{ id: string }>(page, 'POST', '/api/v1/catalog/products', { name: 'Salz' });
    await page.goto(`${base}/products/${salt.id}`);
    await page.getByTestId('movement-list').waitFor({ state: 'attached' });
    await expect.poll(() => page.locator('#product-stock-heading').textContent()).toBe('Salz');
    expect(await page.getByTestId('price-history').count()).toBe(0);

    // A viewer sees what matched each line and why, and can change nothing.
    await pageApi(page, 'PATCH', '/api/v1/auth/profile', { display_name: 'Robin', email: 'robin@example.org' });
    const invitation = await pageApi<{ invite_token: string }>(page, 'POST', '/api/v1/auth/invitations', { display_name: 'Vic', email: 'vic@example.org', role: 'viewer' });
    await context.close();
    const viewerContext = await stage.browser.newContext({ locale: 'en-GB', viewport: SIZES.phone });
    const viewer = await viewerContext.newPage();
    await viewer.goto(base);
    await pageApi(viewer, 'POST', `/api/v1/auth/invitations/${invitation.invite_token}/accept`, { password: 'receipt review viewer password', preferred_locale: 'en' });
    await viewer.goto(`${base}${second}`);
    await expect.poll(() => line(viewer, OAT).textContent()).toContain('In stock: Haferdrink Barista');
    expect(await line(viewer, BANANAS).textContent()).toContain('Not matched');
    expect(await viewer.getByRole('checkbox').count()).toBe(0);
    expect(await viewer.getByTestId('receipt-import').count()).toBe(0);
    await line(viewer, BANANAS).locator('.ui-list-row-main').click();
    const viewerSheet = viewer.locator('dialog.receipt-review-sheet[open]');
    await viewerSheet.waitFor();
    expect(await viewerSheet.textContent()).toContain('Only members can change what a line is mapped to.');
    expect(await viewerSheet.getByRole('searchbox').count()).toBe(0);
    expect(await viewerSheet.getByRole('button').allTextContents()).toEqual(['']);
    await viewerContext.close();
  });

  it('renders the review sheet and the price chart at phone and desktop size, light and dark, without serious accessibility problems', async () => {
    expect(made.second, 'the review above ran').not.toBe('');
    const base = stage.server.baseUrl;
    for (const theme of ['light', 'dark'] as const) {
      for (const [size, viewport] of Object.entries(SIZES)) {
        const shot = await stage.browser.newContext({ locale: 'en-GB', viewport, colorScheme: theme });
        const view = await shot.newPage();
        await view.goto(base);
        await pageApi(view, 'POST', '/api/v1/auth/login', { identifier: 'robin@example.org', password: PASSWORD });
        await view.goto(`${base}${made.second}`);
        await line(view, BANANAS).locator('.ui-list-row-main').click();
        const open = view.locator('dialog.receipt-review-sheet[open]');
        await open.getByRole('searchbox', { name: 'Search the catalog' }).fill('Ban');
        await expect.poll(() => open.getByTestId('review-results').locator('li').count()).toBe(1);
        await view.screenshot({ path: join(TEST_OUTPUT, `receipt-review-sheet-${size}-${theme}.png`) });
        expect(await seriousViolations(view), `review sheet at ${size} in ${theme}`).toEqual([]);

        await view.goto(`${base}/products/${made.oatId}`);
        await view.getByTestId('price-history').waitFor();
        await view.getByTestId('price-history').scrollIntoViewIfNeeded();
        await view.screenshot({ path: join(TEST_OUTPUT, `product-price-chart-${size}-${theme}.png`), fullPage: true });
        expect(await seriousViolations(view), `price chart at ${size} in ${theme}`).toEqual([]);
        await shot.close();
      }
    }
  });

  it('confirms an Open Food Facts candidate for a line, creates a product from another, and imports them', async () => {
    expect(made.second, 'the review above ran').not.toBe('');
    const base = stage.server.baseUrl;
    const context = await stage.browser.newContext({ locale: 'en-GB', viewport: SIZES.phone });
    await servePhotos(context);
    const page = await context.newPage();
    await page.goto(base);
    await pageApi(page, 'POST', '/api/v1/auth/login', { identifier: 'robin@example.org', password: PASSWORD });
    await uploadAndOpen(page, base, 'rewe-3.pdf', THIRD, 3);

    // The skyr: asked of Open Food Facts only when the member asks.
    await line(page, SKYR).locator('.ui-list-row-main').click();
    const sheet = page.locator('dialog.receipt-review-sheet[open]');
    await sheet.waitFor();
    expect(await sheet.getByTestId('candidate-list').count()).toBe(0);
    await sheet.getByRole('button', { name: 'Search Open Food Facts' }).click();
    const candidates = sheet.getByTestId('candidate-list');
    await expect.poll(() => candidates.locator('li').count()).toBe(2);
    const skyr = candidates.locator('li', { hasText: 'Arla' });
    expect(await skyr.textContent()).toContain('Skyr Natur');
    expect(await skyr.textContent()).toContain('Arla · 450 g');
    // Its photo, and where the data comes from: the record on Open Food Facts.
    await expect.poll(() => skyr.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
    expect(await skyr.getByRole('link', { name: 'Open Food Facts' }).getAttribute('href')).toBe(`${fakes.products!.url}/product/${SKYR_CODE}`);
    expect(await sheet.getByTestId('candidates-warning').count()).toBe(0);

    // Chosen: a new product, in the usual location and unit (here the household's first ones) unless changed.
    await skyr.getByRole('button', { name: 'Choose Skyr Natur' }).click();
    const confirm = sheet.getByTestId('candidate-confirm');
    await expect.poll(() => confirm.getByRole('combobox', { name: 'Location' }).locator('option:checked').textContent()).toBe('Fridge');
    expect(await confirm.getByRole('combobox', { name: 'Unit' }).locator('option:checked').textContent()).toBe('Piece');
    await confirm.getByRole('combobox', { name: 'Location' }).selectOption({ label: 'Fridge' });
    await confirm.getByRole('combobox', { name: 'Unit' }).selectOption({ label: 'Pack' });
    await confirm.getByRole('button', { name: 'Map the line to Skyr Natur' }).click();
    await page.locator('dialog.receipt-review-sheet[open]').waitFor({ state: 'detached' });
    await expect.poll(() => line(page, SKYR).textContent()).toContain('Mapped by hand→ Skyr Natur');
    expect(await page.getByRole('checkbox', { name: /Put SKYR NATUR into stock/i }).getAttribute('aria-checked')).toBe('true');

    // The new product carries the candidate's barcode, photo and place.
    const found = await pageApi<{ id: string; name: string; image_url: string | null; default_location_name: string | null; default_quantity_unit_name: string | null }[]>(
      page,
      'GET',
      '/api/v1/catalog/products?q=Skyr',
    );
    const product = found.find((one) => one.name === 'Skyr Natur');
    expect(product).toMatchObject({ image_url: 'https://images.example/skyr.jpg', default_location_name: 'Fridge', default_quantity_unit_name: 'Pack' });

    // Into stock, with the oat drink the store taught earlier.
    await expect.poll(() => page.getByTestId('receipt-import').textContent()).toContain('Put 2 lines into stock');
    await page.getByRole('button', { name: 'Put 2 lines into stock' }).click();
    await expect.poll(() => page.getByTestId('receipt-import').textContent()).toContain('2 lines are in stock now.');
    await expect.poll(() => line(page, SKYR).textContent()).toContain('In stock: Skyr Natur');

    // The crispbread Open Food Facts cannot answer for: a product made from the line, its name to start with.
    await line(page, CRISPBREAD).locator('.ui-list-row-main').click();
    await sheet.waitFor();
    await sheet.getByRole('button', { name: 'Search Open Food Facts' }).click();
    await expect.poll(() => sheet.getByTestId('candidates-warning').textContent()).toBe('Open Food Facts did not answer completely, so the list may be short. Try again later.');
    expect(await sheet.getByRole('alert').count()).toBe(0);
    await sheet.getByRole('button', { name: 'New product' }).click();
    const name = sheet.getByTestId('line-new-product').getByRole('textbox', { name: 'Name' });
    expect(await name.inputValue()).toBe('KNAECKEBROT');
    await name.fill('Knäckebrot Roggen');
    await sheet.getByTestId('line-new-product').getByRole('combobox', { name: 'Location' }).selectOption({ label: 'Pantry' });
    await sheet.getByRole('button', { name: 'Create and map the line' }).click();
    await page.locator('dialog.receipt-review-sheet[open]').waitFor({ state: 'detached' });
    await expect.poll(() => line(page, CRISPBREAD).textContent()).toContain('Mapped by hand→ Knäckebrot Roggen');
    await expect.poll(() => page.getByTestId('receipt-import').textContent()).toContain('Put 1 line into stock');
    const crispbread = await pageApi<{ name: string; default_location_name: string | null }[]>(page, 'GET', '/api/v1/catalog/products?q=Roggen');
    expect(crispbread.find((one) => one.name === 'Knäckebrot Roggen')?.default_location_name).toBe('Pantry');

    // Bought again: the store now maps the skyr by itself (the screenshots below open this line).
    made.fourth = await uploadAndOpen(page, base, 'rewe-4.pdf', receipt('04.04.2025', '2,19', ['SKYR NATUR 1,99 A'], '4,18'), 2);
    await expect.poll(() => line(page, SKYR).textContent()).toContain('Learned for this store→ Skyr Natur');
    await context.close();
  });

  it('renders the Open Food Facts candidates at phone and desktop size, light and dark, without serious accessibility problems', async () => {
    expect(made.fourth, 'the candidates above ran').not.toBe('');
    const base = stage.server.baseUrl;
    for (const theme of ['light', 'dark'] as const) {
      for (const [size, viewport] of Object.entries(SIZES)) {
        const shot = await stage.browser.newContext({ locale: 'en-GB', viewport, colorScheme: theme });
        await servePhotos(shot);
        const view = await shot.newPage();
        await view.goto(base);
        await pageApi(view, 'POST', '/api/v1/auth/login', { identifier: 'robin@example.org', password: PASSWORD });
        // The skyr bought again, not in stock yet: its candidates as the search left them.
        await view.goto(`${base}${made.fourth}`);
        await line(view, SKYR).locator('.ui-list-row-main').click();
        const open = view.locator('dialog.receipt-review-sheet[open]');
        await open.getByRole('button', { name: 'Search Open Food Facts' }).click();
        await expect.poll(() => open.getByTestId('candidate-list').locator('li').count()).toBe(2);
        await open.getByTestId('candidate-list').locator('li', { hasText: 'Arla' }).getByRole('button', { name: 'Choose Skyr Natur' }).click();
        await open.getByTestId('candidate-list').scrollIntoViewIfNeeded();
        await expect.poll(() => open.locator('img').first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
        await view.screenshot({ path: join(TEST_OUTPUT, `receipt-candidates-${size}-${theme}.png`) });
        expect(await seriousViolations(view), `candidates at ${size} in ${theme}`).toEqual([]);
        await shot.close();
      }
    }
  });
});
