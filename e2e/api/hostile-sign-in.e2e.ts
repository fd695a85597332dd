import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, Browserless, MEMBER_PASSWORD, OWNER_PASSWORD, setUpHousehold } from '../support/household.js';
import { startServer, type RunningServer } from '../support/server.js';

/** The test client connects over loopback, a trusted proxy by default: X-Forwarded-For names the source. */
const from = (address: string) => ({ 'x-forwarded-for': address });

describe('sign-in throttling cannot be raced, reset or spread', () => {
  let server: RunningServer;
  let owner: Browserless;
  beforeAll(async () => {
    // The defaults: 5 failures per source, 10 per account, in 15 minutes.
    server = await startServer();
    owner = await setUpHousehold(server.baseUrl);
  });
  afterAll(() => server.stop());

  const login = (identifier: string, password: string, address: string) =>
    fetch(`${server.baseUrl}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...from(address) },
      body: JSON.stringify({ identifier, password }),
    });

  it('lets at most 5 of 150 simultaneous wrong sign-ins from one source be tried', async () => {
    const answers = await Promise.all(Array.from({ length: 150 }, () => login('owner@example.org', 'wrong password', '198.51.100.7')));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(145);
    expect(answers.find((answer) => answer.status === 429)?.headers.get('retry-after')).toBe('900');
  });

  it('refuses a locked source without writing: a flood after the lockout leaves one lockout row', async () => {
    const member = await addMember(owner, 'member');
    // A write first: the audit rows queued before it are committed when it answers.
    const counts = async () => {
      await owner.json('PATCH', '/api/v1/auth/preferences', { preferred_locale: 'en' });
      return (await owner.json<{ counts: Record<string, number> }>('GET', '/api/v1/operations/overview?event_limit=1')).counts;
    };
    const before = await counts();
    const statuses: number[] = [];
    for (let guess = 0; guess < 25; guess++) statuses.push((await login(member.email, `flood ${guess}`, '198.51.100.70')).status);
    expect(statuses.slice(0, 5).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(5).every((status) => status === 429)).toBe(true);
    const after = await counts();
    expect(after.sign_in_lockouts_24h - before.sign_in_lockouts_24h).toBe(1);
    expect(after.sign_in_failures_24h - before.sign_in_failures_24h).toBe(5);
    // The five failed steps and the one lockout: nothing for the twenty refused ones.
    expect(after.failures_24h - before.failures_24h).toBe(6);
  });

  it('counts a signed-in user\'s wrong password once among the failures', async () => {
    const member = await addMember(owner, 'member');
    const counts = async () => {
      await owner.json('PATCH', '/api/v1/auth/preferences', { preferred_locale: 'en' });
      return (await owner.json<{ counts: Record<string, number> }>('GET', '/api/v1/operations/overview?event_limit=1')).counts;
    };
    const signedIn = new Browserless(server.baseUrl, null, from('198.51.100.71'));
    await signedIn.json('POST', '/api/v1/auth/login', { identifier: member.email, password: MEMBER_PASSWORD });
    const before = await counts();
    expect((await signedIn.call('POST', '/api/v1/auth/reauthenticate', { password: 'not my password' })).status).toBe(401);
    expect((await signedIn.call('PUT', '/api/v1/auth/password', { current_password: 'not my password', password: 'a brand new password' })).status).toBe(400);
    const after = await counts();
    expect(after.sign_in_failures_24h - before.sign_in_failures_24h).toBe(2);
    expect(after.failures_24h - before.failures_24h).toBe(2);
  });

  it('does not forgive guesses at one account when another account signs in from the same source', async () => {
    const victim = await addMember(owner, 'member');
    const viewer = await addMember(owner, 'viewer');
    let wrongTried = 0;
    for (let round = 0; round < 6; round++) {
      for (let guess = 0; guess < 4; guess++) if ((await login(victim.email, `guess ${round}-${guess}`, '198.51.100.8')).status === 401) wrongTried++;
      await login(viewer.email, MEMBER_PASSWORD, '198.51.100.8');
    }
    expect(wrongTried).toBeLessThanOrEqual(5);
    // Re-authentication forgives only the signed-in user's own failures too.
    const signedIn = new Browserless(server.baseUrl, null, from('198.51.100.9'));
    await signedIn.json('POST', '/api/v1/auth/login', { identifier: viewer.email, password: MEMBER_PASSWORD });
    for (let guess = 0; guess < 4; guess++) expect((await login(victim.email, 'wrong again', '198.51.100.9')).status).toBe(401);
    expect((await signedIn.call('POST', '/api/v1/auth/reauthenticate', { password: MEMBER_PASSWORD })).status).toBe(200);
    expect((await login(victim.email, 'wrong once more', '198.51.100.9')).status).toBe(401);
    expect((await login(victim.email, 'and again', '198.51.100.9')).status).toBe(429);
  });

  it('counts every address of one IPv6 /64 as one source', async () => {
    const member = await addMember(owner, 'member');
    const statuses: number[] = [];
    for (let host = 1; host <= 10; host++) statuses.push((await login(member.email, 'wrong password', `2001:db8:1:2::${host.toString(16)}`)).status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.slice(5).every((status) => status === 429)).toBe(true);
    // Another /64 is another source.
    expect((await login(member.email, MEMBER_PASSWORD, '2001:db8:1:3::1')).status).toBe(200);
  });

  it('limits guesses at one account from many sources, yet its owner signs in from a source that has not failed', async () => {
    const target = await addMember(owner, 'admin');
    let wrongTried = 0;
    for (let network = 1; network <= 12; network++) {
      for (let guess = 0; guess < 2; guess++) if ((await login(target.email, `guess ${network}-${guess}`, `2001:db8:${network.toString(16)}:99::1`)).status === 401) wrongTried++;
    }
    // 10 per account, then one for each new source: 10 + 7, not 24.
    expect(wrongTried).toBe(17);
    expect((await login(target.email, MEMBER_PASSWORD, '2001:db8:1:99::1')).status).toBe(429);
    expect((await login(target.email, MEMBER_PASSWORD, '203.0.113.50')).status).toBe(200);
    // The owner of the household is not locked out by guesses at someone else.
    expect((await login('owner@example.org', OWNER_PASSWORD, '203.0.113.51')).status).toBe(200);
  });
});
