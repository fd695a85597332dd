import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browserless } from '../support/household.js';
import { startServer, type RunningServer } from '../support/server.js';

describe('APP_PASSWORD mode', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ APP_PASSWORD: 'shared household password' });
  });
  afterAll(() => server.stop());

  it('needs no setup: the owner exists and signs in with APP_PASSWORD', async () => {
    const browser = new Browserless(server.baseUrl);
    expect(await browser.json('GET', '/api/v1/auth/state')).toMatchObject({ authenticated: false, needs_setup: false, identifier_required: false, needs_owner_setup: null, user: null });
    expect((await browser.call('POST', '/api/v1/auth/setup', { password: 'another password 123' })).status).toBe(409);
    const signedIn = await browser.json<{ authenticated: boolean; needs_owner_setup: boolean; user: { role: string } }>('POST', '/api/v1/auth/login', { password: 'shared household password' });
    expect(signedIn).toMatchObject({ authenticated: true, needs_owner_setup: true, user: { role: 'owner' } });
    const change = await browser.call('PUT', '/api/v1/auth/password', { current_password: 'shared household password', password: 'a different password' });
    expect(change.status).toBe(409);
  });
});
