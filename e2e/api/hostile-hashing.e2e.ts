import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpuSeconds } from '../support/event-loop.js';
import { setUpHousehold } from '../support/household.js';
import { startServer, type RunningServer } from '../support/server.js';

describe('anonymous requests that used to hash a password first', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer();
    await setUpHousehold(server.baseUrl);
  });
  afterAll(() => server.stop());

  const post = (path: string, address: string) =>
    fetch(`${server.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
      body: JSON.stringify({ password: 'a long password 123', preferred_locale: 'en' }),
    });

  it('answer setup after setup and made-up invitations without hashing (64 of each cost well under a second of CPU)', async () => {
    const before = cpuSeconds(server.pid);
    const answers = await Promise.all([
      ...Array.from({ length: 64 }, (_, i) => post('/api/v1/auth/setup', `198.51.100.${i + 1}`)),
      ...Array.from({ length: 64 }, (_, i) => post(`/api/v1/auth/invitations/made-up-token-${i}/accept`, `203.0.113.${i + 1}`)),
    ]);
    const used = cpuSeconds(server.pid) - before;
    expect(answers.slice(0, 64).every((answer) => answer.status === 409)).toBe(true);
    expect(answers.slice(64).every((answer) => answer.status === 410)).toBe(true);
    // Hashing each (scrypt, 16 MiB) cost about 128 × 50–100 ms of CPU.
    expect(used).toBeLessThan(1.5);
  });

  it('counts made-up invitation tokens per source like sign-in failures', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await post(`/api/v1/auth/invitations/guess-${i}/accept`, '192.0.2.77')).status);
    expect(statuses).toEqual([410, 410, 410, 410, 410, 429, 429, 429]);
  });
});
