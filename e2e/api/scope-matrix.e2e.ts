import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_TOKEN_SCOPES, STATION_SCOPES, type ApiTokenScope } from '@hinv/shared';
import { bearer, createToken, setUpHousehold, type Browserless } from '../support/household.js';
import { startServer, type RunningServer } from '../support/server.js';

interface Operation {
  method: string;
  path: string;
  scope?: ApiTokenScope;
  access: 'public' | 'session' | 'token';
}

/** Every operation of the served contract; new routes join the matrix without editing this test. */
async function servedOperations(baseUrl: string): Promise<Operation[]> {
  const document = (await (await fetch(`${baseUrl}/openapi.json`)).json()) as {
    paths: Record<string, Record<string, { security?: Record<string, string[]>[]; 'x-service-required-scope'?: ApiTokenScope }>>;
  };
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => {
      const schemes = (operation.security ?? []).flatMap((requirement) => Object.keys(requirement));
      const access = schemes.includes('apiToken') ? 'token' : schemes.length > 0 ? 'session' : 'public';
      return { method: method.toUpperCase(), path, scope: operation['x-service-required-scope'], access } as Operation;
    }),
  );
}

/** Path parameters get a well-formed value that matches nothing; the guard answers before the handler. */
const concrete = (path: string) => path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');

describe('scope matrix: every operation against a token of every single scope', () => {
  let server: RunningServer;
  let owner: Browserless;
  let operations: Operation[];
  const tokens = new Map<ApiTokenScope, string>();

  beforeAll(async () => {
    server = await startServer();
    owner = await setUpHousehold(server.baseUrl);
    for (const scope of API_TOKEN_SCOPES) tokens.set(scope, (await createToken(owner, [scope], `only ${scope}`)).token);
    operations = await servedOperations(server.baseUrl);
  });
  afterAll(() => server.stop());

  it('covers the whole contract', () => {
    expect(operations.length).toBeGreaterThan(30);
    expect(operations.some((o) => o.access === 'token')).toBe(true);
  });

  it('refuses every token unless the operation names exactly that scope', async () => {
    const failures: string[] = [];
    for (const operation of operations.filter((o) => o.access !== 'public')) {
      for (const scope of API_TOKEN_SCOPES) {
        const response = await fetch(`${server.baseUrl}${concrete(operation.path)}`, {
          method: operation.method,
          headers: { ...bearer(tokens.get(scope) as string), 'content-type': 'application/json' },
          body: ['GET', 'HEAD', 'DELETE'].includes(operation.method) ? undefined : '{}',
        });
        const allowed = operation.access === 'token' && operation.scope === scope;
        const refused = response.status === 403;
        if (allowed === refused || response.status === 401) {
          failures.push(`${operation.method} ${operation.path} with ${scope}: ${response.status} (${allowed ? 'should pass the guard' : 'should be 403'})`);
        }
        if (!allowed) {
          const body = (await response.json()) as { code: string; detail: string };
          const expected = operation.access === 'session' ? 'token_not_allowed' : 'missing_scope';
          if (body.code !== expected) failures.push(`${operation.method} ${operation.path} with ${scope}: code ${body.code}, wanted ${expected}`);
          if (expected === 'missing_scope' && !body.detail.includes(operation.scope as string)) failures.push(`${operation.path}: refusal does not name ${operation.scope}`);
        } else {
          await response.body?.cancel();
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('gives a token with every scope no access to session-only operations', async () => {
    const { token } = await createToken(owner, [...API_TOKEN_SCOPES], 'all scopes');
    for (const operation of operations.filter((o) => o.access === 'session')) {
      const response = await fetch(`${server.baseUrl}${concrete(operation.path)}`, { method: operation.method, headers: bearer(token) });
      expect(response.status, `${operation.method} ${operation.path}`).toBe(403);
    }
  });

  it('keeps a scanner station token (the scopes the pairing flow preselects) to scans and the catalog', async () => {
    const { token } = await createToken(owner, [...STATION_SCOPES], 'Pantry station');
    const failures: string[] = [];
    for (const operation of operations.filter((o) => o.access !== 'public')) {
      const response = await fetch(`${server.baseUrl}${concrete(operation.path)}`, {
        method: operation.method,
        headers: { ...bearer(token), 'content-type': 'application/json' },
        body: ['GET', 'HEAD', 'DELETE'].includes(operation.method) ? undefined : '{}',
      });
      await response.body?.cancel();
      const allowed = operation.access === 'token' && (STATION_SCOPES as readonly string[]).includes(operation.scope as string);
      if (allowed === (response.status === 403)) failures.push(`${operation.method} ${operation.path}: ${response.status}`);
    }
    expect(failures).toEqual([]);
  });

  it('never falls back to a valid cookie when the bearer header is invalid', async () => {
    for (const authorization of ['Bearer hinv_pat_nottherealtoken', 'Basic b3duZXI6cGFzcw==', 'Bearer', `Bearer ${tokens.get('status:read')}x`]) {
      const response = await owner.call('GET', '/api/v1/status', undefined, { authorization });
      expect(response.status, authorization).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe('Bearer');
    }
    expect((await owner.call('GET', '/api/v1/status')).status).toBe(200);
  });
});
