import { describe, expect, it } from 'vitest';
import { installPush, readPushMessage, safeAppPath } from './push';

type Listener = (event: unknown) => void;

/** Just enough of a service worker scope to dispatch `push` and `notificationclick`. */
function fakeWorker(windows: { url: string; navigated?: string; focused?: boolean }[] = []) {
  const listeners = new Map<string, Listener>();
  const shown: { title: string; options: NotificationOptions }[] = [];
  const opened: string[] = [];
  const sw = {
    location: { origin: 'https://pantry.example.org' },
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
    registration: { showNotification: async (title: string, options: NotificationOptions) => void shown.push({ title, options }) },
    clients: {
      matchAll: async () =>
        windows.map((entry) => ({
          url: entry.url,
          focus: async function () {
            entry.focused = true;
            return { navigate: async (url: string) => void (entry.navigated = url) };
          },
        })),
      openWindow: async (url: string) => void opened.push(url),
    },
  };
  installPush(sw as unknown as ServiceWorkerGlobalScope);
  const dispatch = async (type: string, event: Record<string, unknown>) => {
    let work: Promise<unknown> = Promise.resolve();
    listeners.get(type)?.({ ...event, waitUntil: (promise: Promise<unknown>) => (work = promise) });
    await work;
  };
  return { shown, opened, dispatch };
}

describe('service worker push', () => {
  it('shows the message the service sent, with its tag and the path to open', async () => {
    const worker = fakeWorker();
    const payload = { title: 'Vorrat wird knapp', body: 'Hafermilch: noch 1,5 l (Mindestbestand 2 l)', url: '/shopping', tag: 'hinv-low-stock-p1', kind: 'low_stock', locale: 'de' };
    await worker.dispatch('push', { data: { text: () => JSON.stringify(payload) } });
    expect(worker.shown).toEqual([
      {
        title: 'Vorrat wird knapp',
        options: expect.objectContaining({ body: payload.body, tag: 'hinv-low-stock-p1', lang: 'de', data: { url: '/shopping', kind: 'low_stock' } }),
      },
    ]);
  });

  it('shows a plain notification for an empty or unreadable message', async () => {
    const worker = fakeWorker();
    await worker.dispatch('push', { data: null });
    await worker.dispatch('push', { data: { text: () => 'not json' } });
    expect(worker.shown.map((n) => n.title)).toEqual(['Household Inventory', 'Household Inventory']);
    expect(worker.shown[1].options.body).toBe('not json');
  });

  it('a tap moves an open app window to the product and focuses it', async () => {
    const windows = [{ url: 'https://pantry.example.org/stock' }];
    const worker = fakeWorker(windows);
    let closed = false;
    await worker.dispatch('notificationclick', { notification: { data: { url: '/products/p1' }, close: () => (closed = true) } });
    expect(closed).toBe(true);
    expect(windows[0]).toMatchObject({ focused: true, navigated: 'https://pantry.example.org/products/p1' });
    expect(worker.opened).toEqual([]);
  });

  it('a tap without an open window opens one; a foreign address opens the app instead', async () => {
    const worker = fakeWorker();
    await worker.dispatch('notificationclick', { notification: { data: { url: '/shopping' }, close: () => undefined } });
    await worker.dispatch('notificationclick', { notification: { data: { url: 'https://evil.example/' }, close: () => undefined } });
    expect(worker.opened).toEqual(['https://pantry.example.org/shopping', 'https://pantry.example.org/']);
  });

  it('keeps only same-origin app paths', () => {
    expect(safeAppPath('/products/a%2Fb')).toBe('/products/a%2Fb');
    for (const value of ['//evil.example/x', 'https://evil.example', 'javascript:alert(1)', '/\\evil', '/\t/evil.example', '/\n/evil.example', '/\r/evil.example', 42, null]) expect(safeAppPath(value)).toBe('/');
    expect(readPushMessage(JSON.stringify({ title: '', url: '//x' }))).toMatchObject({ title: 'Household Inventory', url: '/' });
  });
});
