import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { PRINCIPAL_KEY, type Principal, type RequestWithPrincipal } from './principal.js';

/**
 * Hands the principal resolved by the access guard to a handler. A handler that asks for one on
 * a route where the guard resolved nobody is a programming error, so this throws.
 */
export const CurrentPrincipal = createParamDecorator((_data: unknown, context: ExecutionContext): Principal => {
  const principal = context.switchToHttp().getRequest<RequestWithPrincipal>()[PRINCIPAL_KEY];
  if (!principal) throw new Error('CurrentPrincipal used on a route without a resolved principal');
  return principal;
});
