import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet, { type HelmetOptions } from 'helmet';

const API_PATH = /^\/api(\/|$)/i;

/**
 * Helmet's headers that reference §6 lists for every response. Its other defaults
 * (Origin-Agent-Cluster, X-DNS-Prefetch-Control, X-Download-Options,
 * X-Permitted-Cross-Domain-Policies, X-XSS-Protection, Cross-Origin-Resource-Policy) speak to
 * browsers rendering or embedding a document, so only the web app's files carry them: an API
 * answer is JSON read by `fetch`, and six more headers on each cost about 5 % of the CPU time of
 * answering `/api/health`.
 */
const EVERY_RESPONSE = new Set(['content-security-policy', 'cross-origin-opener-policy', 'referrer-policy', 'x-content-type-options', 'x-frame-options']);

/**
 * Security headers on every response (reference §6), and helmet's full set on the web app's
 * files. The CSP allows only same-origin scripts, so the PWA, Swagger UI and ReDoc must be
 * served from local files, never from a CDN.
 */
export function securityHeaders(): RequestHandler {
  const base = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        manifestSrc: ["'self'"],
      },
    },
    referrerPolicy: { policy: 'no-referrer' },
    frameguard: { action: 'deny' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    // HSTS only makes sense (and is only sent) when the request arrived over https.
    strictTransportSecurity: false,
  });
  const apiSet = base.set.filter(([name]) => EVERY_RESPONSE.has(name.toLowerCase()));
  if (apiSet.length !== EVERY_RESPONSE.size) throw new Error('helmet no longer sets every header reference §6 lists');
  return (request: Request, response: Response, next: NextFunction): void => {
    const api = API_PATH.test(request.path);
    for (const name of base.removed) response.removeHeader(name);
    for (const [name, value] of api ? apiSet : base.set) response.setHeader(name, value);
    response.setHeader('Permissions-Policy', 'camera=(self), microphone=(), geolocation=()');
    // Checking the socket first spares the proxy-trust evaluation behind request.secure on plain http.
    const https = request.socket as { encrypted?: boolean };
    if (https.encrypted || (request.headers['x-forwarded-proto'] !== undefined && request.secure)) response.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    // Every API answer, whatever the case of its path (the router ignores case): a route that
    // may be cached says so itself (the product photo).
    if (api) response.setHeader('Cache-Control', 'no-store');
    next();
  };
}

/**
 * What helmet does to a response with these options, found once by running it against a
 * recording response: with no per-request directives (nonces) its headers never change, and
 * setting them from the list spares a dozen nested middleware calls on every request.
 */
function helmetHeaders(options: HelmetOptions): { set: [string, string][]; removed: string[] } {
  const set: [string, string][] = [];
  const removed: string[] = [];
  const recorder = {
    setHeader: (name: string, value: unknown) => set.push([name, String(value)]),
    removeHeader: (name: string) => removed.push(name),
  };
  let finished = false;
  helmet(options)({} as Request, recorder as unknown as Response, () => {
    finished = true;
  });
  // A helmet that worked per request (or asynchronously) could not be recorded once.
  if (!finished || set.length === 0) throw new Error('helmet did not set its headers synchronously');
  return { set, removed };
}
