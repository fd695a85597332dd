import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { CHROMIUM, CHROMIUM_ARGS } from './chromium.js';
import { REPO_ROOT, startServer, type RunningServer } from './server.js';

export { CHROMIUM };

/** Screenshots and other artefacts of browser tests. */
export const TEST_OUTPUT = join(REPO_ROOT, 'test-output', 'browser');

export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  mkdirSync(TEST_OUTPUT, { recursive: true });
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [...CHROMIUM_ARGS, ...extraArgs],
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

export interface BrowserStage {
  server: RunningServer;
  browser: Browser;
}

/**
 * Starts the built server and chromium before a suite and stops both after it. The returned
 * object is filled in by `beforeAll`, so read its fields inside tests.
 */
export function useServerAndBrowser(env: Record<string, string> = {}, browserArgs: () => Promise<string[]> = async () => []): BrowserStage {
  const stage = {} as BrowserStage;
  beforeAll(async () => {
    stage.server = await startServer(env);
    stage.browser = await launchBrowser(await browserArgs());
  });
  afterAll(async () => {
    await stage.browser?.close();
    await stage.server?.stop();
  });
  return stage;
}

/** A JSON request from inside the page (its cookies, its origin), answering the parsed body. */
export async function pageApi<T = Record<string, unknown>>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate<T, { method: string; path: string; body: unknown }>(
    async ({ method, path, body }) => {
      const response = await fetch(path, { method, headers: body ? { 'content-type': 'application/json' } : {}, body: body ? JSON.stringify(body) : undefined });
      return response.json();
    },
    { method, path, body },
  );
}
