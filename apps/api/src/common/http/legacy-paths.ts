import type { NextFunction, Request, Response } from 'express';

const UNVERSIONED = new Set(['/api/health', '/api/readiness']);

/** Older clients call `/api/x`; it is served as `/api/v1/x` (health and readiness stay where they are). */
export function legacyPathRewrite(request: Request, _response: Response, next: NextFunction): void {
  const url = request.url;
  // Every request passes here: versioned and non-API paths leave without the path being cut out.
  if (!url.startsWith('/api/') || url.startsWith('/api/v1/')) return next();
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  if (path !== '/api/v1' && !UNVERSIONED.has(path)) request.url = `/api/v1/${url.slice('/api/'.length)}`;
  next();
}
