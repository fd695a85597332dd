import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import { checkEndpoint, checkEndpointShape, PushEndpointRefused, type Resolver } from './push-endpoint.js';

const strict = { allowLoopback: false };
const answers =
  (...addresses: string[]): Resolver =>
  async () =>
    addresses.map((address): LookupAddress => ({ address, family: address.includes(':') ? 6 : 4 }));

const problemOf = async (run: () => unknown): Promise<string | null> => {
  try {
    await run();
    return null;
  } catch (error) {
    if (error instanceof PushEndpointRefused) return error.problem;
    throw error;
  }
};

describe('Web Push endpoint rules', () => {
  it.each([
    ['http://fcm.googleapis.com/fcm/send/x', 'https_required'],
    ['ftp://fcm.googleapis.com/x', 'https_required'],
    ['https://user:pw@fcm.googleapis.com/x', 'credentials'],
    ['https://@fcm.googleapis.com/x', 'credentials'],
    ['https://fcm.googleapis.com/x#frag', 'fragment'],
    ['https://fcm.googleapis.com/x#', 'fragment'],
    ['https://localhost/x', 'local_host'],
    ['https://LOCALHOST./x', 'local_host'],
    ['https://a.localhost/x', 'local_host'],
    ['https://printer.local/x', 'local_host'],
    ['https://10.0.0.1/x', 'address'],
    ['https://0x7f.1/x', 'address'],
    ['https://2130706433/x', 'address'],
    ['https://[::1]/x', 'address'],
    ['https://[fe80::1]/x', 'address'],
    ['https://[::ffff:169.254.169.254]/x', 'address'],
    ['https://127.0.0.1:8443/x', 'address'],
    ['not a url', 'url'],
    ['https://fcm.googleapis.com/a b', 'url'],
  ])('%s is refused (%s)', async (endpoint, problem) => {
    expect(await problemOf(() => checkEndpointShape(endpoint, strict))).toBe(problem);
  });

  it('accepts the push services browsers use', () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc:def',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
      'https://web.push.apple.com/QGuQyavXutnMei',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAA',
      'https://8.8.8.8/push',
    ]) {
      expect(checkEndpointShape(endpoint, strict).protocol).toBe('https:');
    }
  });

  it('admits loopback only with the test setting, never private or link-local', async () => {
    const loose = { allowLoopback: true };
    expect(checkEndpointShape('https://127.0.0.1:8443/push/1', loose).port).toBe('8443');
    expect(await problemOf(() => checkEndpointShape('https://192.168.1.1/x', loose))).toBe('address');
    expect(await problemOf(() => checkEndpointShape('https://169.254.1.1/x', loose))).toBe('address');
    expect(await problemOf(() => checkEndpointShape('https://localhost/x', loose))).toBe('local_host');
  });

  it('refuses a host name when any DNS answer is not global, or when it does not resolve', async () => {
    const url = 'https://push.example.org/x';
    expect((await checkEndpoint(url, strict, answers('93.184.216.34', '2606:2800:220:1::1'))).hostname).toBe('push.example.org');
    expect(await problemOf(() => checkEndpoint(url, strict, answers('93.184.216.34', '10.0.0.5')))).toBe('address');
    expect(await problemOf(() => checkEndpoint(url, strict, answers('::1')))).toBe('address');
    expect(await problemOf(() => checkEndpoint(url, strict, answers()))).toBe('dns');
    expect(
      await problemOf(() =>
        checkEndpoint(url, strict, async () => {
          throw new Error('ENOTFOUND');
        }),
      ),
    ).toBe('dns');
  });
});
