import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, type Browserless, setUpHousehold } from '../support/household.js';
import { startServer, type RunningServer } from '../support/server.js';

type Role = 'owner' | 'admin' | 'member' | 'viewer';

/** Privileged routes and the roles that get past the guard (others get 403). */
const MATRIX: { method: string; path: string; body?: unknown; allowed: Role[] }[] = [
  { method: 'GET', path: '/api/v1/status', allowed: ['owner', 'admin', 'member', 'viewer'] },
  { method: 'GET', path: '/api/v1/auth/me', allowed: ['owner', 'admin', 'member', 'viewer'] },
  { method: 'PUT', path: '/api/v1/experience', body: { complete_onboarding: true }, allowed: ['owner', 'admin', 'member', 'viewer'] },
  { method: 'PATCH', path: '/api/v1/auth/preferences', body: { preferred_locale: 'de' }, allowed: ['owner', 'admin', 'member', 'viewer'] },
  { method: 'GET', path: '/api/v1/auth/members', allowed: ['owner', 'admin'] },
  { method: 'GET', path: '/api/v1/auth/invitations', allowed: ['owner', 'admin'] },
  { method: 'GET', path: '/api/v1/auth/api-token-scopes', allowed: ['owner', 'admin'] },
  { method: 'GET', path: '/api/v1/auth/api-tokens', allowed: ['owner', 'admin'] },
  { method: 'POST', path: '/api/v1/auth/api-tokens', body: { name: 'matrix', scopes: ['status:read'] }, allowed: ['owner', 'admin'] },
  { method: 'PATCH', path: '/api/v1/auth/profile', body: { display_name: 'Someone' }, allowed: ['owner'] },
];

describe('role matrix', () => {
  let server: RunningServer;
  const browsers = new Map<Role, Browserless>();

  beforeAll(async () => {
    server = await startServer();
    const owner = await setUpHousehold(server.baseUrl);
    browsers.set('owner', owner);
    for (const role of ['admin', 'member', 'viewer'] as const) browsers.set(role, (await addMember(owner, role)).browser);
  });
  afterAll(() => server.stop());

  it.each(MATRIX)('$method $path is open to $allowed only', async ({ method, path, body, allowed }) => {
    for (const [role, browser] of browsers) {
      const response = await browser.call(method, path, body);
      if (allowed.includes(role)) expect(response.status, `${role}`).toBeLessThan(300);
      else expect(response.status, `${role}`).toBe(403);
    }
  });

  it('keeps admins below the owner: no admin invitations, no changing admins', async () => {
    const admin = browsers.get('admin') as Browserless;
    const owner = browsers.get('owner') as Browserless;
    await admin.json('PATCH', '/api/v1/auth/profile', { display_name: 'Xavier' }, 403);
    const refused = await admin.call('POST', '/api/v1/auth/invitations', { display_name: 'Another admin', email: 'second-admin@example.org', role: 'admin' });
    expect(refused.status).toBe(403);
    const otherAdmin = await addMember(owner, 'admin');
    expect((await admin.call('PATCH', `/api/v1/auth/members/${otherAdmin.userId}`, { role: 'member' })).status).toBe(403);
    const members = await owner.json<{ id: string; role: string }[]>('GET', '/api/v1/auth/members');
    const ownerId = members.find((m) => m.role === 'owner')?.id;
    expect((await admin.call('PATCH', `/api/v1/auth/members/${ownerId}`, { role: 'member' })).status).toBe(404);
  });

  it('lets a viewer read but not change anything else', async () => {
    const viewer = browsers.get('viewer') as Browserless;
    expect((await viewer.call('POST', '/api/v1/auth/sessions/revoke-others')).status).toBe(200);
    expect((await viewer.call('GET', '/api/v1/experience')).status).toBe(200);
  });

  it('explains refusals in the language the user chose', async () => {
    // The matrix above switched every account to German.
    const refused = await (browsers.get('viewer') as Browserless).call('GET', '/api/v1/auth/members');
    expect(await refused.json()).toEqual({ detail: 'Deine Rolle erlaubt diese Aktion nicht', code: 'role_not_allowed' });
  });
});
