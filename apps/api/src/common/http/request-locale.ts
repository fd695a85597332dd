import type { Request } from 'express';
import { LOCALES, type Locale } from '@hinv/shared';
import { PRINCIPAL_KEY, type RequestWithPrincipal } from '../access/principal.js';

/**
 * The language to answer in: the signed-in user's own, else the best of `Accept-Language`
 * (express negotiates it, q-values and `de-DE` included), else English.
 */
export function requestLocale(request: Request): Locale {
  const principal = (request as Request & RequestWithPrincipal)[PRINCIPAL_KEY];
  if (principal) return principal.locale;
  if (!request.headers['accept-language']) return 'en';
  const accepted = request.acceptsLanguages(...LOCALES);
  return accepted === 'de' || accepted === 'en' ? accepted : 'en';
}
