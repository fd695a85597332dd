import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { IsNull, Not, type EntityManager } from 'typeorm';
import { Clock } from '../../common/clock.js';
import { AppConfig } from '../../config/app-config.js';
import { randomToken, sha256Hex } from '../../common/crypto/tokens.js';
import { ApiException } from '../../common/errors/api-exception.js';
import { Database } from '../../database/database.js';
import { deviceLabel } from './device-label.js';
import { SessionEntity, type AuthenticationMethod } from './session.entity.js';
import { UserEntity } from './user.entity.js';
import type { AuthSessionResponse, SessionRevocationResponse } from './dto/auth.dto.js';

export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The idle cutoff: a session last seen before it has been unused for `idleDays` and is over. */
export function sessionIdleCutoff(now: Date, idleDays: number): Date {
  return new Date(now.getTime() - idleDays * DAY_MS);
}

/** `last_seen_at` is written at most this often, so reading a page does not write the database. */
const LAST_SEEN_THROTTLE_MS = 5 * 60 * 1000;

export interface ResolvedSession {
  session: SessionEntity;
  user: UserEntity;
}

/** Browser sessions: creation at sign-in, lookup per request, listing and revocation. */
@Injectable()
export class SessionsService {
  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
    private readonly config: AppConfig,
  ) {}

  /** Starts a session inside the caller's write; returns the raw token for the cookie. */
  async start(manager: EntityManager, userId: string, method: AuthenticationMethod, userAgent: string | undefined): Promise<string> {
    const raw = randomToken(32);
    const now = this.clock.now();
    await manager.insert(SessionEntity, {
      id: randomUUID(),
      userId,
      tokenHash: sha256Hex(raw),
      deviceName: deviceLabel(userAgent),
      authenticationMethod: method,
      createdAt: now.toISOString(),
      lastSeenAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + SESSION_LIFETIME_MS).toISOString(),
      authenticatedAt: now.toISOString(),
      revokedAt: null,
    });
    return raw;
  }

  /** The live session and user for a cookie value, or null. */
  async resolve(rawToken: string): Promise<ResolvedSession | null> {
    const session = await this.database.manager.findOne(SessionEntity, { where: { tokenHash: sha256Hex(rawToken) }, relations: { user: true } });
    if (!session?.user || session.revokedAt !== null || !session.user.active) return null;
    if ((await this.noteUse(session.id, session.expiresAt, session.lastSeenAt)) === 'expired') return null;
    return { session, user: session.user };
  }

  /**
   * Bookkeeping after a session was used: revoke it once expired or idle for SESSION_IDLE_DAYS
   * (`last_seen_at` lags by at most five minutes), else note the use (throttled).
   */
  async noteUse(sessionId: string, expiresAt: string, lastSeenAt: string): Promise<'live' | 'expired'> {
    const now = this.clock.now();
    if (Date.parse(expiresAt) <= now.getTime() || Date.parse(lastSeenAt) < sessionIdleCutoff(now, this.config.env.SESSION_IDLE_DAYS).getTime()) {
      await this.database.write((manager) => manager.update(SessionEntity, { id: sessionId, revokedAt: IsNull() }, { revokedAt: now.toISOString() }));
      return 'expired';
    }
    if (now.getTime() - Date.parse(lastSeenAt) > LAST_SEEN_THROTTLE_MS) {
      await this.database.write((manager) => manager.update(SessionEntity, { id: sessionId }, { lastSeenAt: now.toISOString() }));
    }
    return 'live';
  }

  async revokeByToken(rawToken: string): Promise<void> {
    const now = this.clock.now().toISOString();
    await this.database.write((manager) => manager.update(SessionEntity, { tokenHash: sha256Hex(rawToken), revokedAt: IsNull() }, { revokedAt: now }));
  }

  /** Revokes every live session of a user except `keepSessionId`; returns how many. */
  async revokeAllOf(manager: EntityManager, userId: string, keepSessionId?: string): Promise<number> {
    const where = keepSessionId ? { userId, revokedAt: IsNull(), id: Not(keepSessionId) } : { userId, revokedAt: IsNull() };
    const result = await manager.update(SessionEntity, where, { revokedAt: this.clock.now().toISOString() });
    return result.affected ?? 0;
  }

  async markAuthenticated(manager: EntityManager, sessionId: string): Promise<Date> {
    const now = this.clock.now();
    await manager.update(SessionEntity, { id: sessionId }, { authenticatedAt: now.toISOString() });
    return now;
  }

  async list(userId: string, currentSessionId: string | undefined): Promise<AuthSessionResponse[]> {
    const now = this.clock.now();
    const idleSince = sessionIdleCutoff(now, this.config.env.SESSION_IDLE_DAYS).toISOString();
    const sessions = await this.database.manager.find(SessionEntity, { where: { userId, revokedAt: IsNull() }, order: { lastSeenAt: 'DESC' } });
    return sessions
      .filter((session) => session.expiresAt > now.toISOString() && session.lastSeenAt >= idleSince)
      .map((session) => ({
        id: session.id,
        device_name: session.deviceName,
        created_at: session.createdAt,
        last_seen_at: session.lastSeenAt,
        expires_at: session.expiresAt,
        authenticated_at: session.authenticatedAt,
        authentication_method: session.authenticationMethod,
        current: session.id === currentSessionId,
      }));
  }

  async revokeOne(userId: string, sessionId: string, currentSessionId: string | undefined): Promise<SessionRevocationResponse> {
    return this.database.write(async (manager) => {
      const result = await manager.update(SessionEntity, { id: sessionId, userId, revokedAt: IsNull() }, { revokedAt: this.clock.now().toISOString() });
      if (!result.affected) throw new ApiException(404, 'session_not_found');
      return { revoked: 1, authenticated: sessionId !== currentSessionId };
    });
  }

  async revokeOthers(userId: string, currentSessionId: string | undefined): Promise<SessionRevocationResponse> {
    const revoked = await this.database.write((manager) => this.revokeAllOf(manager, userId, currentSessionId));
    return { revoked, authenticated: true };
  }
}
