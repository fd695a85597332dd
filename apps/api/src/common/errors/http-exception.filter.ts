import { Catch, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { Request, Response } from 'express';
import { toErrorReply } from './error-body.js';
import { requestIdOf } from '../http/request-id.js';
import { requestLocale } from '../http/request-locale.js';

/** The one global filter: every error leaves the service in the spec's shape, never with a stack. */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpExceptionFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const context = host.switchToHttp();
    sendError(exception, context.getRequest<Request>(), context.getResponse<Response>(), this.logger);
  }
}

export function sendError(exception: unknown, request: Request, response: Response, logger: Logger): void {
  const reply = toErrorReply(exception, requestLocale(request));
  if (reply.unexpected) {
    const stack = exception instanceof Error ? exception.stack : String(exception);
    logger.error({ message: 'unhandled error', request_id: requestIdOf(request), stack });
  }
  if (response.headersSent) {
    response.end();
    return;
  }
  response.status(reply.status).set(reply.headers).json(reply.body);
}
