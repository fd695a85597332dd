import { join } from 'node:path';
import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/accessibility.js';
import { TEST_OUTPUT, useServerAndBrowser } from '../support/browser.js';

const PASSWORD = 'shopping owner password';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

interface Item {
  id: string;
  product_id: string | null;
  label: string;
  desired_quantity: number;
  checked: number;
  updated_at: string;
}

/** JSON from inside the page: the browser's own cookie applies. */
function api<T = Record<string, unknown>>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(path, { method, headers: body ? { 'content-type': 'application/json' } : {}, body: body ? JSON.stringify(body) : undefined });
      const text = await response.text();
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
      return text ? JSON.parse(text) : null;
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
  return page;
}

/** The household's product group of that name (the seed may have it already). */
async function productGroup(page: Page, name: string): Promise<{ id: number }> {
  const groups = (await api<{ product_groups: { id: number; name: string }[] }>(page, 'GET', '/api/v1/catalog/master-data')).product_groups;
  return groups.find((group) => group.name === name) ?? api<{ id: number }>(page, 'POST', '/api/v1/catalog/master-data/product-groups', { name });
}

let keys = 0;
const key = (name: string) => `${name}-${Date.now()}-${(keys += 1)}`;

/** A fresh product with an item on the list, so every test has its own rows. */
async function onTheList(page: Page, name: string, amount: number, groupId?: number): Promise<Item> {
  const product = await api<{ id: string }>(page, 'POST', '/api/v1/catalog/products', { name, ...(groupId ? { product_group_id: groupId } : {}) });
  return api<Item>(page, 'POST', '/api/v1/shopping-list', { product_id: product.id, desired_quantity: amount, client_mutation_id: key('setup') });
}

const openItems = (page: Page) => api<Item[]>(page, 'GET', '/api/v1/shopping-list');
const row = (page: Page, label: string) => page.locator('[data-testid="shopping-list"] li.shopping-row', { hasText: label });
const checkCircle = (page: Page, label: string) => page.locator(`button[role="checkbox"][aria-label="Done: ${label}"]`);
/** Changes waiting in the page's IndexedDB queue, read directly. */
const queuedInDatabase = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('household-inventory-shopping');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const count = open.result.transaction('changes').objectStore('changes').count();
          count.onsuccess = () => {
            resolve(count.result);
            open.result.close();
          };
        };
      }),
  );

describe('the shopping list in the PWA', () => {
  const stage = useServerAndBrowser();
  const base = () => stage.server.baseUrl.replace('127.0.0.1', 'localhost');
  const newContext = (options: BrowserContextOptions = {}) => stage.browser.newContext({ locale: 'en-GB', viewport: PHONE, ...options });

  it('reviews low stock, puts it on the list by product group, checks it off with undo', async () => {
    const context = await newContext();
    const page = await signedInPage(context, base());
    const grains = await api<{ id: number }>(page, 'POST', '/api/v1/catalog/master-data/product-groups', { name: 'Grains' });
    const rice = await api<{ id: string }>(page, 'POST', '/api/v1/catalog/products', { name: 'Rice', minimum_stock_quantity: 2, shopping_target_quantity: 6, product_group_id: grains.id });
    await api(page, 'POST', '/api/v1/stock/counts', { client_mutation_id: 'shopping-count', lines: [{ product_id: rice.id, counted_quantity: 1 }] });

    await page.goto(`${base()}/shopping`);
    await expect.poll(() => page.getByTestId('refill-banner').textContent()).toContain('1 product is running low');
    await page.click('[data-testid="refill-banner"] >> text=Review');
    await expect.poll(() => page.getByTestId('refill-list').textContent()).toContain('Rice');
    expect(await page.getByTestId('refill-list').textContent()).toContain('+5');
    await page.click('dialog >> text=Put on the list');
    await expect.poll(() => page.getByTestId('shopping-list').textContent()).toContain('Rice');
    // Items are grouped by their product group, aisle by aisle; the refill is done, so no banner.
    expect(await page.getByTestId('shopping-list').locator('h3').allTextContents()).toEqual(['Grains']);
    await expect.poll(() => page.getByTestId('refill-banner').count()).toBe(0);
    expect(await row(page, 'Rice').textContent()).toContain('5');

    await checkCircle(page, 'Rice').click();
    await expect.poll(() => page.locator('text=Rice is done.').count()).toBe(1);
    // The pointer rests on the toast, as a hand would: its Undo stays however long the server takes
    // (a toast closes itself after 5 s unless pointed at or focused).
    await page.hover('.ui-toast:has-text("Rice is done.")');
    await expect.poll(() => page.locator('text=The list is empty.').count()).toBe(1);
    expect(await openItems(page)).toEqual([]);
    await page.click('button:text-is("Undo")');
    await expect.poll(() => page.getByTestId('shopping-list').textContent()).toContain('Rice');
    await expect.poll(async () => (await openItems(page)).map((item) => item.label)).toEqual(['Rice']);
    await checkCircle(page, 'Rice').click();
    await expect.poll(() => page.locator('text=The list is empty.').count()).toBe(1);
    await expect.poll(async () => (await openItems(page)).length).toBe(0);
    await context.close();
  });

  it('adds a product by search, changes the amount and keeps a note', async () => {
    const context = await newContext();
    const page = await signedInPage(context, base());
    await api(page, 'POST', '/api/v1/catalog/products', { name: 'Oat milk' });
    await page.goto(`${base()}/shopping`);
    await page.waitForSelector('#shopping-heading');
    await page.click('button:text-is("Add item")');
    await page.fill('input[name="product-search"]', 'oat');
    // Picked from the answer to "oat", not from the whole catalog shown before it (replaced meanwhile).
    await page.click('[data-testid="add-results"][data-query="oat"] >> text=Oat milk');
    await page.click('button[aria-label="More Oat milk"]');
    await page.click('dialog >> button:text-is("Add to the list")');
    await expect.poll(async () => (await openItems(page)).find((item) => item.label === 'Oat milk')?.desired_quantity).toBe(2);
    await page.click('button[aria-label="More Oat milk"]');
    await expect.poll(async () => (await openItems(page)).find((item) => item.label === 'Oat milk')?.desired_quantity).toBe(3);
    await row(page, 'Oat milk').locator('.ui-list-row-main').click();
    await page.fill('textarea[name="notes"]', 'the barista one');
    await page.click('dialog >> button:text-is("Save")');
    await expect.poll(() => row(page, 'Oat milk').textContent()).toContain('the barista one');
    await expect.poll(async () => (await openItems(page)).find((item) => item.label === 'Oat milk')).toMatchObject({ desired_quantity: 3 });
    const [oat] = (await openItems(page)).filter((item) => item.label === 'Oat milk');
    await api(page, 'PATCH', `/api/v1/shopping-list/${oat.id}`, { desired_quantity: 3, checked: true, expected_updated_at: oat.updated_at });
    await context.close();
  });

  it('rolls an optimistic check-off back when the server refuses it, and says why', async () => {
    const context = await newContext();
    const page = await signedInPage(context, base());
    const soap = await onTheList(page, 'Soap', 1);
    // A page that has not heard of the other phone's change: its live stream is cut.
    await page.route('**/api/v1/events', (route) => route.abort());
    await page.goto(`${base()}/shopping`);
    await expect.poll(() => page.getByTestId('shopping-list').textContent()).toContain('Soap');
    // Another phone changes the amount meanwhile; this page still shows the old item.
    const other = await signedInPage(await newContext(), base());
    await api(other, 'PATCH', `/api/v1/shopping-list/${soap.id}`, { desired_quantity: 4, expected_updated_at: soap.updated_at });
    await other.context().close();

    await checkCircle(page, 'Soap').click();
    // One look at the toast while it shows (it closes itself after 5 s).
    await expect
      .poll(async () => (await page.locator('[role="alert"] .ui-toast', { hasText: 'Soap could not be changed' }).allTextContents()).join(' '))
      .toContain('changed or checked off somewhere else');
    // The row is back, unchecked, with the other phone's amount.
    await expect.poll(() => checkCircle(page, 'Soap').getAttribute('aria-checked')).toBe('false');
    await expect.poll(() => row(page, 'Soap').textContent()).toContain('4');
    expect((await openItems(page)).find((item) => item.id === soap.id)).toMatchObject({ checked: 0, desired_quantity: 4 });
    await context.close();
  });

  it('works in the store without a signal: changes wait on the device, survive a reload and land exactly once', async () => {
    const context = await newContext();
    const page = await signedInPage(context, base());
    const dairy = await api<{ id: number }>(page, 'POST', '/api/v1/catalog/master-data/product-groups', { name: `Dairy ${key('g')}` });
    const milk = await onTheList(page, 'Whole milk', 2, dairy.id);
    const yoghurt = await onTheList(page, 'Yoghurt', 1, dairy.id);
    const apples = await onTheList(page, 'Apples', 6);
    const flour = await onTheList(page, 'Flour', 1);
    const tea = await onTheList(page, 'Green tea', 1);
    await api(page, 'POST', '/api/v1/catalog/products', { name: 'Honey' });
    await page.goto(`${base()}/shopping`);
    await page.evaluate(() => navigator.serviceWorker.ready);
    await expect.poll(() => page.getByTestId('shopping-list').textContent()).toContain('Green tea');
    // Opening the add sheet once online keeps the catalog on the device for searching offline.
    await page.click('button:text-is("Add item")');
    await page.waitForSelector('[data-testid="add-results"] >> text=Honey');
    await page.click('dialog >> button:text-is("Cancel")');

    await context.setOffline(true);
    await expect.poll(() => page.getByTestId('shopping-offline').count()).toBe(1);
    for (const label of ['Whole milk', 'Yoghurt', 'Apples']) await checkCircle(page, label).click();
    await page.click('button[aria-label="More Flour"]');
    await page.click('button[aria-label="More Flour"]');
    await checkCircle(page, 'Green tea').click();
    await page.click('button:text-is("Add item")');
    await page.fill('input[name="product-search"]', 'hon');
    await page.click('[data-testid="add-results"][data-query="hon"] >> text=Honey');
    await page.click('button[aria-label="More Honey"]');
    await page.click('dialog >> button:text-is("Add to the list")');
    await expect.poll(() => page.getByTestId('shopping-waiting').textContent()).toBe('7 changes waiting to sync');
    expect(await page.getByTestId('shopping-row-waiting').count()).toBe(6);
    expect(await checkCircle(page, 'Apples').getAttribute('aria-checked')).toBe('true');
    await expect.poll(() => row(page, 'Flour').textContent()).toContain('3');
    // Meanwhile, at home, somebody checks the tea off.
    const home = await signedInPage(await newContext(), base());
    const homeTea = (await openItems(home)).find((item) => item.id === tea.id) as Item;
    await api(home, 'PATCH', `/api/v1/shopping-list/${tea.id}`, { desired_quantity: 1, checked: true, expected_updated_at: homeTea.updated_at });

    // Still no signal: a reload keeps every change on the device.
    await page.reload();
    await page.waitForSelector('main h2');
    expect(await queuedInDatabase(page)).toBe(7);
    // With no connection at all, the list is read from the device with the waiting changes marked.
    await expect.poll(() => page.getByTestId('shopping-list').textContent()).toContain('Flour');
    await expect.poll(() => page.getByTestId('shopping-waiting').textContent()).toBe('7 changes waiting to sync');
    expect(await page.getByTestId('offline-banner').count()).toBe(1);

    // The signal comes and goes: the app is back, but the list cannot be loaded and nothing can be
    // sent. The list is read from the device, with the waiting changes marked.
    await context.route('**/api/v1/shopping-list**', (route) => route.abort('internetdisconnected'));
    await context.setOffline(false);
    await page.goto(`${base()}/shopping`);
    await expect.poll(() => page.getByTestId('shopping-list').textContent()).toContain('Flour');
    await expect.poll(() => page.getByTestId('shopping-waiting').textContent()).toBe('7 changes waiting to sync');
    expect(await checkCircle(page, 'Whole milk').getAttribute('aria-checked')).toBe('true');
    expect(await row(page, 'Honey').textContent()).toContain('Waiting');
    await page.screenshot({ path: join(TEST_OUTPUT, 'shopping-offline-phone.png'), fullPage: true });

    // Back in full: the answers to the first check-off and to the add are lost on the way back, so
    // both are sent again with the same key; the server must not apply either twice (the honey
    // would be 4, the milk's second check-off a 409).
    await context.unrouteAll({ behavior: 'wait' });
    const lost = new Set<string>();
    await context.route(/\/api\/v1\/shopping-list(\/[^/?]+)?$/, async (route) => {
      const method = route.request().method();
      if (method === 'GET' || lost.has(method)) return route.continue();
      lost.add(method);
      await route.fetch();
      await route.abort('internetdisconnected');
    });
    await context.setOffline(true);
    await context.setOffline(false);
    // A lost answer stops the run like any network failure; "Send now", shown while the run is
    // stopped, starts the next one. Pressed whenever it is there, until nothing waits.
    await expect
      .poll(() =>
        page.evaluate(() => {
          if (!document.querySelector('[data-testid="shopping-waiting"]')) return 'all sent';
          [...document.querySelectorAll('button')].find((button) => button.textContent === 'Send now')?.click();
          return 'waiting';
        }),
      )
      .toBe('all sent');
    expect([...lost].sort()).toEqual(['PATCH', 'POST']);

    const open = await openItems(page);
    const ids = new Set(open.map((item) => item.id));
    expect([milk.id, yoghurt.id, apples.id].filter((id) => ids.has(id))).toEqual([]);
    expect(open.find((item) => item.id === flour.id)?.desired_quantity).toBe(3);
    expect(open.filter((item) => item.label === 'Honey').map((item) => item.desired_quantity)).toEqual([2]);
    expect(ids.has(tea.id)).toBe(false);
    // The tea was checked off at home first: that change is reported, not lost silently.
    await expect.poll(() => page.getByTestId('shopping-refused').textContent()).toContain('Green tea (checked off)');
    expect(await page.getByTestId('shopping-refused').locator('li').count()).toBe(1);
    expect(await page.getByTestId('shopping-refused').textContent()).toContain('changed or checked off somewhere else');
    await page.click('[data-testid="shopping-refused"] >> text=Dismiss');
    await expect.poll(() => page.getByTestId('shopping-refused').count()).toBe(0);
    expect(await queuedInDatabase(page)).toBe(0);
    await home.context().close();
    await context.close();
  });

  it('shows the list at phone and desktop size, light and dark, without serious accessibility problems', async () => {
    const setup = await signedInPage(await newContext(), base());
    const produce = await productGroup(setup, 'Produce');
    const bakery = await productGroup(setup, 'Bakery');
    await onTheList(setup, 'Bananas', 6, produce.id);
    await onTheList(setup, 'Tomatoes', 4, produce.id);
    await onTheList(setup, 'Sourdough bread', 1, bakery.id);
    await onTheList(setup, 'Croissants', 4, bakery.id);
    await onTheList(setup, 'Dish soap', 1);
    await setup.context().close();
    const report: string[] = [];
    for (const [name, options] of [
      ['shopping-phone-light', { viewport: PHONE, colorScheme: 'light' }],
      ['shopping-phone-dark', { viewport: PHONE, colorScheme: 'dark' }],
      ['shopping-desktop', { viewport: DESKTOP, colorScheme: 'light' }],
    ] as const) {
      const context = await newContext(options);
      const page = await signedInPage(context, base());
      await page.goto(`${base()}/shopping`);
      await expect.poll(() => page.getByTestId('shopping-list').textContent()).toContain('Croissants');
      await page.screenshot({ path: join(TEST_OUTPUT, `${name}.png`), fullPage: true });
      const violations = await seriousViolations(page);
      report.push(`${name}: ${violations.length}`);
      expect(violations, name).toEqual([]);
      await context.close();
    }
    console.log(`shopping accessibility (serious + critical): ${report.join(', ')}`);
  });
});
