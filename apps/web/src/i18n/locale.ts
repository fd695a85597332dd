import type { Locale } from '@hinv/shared';

/** German for any German browser language (de, de-AT, de-CH, …); English for everything else. */
export function pickLocale(language: string | undefined): Locale {
  return language?.toLowerCase().startsWith('de') ? 'de' : 'en';
}
