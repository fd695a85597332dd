import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { applyLocaleToDocument } from './document-locale';
import { pickLocale } from './locale';
import { resources } from './resources';

/**
 * The app's i18next instance. All strings are bundled (two small JSON files), so initialisation is
 * synchronous and the first render is already translated: no loading state, no Suspense.
 */
export const i18n = i18next.createInstance();

i18n.on('languageChanged', () => {
  applyLocaleToDocument(document, pickLocale(i18n.resolvedLanguage), i18n.t('app.title'));
});

void i18n.use(initReactI18next).init({
  resources,
  lng: pickLocale(navigator.language),
  fallbackLng: 'en',
  initAsync: false,
  // React already escapes everything it renders.
  interpolation: { escapeValue: false },
});
