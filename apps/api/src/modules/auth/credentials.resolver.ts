import { Injectable } from '@nestjs/common';
import { parseCookie } from 'cookie';
import type { Request } from 'express';
import { SESSION_COOKIE } from '../../common/access/access.decorators.js';
import { CredentialResolver, type CredentialResult } from '../../common/access/credential-resolver.js';
import { ApiTokensService } from '../api-tokens/api-tokens.service.js';
import { SessionsService } from './sessions.service.js';

export function sessionCookieOf(request: Request): string | undefined {
  const header = request.headers.cookie;
  return header ? parseCookie(header)[SESSION_COOKIE] : undefined;
}

/**
 * Sessions and automation tokens. A present Authorization header is the only credential
 * considered: a bad bearer is refused even when a valid session cookie comes along.
 */
@Injectable()
export class AuthCredentialResolver extends CredentialResolver {
  constructor(
    private readonly sessions: SessionsService,
    private readonly tokens: ApiTokensService,
  ) {
    super();
  }

  async resolve(request: Request): Promise<CredentialResult> {
    const authorization = request.headers.authorization;
    if (authorization !== undefined) {
      const [scheme, value, ...rest] = authorization.trim().split(/\s+/);
      if (scheme?.toLowerCase() !== 'bearer' || !value || rest.length > 0) return { outcome: 'invalid', bearer: true };
      const principal = await this.tokens.resolve(value);
      return principal ? { outcome: 'valid', principal } : { outcome: 'invalid', bearer: true };
    }
    const cookie = sessionCookieOf(request);
    if (!cookie) return { outcome: 'none' };
    const resolved = await this.sessions.resolve(cookie);
    if (!resolved) return { outcome: 'invalid', bearer: false };
    const { session, user } = resolved;
    return {
      outcome: 'valid',
      principal: {
        kind: 'session',
        userId: user.id,
        householdId: user.householdId,
        role: user.role,
        locale: user.preferredLocale,
        sessionId: session.id,
        authenticatedAt: new Date(session.authenticatedAt),
      },
    };
  }
}
