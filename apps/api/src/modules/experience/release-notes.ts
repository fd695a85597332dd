import type { Locale } from '@hinv/shared';

export interface ReleaseNote {
  version: string;
  title: string;
  summary: string;
  highlights: string[];
}

/** What a user sees once after an update, per version and language. */
const RELEASE_NOTES: Record<string, Record<Locale, Omit<ReleaseNote, 'version'>>> = {
  '0.1.0': {
    en: {
      title: 'Welcome to Household Inventory',
      summary: 'The first release: the service runs on your own box with its data in one SQLite file.',
      highlights: [
        'One port serves the app and the API',
        'Interactive API documentation at /docs and /redoc, offline',
        'Installable web app in German and English',
      ],
    },
    de: {
      title: 'Willkommen bei Household Inventory',
      summary: 'Die erste Version: Der Dienst läuft auf deinem eigenen Gerät, die Daten liegen in einer SQLite-Datei.',
      highlights: [
        'Ein Port für App und API',
        'Interaktive API-Dokumentation unter /docs und /redoc, auch offline',
        'Installierbare Web-App auf Deutsch und Englisch',
      ],
    },
  },
};

/** The note for `version` in `locale`; a version without notes gets a plain generic one. */
export function releaseNoteFor(version: string, locale: Locale): ReleaseNote {
  const note = RELEASE_NOTES[version]?.[locale];
  if (note) return { version, ...note };
  return locale === 'de'
    ? { version, title: `Version ${version}`, summary: 'Household Inventory wurde aktualisiert.', highlights: [] }
    : { version, title: `Version ${version}`, summary: 'Household Inventory has been updated.', highlights: [] };
}
