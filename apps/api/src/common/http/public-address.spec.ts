import { describe, expect, it } from 'vitest';
import { isGlobalAddress, isLoopbackAddress } from './public-address.js';

describe('isGlobalAddress', () => {
  it.each(['8.8.8.8', '1.1.1.1', '142.250.185.74', '2a00:1450:4001:82b::200a', '2606:4700::6810:84e5', '[2001:4860:4860::8888]', '::ffff:8.8.8.8'])('%s is global', (address) => {
    expect(isGlobalAddress(address)).toBe(true);
  });

  it.each([
    '0.0.0.0',
    '10.1.2.3',
    '100.64.0.1',
    '127.0.0.1',
    '169.254.169.254',
    '172.16.0.1',
    '172.31.255.255',
    '192.0.0.8',
    '192.0.2.1',
    '192.168.178.1',
    '198.18.0.1',
    '198.51.100.7',
    '203.0.113.9',
    '224.0.0.1',
    '240.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    '[::1]',
    'fe80::1',
    'fd12:3456::1',
    'fc00::1',
    'ff02::1',
    'fec0::1',
    '2001:db8::1',
    '2002:c0a8:0101::1',
    '100::1',
    '::ffff:127.0.0.1',
    '::ffff:192.168.1.1',
    '::ffff:c0a8:101',
    '::ffff:a9fe:a9fe',
    '4000::1',
    'example.org',
    '',
  ])('%s is not global', (address) => {
    expect(isGlobalAddress(address)).toBe(false);
  });

  it('tells loopback apart', () => {
    expect(isLoopbackAddress('127.0.0.1')).toBe(true);
    expect(isLoopbackAddress('127.10.0.1')).toBe(true);
    expect(isLoopbackAddress('::1')).toBe(true);
    expect(isLoopbackAddress('::ffff:127.0.0.1')).toBe(true);
    expect(isLoopbackAddress('192.168.1.1')).toBe(false);
    expect(isLoopbackAddress('localhost')).toBe(false);
  });
});
