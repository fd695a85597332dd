import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';

const REQUEST_ID = Symbol('requestId');
type WithRequestId = Request & { [REQUEST_ID]?: string };

/** Every response carries a fresh random `X-Request-ID`; logs quote it instead of client data. */
export function requestId(request: Request, response: Response, next: NextFunction): void {
  // randomUUID draws from a cached entropy pool, far cheaper per request than randomBytes.
  const id = randomUUID().replaceAll('-', '');
  (request as WithRequestId)[REQUEST_ID] = id;
  response.setHeader('X-Request-ID', id);
  next();
}

export function requestIdOf(request: Request): string | undefined {
  return (request as WithRequestId)[REQUEST_ID];
}
