/**
 * Emits the non-default-language manifests (`manifest.de.webmanifest`) into the build. They are
 * generated from pwa/manifest.ts rather than kept in public/ so they cannot drift from the English
 * manifest that vite-plugin-pwa writes.
 */
import type { Plugin } from 'vite';
import { manifestFor, type ManifestLocale } from './manifest.ts';

export function localizedManifestFile(locale: ManifestLocale): string {
  return `manifest.${locale}.webmanifest`;
}

export function localizedManifests(locales: readonly ManifestLocale[]): Plugin {
  return {
    name: 'hinv:localized-manifests',
    apply: 'build',
    generateBundle() {
      for (const locale of locales) {
        this.emitFile({
          type: 'asset',
          fileName: localizedManifestFile(locale),
          source: `${JSON.stringify(manifestFor(locale))}\n`,
        });
      }
    },
  };
}
