import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthDuring, HOSTILE_CPU_BOUND_S } from '../support/event-loop.js';
import { setUpHousehold, type Browserless } from '../support/household.js';
import { startServer, type RunningServer } from '../support/server.js';

/** `{"password":"x","k0":1,…}` with `keys` made-up keys: the body that froze the server. */
const manyKeys = (keys: number, head = '"password":"x"'): string => `{${head}${Array.from({ length: keys }, (_, i) => `,"k${i}":1`).join('')}}`;

describe('hostile JSON bodies cost a bounded, linear amount', () => {
  let server: RunningServer;
  let owner: Browserless;
  beforeAll(async () => {
    server = await startServer();
    owner = await setUpHousehold(server.baseUrl);
  });
  afterAll(() => server.stop());

  const post = (path: string, body: string | Buffer, headers: Record<string, string> = {}) =>
    fetch(`${server.baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: typeof body === 'string' ? body : new Blob([new Uint8Array(body)]) });

  it('refuses 100,000 keys at sign-in (1.1 MB, no cookie) by size for little CPU while health keeps answering', async () => {
    const body = manyKeys(100_000);
    const { result, cpuSeconds, unanswered } = await healthDuring(server.baseUrl, server.pid, () => post('/api/v1/auth/login', body));
    expect(result.status).toBe(413);
    expect((await result.json()).code).toBe('payload_too_large');
    expect(cpuSeconds).toBeLessThan(HOSTILE_CPU_BOUND_S);
    expect(unanswered).toBe(0);
  });

  it('refuses a sign-in body sent chunked (no Content-Length) past the small limit', async () => {
    const chunks = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 20; i++) controller.enqueue(new TextEncoder().encode(i === 0 ? '{"password":"' : 'x'.repeat(8192)));
        controller.enqueue(new TextEncoder().encode('"}'));
        controller.close();
      },
    });
    const response = await fetch(`${server.baseUrl}/api/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: chunks, duplex: 'half' } as RequestInit);
    expect(response.status).toBe(413);
  });

  it('refuses an object with too many keys while parsing, within the small limit', async () => {
    const response = await post('/api/v1/auth/login', manyKeys(150));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'body_too_wide' });
  });

  it('refuses 100,000 keys in one line of a stock count (the largest body allowed) while parsing', async () => {
    const line = manyKeys(100_000, '"product_id":"p","counted_quantity":1');
    const body = `{"client_mutation_id":"count-hostile-1","lines":[${line}]}`;
    expect(body.length).toBeLessThan(4 * 1024 * 1024);
    const { result, cpuSeconds, unanswered } = await healthDuring(server.baseUrl, server.pid, () =>
      post('/api/v1/stock/counts', body, { cookie: owner.cookie as string, origin: server.baseUrl }),
    );
    expect(result.status).toBe(400);
    expect((await result.json()).code).toBe('body_too_wide');
    expect(cpuSeconds).toBeLessThan(HOSTILE_CPU_BOUND_S);
    expect(unanswered).toBe(0);
  });

  it('refuses 4 MB of nested brackets at the 33rd level without parsing them', async () => {
    const brackets = Buffer.alloc(4 * 1024 * 1024 - 16, '[');
    const { result, cpuSeconds, unanswered } = await healthDuring(server.baseUrl, server.pid, () =>
      post('/api/v1/stock/counts', brackets, { cookie: owner.cookie as string, origin: server.baseUrl }),
    );
    expect(result.status).toBe(400);
    expect((await result.json()).code).toBe('body_too_deep');
    expect(cpuSeconds).toBeLessThan(HOSTILE_CPU_BOUND_S);
    expect(unanswered).toBe(0);
    // The small limit covers every other route: 12 MB of brackets at sign-in is refused by size.
    expect((await post('/api/v1/auth/login', Buffer.alloc(12 * 1024 * 1024, '['))).status).toBe(413);
  });

  it('still parses and validates a stock count of 1,000 lines with long notes (about 600 KB)', async () => {
    const product = await owner.json<{ id: string }>('POST', '/api/v1/catalog/products', { name: 'Big count' });
    const lines = Array.from({ length: 1000 }, () => ({ product_id: product.id, counted_quantity: 2, note: 'n'.repeat(500) }));
    const body = JSON.stringify({ client_mutation_id: 'count-large-1', lines });
    expect(body.length).toBeGreaterThan(500_000);
    const response = await post('/api/v1/stock/counts', body, { cookie: owner.cookie as string, origin: server.baseUrl });
    // The body passed the limits and the DTO; the count itself refuses one product counted twice.
    expect(await response.json()).toMatchObject({ code: 'duplicate_product_in_count' });
  });
});
