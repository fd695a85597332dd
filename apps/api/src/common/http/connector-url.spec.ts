import { describe, expect, it } from 'vitest';
import { checkConnectorUrl } from './connector-url.js';
import { classifyIpLiteral } from './ip-literal.js';

describe('classifyIpLiteral', () => {
  it.each([
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['127.0.0.1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.32.0.1', 'global'],
    ['192.168.178.20', 'private'],
    ['100.64.0.1', 'private'],
    ['169.254.169.254', 'link-local'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'reserved'],
    ['8.8.8.8', 'global'],
    ['[::]', 'unspecified'],
    ['[::1]', 'loopback'],
    ['[fe80::1]', 'link-local'],
    ['[febf:ffff::1]', 'link-local'],
    ['[ff02::1]', 'multicast'],
    ['[fd12:3456::1]', 'private'],
    ['[2001:db8::1]', 'global'],
    ['[2a00:1450:4001:82b::200e]', 'global'],
    ['[100::1]', 'reserved'],
    ['[fec0::1]', 'reserved'],
    ['[::ffff:169.254.1.1]', 'link-local'],
    ['[::ffff:a9fe:101]', 'link-local'],
    ['[::ffff:192.168.1.1]', 'private'],
    ['[1:2:3:4:5:6:7:8]', 'reserved'],
  ])('%s is %s', (host, kind) => {
    expect(classifyIpLiteral(host)).toBe(kind);
  });

  it.each(['grocy', 'grocy.local', 'example.org', '256.1.1.1', '1.2.3', '[fe80::1::2]', '[1:2:3:4:5:6:7:8:9]', '[12345::]', '[::ffff:1.2.3.256]'])(
    '%s is not an IP literal',
    (host) => {
      expect(classifyIpLiteral(host)).toBeNull();
    },
  );
});

describe('checkConnectorUrl', () => {
  it.each([
    ['http://grocy:80', 'http://grocy:80'],
    ['  HTTP://Grocy.LAN.:9283/api/  ', 'http://grocy.lan:9283/api'],
    ['https://api.cortecs.ai/v1', 'https://api.cortecs.ai/v1'],
    ['http://192.168.1.5/', 'http://192.168.1.5'],
    ['http://127.0.0.1:11434/v1', 'http://127.0.0.1:11434/v1'],
    ['http://[::1]:9283', 'http://[::1]:9283'],
    ['http://[FD00::5]/grocy//', 'http://[fd00::5]/grocy'],
  ])('accepts %s as %s', (input, normal) => {
    expect(checkConnectorUrl(input)).toEqual({ ok: true, url: normal });
  });

  it.each([
    ['ftp://grocy', 'scheme'],
    ['grocy:80', 'scheme'],
    ['javascript:alert(1)', 'scheme'],
    ['//grocy', 'scheme'],
    ['http://user:pw@grocy', 'credentials'],
    ['http://user@grocy', 'credentials'],
    ['http://@grocy', 'credentials'],
    ['http://grocy/?key=1', 'query'],
    ['http://grocy/?', 'query'],
    ['http://grocy/#top', 'fragment'],
    ['http://grocy/#', 'fragment'],
    ['http://gro cy', 'characters'],
    ['http://grocy/\tapi', 'characters'],
    ['http://', 'host'],
    ['http://grocy:99999', 'host'],
    ['http://169.254.169.254/latest', 'address'],
    ['http://[fe80::1]/', 'address'],
    ['http://224.0.0.251', 'address'],
    ['http://[ff02::1]', 'address'],
    ['http://0.0.0.0:9283', 'address'],
    ['http://0/', 'address'],
    ['http://[::]/', 'address'],
    ['http://240.1.2.3', 'address'],
    ['http://0xa9.254.0.1', 'address'],
    ['http://[::ffff:169.254.0.1]', 'address'],
  ])('refuses %s (%s)', (input, problem) => {
    expect(checkConnectorUrl(input)).toEqual({ ok: false, problem });
  });

  it('requires https when asked to', () => {
    expect(checkConnectorUrl('http://api.example.org/v1', { requireHttps: true })).toEqual({ ok: false, problem: 'https_required' });
    expect(checkConnectorUrl('https://api.example.org/v1/', { requireHttps: true })).toEqual({ ok: true, url: 'https://api.example.org/v1' });
  });
});
