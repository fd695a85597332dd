import swc from 'unplugin-swc';
import { defineConfig } from 'vitest/config';

/**
 * Test tiers (see README "Tests"):
 *   small   units with fakes, no I/O beyond temp files
 *   medium  real SQLite file with the committed migrations applied
 *   e2e     the built server as a child process, driven over HTTP
 *   browser the built PWA in Debian's chromium through playwright-core
 *
 * e2e and browser tests wait for what the app does (an answer, a state, an element that appears
 * with its data), never for a guess of the machine's speed. `expect.poll` gives up after 1 s by
 * default, which a busy two-core box misses while a page is still loading its list: here it
 * waits up to 30 s (e2e) or 60 s (browser), inside the test's own bound, and resolves the moment
 * the state is there. Servers get up to 100 s to start (e2e/support/server.ts).
 *
 * One worker per core, not vitest's default of one fewer: the e2e and browser files spend most of
 * their time waiting on processes of their own (the built server, chromium, the OCR worker), and
 * each file starts its own server on a free port with its own data folder, so two files never
 * share state. On a two-core box this takes a fresh run from about 17 to 13–15 minutes.
 */
const nestTransform = () =>
  swc.vite({
    // The API relies on legacy decorators and their emitted type metadata (Nest DI, class-validator).
    jsc: { parser: { syntax: 'typescript', decorators: true }, transform: { legacyDecorator: true, decoratorMetadata: true }, target: 'es2023' },
    module: { type: 'es6' },
  });

const sourceConditions = { resolve: { conditions: ['hinv-source', 'module', 'node', 'import', 'default'] } };

export default defineConfig({
  test: {
    maxWorkers: '100%',
    projects: [
      {
        plugins: [nestTransform()],
        ...sourceConditions,
        test: {
          name: 'small',
          include: ['apps/api/src/**/*.spec.ts', 'libs/*/src/**/*.spec.ts', 'scripts/**/*.spec.ts'],
          exclude: ['**/*.medium.spec.ts', '**/node_modules/**'],
          environment: 'node',
        },
      },
      'apps/*/vitest.config.ts',
      {
        plugins: [nestTransform()],
        ...sourceConditions,
        test: { name: 'medium', include: ['apps/api/src/**/*.medium.spec.ts'], environment: 'node', testTimeout: 20_000 },
      },
      {
        ...sourceConditions,
        test: {
          name: 'e2e',
          include: ['e2e/api/**/*.e2e.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          expect: { poll: { timeout: 30_000 } },
        },
      },
      {
        ...sourceConditions,
        test: {
          name: 'browser',
          include: ['e2e/browser/**/*.browser.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // A poll waits for the page to show what the app did; on a busy machine that may take more than a second.
          expect: { poll: { timeout: 60_000, interval: 50 } },
        },
      },
    ],
  },
});
