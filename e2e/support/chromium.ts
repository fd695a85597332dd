// Plain TypeScript without vitest, so the benchmarks (bench/*.mjs, run by Node 24, which strips
// the types itself) launch chromium exactly as the browser tests do.

/** Debian's chromium, installed by scripts/ensure-browser.sh; never a downloaded browser. */
export const CHROMIUM: string = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Headless in a container: no sandbox or GPU, no shared-memory limits, nothing phoning home. */
export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
