import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { CredentialResolver, type CredentialResult } from '../../common/access/credential-resolver.js';
import { sessionCookieOf } from '../../common/access/session-cookie-name.js';
import { Clock } from '../../common/clock.js';
import { AppConfig } from '../../config/app-config.js';
import { sha256Hex } from '../../common/crypto/tokens.js';
import { looksLikeToken } from '../api-tokens/api-token-format.js';
import { ApiTokensService } from '../api-tokens/api-tokens.service.js';
import { CredentialsRepository, type CredentialRow } from './credentials.repository.js';
import { SessionsService } from './sessions.service.js';


/**
 * Sessions and automation tokens. A present Authorization header is the only credential
 * considered: a bad bearer is refused even when a valid session cookie comes along. A credential
 * counts only while it is not revoked, not expired and its user (membership) is active.
 */
@Injectable()
export class AuthCredentialResolver extends CredentialResolver {
  constructor(
    private readonly repository: CredentialsRepository,
    private readonly sessions: SessionsService,
    private readonly tokens: ApiTokensService,
    private readonly clock: Clock,
    private readonly config: AppConfig,
  ) {
    super();
  }

  private usable(row: CredentialRow | undefined): row is CredentialRow {
    return row !== undefined && row.revoked_at === null && row.active === 1 && Date.parse(row.expires_at) > this.clock.now().getTime();
  }

  async resolve(request: Request): Promise<CredentialResult> {
    const authorization = request.headers.authorization;
    if (authorization !== undefined) {
      const [scheme, value, ...rest] = authorization.trim().split(/\s+/);
      if (scheme?.toLowerCase() !== 'bearer' || !value || rest.length > 0 || !looksLikeToken(value)) return { outcome: 'invalid', bearer: true };
      const token = this.repository.tokenByHash(sha256Hex(value));
      if (!this.usable(token)) return { outcome: 'invalid', bearer: true };
      await this.tokens.noteUse(token.id, token.last_used_at);
      return {
        outcome: 'valid',
        principal: { kind: 'token', userId: token.user_id, householdId: token.household_id, role: token.role, locale: token.preferred_locale, tokenId: token.id, stationName: token.station ? token.name : undefined, scopes: token.scopes },
      };
    }
    const cookie = sessionCookieOf(request, this.config.env.SESSION_HTTPS_ONLY);
    if (!cookie) return { outcome: 'none' };
    const session = this.repository.sessionByHash(sha256Hex(cookie));
    if (!session || session.revoked_at !== null || session.active !== 1) return { outcome: 'invalid', bearer: false };
    if ((await this.sessions.noteUse(session.id, session.expires_at, session.last_seen_at)) === 'expired') return { outcome: 'invalid', bearer: false };
    return {
      outcome: 'valid',
      principal: {
        kind: 'session',
        userId: session.user_id,
        householdId: session.household_id,
        role: session.role,
        locale: session.preferred_locale,
        sessionId: session.id,
        authenticatedAt: new Date(session.authenticated_at),
      },
    };
  }
}
