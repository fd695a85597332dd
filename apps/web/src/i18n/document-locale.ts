import type { Locale } from '@hinv/shared';

/**
 * Keeps the page's language-dependent metadata in step with the UI language: `<html lang>` for
 * screen readers and hyphenation, the tab title, and the linked web manifest, so installing the
 * app in German gives it its German name. English is the manifest vite-plugin-pwa links; other
 * languages have `manifest.<locale>.webmanifest` beside it. Dev builds link no manifest at all,
 * and then there is nothing to swap.
 */
export function applyLocaleToDocument(doc: Document, locale: Locale, title: string): void {
  doc.documentElement.lang = locale;
  doc.title = title;
  const manifestLink = doc.querySelector<HTMLLinkElement>('link[rel="manifest"]');
  if (manifestLink) {
    manifestLink.setAttribute('href', locale === 'en' ? '/manifest.webmanifest' : `/manifest.${locale}.webmanifest`);
  }
}
