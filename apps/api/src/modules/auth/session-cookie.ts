import type { Response } from 'express';
import { SESSION_COOKIE } from '../../common/access/access.decorators.js';
import type { AppConfig } from '../../config/app-config.js';
import { SESSION_LIFETIME_MS } from './sessions.service.js';

/** HttpOnly, SameSite=Lax, Secure when SESSION_HTTPS_ONLY; lives as long as the session row. */
export function setSessionCookie(response: Response, config: AppConfig, token: string | undefined): void {
  if (!token) return;
  response.cookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: config.env.SESSION_HTTPS_ONLY,
    path: '/',
    maxAge: SESSION_LIFETIME_MS,
  });
}

export function clearSessionCookie(response: Response, config: AppConfig): void {
  response.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure: config.env.SESSION_HTTPS_ONLY, path: '/' });
}
