import { Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { AppConfig } from '../../config/app-config.js';
import { Clock } from '../../common/clock.js';
import { hmacHex } from '../../common/crypto/tokens.js';
import { ApiException } from '../../common/errors/api-exception.js';
import { addressSource } from '../../common/http/ip-literal.js';
import { Database } from '../../database/database.js';
import { AuditEventEntity } from '../audit/audit-event.entity.js';
import { LoginFailureEntity } from './login-failure.entity.js';

/** One counted sign-in step: its row is a failure until the step succeeds. */
export interface SignInAttempt {
  id: number;
  source: string;
  account: string;
  /** The user the step is about, when known (for the audit row). */
  userId: string | null;
  /** "METHOD /route" of the step, for the log and the audit row. */
  action: string;
}

export interface AttemptSubject {
  clientAddress: string | undefined;
  /**
   * The account the step targets: a user id, the identifier as typed when nobody matches, or
   * null when the step names no account (a passkey assertion, an unknown challenge): then it is
   * counted per source only.
   */
  account: { userId: string } | { identifier: string | null | undefined } | null;
  action: string;
}

/**
 * Counts sign-in steps (password, second factor, recovery code, passkey, re-authentication,
 * invitation tokens) in a sliding window of LOGIN_WINDOW_SECONDS.
 *
 * - Every step is counted BEFORE any password hash runs, in one serialized write that reads the
 *   counts and inserts the step's row: a hundred parallel guesses cannot all pass the check.
 *   The row stays as a failure unless the step succeeds.
 * - Per source (an IPv4 address, or an IPv6 /64): LOGIN_MAX_FAILURES failures and the source gets
 *   429 for every account.
 * - Per account: LOGIN_ACCOUNT_MAX_FAILURES failures from all sources together lock the account
 *   for every source that has itself failed in the window. A source without failures still gets
 *   its attempt, so a household member on their own device can sign in while someone guesses
 *   elsewhere (no whole-household lockout); each new source costs the guesser one attempt.
 * - A success forgives only that account's failures from that source; another account's success
 *   clears nothing.
 * Sources and accounts are stored as HMACs, never as addresses or e-mail addresses.
 */
@Injectable()
export class LoginThrottleService {
  private readonly logger = new Logger('SignIn');

  constructor(
    private readonly config: AppConfig,
    private readonly database: Database,
    private readonly clock: Clock,
  ) {}

  sourceOf(clientAddress: string | undefined): string {
    return hmacHex(this.config.secret.key, `login-source:${clientAddress ? addressSource(clientAddress) : 'unknown'}`);
  }

  private accountOf(account: AttemptSubject['account']): string {
    if (account === null) return '';
    const name = 'userId' in account ? `user:${account.userId}` : `identifier:${(account.identifier ?? '').trim().toLowerCase()}`;
    return hmacHex(this.config.secret.key, `login-account:${name}`);
  }

  /** Counts the step or refuses it with 429; call before any expensive check. */
  async begin(subject: AttemptSubject): Promise<SignInAttempt> {
    const source = this.sourceOf(subject.clientAddress);
    const account = this.accountOf(subject.account);
    const userId = subject.account && 'userId' in subject.account ? subject.account.userId : null;
    const windowSeconds = this.config.env.LOGIN_WINDOW_SECONDS;
    const now = this.clock.now();
    const since = new Date(now.getTime() - windowSeconds * 1000).toISOString();
    const outcome = await this.database.write(async (manager) => {
      const sourceFailures = await this.count(manager, 'source_hash', source, since);
      const accountFailures = account ? await this.count(manager, 'account_hash', account, since) : 0;
      const lockedBy =
        sourceFailures >= this.config.env.LOGIN_MAX_FAILURES
          ? 'source'
          : accountFailures >= this.config.env.LOGIN_ACCOUNT_MAX_FAILURES && sourceFailures > 0
            ? 'account'
            : null;
      if (lockedBy) {
        await this.audit(manager, subject.action, userId, 429, `sign_in_locked_${lockedBy}`);
        return { lockedBy } as const;
      }
      const inserted = await manager.insert(LoginFailureEntity, { sourceHash: source, accountHash: account, createdAt: now.toISOString() });
      return { id: Number(inserted.identifiers[0].id) } as const;
    });
    if ('lockedBy' in outcome) {
      this.logger.warn({ message: 'sign-in refused: too many failures', action: subject.action, locked_by: outcome.lockedBy, user_id: userId });
      throw new ApiException(429, 'too_many_attempts', {}, { 'Retry-After': String(windowSeconds) });
    }
    return { id: outcome.id, source, account, userId, action: subject.action };
  }

  /** The step failed: its row stays counted; the failure is logged and audited. */
  failed(attempt: SignInAttempt, status = 401): void {
    this.logger.warn({ message: 'sign-in step failed', action: attempt.action, user_id: attempt.userId });
    this.database
      .writeLater((manager) => this.audit(manager, attempt.action, attempt.userId, status, 'sign_in_failed'))
      .catch((error: unknown) => this.logger.error({ message: 'audit event not written', error: String(error) }));
  }

  /** The step passed but the sign-in goes on (a second factor follows): only this step's row goes. */
  async passed(manager: EntityManager, attempt: SignInAttempt): Promise<void> {
    await manager.delete(LoginFailureEntity, { id: attempt.id });
  }

  /** The account proved itself from this source: its failures from this source are forgiven. */
  async succeeded(manager: EntityManager, attempt: SignInAttempt): Promise<void> {
    await manager.delete(LoginFailureEntity, { accountHash: attempt.account, sourceHash: attempt.source });
  }

  private async count(manager: EntityManager, column: 'source_hash' | 'account_hash', hash: string, since: string): Promise<number> {
    const [row] = (await manager.query(`SELECT COUNT(*) AS n FROM login_failures WHERE ${column} = ? AND created_at > ?`, [hash, since])) as { n: number }[];
    return Number(row.n);
  }

  private async audit(manager: EntityManager, action: string, userId: string | null, statusCode: number, what: string): Promise<void> {
    await manager.insert(AuditEventEntity, {
      createdAt: this.clock.now().toISOString(),
      category: 'sign_in',
      action: `${what} ${action}`,
      outcome: 'failure',
      statusCode,
      actorUserId: userId,
      tokenId: null,
    });
  }
}
