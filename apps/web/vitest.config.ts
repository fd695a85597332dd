import react from '@vitejs/plugin-react';
import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

/**
 * Unit tests run in Node by default; a test that needs a DOM opts in with a
 * `// @vitest-environment jsdom` comment, so pure logic stays fast.
 */
export default defineConfig({
  plugins: [react()],
  // Same source resolution as vite.config.ts, for both the jsdom (client) and node (ssr) runs.
  resolve: {
    conditions: ['hinv-source', ...defaultClientConditions],
  },
  ssr: {
    resolve: { conditions: ['hinv-source', ...defaultServerConditions] },
  },
  test: {
    name: 'web',
    include: ['src/**/*.spec.{ts,tsx}', 'pwa/**/*.spec.ts'],
    environment: 'node',
  },
});
