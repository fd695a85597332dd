import type { ApiTokenScope, Locale } from '@hinv/shared';

/** How each scope is explained to the person creating a token, in their language. */
export const SCOPE_DESCRIPTIONS: Record<ApiTokenScope, Record<Locale, { label: string; description: string }>> = {
  'status:read': {
    en: { label: 'Read status', description: 'Version, catalog counts and integration state (GET /api/v1/status).' },
    de: { label: 'Status lesen', description: 'Version, Katalogzahlen und Status der Anbindungen (GET /api/v1/status).' },
  },
  'catalog:read': {
    en: { label: 'Read catalog', description: 'Products, variants, barcodes, master data and barcode lookups.' },
    de: { label: 'Katalog lesen', description: 'Produkte, Varianten, Barcodes, Stammdaten und Barcode-Suche.' },
  },
  'stock:read': {
    en: { label: 'Read stock', description: 'Stock on hand, lots, movements and stock counts.' },
    de: { label: 'Bestand lesen', description: 'Bestand, Chargen, Bewegungen und Inventuren.' },
  },
  'shopping:read': {
    en: { label: 'Read shopping list', description: 'The shopping list and the low-stock refill preview.' },
    de: { label: 'Einkaufsliste lesen', description: 'Die Einkaufsliste und die Vorschau für Nachkäufe.' },
  },
  'shopping:write': {
    en: { label: 'Change shopping list', description: 'Generate refills and change or complete list items.' },
    de: { label: 'Einkaufsliste ändern', description: 'Nachkäufe erzeugen und Einträge ändern oder abhaken.' },
  },
  'scans:read': {
    en: { label: 'Read scans', description: 'Scan drafts and the unresolved inbox.' },
    de: { label: 'Scans lesen', description: 'Scan-Entwürfe und der Eingang ungeklärter Scans.' },
  },
  'scans:write': {
    en: { label: 'Scan', description: 'Resolve, edit, confirm and discard scan drafts (a scanner station).' },
    de: { label: 'Scannen', description: 'Scan-Entwürfe auflösen, bearbeiten, bestätigen und verwerfen (Scanner-Station).' },
  },
};
