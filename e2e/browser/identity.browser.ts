import { generate } from 'otplib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useServerAndBrowser } from '../support/browser.js';

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

/**
 * Runs a passkey ceremony in the page with the real WebAuthn API: decodes the server's JSON
 * options, calls navigator.credentials, and encodes the answer back to JSON.
 */
async function passkeyCeremony(page: Page, kind: 'registration' | 'authentication'): Promise<{ status: number; json: Record<string, unknown> }> {
  return page.evaluate(async (kind) => {
    const fromB64 = (value: string) => Uint8Array.from(atob(value.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(value.length / 4) * 4, '=')), (c) => c.charCodeAt(0));
    const toB64 = (buffer: ArrayBuffer) => btoa(String.fromCharCode(...new Uint8Array(buffer))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    const post = async (path: string, body: unknown) => {
      const response = await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      return { status: response.status, json: await response.json() };
    };
    const base = kind === 'registration' ? '/api/v1/auth/passkeys/registration' : '/api/v1/auth/passkeys/authentication';
    const begin = await post(`${base}/begin`, { origin: location.origin });
    if (begin.status !== 200) return begin;
    const options = begin.json.options;
    let credential: Record<string, unknown>;
    if (kind === 'registration') {
      const created = (await navigator.credentials.create({
        publicKey: {
          ...options,
          challenge: fromB64(options.challenge),
          user: { ...options.user, id: fromB64(options.user.id) },
          excludeCredentials: (options.excludeCredentials ?? []).map((c: { id: string }) => ({ ...c, id: fromB64(c.id) })),
        },
      })) as PublicKeyCredential;
      const response = created.response as AuthenticatorAttestationResponse;
      credential = {
        id: created.id,
        rawId: toB64(created.rawId),
        type: created.type,
        clientExtensionResults: created.getClientExtensionResults(),
        response: { clientDataJSON: toB64(response.clientDataJSON), attestationObject: toB64(response.attestationObject), transports: response.getTransports() },
      };
    } else {
      const got = (await navigator.credentials.get({ publicKey: { ...options, challenge: fromB64(options.challenge) } })) as PublicKeyCredential;
      const response = got.response as AuthenticatorAssertionResponse;
      credential = {
        id: got.id,
        rawId: toB64(got.rawId),
        type: got.type,
        clientExtensionResults: got.getClientExtensionResults(),
        response: {
          clientDataJSON: toB64(response.clientDataJSON),
          authenticatorData: toB64(response.authenticatorData),
          signature: toB64(response.signature),
          userHandle: response.userHandle ? toB64(response.userHandle) : undefined,
        },
      };
    }
    return post(`${base}/complete`, { challenge_id: begin.json.challenge_id, credential, name: 'Virtual authenticator' });
  }, kind);
}

describe('identity in a real browser', () => {
  const stage = useServerAndBrowser();

  it('sets up, signs in, enables TOTP, and registers and signs in with a passkey', async () => {
    const context = await stage.browser.newContext();
    const page = await context.newPage();
    // WebAuthn refuses IP addresses as relying party ids, so the page is opened as localhost.
    await page.goto(`${stage.server.baseUrl.replace('127.0.0.1', 'localhost')}/api/health`);
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
    });

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
