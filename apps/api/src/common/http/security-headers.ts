import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';

const API_PATH = /^\/api(\/|$)/i;

/**
 * Security headers on every response (reference §6). The CSP allows only same-origin scripts,
 * so the PWA, Swagger UI and ReDoc must be served from local files, never from a CDN.
 */
export function securityHeaders(): RequestHandler[] {
  const base = helmet({
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
  const extra = (request: Request, response: Response, next: NextFunction): void => {
    response.setHeader('Permissions-Policy', 'camera=(self), microphone=(), geolocation=()');
    // Checking the socket first spares the proxy-trust evaluation behind request.secure on plain http.
    const https = request.socket as { encrypted?: boolean };
    if (https.encrypted || (request.headers['x-forwarded-proto'] !== undefined && request.secure)) response.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    // Every API answer, whatever the case of its path (the router ignores case): a route that
    // may be cached says so itself (the product photo).
    if (API_PATH.test(request.path)) response.setHeader('Cache-Control', 'no-store');
    next();
  };
  return [base, extra];
}
