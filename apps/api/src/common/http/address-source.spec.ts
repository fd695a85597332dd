import { describe, expect, it } from 'vitest';
import { addressSource } from './ip-literal.js';

describe('addressSource', () => {
  it('keeps an IPv4 address as it is, also when mapped into IPv6', () => {
    expect(addressSource('198.51.100.7')).toBe('198.51.100.7');
    expect(addressSource('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(addressSource('::ffff:c633:6407')).toBe('198.51.100.7');
  });

  it('reduces an IPv6 address to its /64, however it is written', () => {
    expect(addressSource('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(addressSource('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(addressSource('2001:DB8:1:2:a:b:c:d')).toBe('2001:db8:1:2::/64');
    expect(addressSource('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressSource('2001:db8:1:3::1')).not.toBe(addressSource('2001:db8:1:2::1'));
    expect(addressSource('::1')).toBe('0:0:0:0::/64');
  });

  it('uses anything else as given', () => {
    expect(addressSource('unknown')).toBe('unknown');
  });
});
