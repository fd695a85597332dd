/**
 * Web Push on the device: shows what the service sent (title, body, tag, the path to open) and
 * opens the app there when the notification is tapped. The text arrives finished, in the member's
 * language; nothing here translates or fetches.
 */

export interface PushMessage {
  title: string;
  body: string;
  /** An app path such as `/shopping` or `/products/<id>`. */
  url: string;
  tag?: string;
  kind?: string;
  locale?: string;
}

/** What is shown when a message cannot be read (never an empty notification: browsers punish that). */
const FALLBACK: PushMessage = { title: 'Household Inventory', body: '', url: '/' };

/**
 * A same-origin app path, or `/`: a message never sends the person to another site. Control
 * characters are refused too: URL parsing drops tabs and line breaks, so `/\t/evil.example` would
 * become `//evil.example`.
 */
export function safeAppPath(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.includes('\\') || /[\u0000-\u001f\u007f]/.test(value)) return '/';
  return value;
}

/** Reads a push message's JSON into what to show; anything unexpected falls back to a plain notification. */
export function readPushMessage(text: string | null): PushMessage {
  if (!text) return FALLBACK;
  try {
    const parsed: unknown = JSON.parse(text);
    if (!parsed || typeof parsed !== 'object') return FALLBACK;
    const record = parsed as Record<string, unknown>;
    const title = typeof record.title === 'string' && record.title.trim() ? record.title : FALLBACK.title;
    return {
      title,
      body: typeof record.body === 'string' ? record.body : '',
      url: safeAppPath(record.url),
      tag: typeof record.tag === 'string' ? record.tag : undefined,
      kind: typeof record.kind === 'string' ? record.kind : undefined,
      locale: typeof record.locale === 'string' ? record.locale : undefined,
    };
  } catch {
    return { ...FALLBACK, body: text.slice(0, 200) };
  }
}

export function notificationOptions(message: PushMessage): NotificationOptions {
  return {
    body: message.body,
    tag: message.tag,
    lang: message.locale,
    icon: '/icons/icon-192.png',
    badge: '/icons/icon-192.png',
    data: { url: message.url, kind: message.kind },
  };
}

/** Focuses an open window of the app and moves it to `path`, or opens a new one. */
async function openApp(sw: ServiceWorkerGlobalScope, path: string): Promise<void> {
  // Checked again where it is used: whatever the path, the window stays on the app's origin.
  const parsed = new URL(path, sw.location.origin);
  const target = parsed.origin === sw.location.origin ? parsed.href : new URL('/', sw.location.origin).href;
  const windows = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === sw.location.origin);
  if (open) {
    const focused = await open.focus();
    await focused.navigate(target).catch(() => undefined);
    return;
  }
  await sw.clients.openWindow(target);
}

export function installPush(sw: ServiceWorkerGlobalScope): void {
  sw.addEventListener('push', (event) => {
    const message = readPushMessage(event.data ? event.data.text() : null);
    event.waitUntil(sw.registration.showNotification(message.title, notificationOptions(message)));
  });
  sw.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const data = event.notification.data as { url?: unknown } | null;
    event.waitUntil(openApp(sw, safeAppPath(data?.url)));
  });
}
