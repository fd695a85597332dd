/**
 * What kind of destination an IP literal is. Outbound URLs that the household configures (the
 * Grocy connector, the receipt provider, later Web Push endpoints) decide by this which hosts they
 * may reach; a host name that is not an IP literal is `null` (it is not resolved here).
 */
export type IpLiteralKind = 'unspecified' | 'loopback' | 'private' | 'link-local' | 'multicast' | 'reserved' | 'global';

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

function ipv4Octets(text: string): number[] | null {
  const match = IPV4.exec(text);
  if (!match) return null;
  const octets = match.slice(1).map(Number);
  return octets.every((octet) => octet <= 255) ? octets : null;
}

function classifyIpv4([a, b]: number[]): IpLiteralKind {
  // 0.0.0.0/8 ("this network") is never a destination; Linux even routes 0.0.0.0 to the host itself.
  if (a === 0) return 'unspecified';
  if (a === 127) return 'loopback';
  if (a === 169 && b === 254) return 'link-local';
  if (a >= 224 && a <= 239) return 'multicast';
  if (a >= 240) return 'reserved';
  if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 100 && b >= 64 && b <= 127)) return 'private';
  return 'global';
}

/** Eight 16-bit groups, or null when `text` is not an IPv6 address (an embedded IPv4 tail is allowed). */
function ipv6Groups(text: string): number[] | null {
  let body = text;
  const lastColon = body.lastIndexOf(':');
  if (lastColon >= 0 && body.slice(lastColon + 1).includes('.')) {
    // `::ffff:1.2.3.4` is written as `::ffff:102:304` and parsed like any other address.
    const octets = ipv4Octets(body.slice(lastColon + 1));
    if (!octets) return null;
    body = `${body.slice(0, lastColon + 1)}${((octets[0] << 8) | octets[1]).toString(16)}:${((octets[2] << 8) | octets[3]).toString(16)}`;
  }
  const halves = body.split('::');
  if (halves.length > 2) return null;
  const parse = (part: string) => (part === '' ? [] : part.split(':'));
  const head = parse(halves[0]);
  const rest = halves.length === 2 ? parse(halves[1]) : [];
  if ([...head, ...rest].some((group) => !/^[0-9a-f]{1,4}$/i.test(group))) return null;
  const given = head.length + rest.length;
  if (halves.length === 1 ? given !== 8 : given > 7) return null;
  const zeros = halves.length === 2 ? new Array<number>(8 - given).fill(0) : [];
  return [...head, ...zeros.map(String), ...rest].map((group) => parseInt(group, 16));
}

function classifyIpv6(groups: number[]): IpLiteralKind {
  const [first] = groups;
  const leadingZero = groups.slice(0, 5).every((g) => g === 0);
  if (leadingZero && groups[5] === 0xffff) {
    // IPv4-mapped (::ffff:a.b.c.d) is the IPv4 address itself as far as the network is concerned.
    return classifyIpv4([groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff]);
  }
  if (groups.every((g) => g === 0)) return 'unspecified';
  if (groups.slice(0, 7).every((g) => g === 0) && groups[7] === 1) return 'loopback';
  if ((first & 0xffc0) === 0xfe80) return 'link-local';
  if ((first & 0xff00) === 0xff00) return 'multicast';
  if ((first & 0xfe00) === 0xfc00) return 'private';
  if ((first & 0xe000) === 0x2000) return 'global';
  // Everything outside global unicast, unique-local, link-local and multicast is reserved by
  // IANA (::/8 beyond the cases above, 100::/8, 4000::/3, …, fec0::/10 site-local, deprecated).
  return 'reserved';
}

/**
 * Classifies a host as written in a URL (`192.168.1.5`, `[fe80::1]`, `fe80::1`), or returns null
 * when it is a host name rather than an IP literal.
 */
export function classifyIpLiteral(host: string): IpLiteralKind | null {
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  const v4 = ipv4Octets(bare);
  if (v4) return classifyIpv4(v4);
  if (!bare.includes(':')) return null;
  const v6 = ipv6Groups(bare);
  return v6 ? classifyIpv6(v6) : null;
}

/**
 * The part of a client address that stands for one source when counting attempts: an IPv4
 * address as it is, an IPv6 address by its /64 (one household line or one attacker's subnet
 * gets a whole /64; counting single addresses would give each of 2^64 its own allowance). An
 * IPv4-mapped IPv6 address counts as the IPv4 address. Anything else is used as given.
 */
export function addressSource(address: string): string {
  const v4 = ipv4Octets(address);
  if (v4) return v4.join('.');
  const groups = address.includes(':') ? ipv6Groups(address.split('%', 1)[0]) : null;
  if (!groups) return address;
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff].join('.');
  }
  return `${groups.slice(0, 4).map((g) => g.toString(16)).join(':')}::/64`;
}
