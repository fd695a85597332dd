import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TEST_OUTPUT, useServerAndBrowser } from '../support/browser.js';
import { addVirtualAuthenticator, passkeyCeremony } from '../support/passkeys.js';

describe('signing in through the PWA', () => {
  const stage = useServerAndBrowser();

  it('sets up the household, signs out and signs back in', async () => {
    const context = await stage.browser.newContext({ locale: 'en-GB', viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    // localhost, not 127.0.0.1: passkeys need a domain as their relying party.
    await page.goto(stage.server.baseUrl.replace('127.0.0.1', 'localhost'));
    await expect.poll(() => page.locator('#setup-heading').textContent()).toBe('Set up your household');
    await page.fill('input[name="display_name"]', 'Pat Owner');
    await page.fill('input[name="password"]', 'pantry password 42');
    await page.click('button[type="submit"]');
    await expect.poll(() => page.locator('.shell-tagline').textContent()).toBe('Signed in as Pat Owner');
    await page.screenshot({ path: join(TEST_OUTPUT, 'signed-in-phone.png') });

    await page.click('nav >> text=Settings');
    await page.click('button:text-is("Sign out")');
    await expect.poll(() => page.locator('#login-heading').textContent()).toBe('Sign in');
    await page.fill('input[name="password"]', 'wrong password');
    await page.click('button[type="submit"]');
    await expect.poll(() => page.getByTestId('auth-problem').textContent()).toContain('did not work');
    await page.fill('input[name="password"]', 'pantry password 42');
    await page.click('button[type="submit"]');
    await expect.poll(() => page.locator('.shell-tagline').textContent()).toBe('Signed in as Pat Owner');

    // A passkey registered now signs the owner in without a password.
    await addVirtualAuthenticator(context, page);
    expect((await passkeyCeremony(page, 'registration')).status).toBe(200);
    await page.click('nav >> text=Settings');
    await page.click('button:text-is("Sign out")');
    await page.click('text=Sign in with a passkey');
    await expect.poll(() => page.locator('.shell-tagline').textContent()).toBe('Signed in as Pat Owner');
    await context.close();
  });

  it('lets an invited member join through the invitation link, once', async () => {
    const owner = await stage.browser.newContext();
    const ownerPage = await owner.newPage();
    await ownerPage.goto(stage.server.baseUrl);
    const token = await ownerPage.evaluate(async () => {
      const post = (path: string, method: string, body: unknown) =>
        fetch(path, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.json());
      await post('/api/v1/auth/login', 'POST', { password: 'pantry password 42' });
      await post('/api/v1/auth/profile', 'PATCH', { display_name: 'Pat Owner', email: 'pat@example.org' });
      return (await post('/api/v1/auth/invitations', 'POST', { display_name: 'Robin', email: 'robin@example.org', role: 'member' })).invite_token as string;
    });
    await owner.close();

    const invitee = await stage.browser.newContext({ locale: 'en-GB' });
    const page = await invitee.newPage();
    await page.goto(`${stage.server.baseUrl}/invite/${token}`);
    await expect.poll(() => page.locator('#invite-heading').textContent()).toBe('Join the household');
    await page.fill('input[name="password"]', 'robin password 123');
    await page.click('text=Join and sign in');
    await expect.poll(() => page.locator('.shell-tagline').textContent()).toBe('Signed in as Robin');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await invitee.close();

    const again = await stage.browser.newContext({ locale: 'en-GB' });
    const second = await again.newPage();
    await second.goto(`${stage.server.baseUrl}/invite/${token}`);
    await expect.poll(() => second.getByTestId('invite-gone').textContent()).toContain('no longer valid');
    await again.close();
  });

  it('speaks German to a German browser', async () => {
    const context = await stage.browser.newContext({ locale: 'de-DE' });
    const page = await context.newPage();
    await page.goto(stage.server.baseUrl);
    await expect.poll(() => page.locator('#login-heading').textContent()).toBe('Anmelden');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
    await context.close();
  });
});
