import { Logger } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { requestIdOf } from './request-id.js';

const logger = new Logger('Http');

/**
 * One structured line per API request, at level `debug` (installed only when `LOG_LEVEL` is
 * `debug` or `verbose`). It names the route template, never the raw path (which
 * can hold invitation tokens or ids), the query string, the client address or any header.
 */
export function requestLog(request: Request, response: Response, next: NextFunction): void {
  if (!request.path.startsWith('/api/')) return next();
  const started = process.hrtime.bigint();
  response.on('finish', () => {
    const route = (request.route as { path?: string } | undefined)?.path;
    logger.debug({
      message: 'request',
      request_id: requestIdOf(request),
      method: request.method,
      route: route ? `${request.baseUrl}${route}` : '(unmatched)',
      status: response.statusCode,
      duration_ms: Number((process.hrtime.bigint() - started) / 1000n) / 1000,
    });
  });
  next();
}
