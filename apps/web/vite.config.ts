import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/** Paths the API serves on the same port; the dev server forwards them to it. */
const API_PATHS = ['/api', '/docs', '/redoc', '/openapi.json'];

export default defineConfig({
  plugins: [
    react(),
    VitePWA({
      // Our own service worker (src/sw.ts): it will also handle Web Push, which generateSW cannot.
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      // The page registers the worker itself (src/app/register-service-worker.ts); no inline script (CSP).
      injectRegister: false,
      // The two manifests (en, de) are static files in public/.
      manifest: false,
      injectManifest: {
        globPatterns: ['**/*.{html,js,css,svg,png,webmanifest}'],
      },
    }),
  ],
  resolve: {
    // Workspace libraries are consumed as TypeScript source.
    conditions: ['hinv-source', 'module', 'browser', 'development|production'],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
  },
  server: {
    proxy: Object.fromEntries(API_PATHS.map((path) => [path, 'http://localhost:8080'])),
  },
});
