import express, { type NextFunction, type Request, type Response } from 'express';
import { ApiException } from '../errors/api-exception.js';

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
