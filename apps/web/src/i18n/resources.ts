import type { Locale } from '@hinv/shared';
import de from './de.json';
import en from './en.json';

/** Every locale's strings under i18next's default namespace. English is the reference shape. */
export const resources = {
  en: { translation: en },
  de: { translation: de },
} as const satisfies Record<Locale, { translation: typeof en }>;
