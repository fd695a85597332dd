import { Injectable, Logger } from '@nestjs/common';
import type { Statement } from 'better-sqlite3';
import type { EntityManager } from 'typeorm';
import { AppConfig } from '../../config/app-config.js';
import { Clock } from '../../common/clock.js';
import { hmacHex } from '../../common/crypto/tokens.js';
import { ApiException } from '../../common/errors/api-exception.js';
import { addressSource } from '../../common/http/ip-literal.js';
import { Database } from '../../database/database.js';
import { AuditEventEntity } from '../audit/audit-event.entity.js';
import { LoginFailureEntity } from './login-failure.entity.js';

const SOURCE = 'source_hash';
const ACCOUNT = 'account_hash';
type FailureColumn = typeof SOURCE | typeof ACCOUNT;
const countQuery = (column: FailureColumn) => `SELECT COUNT(*) AS n FROM login_failures WHERE ${column} = ? AND created_at > ?`;

/**
 * The steps a signed-in user takes with their password, and the status of a wrong one. The audit
 * middleware already writes an `api` failure row for such a request; the throttle's `sign_in`
 * row is the same failure, so counts of failures take only one of the two.
 */
export const SIGNED_IN_STEP_FAILURES = [
  { action: 'POST /api/v1/auth/reauthenticate', status: 401 },
  { action: 'PUT /api/v1/auth/password', status: 400 },
] as const;

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
 *   The row stays as a failure unless the step succeeds. Once locked, a step is refused from a
 *   plain read, without any write; one `sign_in_locked_*` audit row marks each lockout.
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

  /**
   * Counts the step or refuses it with 429; call before any expensive check. A source or account
   * already locked is refused from a plain read, without a write: a flood after the lockout costs
   * no disk. The write that counts the step re-checks, so parallel steps cannot all pass; the step
   * whose row brings a count to its limit writes the one audit row of that lockout.
   */
  async begin(subject: AttemptSubject): Promise<SignInAttempt> {
    const source = this.sourceOf(subject.clientAddress);
    const account = this.accountOf(subject.account);
    const userId = subject.account && 'userId' in subject.account ? subject.account.userId : null;
    const now = this.clock.now();
    const since = new Date(now.getTime() - this.config.env.LOGIN_WINDOW_SECONDS * 1000).toISOString();
    const readCount = (column: FailureColumn, hash: string) => this.countStatement(column).get(hash, since)?.n ?? 0;
    if (this.lockedBy(readCount(SOURCE, source), account ? readCount(ACCOUNT, account) : 0)) this.refuse(subject, userId);
    const outcome = await this.database.write(async (manager) => {
      const sourceFailures = await this.count(manager, SOURCE, source, since);
      const accountFailures = account ? await this.count(manager, ACCOUNT, account, since) : 0;
      if (this.lockedBy(sourceFailures, accountFailures)) return { locked: true } as const;
      const inserted = await manager.insert(LoginFailureEntity, { sourceHash: source, accountHash: account, createdAt: now.toISOString() });
      const startsLockout =
        sourceFailures + 1 === this.config.env.LOGIN_MAX_FAILURES ? 'source' : account && accountFailures + 1 === this.config.env.LOGIN_ACCOUNT_MAX_FAILURES ? 'account' : null;
      if (startsLockout) await this.audit(manager, subject.action, userId, 429, `sign_in_locked_${startsLockout}`);
      return { id: Number(inserted.identifiers[0].id), startsLockout } as const;
    });
    if ('locked' in outcome) this.refuse(subject, userId);
    if (outcome.startsLockout) {
      this.logger.warn({ message: 'sign-in locked: too many failures', action: subject.action, locked_by: outcome.startsLockout, user_id: userId });
    }
    return { id: outcome.id, source, account, userId, action: subject.action };
  }

  /**
   * Which limit a step is over: its source's failures, or its account's failures when its source
   * has itself failed (a source without failures still gets its attempt).
   */
  private lockedBy(sourceFailures: number, accountFailures: number): 'source' | 'account' | null {
    if (sourceFailures >= this.config.env.LOGIN_MAX_FAILURES) return 'source';
    if (accountFailures >= this.config.env.LOGIN_ACCOUNT_MAX_FAILURES && sourceFailures > 0) return 'account';
    return null;
  }

  /** A locked step: 429, logged at debug level only (the lockout itself was logged once). */
  private refuse(subject: AttemptSubject, userId: string | null): never {
    this.logger.debug({ message: 'sign-in refused: locked', action: subject.action, user_id: userId });
    throw new ApiException(429, 'too_many_attempts', {}, { 'Retry-After': String(this.config.env.LOGIN_WINDOW_SECONDS) });
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

  private async count(manager: EntityManager, column: FailureColumn, hash: string, since: string): Promise<number> {
    const [row] = (await manager.query(countQuery(column), [hash, since])) as { n: number }[];
    return Number(row.n);
  }

  private readonly countStatements = new Map<FailureColumn, Statement<[string, string], { n: number }>>();

  /** The plain read of the lockout check: a prepared statement, as every refused request runs it. */
  private countStatement(column: FailureColumn): Statement<[string, string], { n: number }> {
    let statement = this.countStatements.get(column);
    if (!statement) {
      statement = this.database.sqlite.prepare<[string, string], { n: number }>(countQuery(column));
      this.countStatements.set(column, statement);
    }
    return statement;
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
