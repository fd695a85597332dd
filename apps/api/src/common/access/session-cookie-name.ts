import { parseCookie } from 'cookie';
import type { Request } from 'express';
import { SESSION_COOKIE } from './access.decorators.js';

/**
 * The session cookie's name: `__Host-hinv_session` when cookies are https-only, so the browser
 * accepts it only Secure, for this host and path `/` (no sibling host or plain-http page can set
 * or shadow it); `hinv_session` on plain http, where the prefix is not allowed.
 */
export function sessionCookieName(httpsOnly: boolean): string {
  return httpsOnly ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE;
}

/**
 * The one reader of the session cookie (the credential resolver, the origin guard and the
 * sign-in state all use it): the value of the cookie of that name, parsed like the browser wrote
 * it. A cookie under the other name is ignored.
 */
export function sessionCookieOf(request: Request, httpsOnly: boolean): string | undefined {
  const header = request.headers.cookie;
  return header ? parseCookie(header)[sessionCookieName(httpsOnly)] : undefined;
}
