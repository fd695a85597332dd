import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';

/** What the sign-in steps may know about the caller; used transiently, never stored as such. */
export interface ClientContext {
  userAgent?: string;
  /** The client address after proxy handling (FORWARDED_ALLOW_IPS); only ever stored as an HMAC. */
  clientAddress?: string;
}

export const Client = createParamDecorator((_data: unknown, context: ExecutionContext): ClientContext => {
  const request = context.switchToHttp().getRequest<Request>();
  return { userAgent: request.headers['user-agent'], clientAddress: request.ip };
});
