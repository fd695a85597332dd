import { generate } from 'otplib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useServerAndBrowser } from '../support/browser.js';
import { addVirtualAuthenticator, passkeyCeremony } from '../support/passkeys.js';

const PASSWORD = 'browser owner password';

/** A JSON request from inside the page, so the browser's own cookie, Origin and CSP apply. */
async function api(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(path, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, json: text ? JSON.parse(text) : {} };
    },
    { method, path, body },
  );
}

describe('identity in a real browser', () => {
  const stage = useServerAndBrowser();

  it('sets up, signs in, enables TOTP, and registers and signs in with a passkey', async () => {
    const context = await stage.browser.newContext();
    const page = await context.newPage();
    // WebAuthn refuses IP addresses as relying party ids, so the page is opened as localhost.
    await page.goto(`${stage.server.baseUrl.replace('127.0.0.1', 'localhost')}/api/health`);
    await addVirtualAuthenticator(context, page);

    // Sign up (first run), then sign out and back in with the password.
    expect((await api(page, 'GET', '/api/v1/auth/state')).json).toMatchObject({ needs_setup: true });
    expect((await api(page, 'POST', '/api/v1/auth/setup', { password: PASSWORD, display_name: 'Browser Owner', preferred_locale: 'en' })).json).toMatchObject({ authenticated: true });
    expect((await api(page, 'POST', '/api/v1/auth/logout')).status).toBe(200);
    expect((await api(page, 'GET', '/api/v1/auth/me')).status).toBe(401);
    expect((await api(page, 'POST', '/api/v1/auth/login', { password: PASSWORD })).json).toMatchObject({ authenticated: true });

    // Enable TOTP with a code computed from the shown secret.
    const setup = await api(page, 'POST', '/api/v1/auth/totp/setup');
    expect(setup.status).toBe(200);
    const enabled = await api(page, 'POST', '/api/v1/auth/totp/enable', { code: await generate({ secret: setup.json.secret as string }) });
    expect(enabled.json).toMatchObject({ enabled: true });

    // Register a passkey with the virtual authenticator.
    const registered = await passkeyCeremony(page, 'registration');
    expect(registered.status).toBe(200);
    expect(registered.json).toMatchObject({ name: 'Virtual authenticator' });
    expect(((await api(page, 'GET', '/api/v1/auth/security')).json.passkeys as unknown[]).length).toBe(1);

    // Sign out and sign in with the passkey alone (no password, no TOTP code).
    await api(page, 'POST', '/api/v1/auth/logout');
    expect((await api(page, 'GET', '/api/v1/auth/me')).status).toBe(401);
    const signedIn = await passkeyCeremony(page, 'authentication');
    expect(signedIn.status).toBe(200);
    expect(signedIn.json).toMatchObject({ authenticated: true, user: { display_name: 'Browser Owner' } });
    const sessions = (await api(page, 'GET', '/api/v1/auth/sessions')).json as unknown as { current: boolean; authentication_method: string; device_name: string }[];
    expect(sessions.find((s) => s.current)).toMatchObject({ authentication_method: 'passkey', device_name: expect.stringContaining('Chrome') });
    await context.close();
  });
});
