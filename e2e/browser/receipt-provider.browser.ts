import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/accessibility.js';
import { pageApi, TEST_OUTPUT, useServerAndBrowser } from '../support/browser.js';
import type { FakeHttpServer, FakeReply } from '../support/fake-http.js';
import { chatCompletion, isModelList, modelList, openAiError, startFakeOpenAi } from '../support/fake-openai.js';

const PASSWORD = 'provider owner password';
const KEY = 'sk-browser-provider-91c3e5';
const MODEL = 'fake-vision';
const SIZES = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } } as const;

const clockFile = join(mkdtempSync(join(tmpdir(), 'hinv-clock-')), 'offset');
writeFileSync(clockFile, '0');

describe('choosing who reads receipts, in the PWA', () => {
  const stage = useServerAndBrowser({ HINV_TEST_CLOCK_FILE: clockFile });
  let fake: FakeHttpServer;
  let modelsReply: () => FakeReply = () => modelList(['llava:13b', MODEL]);

  beforeAll(async () => {
    fake = await startFakeOpenAi({ chat: () => chatCompletion('{"items":[]}'), models: () => modelsReply() });
  });
  afterAll(async () => {
    writeFileSync(clockFile, '0');
    await fake?.close();
  });

  const openPanel = async (page: Page) => {
    await page.goto(`${stage.server.baseUrl}/settings`);
    await page.click('.settings-sections >> text=Receipt reading');
    await page.waitForSelector('[data-testid="provider-form"]');
  };

  it('the owner sets up a provider, confirms it is them to save, tests it and switches back to this box', async () => {
    const context = await stage.browser.newContext({ locale: 'en-GB', viewport: SIZES.phone });
    const page = await context.newPage();
    await page.goto(stage.server.baseUrl);
    await pageApi(page, 'POST', '/api/v1/auth/setup', { password: PASSWORD, display_name: 'Robin', preferred_locale: 'en' });
    await openPanel(page);
    await expect.poll(() => page.getByTestId('provider-in-use').textContent()).toBe('In use now: this box.');
    expect(await page.locator('[role="radio"][aria-checked="true"]').textContent()).toBe('On this box');
    // Nothing to test while receipts are read on the box.
    expect(await page.locator('button:text-is("Test connection")').count()).toBe(0);

    await page.click('[role="radio"]:has-text("Provider")');
    await page.selectOption('select[name="provider_type"]', 'openai');
    expect(await page.inputValue('input[name="provider_base_url"]')).toBe('https://api.openai.com/v1');
    await page.selectOption('select[name="provider_type"]', 'openai-compatible');
    await page.fill('input[name="provider_base_url"]', `${fake.url}/v1`);
    await page.fill('input[name="provider_model"]', MODEL);
    expect(await page.locator('.ui-banner--warning').textContent()).toContain('Without a key this provider is not used');
    await page.fill('input[name="provider_api_key"]', KEY);

    // Eleven minutes after signing in, saving asks for the password first.
    writeFileSync(clockFile, String(11 * 60_000));
    await page.click('button:text-is("Save")');
    await page.waitForSelector('#reauth-heading');
    await page.fill('input[name="reauth_password"]', PASSWORD);
    await page.click('[data-testid="reauth"] button[type="submit"]');
    await expect.poll(() => page.getByTestId('provider-saved').textContent()).toBe('Saved. The next receipt is read this way.');
    await expect.poll(() => page.getByTestId('provider-in-use').textContent()).toBe(`In use now: Other OpenAI-compatible server, model ${MODEL}.`);
    expect(await page.getByTestId('provider-key-state').textContent()).toContain('A key is stored');
    // The key went into the store, not back to the page.
    expect(await page.inputValue('input[name="provider_api_key"]')).toBe('');
    expect(await page.content()).not.toContain(KEY);

    await page.click('button:text-is("Test connection")');
    await expect.poll(() => page.getByTestId('provider-test-result').textContent()).toBe(`ConnectedThe service answered and lists 2 models, “${MODEL}” among them.`);
    expect(fake.requests.filter(isModelList).at(-1)?.headers.authorization).toBe(`Bearer ${KEY}`);
    await page.screenshot({ path: join(TEST_OUTPUT, 'provider-connected-phone-light.png'), fullPage: true });
    expect(await seriousViolations(page), 'provider connected, phone').toEqual([]);

    modelsReply = () => openAiError(401, `Incorrect API key provided: ${KEY}.`, 'invalid_request_error', 'invalid_api_key');
    await page.click('button:text-is("Test connection")');
    await expect.poll(() => page.getByTestId('provider-test-result').textContent()).toBe('No connectionThe receipt provider did not work: refused the API key (HTTP 401)');
    modelsReply = () => modelList(['llava:13b', MODEL]);

    // A new key replaces the stored one; the field empties and there is nothing left to save.
    await page.fill('input[name="provider_api_key"]', 'sk-browser-second-key');
    await page.click('button:text-is("Save")');
    await expect.poll(() => page.getByTestId('provider-saved').count()).toBe(1);
    expect(await page.inputValue('input[name="provider_api_key"]')).toBe('');
    expect(await page.locator('button:text-is("Save")').isDisabled()).toBe(true);
    await page.click('button:text-is("Test connection")');
    await expect.poll(() => page.getByTestId('provider-test-result').textContent()).toContain('Connected');
    expect(fake.requests.filter(isModelList).at(-1)?.headers.authorization).toBe('Bearer sk-browser-second-key');

    // Back to this box: the model is cleared, and the key removed on request.
    await page.click('[role="radio"]:has-text("On this box")');
    await page.check('input[name="provider_remove_key"]');
    await page.click('button:text-is("Save")');
    await expect.poll(() => page.getByTestId('provider-in-use').textContent()).toBe('In use now: this box.');
    expect(await pageApi(page, 'GET', '/api/v1/settings')).toMatchObject({ provider: { type: 'openai-compatible', model: '', api_key_configured: false } });
    await context.close();
  });

  it('renders at phone and desktop size, light and dark, without serious accessibility problems', async () => {
    const context = await stage.browser.newContext({ locale: 'en-GB' });
    const setup = await context.newPage();
    await setup.goto(stage.server.baseUrl);
    await pageApi(setup, 'POST', '/api/v1/auth/login', { password: PASSWORD });
    await pageApi(setup, 'POST', '/api/v1/auth/reauthenticate', { password: PASSWORD });
    await pageApi(setup, 'PUT', '/api/v1/settings', {
      provider: { type: 'ollama', base_url: `${fake.url}/v1`, model: 'qwen2.5vl:7b', api_key: 'sk-screens-key' },
      grocy: { enabled: false, url: 'http://grocy:80' },
      privacy: { delete_image_after_analysis: false, retention_days: 7 },
    });
    await context.close();
    for (const theme of ['light', 'dark'] as const) {
      for (const [size, viewport] of Object.entries(SIZES)) {
        const themed = await stage.browser.newContext({ locale: 'en-GB', viewport, colorScheme: theme });
        const page = await themed.newPage();
        await page.goto(stage.server.baseUrl);
        await pageApi(page, 'POST', '/api/v1/auth/login', { password: PASSWORD });
        await openPanel(page);
        await expect.poll(() => page.getByTestId('provider-in-use').textContent()).toBe('In use now: Ollama, model qwen2.5vl:7b.');
        await page.click('button:text-is("Test connection")');
        await page.waitForSelector('[data-testid="provider-test-result"]');
        await page.screenshot({ path: join(TEST_OUTPUT, `provider-${size}-${theme}.png`), fullPage: true });
        expect(await seriousViolations(page), `provider settings at ${size} in ${theme}`).toEqual([]);
        await themed.close();
      }
    }
    // Other roles are not offered the section (the API refuses them too).
    const { invite_token: token } = (await (async () => {
      const owner = await stage.browser.newContext({ locale: 'en-GB' });
      const page = await owner.newPage();
      await page.goto(stage.server.baseUrl);
      await pageApi(page, 'POST', '/api/v1/auth/login', { password: PASSWORD });
      await pageApi(page, 'PATCH', '/api/v1/auth/profile', { display_name: 'Robin', email: 'robin@example.org' });
      const invitation = await pageApi(page, 'POST', '/api/v1/auth/invitations', { display_name: 'Alex', email: 'alex@example.org', role: 'admin' });
      await owner.close();
      return invitation;
    })()) as { invite_token: string };
    const admin = await stage.browser.newContext({ locale: 'en-GB' });
    const adminPage = await admin.newPage();
    await adminPage.goto(stage.server.baseUrl);
    await pageApi(adminPage, 'POST', `/api/v1/auth/invitations/${token}/accept`, { password: 'admin password 123', preferred_locale: 'en' });
    await adminPage.goto(`${stage.server.baseUrl}/settings`);
    await adminPage.waitForSelector('.settings-sections');
    expect(await adminPage.locator('.settings-sections >> text=Automation tokens').count()).toBe(1);
    expect(await adminPage.locator('.settings-sections >> text=Receipt reading').count()).toBe(0);
    await admin.close();
  });
});
