import { BlockList, isIP } from 'node:net';

/**
 * Whether an IP address is globally routable, i.e. a destination the service may reach on a
 * household's behalf when the address came from someone else (a browser's Web Push endpoint).
 * The ranges are IANA's special-purpose registries for IPv4 and IPv6; IPv4-mapped IPv6 addresses
 * are judged as the IPv4 address they carry. Node's own parser and `BlockList` do the matching,
 * so odd spellings (`0x7f.1`, `::ffff:127.0.0.1`) are not a way around it.
 */
const NOT_GLOBAL = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast (deprecated)
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved and broadcast
] as const) {
  NOT_GLOBAL.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['64:ff9b:1::', 48], // local-use IPv4/IPv6 translation
  ['100::', 64], // discard-only
  ['2001::', 23], // IETF protocol assignments (Teredo, benchmarking, ORCHID, …)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: may carry any IPv4 address, private ones included
  ['3fff::', 20], // documentation
  ['5f00::', 16], // segment routing SIDs
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  NOT_GLOBAL.addSubnet(network, prefix, 'ipv6');
}
/** Global unicast is 2000::/3; everything outside it is reserved or special. */
const GLOBAL_UNICAST_V6 = new BlockList();
GLOBAL_UNICAST_V6.addSubnet('2000::', 3, 'ipv6');

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** `::ffff:1.2.3.4` or `::ffff:102:304` → `1.2.3.4`; otherwise null. */
function mappedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:0{0,4}:){0,5}:?ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(lower);
  if (dotted && isIP(dotted[1]) === 4) return dotted[1];
  const hex = /^(?:0{0,4}:){0,5}:?ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex) return null;
  const high = parseInt(hex[1], 16);
  const low = parseInt(hex[2], 16);
  return `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;
}

/** The address without URL brackets, IPv4-mapped IPv6 turned into IPv4, or null when it is no IP address. */
function normalise(address: string): { address: string; family: 'ipv4' | 'ipv6' } | null {
  const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  const version = isIP(bare);
  if (version === 4) return { address: bare, family: 'ipv4' };
  if (version !== 6) return null;
  const v4 = mappedIpv4(bare);
  return v4 ? { address: v4, family: 'ipv4' } : { address: bare, family: 'ipv6' };
}

export function isGlobalAddress(address: string): boolean {
  const ip = normalise(address);
  if (!ip) return false;
  if (NOT_GLOBAL.check(ip.address, ip.family)) return false;
  return ip.family === 'ipv4' || GLOBAL_UNICAST_V6.check(ip.address, 'ipv6');
}

export function isLoopbackAddress(address: string): boolean {
  const ip = normalise(address);
  return ip !== null && LOOPBACK.check(ip.address, ip.family);
}
