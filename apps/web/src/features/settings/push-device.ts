/**
 * This browser's side of Web Push: whether it can receive messages at all, its current
 * subscription, and subscribing or unsubscribing. The permission prompt is only ever asked for
 * from `subscribeThisDevice`, which the panel calls from a tap.
 */

export type PushSupport =
  /** Everything is there; `permission` says what the person has decided so far. */
  | { kind: 'ready'; permission: NotificationPermission }
  /** Served over plain http (other than localhost): browsers offer push only in a secure context. */
  | { kind: 'insecure' }
  /** iPhone and iPad: push works only in the app added to the home screen. */
  | { kind: 'install' }
  /** A browser without the Push API. */
  | { kind: 'unsupported' };

export interface PushEnvironment {
  isSecureContext: boolean;
  userAgent: string;
  maxTouchPoints: number;
  standalone: boolean;
  hasServiceWorker: boolean;
  hasPushManager: boolean;
  hasNotification: boolean;
  permission: NotificationPermission | null;
}

export function currentEnvironment(): PushEnvironment {
  const nav = navigator as Navigator & { standalone?: boolean };
  return {
    isSecureContext: window.isSecureContext,
    userAgent: nav.userAgent,
    maxTouchPoints: nav.maxTouchPoints ?? 0,
    standalone: nav.standalone === true || window.matchMedia?.('(display-mode: standalone)').matches === true,
    hasServiceWorker: 'serviceWorker' in nav,
    hasPushManager: 'PushManager' in window,
    hasNotification: 'Notification' in window,
    permission: 'Notification' in window ? Notification.permission : null,
  };
}

/** iPhone, iPad, and iPadOS that says it is a Mac but has a touch screen. */
export function isAppleMobile(env: Pick<PushEnvironment, 'userAgent' | 'maxTouchPoints'>): boolean {
  return /iPhone|iPad|iPod/.test(env.userAgent) || (/Macintosh/.test(env.userAgent) && env.maxTouchPoints > 1);
}

export function pushSupport(env: PushEnvironment): PushSupport {
  if (!env.isSecureContext) return { kind: 'insecure' };
  if (isAppleMobile(env) && !env.standalone) return { kind: 'install' };
  if (!env.hasServiceWorker || !env.hasPushManager || !env.hasNotification || env.permission === null) return { kind: 'unsupported' };
  return { kind: 'ready', permission: env.permission };
}

/** The first 16 hex characters of the endpoint's SHA-256: how the service names a device without its endpoint. */
export async function endpointFingerprint(endpoint: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(endpoint));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0'))
    .join('')
    .slice(0, 16);
}

/** base64url → bytes, for `applicationServerKey`. */
export function base64UrlBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(value.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!('serviceWorker' in navigator)) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

export interface SubscriptionBody {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** The parts of a subscription the service stores (sealed). */
export function subscriptionBody(subscription: PushSubscription): SubscriptionBody {
  const json = subscription.toJSON();
  return { endpoint: subscription.endpoint, keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' } };
}

export class PushPermissionRefused extends Error {}

/**
 * Asks for permission (only from a tap) and subscribes with the service's key. A subscription made
 * with another key (a restored backup, a new installation) is replaced.
 */
export async function subscribeThisDevice(publicKey: string): Promise<PushSubscription> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushPermissionRefused(permission);
  const registration = await navigator.serviceWorker.ready;
  const key = base64UrlBytes(publicKey);
  const existing = await registration.pushManager.getSubscription();
  if (existing) {
    const existingKey = existing.options.applicationServerKey ? new Uint8Array(existing.options.applicationServerKey) : null;
    if (existingKey && existingKey.length === key.length && existingKey.every((byte, i) => byte === key[i])) return existing;
    await existing.unsubscribe();
  }
  return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
}
