import { defineProject } from 'vitest/config';

/** The web app's small tests (tier "small", project "web"). */
export default defineProject({
  resolve: { conditions: ['hinv-source', 'module', 'browser', 'default'] },
  test: {
    name: 'web',
    include: ['src/**/*.spec.{ts,tsx}'],
    environment: 'node',
  },
});
