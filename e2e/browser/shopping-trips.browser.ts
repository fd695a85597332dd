import { join } from 'node:path';
import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/accessibility.js';
import { TEST_OUTPUT, useServerAndBrowser } from '../support/browser.js';

const OWNER_PASSWORD = 'trips owner password';
const MEMBER_PASSWORD = 'trips member password';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
/** How long a wait for the app may take on a loaded machine; the latency itself is measured by bench/live.mjs. */
const GENEROUS = { timeout: 30_000, interval: 50 };

interface Item {
  id: string;
  label: string;
  updated_at: string;
}

/** JSON from inside the page, refusing anything but 2xx. */
async function api<T = Record<string, unknown>>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
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

let keys = 0;
const key = (name: string) => `${name}-${Date.now()}-${(keys += 1)}`;

const listText = (page: Page) => page.getByTestId('shopping-list').textContent().catch(() => '');
const rowLabels = (page: Page) => page.locator('[data-testid="shopping-list"] li.shopping-row .ui-list-row-title').allTextContents();
const checkCircle = (page: Page, label: string) => page.locator(`button[role="checkbox"][aria-label="Done: ${label}"]`);

describe('shopping trips in the PWA', () => {
  const stage = useServerAndBrowser();
  const base = () => stage.server.baseUrl.replace('127.0.0.1', 'localhost');
  const newContext = (options: BrowserContextOptions = {}) => stage.browser.newContext({ locale: 'en-GB', viewport: PHONE, ...options });
  let memberReady: Promise<void> | null = null;

  async function ownerPage(context: BrowserContext): Promise<Page> {
    const page = await context.newPage();
    await page.goto(base());
    const state = await api<{ needs_setup?: boolean }>(page, 'GET', '/api/v1/auth/state');
    if (state.needs_setup) {
      await api(page, 'POST', '/api/v1/auth/setup', { password: OWNER_PASSWORD, display_name: 'Olivia', preferred_locale: 'en' });
      await api(page, 'PATCH', '/api/v1/auth/profile', { display_name: 'Olivia', email: 'olivia@example.org' });
    } else await api(page, 'POST', '/api/v1/auth/login', { identifier: 'olivia@example.org', password: OWNER_PASSWORD });
    return page;
  }

  /** The second member of the household, signed in on their own phone. */
  async function memberPage(context: BrowserContext, owner: Page): Promise<Page> {
    const page = await context.newPage();
    await page.goto(base());
    memberReady ??= (async () => {
      const invitation = await api<{ invite_token: string }>(owner, 'POST', '/api/v1/auth/invitations', { display_name: 'Max', email: 'max@example.org', role: 'member' });
      await api(page, 'POST', `/api/v1/auth/invitations/${invitation.invite_token}/accept`, { password: MEMBER_PASSWORD, preferred_locale: 'en' });
    })();
    await memberReady;
    const state = await api<{ authenticated?: boolean }>(page, 'GET', '/api/v1/auth/state');
    if (!state.authenticated) await api(page, 'POST', '/api/v1/auth/login', { identifier: 'max@example.org', password: MEMBER_PASSWORD });
    return page;
  }

  async function onTheList(page: Page, name: string, groupId?: number): Promise<Item & { product_id: string }> {
    const product = await api<{ id: string }>(page, 'POST', '/api/v1/catalog/products', { name, ...(groupId ? { product_group_id: groupId } : {}) });
    return api(page, 'POST', '/api/v1/shopping-list', { product_id: product.id, desired_quantity: 1, client_mutation_id: key('add') });
  }

  it('shows one member’s check-off and addition on the other member’s phone without a reload', async () => {
    const owner = await ownerPage(await newContext());
    const member = await memberPage(await newContext(), owner);
    await onTheList(owner, 'Espresso beans');
    await onTheList(owner, 'Paper towels');
    await api(owner, 'POST', '/api/v1/catalog/products', { name: 'Lemons' });
    for (const page of [owner, member]) await page.goto(`${base()}/shopping`);
    await expect.poll(() => listText(member), GENEROUS).toContain('Paper towels');
    await expect.poll(() => listText(owner), GENEROUS).toContain('Paper towels');
    // The member's stream is open once a change from elsewhere shows up on its own.
    const warmUp = await onTheList(owner, 'Warm-up tea');
    await expect.poll(() => listText(member), GENEROUS).toContain('Warm-up tea');
    await api(owner, 'PATCH', `/api/v1/shopping-list/${warmUp.id}`, { desired_quantity: 1, checked: true, expected_updated_at: warmUp.updated_at });
    await expect.poll(() => listText(member), GENEROUS).not.toContain('Warm-up tea');

    // Times are taken inside the two pages (one machine, one clock): the owner's tap, the member's screen.
    await member.evaluate(() => {
      const seen: Record<string, number> = {};
      (window as unknown as { seen: Record<string, number> }).seen = seen;
      new MutationObserver(() => {
        const text = document.querySelector('[data-testid="shopping-list"]')?.textContent ?? '';
        if (!text.includes('Espresso beans')) seen.checked ??= Date.now();
        if (text.includes('Lemons')) seen.added ??= Date.now();
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    await owner.evaluate(() => document.addEventListener('click', () => ((window as unknown as { tappedAt: number }).tappedAt = Date.now()), { capture: true, once: true }));
    await checkCircle(owner, 'Espresso beans').click();
    const tappedCheck = await owner.evaluate(() => (window as unknown as { tappedAt: number }).tappedAt);
    await expect.poll(() => listText(member), GENEROUS).not.toContain('Espresso beans');

    await owner.click('button:text-is("Add item")');
    await owner.fill('input[name="product-search"]', 'lem');
    await owner.click('[data-testid="add-results"] >> text=Lemons');
    await owner.waitForSelector('dialog >> button:text-is("Add to the list")');
    await owner.evaluate(() => document.addEventListener('click', () => ((window as unknown as { tappedAt: number }).tappedAt = Date.now()), { capture: true, once: true }));
    await owner.click('dialog >> button:text-is("Add to the list")');
    const tappedAdd = await owner.evaluate(() => (window as unknown as { tappedAt: number }).tappedAt);
    await expect.poll(() => listText(member), GENEROUS).toContain('Lemons');

    const seen = await member.evaluate(() => (window as unknown as { seen: Record<string, number> }).seen);
    const latencies = { checkOff: seen.checked - tappedCheck, add: seen.added - tappedAdd };
    console.log(`live update latency (tap on one phone to the other phone's screen): check-off ${latencies.checkOff} ms, add ${latencies.add} ms`);
    await owner.context().close();
    await member.context().close();
  });

  it('sends check-offs made offline during a trip to the server once, in the order they were made', async () => {
    const context = await newContext();
    const page = await ownerPage(context);
    const items = [await onTheList(page, 'Cereal'), await onTheList(page, 'Coffee filters'), await onTheList(page, 'Butter')];
    await page.goto(`${base()}/shopping`);
    await page.evaluate(() => navigator.serviceWorker.ready);
    await expect.poll(() => listText(page), GENEROUS).toContain('Butter');
    await page.click('[data-testid="trip-start"]');
    await page.fill('[data-testid="trip-store"]', 'Corner shop');
    await page.click('[data-testid="trip-begin"]');
    await expect.poll(() => page.getByTestId('trip-bar').textContent(), GENEROUS).toContain('Shopping at Corner shop');

    await context.setOffline(true);
    await expect.poll(() => page.getByTestId('shopping-offline').count(), GENEROUS).toBe(1);
    for (const label of ['Butter', 'Cereal', 'Coffee filters']) await checkCircle(page, label).click();
    await expect.poll(() => page.getByTestId('shopping-waiting').textContent(), GENEROUS).toBe('3 changes waiting to sync');
    // Still no signal: a reload keeps the trip and the changes on the device.
    await page.reload();
    await expect.poll(() => page.getByTestId('trip-bar').count(), GENEROUS).toBe(1);
    // Read back from the device after the reload (the banner shows once the count is read), before the signal returns.
    await expect.poll(() => page.getByTestId('shopping-waiting').textContent(), GENEROUS).toBe('3 changes waiting to sync');
    await context.setOffline(false);
    await expect.poll(() => page.getByTestId('shopping-waiting').count(), GENEROUS).toBe(0);

    const current = await api<{ trip: { id: string; store_id: string; checkoff_count: number } }>(page, 'GET', '/api/v1/shopping-trips/current');
    expect(current.trip.checkoff_count).toBe(3);
    const order = await api<{ trip_count: number; products: { product_id: string }[] }>(page, 'GET', `/api/v1/shopping-stores/${current.trip.store_id}/order`);
    expect(order.products.map((product) => product.product_id)).toEqual([items[2].product_id, items[0].product_id, items[1].product_id]);
    const open = await api<Item[]>(page, 'GET', '/api/v1/shopping-list');
    expect(open.filter((item) => items.some((mine) => mine.id === item.id))).toEqual([]);
    await page.click('[data-testid="trip-done"]');
    await expect.poll(() => page.getByTestId('trip-bar').count(), GENEROUS).toBe(0);
    await context.close();
  });

  it('orders the list like the earlier trips to the store, keeps a moved product there, at both sizes and in both themes', async () => {
    const setup = await ownerPage(await newContext());
    // The household's product group of that name (the seed may have it already).
    const group = async (name: string) => {
      const groups = (await api<{ product_groups: { id: number; name: string }[] }>(setup, 'GET', '/api/v1/catalog/master-data')).product_groups;
      return groups.find((found) => found.name === name) ?? api<{ id: number }>(setup, 'POST', '/api/v1/catalog/master-data/product-groups', { name });
    };
    const [produce, bakery, dairy, household] = [await group('Produce'), await group('Bakery'), await group('Dairy'), await group('Household')];
    const walk = [
      ['Tomatoes', produce.id],
      ['Bananas', produce.id],
      ['Sourdough bread', bakery.id],
      ['Croissants', bakery.id],
      ['Yoghurt', dairy.id],
      ['Dish soap', household.id],
    ] as const;
    // Three earlier trips to REWE, walked in the same order (the check-offs are what teaches it).
    const products = new Map<string, string>();
    for (let trip = 0; trip < 3; trip += 1) {
      const started = await api<{ id: string }>(setup, 'POST', '/api/v1/shopping-trips', { store_name: 'REWE' });
      for (const [name, groupId] of walk) {
        if (!products.has(name)) products.set(name, (await api<{ id: string }>(setup, 'POST', '/api/v1/catalog/products', { name, product_group_id: groupId })).id);
        const item = await api<Item>(setup, 'POST', '/api/v1/shopping-list', { product_id: products.get(name), desired_quantity: 1, client_mutation_id: key('seed') });
        await api(setup, 'PATCH', `/api/v1/shopping-list/${item.id}`, { desired_quantity: 1, checked: true, expected_updated_at: item.updated_at, trip_id: started.id });
      }
      await api(setup, 'POST', `/api/v1/shopping-trips/${started.id}/end`);
    }
    // Today's list, put together in another order, with a bakery product never bought there.
    for (const name of ['Dish soap', 'Croissants', 'Yoghurt', 'Tomatoes', 'Bananas', 'Sourdough bread']) {
      await api(setup, 'POST', '/api/v1/shopping-list', { product_id: products.get(name), desired_quantity: 1, client_mutation_id: key('today') });
    }
    await onTheList(setup, 'Pretzels', bakery.id);
    await setup.context().close();

    const page = await ownerPage(await newContext());
    await page.goto(`${base()}/shopping`);
    await expect.poll(() => listText(page), GENEROUS).toContain('Pretzels');
    await page.click('[data-testid="trip-start"]');
    // REWE is preselected: it was the last store.
    await expect.poll(() => page.locator('[data-testid="trip-store"]').inputValue(), GENEROUS).toBe('REWE');
    await page.click('[data-testid="trip-begin"]');
    await expect.poll(() => page.getByTestId('trip-source').textContent(), GENEROUS).toBe('Sorted like your last 3 trips to REWE');
    // Pretzels were never bought at REWE: they go where the bakery is.
    const walked = ['Tomatoes', 'Bananas', 'Sourdough bread', 'Pretzels', 'Croissants', 'Yoghurt', 'Dish soap'];
    const relevant = async () => (await rowLabels(page)).filter((label) => walked.includes(label));
    await expect.poll(relevant, GENEROUS).toEqual(walked);

    // Keyboard: the grip of "Dish soap", two steps up.
    const grip = page.locator('button[aria-label="Move Dish soap"]');
    await grip.focus();
    await page.keyboard.press('ArrowUp');
    await expect.poll(relevant, GENEROUS).toEqual(['Tomatoes', 'Bananas', 'Sourdough bread', 'Pretzels', 'Croissants', 'Dish soap', 'Yoghurt']);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')), GENEROUS).toBe('Move Dish soap');
    await page.keyboard.press('ArrowUp');
    await expect.poll(relevant, GENEROUS).toEqual(['Tomatoes', 'Bananas', 'Sourdough bread', 'Pretzels', 'Dish soap', 'Croissants', 'Yoghurt']);
    await expect.poll(() => page.getByTestId('trip-source').textContent(), GENEROUS).toContain('with your own changes');
    // Pointer: drag "Tomatoes" below "Bananas".
    const from = await page.locator('button[aria-label="Move Tomatoes"]').boundingBox();
    const target = await page.locator('[data-testid="shopping-list"] li.shopping-row', { hasText: 'Bananas' }).boundingBox();
    if (!from || !target) throw new Error('rows not laid out');
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, target.y + target.height * 0.9, { steps: 8 });
    await page.mouse.up();
    await expect.poll(relevant, GENEROUS).toEqual(['Bananas', 'Tomatoes', 'Sourdough bread', 'Pretzels', 'Dish soap', 'Croissants', 'Yoghurt']);
    // The places are the store's: another phone starting a trip there sees them too.
    const report: string[] = [];
    for (const [name, options] of [
      ['shopping-trip-phone-light', { viewport: PHONE, colorScheme: 'light' }],
      ['shopping-trip-desktop-dark', { viewport: DESKTOP, colorScheme: 'dark' }],
    ] as const) {
      const context = await newContext(options);
      const other = await ownerPage(context);
      await other.goto(`${base()}/shopping`);
      await expect.poll(() => other.getByTestId('trip-bar').count(), GENEROUS).toBe(1);
      await expect.poll(async () => (await rowLabels(other)).filter((label) => walked.includes(label)), GENEROUS).toEqual(['Bananas', 'Tomatoes', 'Sourdough bread', 'Pretzels', 'Dish soap', 'Croissants', 'Yoghurt']);
      await other.screenshot({ path: join(TEST_OUTPUT, `${name}.png`), fullPage: true });
      const violations = await seriousViolations(other);
      report.push(`${name}: ${violations.length}`);
      expect(violations, name).toEqual([]);
      await context.close();
    }
    // In German, on a phone in the dark theme.
    await api(page, 'PATCH', '/api/v1/auth/preferences', { preferred_locale: 'de' });
    const german = await ownerPage(await newContext({ locale: 'de-DE', colorScheme: 'dark' }));
    await german.goto(`${base()}/shopping`);
    await expect.poll(() => german.getByTestId('trip-source').textContent(), GENEROUS).toBe('Sortiert wie deine letzten 3 Einkäufe bei REWE · mit deinen eigenen Änderungen');
    expect(await german.locator('button[aria-label="Dish soap verschieben"]').count()).toBe(1);
    await german.screenshot({ path: join(TEST_OUTPUT, 'shopping-trip-phone-dark-de.png'), fullPage: true });
    await german.context().close();
    await api(page, 'PATCH', '/api/v1/auth/preferences', { preferred_locale: 'en' });
    console.log(`shopping trip accessibility (serious + critical): ${report.join(', ')}`);
    await page.click('[data-testid="trip-done"]');
    await expect.poll(() => page.getByTestId('trip-bar').count(), GENEROUS).toBe(0);
    await page.context().close();
    // Browsers with an accessibility scan each: more than the default minute on a busy machine.
  }, 240_000);
});
