import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '@hinv/api-client';
import { rawRequest } from '../support/raw-http.js';
import { startServer, type RunningServer } from '../support/server.js';

const CSP =
  "default-src 'self';base-uri 'self';object-src 'none';frame-ancestors 'none';form-action 'self';script-src 'self';" +
  "style-src 'self' 'unsafe-inline';img-src 'self' data: blob: https:;connect-src 'self';worker-src 'self' blob:;manifest-src 'self'";

describe('platform layer of the built server', () => {
  let server: RunningServer;
  beforeAll(async () => {
    // Request lines are debug output; this server writes them so the log test can read them.
    server = await startServer({ MAX_UPLOAD_MB: '1', LOG_LEVEL: 'debug' });
  });
  afterAll(() => server.stop());

  const get = (path: string, init?: RequestInit) => fetch(`${server.baseUrl}${path}`, init);

  it('answers health on both paths without credentials, through the generated client', async () => {
    const client = createApiClient({ baseUrl: server.baseUrl });
    const versioned = await client.GET('/api/v1/health');
    expect(versioned.data).toEqual({ status: 'ok' });
    const legacy = await client.GET('/api/health');
    expect(legacy.data).toEqual({ status: 'ok' });
  });

  it('reports readiness with seven checks', async () => {
    const { data } = await createApiClient({ baseUrl: server.baseUrl }).GET('/api/readiness');
    expect(data?.profile).toBe('lan');
    expect(data?.checks).toHaveLength(7);
    // No APP_SECRET_KEY was given, so the instance runs on a generated key and says so.
    expect(data?.status).toBe('degraded');
    expect(data?.checks.find((c) => c.id === 'secret_key')?.status).toBe('warn');
  });

  it('sends the security headers and a fresh request id on every response', async () => {
    const first = await get('/api/health');
    const second = await get('/does/not/exist');
    for (const response of [first, second]) {
      expect(response.headers.get('content-security-policy')).toBe(CSP);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin');
      expect(response.headers.get('permissions-policy')).toBe('camera=(self), microphone=(), geolocation=()');
      expect(response.headers.get('strict-transport-security')).toBeNull();
      expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f]{32}$/);
      expect(response.headers.get('x-powered-by')).toBeNull();
    }
    expect(first.headers.get('x-request-id')).not.toBe(second.headers.get('x-request-id'));
  });

  it("adds helmet's document headers to the web app's files only, not to API answers", async () => {
    const api = await get('/api/health');
    const page = await get('/does/not/exist');
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(page.headers.get('x-dns-prefetch-control')).toBe('off');
    expect(api.headers.get('cross-origin-resource-policy')).toBeNull();
    expect(api.headers.get('x-dns-prefetch-control')).toBeNull();
  });

  it('marks versioned API responses as not cacheable', async () => {
    expect((await get('/api/v1/health')).headers.get('cache-control')).toBe('no-store');
    expect((await get('/api/v1/status')).headers.get('cache-control')).toBe('no-store');
  });

  it('refuses protected routes without credentials, and a bad bearer with WWW-Authenticate', async () => {
    const anonymous = await get('/api/v1/status');
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toBeNull();
    expect(await anonymous.json()).toEqual({ detail: 'Please sign in', code: 'not_authenticated' });
    const bearer = await get('/api/v1/status', { headers: { authorization: 'Bearer hinv_pat_unknown' } });
    expect(bearer.status).toBe(401);
    expect(bearer.headers.get('www-authenticate')).toBe('Bearer');
  });

  it('serves /api/x as /api/v1/x', async () => {
    const legacy = await get('/api/status');
    expect(legacy.status).toBe(401);
    expect(legacy.headers.get('cache-control')).toBe('no-store');
  });

  it('answers unknown API paths with a JSON 404 and other paths with the PWA shell', async () => {
    for (const path of ['/api/v1/nothing-here', '/api/nothing-here']) {
      const response = await get(path);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ detail: 'Not Found', code: 'not_found' });
    }
    const page = await get('/pantry/shelf/3');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await page.text()).toContain('<div id="root"');
  });

  it('sends a share that reaches the server instead of the service worker on to the receipts screen, keeping nothing', async () => {
    const manifest = (await (await get('/manifest.webmanifest')).json()) as { share_target: { action: string; params: { files: { name: string }[] } } };
    const { action } = manifest.share_target;
    const shared = (bytes: number) => {
      const form = new FormData();
      form.append(manifest.share_target.params.files[0].name, new Blob([Buffer.alloc(bytes, 0x25)], { type: 'application/pdf' }), 'rewe.pdf');
      return form;
    };
    // Same site, a share started by the phone itself (no usable Origin), a foreign page, and a file
    // over MAX_REQUEST_MB: each lands on the receipts screen, which asks for the share again.
    for (const [headers, bytes] of [[{}, 2000], [{ origin: 'null' }, 2000], [{ origin: 'https://elsewhere.example' }, 2000], [{}, 3 * 1024 * 1024]] as const) {
      const response = await get(action, { method: 'POST', body: shared(bytes), headers, redirect: 'manual' });
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toBe('/receipts?share=missed');
      expect(response.headers.get('cache-control')).toBe('no-store');
    }
    expect(existsSync(join(server.dataDir, 'receipts')) ? readdirSync(join(server.dataDir, 'receipts')).filter((name) => !name.startsWith('.')) : []).toEqual([]);
    // Only the post: opened as a page it is the app's shell, and a post elsewhere is still the API's 404.
    const page = await get(action);
    expect([page.status, page.headers.get('content-type')]).toEqual([200, expect.stringMatching(/^text\/html/)]);
    expect((await get('/receipts/shared', { method: 'POST' })).status).toBe(404);
  });

  it('compresses the web app for browsers that accept it, never API answers', async () => {
    const shell = await (await get('/')).text();
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(shell)?.[1] ?? '';
    const plain = await get(script, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    const original = await plain.text();
    for (const encoding of ['br', 'gzip']) {
      const response = await get(script, { headers: { 'accept-encoding': encoding } });
      expect(response.headers.get('content-encoding')).toBe(encoding);
      expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(await response.text()).toBe(original);
    }
    const document = await get('/openapi.json', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(document.status).toBe(200);
    expect(document.headers.get('content-encoding')).toBeNull();
    // Express routes case-insensitively: an upper-case API path is the API as well (never the
    // web app's shell, never compressed).
    const shouted = await get('/API/v1/health', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(shouted.status).toBe(200);
    expect(shouted.headers.get('content-type')).toMatch(/^application\/json/);
    expect(shouted.headers.get('content-encoding')).toBeNull();
  });

  it('treats malformed JSON as a 422 body error', async () => {
    const response = await get('/api/v1/experience', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{"complete_onboarding": tru' });
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({ detail: [{ loc: ['body'], msg: 'JSON decode error', type: 'json_invalid' }], code: 'validation_failed' });
  });

  it('refuses a body over MAX_REQUEST_MB with 413, whether declared or streamed', async () => {
    const big = JSON.stringify({ blob: 'x'.repeat(2 * 1024 * 1024 + 10) });
    const declared = await get('/api/v1/experience', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: big });
    expect(declared.status).toBe(413);
    expect(await declared.json()).toEqual({ detail: 'Request body too large', code: 'payload_too_large' });
    const chunked = await rawRequest(
      server.port,
      'PUT /api/v1/experience HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n' +
        `${(big.length).toString(16)}\r\n${big}\r\n0\r\n\r\n`,
    );
    expect(chunked.status).toBe(413);
  });

  it('answers a malformed Content-Length with 400', async () => {
    const response = await rawRequest(server.port, 'POST /api/v1/experience HTTP/1.1\r\nHost: localhost\r\nContent-Length: -5\r\nConnection: close\r\n\r\n');
    expect(response.status).toBe(400);
  });

  it('logs structured request lines at debug level with the route template, never query strings or client addresses', async () => {
    await get('/api/v1/status?token=do-not-log-me');
    // The line is written when the answer has gone out; it reaches this process through a pipe.
    await expect.poll(() => server.output()).toContain('"route":"/api/v1/status"');
    const lines = server.output().split('\n').filter((line) => line.includes('"message":"request"'));
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(
      entries.some((e) => e.level === 'debug' && e.context === 'Http' && e.route === '/api/v1/status' && e.status === 401 && typeof e.request_id === 'string'),
    ).toBe(true);
    expect(server.output()).not.toContain('do-not-log-me');
    expect(server.output()).not.toMatch(/127\.0\.0\.1|::1|::ffff/);
  });
});

describe('trusted hosts', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ TRUSTED_HOSTS: '127.0.0.1,*.pantry.example' });
  });
  afterAll(() => server.stop());

  it('refuses a request for a host that is not trusted', async () => {
    const refused = await rawRequest(server.port, 'GET /api/v1/health HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n');
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('"code":"invalid_host"');
    const wildcard = await rawRequest(server.port, 'GET /api/v1/health HTTP/1.1\r\nHost: box.pantry.example:8080\r\nConnection: close\r\n\r\n');
    expect(wildcard.status).toBe(200);
  });

  // Last in this block: it stops the server, so that everything it wrote has arrived here.
  it('writes no request lines at the default log level', async () => {
    await fetch(`${server.baseUrl}/api/v1/health`);
    await server.stop();
    expect(server.output()).toContain('"message":"Household Inventory listening on port');
    expect(server.output()).not.toContain('"message":"request"');
  });
});
