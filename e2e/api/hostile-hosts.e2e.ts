import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest } from '../support/raw-http.js';
import { OWNER_PASSWORD, setUpHousehold } from '../support/household.js';
import { startServer, type RunningServer } from '../support/server.js';

const setupRequest = (host: string): string => {
  const body = JSON.stringify({ password: 'mallory password 123', display_name: 'Mallory' });
  return `POST /api/v1/auth/setup HTTP/1.1\r\nHost: ${host}\r\nOrigin: http://${host}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`;
};

describe('the lan profile answers only for home-network hosts (no DNS rebinding)', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.stop());

  it('refuses first-run setup from a page under a foreign name that resolves to the box', async () => {
    const rebound = await rawRequest(server.port, setupRequest(`rebind.attacker.example:${server.port}`));
    expect(rebound.status).toBe(400);
    expect(rebound.text).toContain('"code":"invalid_host"');
    const state = await (await fetch(`${server.baseUrl}/api/v1/auth/state`)).json();
    expect(state).toMatchObject({ needs_setup: true });
  });

  it('answers for IP literals, localhost, *.local and *.home.arpa', async () => {
    for (const host of ['192.168.1.20:8080', '[fd00::20]:8080', 'localhost', 'pantry.local', 'nas.home.arpa:8080']) {
      const answer = await rawRequest(server.port, `GET /api/v1/health HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
      expect(answer.status, host).toBe(200);
    }
  });
});

describe('health over loopback passes TRUSTED_HOSTS (the container HEALTHCHECK)', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ TRUSTED_HOSTS: 'pantry.example.org' });
  });
  afterAll(() => server.stop());

  it('answers http://127.0.0.1/api/health, and nothing else for that host', async () => {
    expect((await fetch(`http://127.0.0.1:${server.port}/api/health`)).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${server.port}/api/v1/health`)).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${server.port}/api/v1/auth/state`)).status).toBe(400);
  });
});

describe('forwarding proxies', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer();
    await setUpHousehold(server.baseUrl);
  });
  afterAll(() => server.stop());

  it('trusts a proxy on ::1 by default: clients behind it are separate sources, not one household', async () => {
    const login = (client: string, password: string) =>
      fetch(`http://[::1]:${server.port}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
        body: JSON.stringify({ password }),
      });
    for (let i = 0; i < 6; i++) await login('198.51.100.66', 'wrong password');
    expect((await login('198.51.100.66', 'wrong password')).status).toBe(429);
    expect((await login('198.51.100.67', OWNER_PASSWORD)).status).toBe(200);
  });

  it('warns in readiness when forwarding headers come from a peer that is not trusted', async () => {
    const untrusted = await startServer({ FORWARDED_ALLOW_IPS: '192.0.2.1' });
    try {
      const quiet = await (await fetch(`${untrusted.baseUrl}/api/readiness`)).json();
      expect(quiet.checks.find((check: { id: string }) => check.id === 'forwarded_proxies').status).toBe('pass');
      await fetch(`${untrusted.baseUrl}/api/v1/auth/state`, { headers: { 'x-forwarded-for': '198.51.100.1' } });
      const warned = await (await fetch(`${untrusted.baseUrl}/api/readiness`)).json();
      const check = warned.checks.find((entry: { id: string }) => entry.id === 'forwarded_proxies');
      expect(check.status).toBe('warn');
      expect(check.message).toContain('FORWARDED_ALLOW_IPS');
      expect(warned.status).toBe('degraded');
    } finally {
      await untrusted.stop();
    }
  });
});
