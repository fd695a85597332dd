import { afterAll, describe, expect, it } from 'vitest';
import { startFakeHttp, type FakeHttpServer } from '../support/fake-http.js';

describe('the fake outside-service helper', () => {
  const servers: FakeHttpServer[] = [];
  afterAll(() => Promise.all(servers.map((s) => s.close())));

  it('answers with the scripted reply and records what it was sent', async () => {
    const fake = await startFakeHttp((request) =>
      request.url.startsWith('/api/v3/product/') ? { status: 200, body: { status: 'success', product: { code: '4006381333931' } } } : { status: 404, body: { status: 'failure' } },
    );
    servers.push(fake);
    const hit = await fetch(`${fake.url}/api/v3/product/4006381333931`, { headers: { 'user-agent': 'probe/1' } });
    expect(await hit.json()).toEqual({ status: 'success', product: { code: '4006381333931' } });
    expect((await fetch(`${fake.url}/elsewhere`, { method: 'POST', body: 'x' })).status).toBe(404);
    expect(fake.requests.map((r) => [r.method, r.url, r.body])).toEqual([
      ['GET', '/api/v3/product/4006381333931', ''],
      ['POST', '/elsewhere', 'x'],
    ]);
    expect(fake.requests[0].headers['user-agent']).toBe('probe/1');
  });

  it('can answer slower than a client timeout', async () => {
    const fake = await startFakeHttp(() => ({ status: 200, body: {}, delayMs: 300 }));
    servers.push(fake);
    await expect(fetch(fake.url, { signal: AbortSignal.timeout(50) })).rejects.toThrow();
  });
});
