import type { NextFunction, Request, Response } from 'express';
import type { DeploymentProfile } from '../../config/env.js';
import { ApiException } from '../errors/api-exception.js';
import { classifyIpLiteral } from './ip-literal.js';

/** True when `host` (without port) matches a pattern: `*`, an exact name, or `*.domain`. */
export function hostMatches(host: string, patterns: readonly string[]): boolean {
  const name = host.toLowerCase();
  return patterns.some((pattern) => {
    const wanted = pattern.toLowerCase();
    if (wanted === '*') return true;
    if (wanted.startsWith('*.')) return name.endsWith(wanted.slice(1)) && name.length > wanted.length - 1;
    return name === wanted;
  });
}

export interface HostPolicy {
  patterns: readonly string[];
  /** Any IP literal is a trusted host (a box on the home network is reached by its address). */
  ipLiterals: boolean;
}

/** Names a home network gives a box without anyone registering a domain. */
const HOME_NETWORK_NAMES = ['localhost', '*.localhost', '*.local', '*.home.arpa'];

/**
 * The hosts the service answers for. TRUSTED_HOSTS, when set, says it exactly (`*` for any).
 * Left empty, the `lan` profile answers for IP literals, `localhost`, `*.local`, `*.home.arpa`
 * and the host of PUBLIC_URL, and nothing else: a name under an attacker's domain that resolves
 * to the box (DNS rebinding) is refused, so a web page cannot talk to the service as its own
 * origin. The https profiles keep any host when it is empty (readiness asks for TRUSTED_HOSTS).
 */
export function hostPolicy(trustedHosts: readonly string[], profile: DeploymentProfile, publicUrl: string): HostPolicy {
  if (trustedHosts.length > 0) return { patterns: trustedHosts, ipLiterals: false };
  if (profile !== 'lan') return { patterns: ['*'], ipLiterals: false };
  const publicHost = publicUrl ? new URL(publicUrl).hostname.replace(/^\[(.*)\]$/, '$1') : '';
  return { patterns: publicHost ? [...HOME_NETWORK_NAMES, publicHost] : HOME_NETWORK_NAMES, ipLiterals: true };
}

const HEALTH_PATHS = new Set(['/api/health', '/api/v1/health']);

function isLoopback(host: string): boolean {
  return host === 'localhost' || classifyIpLiteral(host) === 'loopback';
}

/** The socket's own peer, never a forwarded address: only the box itself. */
function isLoopbackPeer(request: Request): boolean {
  return isLoopback(request.socket.remoteAddress ?? '');
}

/**
 * Host-header check; a request for another host is refused with 400. Health asked by the box
 * itself for a loopback host (the container's HEALTHCHECK, `http://127.0.0.1:8080/api/health`)
 * always passes: it reveals nothing, and TRUSTED_HOSTS names the public host only.
 */
export function trustedHosts(policy: HostPolicy) {
  const allowAll = policy.patterns.includes('*');
  const trusted = (host: string): boolean => host !== '' && (hostMatches(host, policy.patterns) || (policy.ipLiterals && classifyIpLiteral(host) !== null));
  // A box is reached under a handful of Host values: each verdict is worked out once. Anyone may
  // send any value, so the memory is bounded (count and length) and starts over when full.
  const verdicts = new Map<string, boolean>();
  return (request: Request, _response: Response, next: NextFunction): void => {
    if (allowAll) return next();
    const header = request.headers.host ?? '';
    let verdict = verdicts.get(header);
    if (verdict === undefined) {
      verdict = trusted(hostName(header));
      if (header.length <= MAX_HOST_LENGTH) {
        if (verdicts.size >= MAX_REMEMBERED_HOSTS) verdicts.clear();
        verdicts.set(header, verdict);
      }
    }
    if (verdict) return next();
    if (request.method === 'GET' && HEALTH_PATHS.has(request.path) && isLoopback(hostName(header)) && isLoopbackPeer(request)) return next();
    next(new ApiException(400, 'invalid_host'));
  };
}

const MAX_REMEMBERED_HOSTS = 64;
/** A DNS name (253) with a port. */
const MAX_HOST_LENGTH = 260;

/** The Host header without its port and IPv6 brackets. */
function hostName(header: string): string {
  return header.replace(/:\d+$/, '').replace(/^\[(.*)\]$/, '$1');
}
