import { join } from 'node:path';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/accessibility.js';
import { launchBrowser, pageApi, TEST_OUTPUT } from '../support/browser.js';
import { startFakePushService, type FakeDevice, type FakePushService } from '../support/fake-push-service.js';
import { startServer, type RunningServer } from '../support/server.js';

const PASSWORD = 'notification owner password';
const SIZES = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } } as const;

interface ShownNotification {
  title: string;
  body: string;
  tag: string;
  lang: string;
  data: { url: string; kind: string };
}

/**
 * Headless Chromium has no push service of its own (pushManager.subscribe needs Google's), so the
 * browser's subscription is replaced by one at the local fake push service. Everything else is
 * real: the panel asks for permission on the tap, registers the subscription with the server, the
 * server encrypts and sends to the fake push service, which decrypts what it got; the test hands
 * that payload to the service worker as a real `push` event (DevTools ServiceWorker.deliverPushMessage)
 * and reads the notification it showed.
 */
function fakeSubscriptionScript(device: { endpoint: string; p256dh: string; auth: string }): void {
  const counter = window as unknown as { __permissionRequests: number };
  counter.__permissionRequests = 0;
  const ask = Notification.requestPermission.bind(Notification);
  Notification.requestPermission = (...args: Parameters<typeof Notification.requestPermission>) => {
    counter.__permissionRequests += 1;
    return ask(...args);
  };
  // Kept in sessionStorage so a reload still finds it, as a real subscription would be.
  const KEY = 'fake-push-subscription';
  const make = (applicationServerKey: BufferSource | string | null) =>
    ({
      endpoint: device.endpoint,
      expirationTime: null,
      options: { applicationServerKey, userVisibleOnly: true },
      getKey: () => null,
      toJSON: () => ({ endpoint: device.endpoint, expirationTime: null, keys: { p256dh: device.p256dh, auth: device.auth } }),
      unsubscribe: async () => {
        sessionStorage.removeItem(KEY);
        return true;
      },
    }) as unknown as PushSubscription;
  PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
    const key = options?.applicationServerKey;
    const bytes = key && typeof key !== 'string' ? Array.from(new Uint8Array(ArrayBuffer.isView(key) ? key.buffer : key)) : [];
    sessionStorage.setItem(KEY, JSON.stringify(bytes));
    return make(new Uint8Array(bytes).buffer);
  };
  PushManager.prototype.getSubscription = async () => {
    const stored = sessionStorage.getItem(KEY);
    return stored ? make(new Uint8Array(JSON.parse(stored) as number[]).buffer) : null;
  };
}

async function serviceWorkerRegistrationId(cdp: CDPSession, scope: string): Promise<string> {
  const found = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }: { registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] }) => {
      const match = registrations.find((r) => r.scopeURL === scope && !r.isDeleted);
      if (match) resolve(match.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return found;
}

async function shownNotifications(page: Page): Promise<ShownNotification[]> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const shown = await registration.getNotifications();
    return shown.map((n) => ({ title: n.title, body: n.body, tag: n.tag, lang: n.lang, data: n.data as { url: string; kind: string } }));
  });
}

/**
 * Hands a push message to the service worker as the browser's push service would, and waits for
 * the notification it leads to. DevTools' deliverPushMessage drops the worker's answer, so nothing
 * tells the test whether the event arrived; on a busy machine one delivery in a few hundred runs
 * never showed anything. So the message is handed over again while nothing with its tag is shown:
 * a notification with the same tag replaces the last, so a second delivery cannot add a second
 * notification. The wait still ends in a failure when the worker never shows it.
 */
async function deliverUntilShown(cdp: CDPSession, page: Page, origin: string, registrationId: string, payload: { tag?: unknown }): Promise<ShownNotification> {
  const deliver = () => cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data: JSON.stringify(payload) });
  const shown = async () => (await shownNotifications(page)).find((n) => n.tag === payload.tag);
  await deliver();
  let deliveredAt = Date.now();
  let deliveries = 1;
  let found: ShownNotification | undefined;
  await expect
    .poll(async () => {
      found = await shown();
      if (!found && Date.now() - deliveredAt > REDELIVER_AFTER_MS) {
        await deliver();
        deliveredAt = Date.now();
        deliveries += 1;
      }
      return found;
    })
    .toBeDefined();
  if (deliveries > 1) console.warn(`push message ${String(payload.tag)} shown after ${deliveries} deliveries`);
  return found as ShownNotification;
}

/** How long a delivered push message may take to show before it is handed over again (not a failure). */
const REDELIVER_AFTER_MS = 5_000;

describe('notifications in the PWA', () => {
  let push: FakePushService;
  let device: FakeDevice;
  const stage = {} as { server: RunningServer; browser: Browser };

  beforeAll(async () => {
    push = await startFakePushService();
    // The server trusts the fake push service's certificate and checks every 300 ms.
    stage.server = await startServer({ HINV_TEST_PUSH_ALLOW_LOOPBACK: '1', HINV_TEST_NOTIFICATION_CHECK_MS: '300', NODE_EXTRA_CA_CERTS: push.caFile });
    stage.browser = await launchBrowser();
  });
  afterAll(async () => {
    await stage.browser?.close();
    await stage.server?.stop();
    await push?.close();
  });

  async function openPanel(context: BrowserContext, origin: string): Promise<Page> {
    const page = await context.newPage();
    await page.goto(`${origin}/settings`);
    await page.click('.settings-sections >> text=Notifications');
    await page.waitForSelector('[data-testid="push-preferences"]');
    return page;
  }

  it('explains what is missing: the permission prompt comes only after a tap', async () => {
    const context = await stage.browser.newContext({ locale: 'en-GB', viewport: SIZES.phone });
    const page = await context.newPage();
    await page.goto(stage.server.baseUrl);
    await pageApi(page, 'POST', '/api/v1/auth/setup', { password: PASSWORD, display_name: 'Robin', preferred_locale: 'en' });
    await context.addInitScript(() => {
      const counter = window as unknown as { __permissionRequests: number };
      counter.__permissionRequests = 0;
      const ask = Notification.requestPermission.bind(Notification);
      Notification.requestPermission = (...args: Parameters<typeof Notification.requestPermission>) => {
        counter.__permissionRequests += 1;
        return ask(...args);
      };
    });
    const panel = await openPanel(context, stage.server.baseUrl);
    await expect.poll(() => panel.getByTestId('this-device-state').textContent()).toBe('This device does not receive notifications yet.');
    expect(await panel.evaluate(() => (window as unknown as { __permissionRequests: number }).__permissionRequests)).toBe(0);
    expect(await panel.getByTestId('push-devices-empty').textContent()).toBe('No device receives notifications yet.');
    await panel.screenshot({ path: join(TEST_OUTPUT, 'notifications-off-phone-light.png'), fullPage: true });
    expect(await seriousViolations(panel), 'notifications off, phone').toEqual([]);

    await context.close();

    // Over plain http on a LAN address the page is no secure context: the panel says what to do.
    const lan = await stage.browser.newContext({ locale: 'en-GB', viewport: SIZES.phone });
    await lan.addInitScript(() => Object.defineProperty(window, 'isSecureContext', { value: false, configurable: true }));
    const signIn = await lan.newPage();
    await signIn.goto(stage.server.baseUrl);
    await pageApi(signIn, 'POST', '/api/v1/auth/login', { password: PASSWORD });
    const insecure = await openPanel(lan, stage.server.baseUrl);
    await insecure.waitForSelector('[data-testid="push-insecure"]');
    expect(await insecure.getByTestId('push-insecure').textContent()).toContain('Notifications need https');
    expect(await insecure.locator('[data-testid="push-enable"]').count()).toBe(0);
    await insecure.screenshot({ path: join(TEST_OUTPUT, 'notifications-insecure-phone-light.png'), fullPage: true });
    await lan.close();

    const iphone = await stage.browser.newContext({
      locale: 'de-DE',
      viewport: SIZES.phone,
      userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      hasTouch: true,
      isMobile: true,
    });
    const start = await iphone.newPage();
    await start.goto(stage.server.baseUrl);
    await pageApi(start, 'POST', '/api/v1/auth/login', { password: PASSWORD });
    await pageApi(start, 'PATCH', '/api/v1/auth/preferences', { preferred_locale: 'de' });
    await start.goto(`${stage.server.baseUrl}/settings/notifications`);
    await start.waitForSelector('[data-testid="push-install"]');
    expect(await start.getByTestId('push-install').textContent()).toContain('Füge die App zuerst zum Home-Bildschirm hinzu');
    await start.screenshot({ path: join(TEST_OUTPUT, 'notifications-iphone-install-de.png'), fullPage: true });
    await iphone.close();
  });

  it('turns on this device with a tap, sends a test message and shows low stock through the service worker', async () => {
    device = push.newDevice();
    const { server, browser } = stage;
    const context = await browser.newContext({ locale: 'en-GB', viewport: SIZES.desktop, colorScheme: 'dark' });
    await context.grantPermissions(['notifications'], { origin: server.baseUrl });
    await context.addInitScript(fakeSubscriptionScript, { endpoint: device.endpoint, p256dh: device.keys.p256dh, auth: device.keys.auth });
    const page = await context.newPage();
    await page.goto(server.baseUrl);
    await pageApi(page, 'POST', '/api/v1/auth/login', { password: PASSWORD });
    await pageApi(page, 'PATCH', '/api/v1/auth/preferences', { preferred_locale: 'en' });
    const cdp = await context.newCDPSession(page);
    const registrationId = serviceWorkerRegistrationId(cdp, `${server.baseUrl}/`);

    const panel = await openPanel(context, server.baseUrl);
    await expect.poll(() => panel.getByTestId('this-device-state').textContent()).toBe('This device does not receive notifications yet.');
    expect(await panel.evaluate(() => (window as unknown as { __permissionRequests: number }).__permissionRequests)).toBe(0);
    await panel.click('[data-testid="push-enable"]');
    await expect.poll(() => panel.getByTestId('this-device-state').textContent()).toBe('On This device receives notifications as “Chrome · Linux”.');
    expect(await panel.evaluate(() => (window as unknown as { __permissionRequests: number }).__permissionRequests)).toBe(1);
    expect(await panel.isChecked('input[name="push_enabled"]')).toBe(true);
    expect(await panel.getByTestId('push-devices').textContent()).toContain('this device');

    await panel.click('[data-testid="push-test"]');
    await expect.poll(() => push.messagesFor(device).length).toBe(1);
    const [message] = push.messagesFor(device);
    expect(message.payload).toMatchObject({ title: 'Household Inventory is ready', tag: 'hinv-test' });

    // The service worker gets exactly what the push service decrypted, as a real push event.
    const worker = await registrationId;
    expect((await deliverUntilShown(cdp, panel, server.baseUrl, worker, message.payload)).title).toBe('Household Inventory is ready');

    // Low stock: a product with a minimum and nothing in stock.
    const product = await pageApi<{ id: string }>(panel, 'POST', '/api/v1/catalog/products', { name: 'Oat milk', minimum_stock_quantity: 2, new_quantity_unit_name: 'l' });
    await expect.poll(() => push.messagesFor(device).filter((m) => m.payload.kind === 'low_stock').length).toBe(1);
    const low = push.messagesFor(device).find((m) => m.payload.kind === 'low_stock');
    expect(low?.payload.tag).toBe(`hinv-low-stock-${product.id}`);
    expect(await deliverUntilShown(cdp, panel, server.baseUrl, worker, low!.payload)).toEqual({
      title: 'Stock is running low',
      body: 'Oat milk: 0 l left (minimum 2 l)',
      tag: `hinv-low-stock-${product.id}`,
      lang: 'en',
      data: { url: '/shopping', kind: 'low_stock' },
    });

    await panel.reload();
    await panel.waitForSelector('[data-testid="push-preferences"]');
    await expect.poll(() => panel.getByTestId('this-device-state').textContent()).toBe('On This device receives notifications as “Chrome · Linux”.');
    await expect.poll(() => panel.getByTestId('push-events').textContent()).toBe('Currently active: 1 low stock, 0 best before.');
    await panel.screenshot({ path: join(TEST_OUTPUT, 'notifications-on-desktop-dark.png'), fullPage: true });
    expect(await seriousViolations(panel), 'notifications on, desktop').toEqual([]);

    // Removing the device from the list turns this device off too.
    await panel.click('[data-testid="push-devices"] button:has-text("Remove")');
    await panel.waitForSelector('[data-testid="push-devices-empty"]');
    await expect.poll(() => panel.getByTestId('this-device-state').textContent()).toBe('This device does not receive notifications yet.');
    expect(push.refused).toEqual([]);
    await context.close();
  });
});
