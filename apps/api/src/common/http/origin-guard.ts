import type { NextFunction, Request, Response } from 'express';
import { sessionCookieOf } from '../access/session-cookie-name.js';
import { ApiException } from '../errors/api-exception.js';
import type { DeploymentProfile } from '../../config/env.js';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface OriginPolicy {
  allowedOrigins: readonly string[];
  publicUrl: string;
  profile: DeploymentProfile;
  /** SESSION_HTTPS_ONLY: which name the session cookie has. */
  httpsOnlyCookie: boolean;
}

/** Lower-cased `scheme://host[:port]` with default ports dropped, or null for a malformed value. */
export function canonicalOrigin(value: string): string | null {
  try {
    const url = new URL(value);
    return `${url.protocol}//${url.host}`.toLowerCase();
  } catch {
    return null;
  }
}

/**
 * Cross-site protection for state-changing requests (reference §6): a foreign `Origin` is
 * refused; without an `Origin`, a `Sec-Fetch-Site: cross-site` request is refused; and outside
 * the `lan` profile a cookie-carrying request without `Origin` or bearer token is refused too.
 */
export function originGuard(policy: OriginPolicy) {
  const trusted = new Set([...policy.allowedOrigins, policy.publicUrl].map((origin) => canonicalOrigin(origin)).filter(Boolean));
  return (request: Request, _response: Response, next: NextFunction): void => {
    if (!UNSAFE_METHODS.has(request.method)) return next();
    const origin = request.headers.origin;
    if (origin !== undefined) {
      const own = canonicalOrigin(`${request.protocol}://${request.headers.host ?? ''}`);
      const canonical = canonicalOrigin(origin);
      if (canonical === null || (canonical !== own && !trusted.has(canonical))) {
        return next(new ApiException(403, 'cross_site_request'));
      }
      return next();
    }
    if (request.headers['sec-fetch-site'] === 'cross-site') {
      return next(new ApiException(403, 'cross_site_request'));
    }
    const hasSessionCookie = sessionCookieOf(request, policy.httpsOnlyCookie) !== undefined;
    if (policy.profile !== 'lan' && hasSessionCookie && request.headers.authorization === undefined) {
      return next(new ApiException(403, 'origin_required'));
    }
    next();
  };
}
