import express, { type NextFunction, type Request, type Response } from 'express';
import { ApiException } from '../errors/api-exception.js';

/**
 * How many objects and arrays a JSON body may nest (`{}` is one level, `{"a": []}` two). Our
 * deepest real body (a passkey credential) has four; class-transformer and class-validator recurse
 * once per level, so a body thousands of levels deep would overflow the stack inside them.
 */
export const MAX_JSON_DEPTH = 32;

/**
 * Refuses a request before its body is read: a malformed `Content-Length` is 400, a declared
 * length over the limit is 413. The JSON parser enforces the same limit on streamed bodies.
 */
export function contentLengthGuard(maxBytes: number) {
  return (request: Request, _response: Response, next: NextFunction): void => {
    const declared = request.headers['content-length'];
    if (declared === undefined) return next();
    if (!/^\d+$/.test(declared)) return next(new ApiException(400, 'invalid_content_length'));
    if (Number(declared) > maxBytes) return next(new ApiException(413, 'payload_too_large'));
    next();
  };
}

export function jsonBody(maxBytes: number) {
  return express.json({ limit: maxBytes, strict: false });
}

/**
 * True when a parsed JSON value nests objects and arrays deeper than `maxDepth`. Walks with an
 * explicit stack, never by recursion, so a value 100,000 levels deep is measured safely; it stops
 * at the first container past the limit.
 */
export function jsonDepthExceeds(value: unknown, maxDepth: number): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (maxDepth < 1) return true;
  const containers: object[] = [value];
  const depths: number[] = [1];
  while (containers.length > 0) {
    const container = containers.pop() as object;
    const depth = depths.pop() as number;
    for (const child of Object.values(container)) {
      if (child === null || typeof child !== 'object') continue;
      if (depth === maxDepth) return true;
      containers.push(child as object);
      depths.push(depth + 1);
    }
  }
  return false;
}

/** Throws the spec's 400 for a body nested past `MAX_JSON_DEPTH`; the filter words it in the caller's language. */
export function assertJsonDepth(value: unknown): void {
  if (jsonDepthExceeds(value, MAX_JSON_DEPTH)) throw new ApiException(400, 'body_too_deep', { max: String(MAX_JSON_DEPTH) });
}
