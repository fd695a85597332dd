import type { BrowserContext, Page } from 'playwright-core';

/** Chromium's virtual authenticator (DevTools protocol): a platform passkey that always verifies the user. */
export async function addVirtualAuthenticator(context: BrowserContext, page: Page): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
}

/**
 * Runs a passkey ceremony in the page with the real WebAuthn API: decodes the server's JSON
 * options, calls navigator.credentials, and encodes the answer back to JSON.
 */
export async function passkeyCeremony(page: Page, kind: 'registration' | 'authentication'): Promise<{ status: number; json: Record<string, unknown> }> {
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

