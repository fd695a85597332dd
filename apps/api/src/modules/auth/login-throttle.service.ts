import { Injectable } from '@nestjs/common';
import { MoreThan, type EntityManager } from 'typeorm';
import { AppConfig } from '../../config/app-config.js';
import { Clock } from '../../common/clock.js';
import { hmacHex } from '../../common/crypto/tokens.js';
import { ApiException } from '../../common/errors/api-exception.js';
import { Database } from '../../database/database.js';
import { LoginFailureEntity } from './login-failure.entity.js';

/**
 * Counts failed sign-in steps (password, second factor, recovery code, passkey,
 * re-authentication) per source in a sliding window; at LOGIN_MAX_FAILURES the source gets 429
 * until old failures age out. A source is an HMAC of the client address, never the address.
 */
@Injectable()
export class LoginThrottleService {
  constructor(
    private readonly config: AppConfig,
    private readonly database: Database,
    private readonly clock: Clock,
  ) {}

  sourceOf(clientAddress: string | undefined): string {
    return hmacHex(this.config.secret.key, `login-source:${clientAddress ?? 'unknown'}`);
  }

  async assertAllowed(source: string): Promise<void> {
    const windowSeconds = this.config.env.LOGIN_WINDOW_SECONDS;
    const since = new Date(this.clock.now().getTime() - windowSeconds * 1000).toISOString();
    const failures = await this.database.manager.count(LoginFailureEntity, { where: { sourceHash: source, createdAt: MoreThan(since) } });
    if (failures >= this.config.env.LOGIN_MAX_FAILURES) {
      throw new ApiException(429, 'too_many_attempts', {}, { 'Retry-After': String(windowSeconds) });
    }
  }

  /** Records a failure in its own write, so it survives the rollback of the failed request. */
  async recordFailure(source: string): Promise<void> {
    await this.database.write((manager) => manager.insert(LoginFailureEntity, { sourceHash: source, createdAt: this.clock.now().toISOString() }));
  }

  async clear(manager: EntityManager, source: string): Promise<void> {
    await manager.delete(LoginFailureEntity, { sourceHash: source });
  }
}
