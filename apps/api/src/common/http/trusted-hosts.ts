import type { NextFunction, Request, Response } from 'express';
import { ApiException } from '../errors/api-exception.js';

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

/** Host-header check against TRUSTED_HOSTS; a request for another host is refused with 400. */
export function trustedHosts(patterns: readonly string[]) {
  const allowAll = patterns.includes('*');
  return (request: Request, _response: Response, next: NextFunction): void => {
    if (allowAll) return next();
    const host = (request.headers.host ?? '').replace(/:\d+$/, '').replace(/^\[(.*)\]$/, '$1');
    if (!host || !hostMatches(host, patterns)) {
      return next(new ApiException(400, 'invalid_host'));
    }
    next();
  };
}
