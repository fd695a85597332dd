import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { localizedManifestFile, localizedManifests } from './pwa/localized-manifests.ts';
import { manifestFor } from './pwa/manifest.ts';
import { userGuide } from './pwa/user-guide.ts';

/** Where `pnpm nx run api:serve` listens during development. */
const API_ORIGIN = 'http://localhost:8080';

/** Paths the API owns (mirrors SERVER_PATHS in apps/api/src/common/http/web-app.ts). */
const API_PATHS = ['/api', '/docs', '/redoc', '/openapi.json'];

export default defineConfig({
  resolve: {
    // Workspace libraries resolve to their TypeScript source, so the app never needs them prebuilt.
    conditions: ['hinv-source', ...defaultClientConditions],
  },
  server: {
    proxy: Object.fromEntries(API_PATHS.map((path) => [path, API_ORIGIN])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
  plugins: [
    react(),
    localizedManifests(['de']),
    userGuide(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      // The page registers the worker itself (src/app/register-service-worker.ts): the injected
      // variants are either inline scripts, which the API's CSP forbids, or an extra request.
      injectRegister: false,
      registerType: 'autoUpdate',
      manifest: manifestFor('en'),
      // Manifest icons are precached automatically; these are the other public files of the shell.
      includeAssets: ['favicon.svg', 'icons/apple-touch-icon-180.png'],
      injectManifest: {
        globPatterns: ['**/*.{js,css,html}', localizedManifestFile('de')],
      },
    }),
  ],
});
