/**
 * The web app manifest in both languages. One definition keeps icons, colours and scope identical;
 * only the words differ. English is the manifest vite-plugin-pwa links from index.html; the German
 * one is emitted beside it and swapped in at runtime (see src/i18n/document-locale.ts).
 */
import type { ManifestOptions } from 'vite-plugin-pwa';
import { SHARE_TARGET } from '../src/app/share-target.ts';

export type ManifestLocale = 'en' | 'de';

/** Matches the light theme in src/app/app.css, so the splash screen and the first paint agree. */
export const THEME_COLOUR = '#0f766e';
export const BACKGROUND_COLOUR = '#f7f5f0';

const WORDS: Record<ManifestLocale, Pick<ManifestOptions, 'name' | 'short_name' | 'description'>> = {
  en: {
    name: 'Household Inventory',
    short_name: 'Inventory',
    description: 'Keep track of what is in your household: catalog, stock and shopping list.',
  },
  de: {
    name: 'Household Inventory',
    short_name: 'Inventar',
    description: 'Behalte den Überblick über deinen Haushalt: Katalog, Vorrat und Einkaufsliste.',
  },
};

export function manifestFor(locale: ManifestLocale): Partial<ManifestOptions> {
  return {
    // A fixed id keeps both language variants one installed app.
    id: '/',
    lang: locale,
    dir: 'ltr',
    ...WORDS[locale],
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: THEME_COLOUR,
    background_color: BACKGROUND_COLOUR,
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
    // A receipt shared from another app lands in the receipt upload (the service worker takes it).
    share_target: {
      action: SHARE_TARGET.action,
      method: 'POST',
      enctype: 'multipart/form-data',
      params: { files: [{ name: SHARE_TARGET.filesField, accept: [...SHARE_TARGET.accept] }] },
    },
  };
}
