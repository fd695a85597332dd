import { AsyncLocalStorage } from 'node:async_hooks';
import { Injectable, UseInterceptors, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { Request } from 'express';
import { Observable } from 'rxjs';
import type { Locale } from '@hinv/shared';
import { PRINCIPAL_KEY, type RequestWithPrincipal } from '../access/principal.js';

/**
 * The language to answer in: the signed-in user's own, else the best of `Accept-Language`
 * (express negotiates it, q-values and `de-DE` included), else English.
 */
export function requestLocale(request: Request): Locale {
  const principal = (request as Request & RequestWithPrincipal)[PRINCIPAL_KEY];
  if (principal) return principal.locale;
  if (!request.headers['accept-language']) return 'en';
  // English first: a bare `*` (what fetch sends by default) means "anything", so English.
  const accepted = request.acceptsLanguages('en', 'de');
  return accepted === 'de' ? 'de' : 'en';
}

const answerLocale = new AsyncLocalStorage<Locale>();

/**
 * Makes the caller's language known to the code that words an answer (labels shared by many
 * endpoints), without handing it down through every service. Runs after the access guard, so
 * the principal is known.
 */
@Injectable()
export class RequestLocaleInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const locale = context.getType() === 'http' ? requestLocale(context.switchToHttp().getRequest<Request>()) : 'en';
    // Subscribing inside run() starts the handler inside it.
    return new Observable((subscriber) => answerLocale.run(locale, () => next.handle().subscribe(subscriber)));
  }
}

/**
 * On a controller whose answers word labels through `answerLanguage()`. Only those controllers
 * run the interceptor: an interceptor wraps every route it covers in an Observable pipeline,
 * a cost every other request is spared.
 */
export const AnswersInCallerLanguage = (): ClassDecorator & MethodDecorator => UseInterceptors(RequestLocaleInterceptor);

/**
 * The language of the answer being written, inside a route of an `@AnswersInCallerLanguage()`
 * controller; English elsewhere (the scheduler, the CLI).
 */
export function answerLanguage(): Locale {
  return answerLocale.getStore() ?? 'en';
}
