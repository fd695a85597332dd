import fc from 'fast-check';
import type { Agent } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_TOKEN_SCOPES } from '@hinv/shared';
import {
  FUZZ_DENY_LIST,
  FUZZ_GUARDED,
  fuzzAgent,
  fuzzOperations,
  isServerFault,
  operationsFor,
  prepareFuzzHousehold,
  readControl,
  requestArbitrary,
  sendFuzzRequest,
  startFakeUpstream,
  type FuzzHousehold,
  type FuzzOperation,
  type Identity,
  type OpenApiDocument,
} from '../support/openapi-fuzz.js';
import { startServer, type RunningServer } from '../support/server.js';

/**
 * Replay a failure with the seed it prints: `FUZZ_SEED=<seed> pnpm exec vitest run --project e2e
 * e2e/api/fuzz.e2e.ts`; `FUZZ_RUNS` raises the requests per operation and identity.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_260_101);
const RUNS = Number(process.env.FUZZ_RUNS ?? 30);

describe('schema-driven fuzz of the served contract: bad input never reaches a 500', () => {
  let server: RunningServer;
  let upstream: { url: string; close(): Promise<void> };
  let household: FuzzHousehold;
  let operations: FuzzOperation[];
  let controlBefore: unknown;
  let agent: Agent;

  beforeAll(async () => {
    upstream = await startFakeUpstream();
    server = await startServer({ OFF_BASE_URL: upstream.url });
    household = await prepareFuzzHousehold(server.baseUrl);
    operations = fuzzOperations((await (await fetch(`${server.baseUrl}/openapi.json`)).json()) as OpenApiDocument);
    controlBefore = await readControl(server.baseUrl, household);
    agent = fuzzAgent();
  });
  afterAll(async () => {
    agent?.destroy();
    await server?.stop();
    await upstream?.close();
  });

  /** The logged stack of an unexpected error, found by the request id the answer carried. */
  const loggedError = (requestId: string) =>
    server
      .output()
      .split('\n')
      .filter((line) => requestId && line.includes(requestId))
      .join('\n')
      .slice(0, 3000);

  it('covers the whole contract, with a token holding every scope', () => {
    expect(operations.length).toBeGreaterThan(60);
    const ids = new Set(operations.map((o) => o.operationId));
    for (const id of [...Object.keys(FUZZ_DENY_LIST), ...Object.keys(FUZZ_GUARDED)]) expect(ids, `${id} is not in the contract`).toContain(id);
    expect(operationsFor(operations, 'token').length).toBeGreaterThan(15);
    expect([...household.scopes].sort()).toEqual([...API_TOKEN_SCOPES].sort());
  });

  it('refuses a body 5,000 levels deep with 400 body_too_deep, in the language the request asks for', async () => {
    const deep = `{"name":${'['.repeat(5000)}${']'.repeat(5000)}}`;
    // Refused while the body streams in, before the caller is known: Accept-Language decides.
    const post = (path: string, body: string, cookie?: string, language?: string) =>
      fetch(`${server.baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}), ...(language ? { 'accept-language': language } : {}) }, body });
    const setLocale = (preferred_locale: string) =>
      fetch(`${server.baseUrl}/api/v1/auth/preferences`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', cookie: household.credentials.cookie },
        body: JSON.stringify({ preferred_locale }),
      });
    expect((await setLocale('de')).status).toBe(200);
    const german = await post('/api/v1/catalog/products', deep, household.credentials.cookie, 'de-DE,de;q=0.9');
    expect(german.status).toBe(400);
    expect(await german.json()).toEqual({ detail: 'Die Anfrage ist zu tief verschachtelt (höchstens 32 Ebenen)', code: 'body_too_deep' });
    expect((await setLocale('en')).status).toBe(200);
    // Without Accept-Language: English.
    const anonymous = await post('/api/v1/auth/login', deep);
    expect(anonymous.status).toBe(400);
    expect(await anonymous.json()).toEqual({ detail: 'The request body is nested too deeply (at most 32 levels)', code: 'body_too_deep' });
  });

  it.each<Identity>(['owner', 'token'])(
    'answers every derived request as the %s below 500 (or with a 5xx the contract documents)',
    async (identity) => {
      const failures: string[] = [];
      for (const operation of operationsFor(operations, identity)) {
        const property = fc.asyncProperty(requestArbitrary(operation, identity, household.targets), async (request) => {
          const response = await sendFuzzRequest(server.baseUrl, request, household.credentials, agent);
          if (isServerFault(operation, request, response)) throw new Error(`answered ${response.status}: ${response.body}\n${loggedError(response.requestId)}`);
        });
        try {
          await fc.assert(property, { seed: SEED, numRuns: RUNS, includeErrorInReport: true });
        } catch (error) {
          failures.push(`${operation.method} ${operation.path} (${operation.operationId}): ${error instanceof Error ? error.message : String(error)}`);
        }
      }
      expect(failures, `replay with FUZZ_SEED=${SEED}`).toEqual([]);
    },
    // A fixed number of requests (RUNS per operation), which takes several times longer beside
    // other work: the bound only ends a hang.
    600_000,
  );

  it('stays healthy and leaves the control product as it was', async () => {
    const health = await fetch(`${server.baseUrl}/api/health`);
    expect(health.status).toBe(200);
    expect(await readControl(server.baseUrl, household)).toEqual(controlBefore);
    const unhandled = server
      .output()
      .split('\n')
      .filter((line) => line.includes('unhandled error'));
    expect(unhandled.map((line) => line.slice(0, 400))).toEqual([]);
  });
});
