import type { Locale } from '@hinv/shared';

/** The JSON a device's service worker receives and shows (`apps/web/src/sw/push.ts`). */
export interface PushPayload {
  title: string;
  body: string;
  /** The app path a tap opens. */
  url: string;
  /** Replaces an earlier notification with the same tag on the device. */
  tag: string;
  kind: 'low_stock' | 'expiry' | 'test';
  locale: Locale;
}

export interface LowStockSubject {
  productId: string;
  name: string;
  unit: string | null;
  current: number;
  minimum: number;
}

export interface ExpirySubject {
  lotId: string;
  productId: string;
  name: string;
  unit: string | null;
  quantity: number;
  /** `YYYY-MM-DD`. */
  bestBeforeDate: string;
}

const TEXTS = {
  en: {
    lowStockTitle: 'Stock is running low',
    lowStockBody: (name: string, current: string, minimum: string) => `${name}: ${current} left (minimum ${minimum})`,
    expiryTitle: 'Check shelf life',
    expiresOn: (name: string, date: string) => `${name} expires on ${date}`,
    expired: (name: string, date: string) => `${name} has expired (${date})`,
    testTitle: 'Household Inventory is ready',
    testBody: 'Notifications arrive on this device.',
  },
  de: {
    lowStockTitle: 'Vorrat wird knapp',
    lowStockBody: (name: string, current: string, minimum: string) => `${name}: noch ${current} (Mindestbestand ${minimum})`,
    expiryTitle: 'Haltbarkeit prüfen',
    expiresOn: (name: string, date: string) => `${name} ist mindestens haltbar bis ${date}`,
    expired: (name: string, date: string) => `${name} ist abgelaufen (${date})`,
    testTitle: 'Household Inventory ist bereit',
    testBody: 'Benachrichtigungen kommen auf diesem Gerät an.',
  },
} satisfies Record<Locale, unknown>;

/** Rounded to 3 decimals; whole numbers without a decimal part; German with a decimal comma. */
export function formatQuantity(value: number, locale: Locale): string {
  const rounded = Math.round(value * 1000) / 1000;
  return new Intl.NumberFormat(locale === 'de' ? 'de-DE' : 'en-US', { maximumFractionDigits: 3, useGrouping: false }).format(rounded === 0 ? 0 : rounded);
}

/** `YYYY-MM-DD` → `DD.MM.YYYY` (de) or `MM/DD/YYYY` (en). */
export function formatDate(day: string, locale: Locale): string {
  const [year, month, date] = day.split('-');
  return locale === 'de' ? `${date}.${month}.${year}` : `${month}/${date}/${year}`;
}

const withUnit = (amount: string, unit: string | null) => (unit ? `${amount} ${unit}` : amount);

export function lowStockPayload(subject: LowStockSubject, locale: Locale): PushPayload {
  const text = TEXTS[locale];
  return {
    title: text.lowStockTitle,
    body: text.lowStockBody(subject.name, withUnit(formatQuantity(subject.current, locale), subject.unit), withUnit(formatQuantity(subject.minimum, locale), subject.unit)),
    url: '/shopping',
    tag: `hinv-low-stock-${subject.productId}`,
    kind: 'low_stock',
    locale,
  };
}

/** `today` is the household's calendar day; a best-before date before it has expired. */
export function expiryPayload(subject: ExpirySubject, today: string, locale: Locale): PushPayload {
  const text = TEXTS[locale];
  const date = formatDate(subject.bestBeforeDate, locale);
  return {
    title: text.expiryTitle,
    body: subject.bestBeforeDate < today ? text.expired(subject.name, date) : text.expiresOn(subject.name, date),
    url: `/products/${encodeURIComponent(subject.productId)}`,
    tag: `hinv-expiry-${subject.lotId}`,
    kind: 'expiry',
    locale,
  };
}

export function testPayload(locale: Locale): PushPayload {
  const text = TEXTS[locale];
  return { title: text.testTitle, body: text.testBody, url: '/settings/notifications', tag: 'hinv-test', kind: 'test', locale };
}
