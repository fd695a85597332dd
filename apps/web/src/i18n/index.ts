import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Locale } from '@hinv/shared';
import de from './de.json';
import en from './en.json';

export const RESOURCES = { de, en } as const;

/** German for German browsers, English otherwise; a signed-in user's stored choice will override it. */
export function browserLocale(languages: readonly string[] = navigator.languages): Locale {
  return languages.some((language) => language.toLowerCase().startsWith('de')) ? 'de' : 'en';
}

/** Switches the language, the document language and the manifest offered for installation. */
export async function applyLocale(locale: Locale): Promise<void> {
  await i18next.changeLanguage(locale);
  document.documentElement.lang = locale;
  document.querySelector('link[rel="manifest"]')?.setAttribute('href', `/manifest.${locale}.webmanifest`);
}

export async function initI18n(): Promise<void> {
  await i18next.use(initReactI18next).init({
    resources: { de: { translation: de }, en: { translation: en } },
    lng: 'en',
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
  });
  await applyLocale(browserLocale());
}
