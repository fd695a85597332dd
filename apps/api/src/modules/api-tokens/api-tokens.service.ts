import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { IsNull, MoreThan, type EntityManager } from 'typeorm';
import { API_TOKEN_SCOPES, type Locale } from '@hinv/shared';
import type { Principal } from '../../common/access/principal.js';
import type { SessionRevocationResponse } from '../auth/dto/auth.dto.js';
import { Clock } from '../../common/clock.js';
import { sha256Hex } from '../../common/crypto/tokens.js';
import { ApiException } from '../../common/errors/api-exception.js';
import { Database } from '../../database/database.js';
import { ApiTokenEntity } from './api-token.entity.js';
import { newRawToken, TOKEN_START } from './api-token-format.js';
import type { ApiTokenCreatedResponse, ApiTokenCreateInput, ApiTokenResponse, ApiTokenScopeResponse } from './dto/api-token.dto.js';
import { SCOPE_DESCRIPTIONS } from './scope-descriptions.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** `last_used_at` is written at most this often, so using a token rarely writes the database. */
const LAST_USED_THROTTLE_MS = 5 * 60 * 1000;

function toResponse(token: ApiTokenEntity): ApiTokenResponse {
  return {
    id: token.id,
    name: token.name,
    token_prefix: `${TOKEN_START}${token.prefix}`,
    scopes: token.scopes,
    station: token.station,
    expires_at: token.expiresAt,
    created_at: token.createdAt,
    last_used_at: token.lastUsedAt,
  };
}

/** Scoped automation tokens: created once with their raw value shown once, checked by hash. */
@Injectable()
export class ApiTokensService {
  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
  ) {}

  scopes(locale: Locale): ApiTokenScopeResponse[] {
    return API_TOKEN_SCOPES.map((id) => ({ id, ...SCOPE_DESCRIPTIONS[id][locale] }));
  }

  /** The caller's own tokens that still work. */
  async list(principal: Principal): Promise<ApiTokenResponse[]> {
    const tokens = await this.database.manager.find(ApiTokenEntity, {
      where: { userId: principal.userId, revokedAt: IsNull(), expiresAt: MoreThan(this.clock.now().toISOString()) },
      order: { createdAt: 'DESC' },
    });
    return tokens.map(toResponse);
  }

  async create(principal: Principal, input: ApiTokenCreateInput): Promise<ApiTokenCreatedResponse> {
    const now = this.clock.now();
    const { raw, prefix } = newRawToken();
    const token = await this.database.write(async (manager) => {
      const entity = manager.create(ApiTokenEntity, {
        id: randomUUID(),
        userId: principal.userId,
        name: input.name.trim(),
        prefix,
        tokenHash: sha256Hex(raw),
        scopes: [...new Set(input.scopes)].sort(),
        station: input.station ?? false,
        createdAt: now.toISOString(),
        expiresAt: new Date(now.getTime() + (input.expires_days ?? 90) * DAY_MS).toISOString(),
        lastUsedAt: null,
        revokedAt: null,
      });
      await manager.insert(ApiTokenEntity, entity);
      return entity;
    });
    return { ...toResponse(token), token: raw };
  }

  async revoke(principal: Principal, tokenId: string): Promise<SessionRevocationResponse> {
    return this.database.write(async (manager) => {
      const result = await manager.update(ApiTokenEntity, { id: tokenId, userId: principal.userId, revokedAt: IsNull() }, { revokedAt: this.clock.now().toISOString() });
      if (!result.affected) throw new ApiException(404, 'token_not_found');
      return { revoked: 1, authenticated: true };
    });
  }

  /** Revokes every token a user created (used when the user is blocked). */
  async revokeAllOf(manager: EntityManager, userId: string): Promise<number> {
    const result = await manager.update(ApiTokenEntity, { userId, revokedAt: IsNull() }, { revokedAt: this.clock.now().toISOString() });
    return result.affected ?? 0;
  }

  /** Records a use of the token, at most every five minutes so using a token rarely writes. */
  async noteUse(tokenId: string, lastUsedAt: string | null): Promise<void> {
    const now = this.clock.now();
    if (lastUsedAt !== null && now.getTime() - Date.parse(lastUsedAt) < LAST_USED_THROTTLE_MS) return;
    await this.database.write((manager) => manager.update(ApiTokenEntity, { id: tokenId }, { lastUsedAt: now.toISOString() }));
  }
}
