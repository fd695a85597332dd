import type { Response } from 'express';
import { sessionCookieName } from '../../common/access/session-cookie-name.js';
import type { AppConfig } from '../../config/app-config.js';
import { SESSION_LIFETIME_MS } from './sessions.service.js';

/** HttpOnly, SameSite=Lax, Secure (and `__Host-`) when SESSION_HTTPS_ONLY; lives as long as the session row. */
export function setSessionCookie(response: Response, config: AppConfig, token: string | undefined): void {
  if (!token) return;
  response.cookie(sessionCookieName(config.env.SESSION_HTTPS_ONLY), token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: config.env.SESSION_HTTPS_ONLY,
    path: '/',
    maxAge: SESSION_LIFETIME_MS,
  });
}

export function clearSessionCookie(response: Response, config: AppConfig): void {
  response.clearCookie(sessionCookieName(config.env.SESSION_HTTPS_ONLY), { httpOnly: true, sameSite: 'lax', secure: config.env.SESSION_HTTPS_ONLY, path: '/' });
}
