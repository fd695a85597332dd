import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { AppConfig } from '../../config/app-config.js';
import { Clock } from '../../common/clock.js';
import { Database } from '../../database/database.js';
import { sessionIdleCutoff } from './sessions.service.js';

/** How often the sign-in bookkeeping is purged (HINV_TEST_HOUSEKEEPING_MS in tests). */
const HOUSEKEEPING_INTERVAL_MS = 10 * 60 * 1000;

export interface HousekeepingResult {
  webauthn_challenges: number;
  mfa_challenges: number;
  login_failures: number;
  sessions: number;
}

/**
 * Purges what sign-in leaves behind once it can no longer matter: used or expired passkey and
 * second-factor challenges, failures older than the throttle window, and sessions that ended
 * (revoked, past their lifetime or idle past SESSION_IDLE_DAYS). Anybody can make the first
 * three grow, so without this the database would grow without an account.
 */
@Injectable()
export class SignInHousekeepingService implements OnApplicationBootstrap {
  private readonly logger = new Logger('SignInHousekeeping');

  constructor(
    private readonly config: AppConfig,
    private readonly database: Database,
    private readonly clock: Clock,
    private readonly scheduler: SchedulerRegistry,
  ) {}

  onApplicationBootstrap(): void {
    const every = this.config.env.HINV_TEST_HOUSEKEEPING_MS ?? HOUSEKEEPING_INTERVAL_MS;
    this.scheduler.addInterval('sign-in-housekeeping', setInterval(() => void this.scheduledRun(), every));
  }

  private async scheduledRun(): Promise<void> {
    try {
      const result = await this.purge();
      if (Object.values(result).some((count) => count > 0)) this.logger.log({ message: 'sign-in housekeeping', ...result });
    } catch (error) {
      this.logger.error({ message: 'sign-in housekeeping failed', error: error instanceof Error ? error.message : String(error) });
    }
  }

  async purge(): Promise<HousekeepingResult> {
    const now = this.clock.now();
    const at = now.toISOString();
    const windowStart = new Date(now.getTime() - this.config.env.LOGIN_WINDOW_SECONDS * 1000).toISOString();
    const idleSince = sessionIdleCutoff(now, this.config.env.SESSION_IDLE_DAYS).toISOString();
    // The raw connection inside write(): the same transaction, and `changes` counts the rows.
    return this.database.write(() => {
      const run = (sql: string, parameters: string[]): number => this.database.sqlite.prepare(sql).run(...parameters).changes;
      return {
        webauthn_challenges: run(`DELETE FROM webauthn_challenges WHERE consumed_at IS NOT NULL OR expires_at <= ?`, [at]),
        mfa_challenges: run(`DELETE FROM mfa_challenges WHERE consumed_at IS NOT NULL OR expires_at <= ?`, [at]),
        login_failures: run(`DELETE FROM login_failures WHERE created_at <= ?`, [windowStart]),
        sessions: run(`DELETE FROM sessions WHERE revoked_at IS NOT NULL OR expires_at <= ? OR last_seen_at < ?`, [at, idleSince]),
      };
    });
  }
}
