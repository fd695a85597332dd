/**
 * Every screen's address. Links, redirects and the service worker's shell fallback all use these,
 * so a path is spelled once.
 */
export const paths = {
  home: '/',
  scan: '/scan',
  stock: '/stock',
  product: (id: string) => `/products/${encodeURIComponent(id)}`,
  shopping: '/shopping',
  catalog: '/catalog',
  receipts: '/receipts',
  receipt: (id: string) => `/receipts/${encodeURIComponent(id)}`,
  /** Where the installed app receives shared files (app/share-target.ts); never a screen of its own. */
  receiptShare: '/receipts/share',
  /** The user guide, built from docs/guide.<locale>.md into static pages (pwa/user-guide.ts); no screen of the app. */
  guide: (locale: 'de' | 'en') => `/guide/${locale}.html`,
  budget: '/budget',
  /** The scanner station: a page of its own, paired with a token (features/scanner/station). */
  station: '/station',
  /** The printable mode barcodes for scanner stations. */
  stationCodes: '/settings/tokens/mode-codes',
  settings: '/settings',
  settingsSection: (section: SettingsSection) => `/settings/${section}`,
  invite: (token: string) => `/invite/${token}`,
} as const;

export const SETTINGS_SECTIONS = ['account', 'security', 'notifications', 'members', 'tokens', 'receipt-reading', 'grocy', 'privacy'] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];
