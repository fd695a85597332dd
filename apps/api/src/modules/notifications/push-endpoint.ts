import { lookup } from 'node:dns/promises';
import type { LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import { ISSUE_TEXTS } from '../../common/errors/validation-messages.js';
import { isGlobalAddress, isLoopbackAddress } from '../../common/http/public-address.js';

export type PushEndpointProblem = 'url' | 'https_required' | 'credentials' | 'fragment' | 'local_host' | 'address' | 'dns';

export class PushEndpointRefused extends Error {
  constructor(readonly problem: PushEndpointProblem) {
    super(ISSUE_TEXTS[`push_endpoint_${problem}`].en);
    this.name = 'PushEndpointRefused';
  }
}

/** Which destinations count as acceptable. `allowLoopback` exists for tests with a local push service only. */
export interface PushDestinationPolicy {
  allowLoopback: boolean;
}

export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

/** A resolver that does not answer within this time counts as a name that does not resolve. */
export const DNS_TIMEOUT_MS = 5000;

export const systemResolver: Resolver = (hostname) => {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('DNS lookup timed out')), DNS_TIMEOUT_MS);
  });
  return Promise.race([lookup(hostname, { all: true, verbatim: true }), timeout]).finally(() => clearTimeout(timer));
};

export function acceptableAddress(address: string, policy: PushDestinationPolicy): boolean {
  return isGlobalAddress(address) || (policy.allowLoopback && isLoopbackAddress(address));
}

/**
 * The static part of the rules a Web Push endpoint must meet: an absolute https URL without
 * credentials or fragment, not `localhost`, `*.localhost` or `*.local`, and an IP literal only
 * when it is globally routable. Returns the parsed URL.
 */
export function checkEndpointShape(endpoint: string, policy: PushDestinationPolicy): URL {
  if (/[\s\u0000-\u001f\u007f]/.test(endpoint)) throw new PushEndpointRefused('url');
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw new PushEndpointRefused('url');
  }
  if (url.protocol !== 'https:') throw new PushEndpointRefused('https_required');
  const authority = /^[a-z]+:[/\\]*([^/\\?#]*)/i.exec(endpoint)?.[1] ?? '';
  if (url.username || url.password || authority.includes('@')) throw new PushEndpointRefused('credentials');
  if (url.hash || endpoint.includes('#')) throw new PushEndpointRefused('fragment');
  const host = url.hostname.replace(/\.$/, '').toLowerCase();
  if (!host) throw new PushEndpointRefused('url');
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local')) throw new PushEndpointRefused('local_host');
  const bare = host.startsWith('[') ? host.slice(1, -1) : host;
  if (isIP(bare) !== 0 && !acceptableAddress(bare, policy)) throw new PushEndpointRefused('address');
  return url;
}

/**
 * The whole check: the shape, then every address the host name resolves to must be acceptable
 * (one private answer among public ones is enough to refuse). Run at registration and again
 * before every send, since DNS answers change.
 */
export async function checkEndpoint(endpoint: string, policy: PushDestinationPolicy, resolve: Resolver = systemResolver): Promise<URL> {
  const url = checkEndpointShape(endpoint, policy);
  const host = url.hostname.replace(/\.$/, '');
  const bare = host.startsWith('[') ? host.slice(1, -1) : host;
  if (isIP(bare) !== 0) return url;
  let answers: LookupAddress[];
  try {
    answers = await resolve(bare);
  } catch {
    throw new PushEndpointRefused('dns');
  }
  if (answers.length === 0) throw new PushEndpointRefused('dns');
  if (!answers.every((answer) => acceptableAddress(answer.address, policy))) throw new PushEndpointRefused('address');
  return url;
}
