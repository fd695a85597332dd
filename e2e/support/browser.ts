import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { REPO_ROOT } from './server.js';

/** Debian's chromium, installed by scripts/ensure-browser.sh; never a downloaded browser. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Screenshots and other artefacts of browser tests. */
export const TEST_OUTPUT = join(REPO_ROOT, 'test-output', 'browser');

export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  mkdirSync(TEST_OUTPUT, { recursive: true });
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      ...extraArgs,
    ],
  });
}

/**
 * Aborts every request to a host other than the server under test, as on a box without
 * internet, and records what was attempted so a test can show nothing left the machine.
 */
export async function blockOtherHosts(context: BrowserContext, allowedOrigin: string): Promise<string[]> {
  const blocked: string[] = [];
  await context.route('**/*', async (route) => {
    const url = route.request().url();
    if (url.startsWith(allowedOrigin) || url.startsWith('data:') || url.startsWith('blob:')) return route.continue();
    blocked.push(url);
    await route.abort('internetdisconnected');
  });
  return blocked;
}
