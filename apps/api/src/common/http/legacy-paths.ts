import type { NextFunction, Request, Response } from 'express';

const UNVERSIONED = new Set(['/api/health', '/api/readiness']);

/** Older clients call `/api/x`; it is served as `/api/v1/x` (health and readiness stay where they are). */
export function legacyPathRewrite(request: Request, _response: Response, next: NextFunction): void {
  const path = request.url.split('?', 1)[0];
  if (path.startsWith('/api/') && !path.startsWith('/api/v1/') && path !== '/api/v1' && !UNVERSIONED.has(path)) {
    request.url = `/api/v1/${request.url.slice('/api/'.length)}`;
  }
  next();
}
