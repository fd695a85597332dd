import { randomUUID } from 'node:crypto';
import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { IsNull, MoreThan, type EntityManager } from 'typeorm';
import type { Locale } from '@hinv/shared';
import { AppConfig } from '../../config/app-config.js';
import { Clock } from '../../common/clock.js';
import { hashPassword, verifyPassword } from '../../common/crypto/passwords.js';
import { randomToken, sha256Hex } from '../../common/crypto/tokens.js';
import { ApiException } from '../../common/errors/api-exception.js';
import type { Principal } from '../../common/access/principal.js';
import type { ClientContext } from '../../common/http/client-context.decorator.js';
import { Database } from '../../database/database.js';
import { MasterDataService } from '../catalog/master-data/master-data.service.js';
import { signedIn, authenticationResult } from './auth.mapper.js';
import type {
  AuthenticationResponse,
  LoginRequest,
  MfaVerifyInput,
  OwnerProfileUpdateInput,
  PasswordChangeInput,
  RecoveryLoginInput,
  SetupRequest,
  UserPreferencesUpdateInput,
} from './dto/auth.dto.js';
import { HouseholdEntity } from './household.entity.js';
import { LoginThrottleService, type SignInAttempt } from './login-throttle.service.js';
import { MfaChallengeEntity } from './mfa-challenge.entity.js';
import { SecondFactorService } from './second-factor.service.js';
import type { AuthenticationMethod } from './session.entity.js';
import { SessionsService } from './sessions.service.js';
import { newUserRow, UserEntity } from './user.entity.js';

export type RequestContext = ClientContext;

/** An authentication answer plus, when a session began, the raw token for the cookie. */
export interface AuthOutcome {
  response: AuthenticationResponse;
  sessionToken?: string;
}

const MFA_CHALLENGE_MS = 5 * 60 * 1000;
const HOUSEHOLD_NAMES: Record<Locale, string> = { de: 'Mein Haushalt', en: 'My household' };
const OWNER_NAMES: Record<Locale, string> = { de: 'Inhaber', en: 'Owner' };

/**
 * First run, sign-in (password, second factor, recovery code), sign-out and the signed-in
 * user's own account. Every failure of a sign-in step answers the same 401 and counts
 * toward the login throttle.
 */
@Injectable()
export class AuthService implements OnApplicationBootstrap {
  private readonly logger = new Logger(AuthService.name);
  /** Verified against when no user matches, so a wrong e-mail costs as much time as a wrong password. */
  private readonly decoyHash = hashPassword(randomToken(16));

  constructor(
    private readonly config: AppConfig,
    private readonly database: Database,
    private readonly clock: Clock,
    private readonly sessions: SessionsService,
    private readonly throttle: LoginThrottleService,
    private readonly secondFactor: SecondFactorService,
    private readonly masterData: MasterDataService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.ensureEnvironmentOwner();
  }

  /**
   * APP_PASSWORD mode: the owner exists from the first start (and again right after an erasure)
   * and signs in with that password.
   */
  async ensureEnvironmentOwner(): Promise<void> {
    const password = this.config.env.APP_PASSWORD;
    if (!password) return;
    const owner = await this.database.manager.findOneBy(UserEntity, { role: 'owner' });
    if (!owner) {
      const passwordHash = await hashPassword(password);
      await this.database.write((manager) => this.createHousehold(manager, passwordHash, null, 'de'));
      this.logger.log('APP_PASSWORD is set: created the household and its owner');
    } else if (!(await verifyPassword(password, owner.passwordHash))) {
      const passwordHash = await hashPassword(password);
      await this.database.write((manager) => manager.update(UserEntity, { id: owner.id }, { passwordHash, updatedAt: this.clock.now().toISOString() }));
      this.logger.log('APP_PASSWORD changed: updated the owner password');
    }
  }

  private householdExists(manager: EntityManager = this.database.manager): Promise<boolean> {
    return manager.exists(HouseholdEntity);
  }

  private activeUserCount(manager: EntityManager = this.database.manager): Promise<number> {
    return manager.count(UserEntity, { where: { active: true } });
  }

  private async household(manager: EntityManager = this.database.manager): Promise<HouseholdEntity> {
    return manager.findOneOrFail(HouseholdEntity, { where: {} });
  }

  private async createHousehold(manager: EntityManager, passwordHash: string, displayName: string | null, locale: Locale): Promise<UserEntity> {
    const now = this.clock.now().toISOString();
    const household = manager.create(HouseholdEntity, { id: randomUUID(), name: HOUSEHOLD_NAMES[locale], createdAt: now });
    await manager.insert(HouseholdEntity, household);
    const owner = newUserRow(
      {
        householdId: household.id,
        email: null,
        displayName: displayName ?? OWNER_NAMES[locale],
        role: 'owner',
        passwordHash,
        preferredLocale: locale,
        ownerSetupComplete: displayName !== null,
      },
      now,
    );
    await manager.insert(UserEntity, owner);
    await this.masterData.seed(manager, locale);
    return owner;
  }

  /** The sign-in state for whoever holds `sessionToken` (or nobody). */
  async state(sessionToken: string | undefined): Promise<AuthenticationResponse> {
    const resolved = sessionToken ? await this.sessions.resolve(sessionToken) : null;
    if (resolved) return signedIn(resolved.user, await this.household(), await this.activeUserCount());
    return this.signedOut();
  }

  /**
   * Nobody signed in: every field the reference sends, the unknown ones as null (its client
   * reads `needs_owner_setup` and `user` as present); `identifier_required` once a household exists.
   */
  private async signedOut(): Promise<AuthenticationResponse> {
    const setUp = await this.householdExists();
    return authenticationResult({ authenticated: false, needs_setup: !setUp, identifier_required: setUp ? (await this.activeUserCount()) > 1 : null });
  }

  async me(principal: Principal): Promise<AuthenticationResponse> {
    const user = await this.database.manager.findOneByOrFail(UserEntity, { id: principal.userId });
    return signedIn(user, await this.household(), await this.activeUserCount());
  }

  /**
   * First run. The state is checked before the password is hashed (a setup after setup costs no
   * hash) and again inside the write, where two first runs racing each other are decided.
   */
  async setup(input: SetupRequest, context: RequestContext): Promise<AuthOutcome> {
    const locale = input.preferred_locale ?? 'de';
    const setUp = async (manager?: EntityManager) => Boolean(this.config.env.APP_PASSWORD) || (await this.householdExists(manager));
    if (await setUp()) throw new ApiException(409, 'setup_already_done');
    // Before the household exists, first runs are counted per source like sign-in steps.
    const attempt = await this.throttle.begin({ clientAddress: context.clientAddress, account: null, action: 'POST /api/v1/auth/setup' });
    const passwordHash = await hashPassword(input.password);
    return this.database.write(async (manager) => {
      if (await setUp(manager)) throw new ApiException(409, 'setup_already_done');
      await this.throttle.succeeded(manager, attempt);
      const owner = await this.createHousehold(manager, passwordHash, input.display_name ?? null, locale);
      const sessionToken = await this.sessions.start(manager, owner.id, 'setup', context.userAgent);
      return { response: signedIn(owner, await this.household(manager), 1), sessionToken };
    });
  }

  async login(input: LoginRequest, context: RequestContext): Promise<AuthOutcome> {
    const user = await this.findSignInUser(input.identifier);
    // Counted before the hash: parallel guesses cannot all pass the check.
    const attempt = await this.throttle.begin({
      clientAddress: context.clientAddress,
      account: user ? { userId: user.id } : { identifier: input.identifier },
      action: 'POST /api/v1/auth/login',
    });
    const passwordOk = await verifyPassword(input.password, user?.passwordHash ?? (await this.decoyHash));
    if (!user || !passwordOk) {
      this.throttle.failed(attempt);
      throw new ApiException(401, 'invalid_credentials');
    }
    if (user.totpEnabled) {
      const challenge = randomToken(32);
      await this.database.write(async (manager) => {
        // The password step passed; earlier failures stay until the second factor passes too.
        await this.throttle.passed(manager, attempt);
        await manager.insert(MfaChallengeEntity, {
          id: randomUUID(),
          userId: user.id,
          challengeHash: sha256Hex(challenge),
          sourceHash: attempt.source,
          expiresAt: new Date(this.clock.now().getTime() + MFA_CHALLENGE_MS).toISOString(),
          consumedAt: null,
        });
      });
      return { response: authenticationResult({ authenticated: false, mfa_required: true, mfa_challenge: challenge, mfa_methods: ['totp', 'recovery_code'] }) };
    }
    return this.completeSignIn(user, 'password', attempt, context);
  }

  async verifyMfa(input: MfaVerifyInput, context: RequestContext): Promise<AuthOutcome> {
    const source = this.throttle.sourceOf(context.clientAddress);
    const now = this.clock.now().toISOString();
    const challenge = await this.database.manager.findOneBy(MfaChallengeEntity, {
      challengeHash: sha256Hex(input.challenge),
      sourceHash: source,
      consumedAt: IsNull(),
      expiresAt: MoreThan(now),
    });
    const attempt = await this.throttle.begin({
      clientAddress: context.clientAddress,
      account: challenge ? { userId: challenge.userId } : null,
      action: 'POST /api/v1/auth/mfa/verify',
    });
    const outcome = challenge
      ? await this.database.write(async (manager) => {
          // Read inside the write: the last accepted TOTP step decides it, and two sign-ins with
          // one code must not both see the step before it.
          const user = await manager.findOneBy(UserEntity, { id: challenge.userId, active: true });
          if (!user || !(await this.secondFactor.acceptEither(manager, user, input.code))) return null;
          // Consumed only on success, and only once even when two verifications race.
          const consumed = await manager.update(MfaChallengeEntity, { id: challenge.id, consumedAt: IsNull() }, { consumedAt: now });
          if (!consumed.affected) return null;
          return this.startSession(manager, user, 'password', attempt, context);
        })
      : null;
    if (!outcome) {
      this.throttle.failed(attempt);
      throw new ApiException(401, 'invalid_credentials');
    }
    return outcome;
  }

  /** Signs in with e-mail and a recovery code alone; the code is used up. */
  async recoveryLogin(input: RecoveryLoginInput, context: RequestContext): Promise<AuthOutcome> {
    const user = await this.findSignInUser(input.identifier);
    const attempt = await this.throttle.begin({
      clientAddress: context.clientAddress,
      account: user ? { userId: user.id } : { identifier: input.identifier },
      action: 'POST /api/v1/auth/recovery',
    });
    // Recovery codes stand in for the second factor only: without TOTP they sign nobody in.
    const outcome = user?.totpEnabled
      ? await this.database.write(async (manager) =>
          (await this.secondFactor.consumeRecoveryCode(manager, user.id, input.code)) ? this.startSession(manager, user, 'recovery_code', attempt, context) : null,
        )
      : null;
    if (!outcome) {
      this.throttle.failed(attempt);
      throw new ApiException(401, 'invalid_credentials');
    }
    return outcome;
  }

  /** Used by every sign-in path once the user has proven who they are. */
  completeSignIn(user: UserEntity, method: AuthenticationMethod, attempt: SignInAttempt, context: RequestContext): Promise<AuthOutcome> {
    return this.database.write((manager) => this.startSession(manager, user, method, attempt, context));
  }

  /**
   * Starts a session inside the caller's write; the counted `attempt` (when there is one) has this
   * account's failures from its source forgiven, and nobody else's.
   */
  async startSession(manager: EntityManager, user: UserEntity, method: AuthenticationMethod, attempt: SignInAttempt | null, context: RequestContext): Promise<AuthOutcome> {
    if (attempt) await this.throttle.succeeded(manager, attempt);
    const sessionToken = await this.sessions.start(manager, user.id, method, context.userAgent);
    return { response: signedIn(user, await this.household(manager), await this.activeUserCount(manager)), sessionToken };
  }

  private async findSignInUser(identifier: string | null | undefined): Promise<UserEntity | null> {
    if (identifier) return this.database.manager.findOneBy(UserEntity, { email: identifier.trim().toLowerCase(), active: true });
    const active = await this.database.manager.find(UserEntity, { where: { active: true }, take: 2 });
    return active.length === 1 ? active[0] : null;
  }

  /** Sets the owner's name; `email` is changed only when sent (null clears it). */
  async updateProfile(principal: Principal, input: OwnerProfileUpdateInput): Promise<AuthenticationResponse> {
    await this.database.write(async (manager) => {
      const changes: Partial<UserEntity> = { displayName: input.display_name.trim(), ownerSetupComplete: true, updatedAt: this.clock.now().toISOString() };
      if (input.email !== undefined) {
        const email = input.email ? input.email.trim().toLowerCase() : null;
        const holder = email ? await manager.findOneBy(UserEntity, { email }) : null;
        if (holder && holder.id !== principal.userId) throw new ApiException(409, 'email_in_use');
        changes.email = email;
      }
      await manager.update(UserEntity, { id: principal.userId }, changes);
    });
    return this.me(principal);
  }

  async updatePreferences(principal: Principal, input: UserPreferencesUpdateInput): Promise<AuthenticationResponse> {
    await this.database.write((manager) =>
      manager.update(UserEntity, { id: principal.userId }, { preferredLocale: input.preferred_locale, updatedAt: this.clock.now().toISOString() }),
    );
    return this.me(principal);
  }

  /**
   * A new password, given the current one (counted like a sign-in step: a stolen session cannot
   * guess it). It ends every other session of the user and replaces the recovery codes: a code
   * noted down (or taken) with the old password must not outlive it. Returns the new codes (shown
   * once) when TOTP is on; without TOTP the user has no codes.
   */
  async changePassword(principal: Principal, input: PasswordChangeInput, context: RequestContext): Promise<string[]> {
    if (this.config.env.APP_PASSWORD && principal.role === 'owner') {
      throw new ApiException(409, 'password_managed_by_environment');
    }
    const attempt = await this.throttle.begin({ clientAddress: context.clientAddress, account: { userId: principal.userId }, action: 'PUT /api/v1/auth/password' });
    const user = await this.database.manager.findOneByOrFail(UserEntity, { id: principal.userId });
    if (!(await verifyPassword(input.current_password, user.passwordHash))) {
      this.throttle.failed(attempt, 400);
      throw new ApiException(400, 'current_password_wrong');
    }
    const passwordHash = await hashPassword(input.password);
    return this.database.write(async (manager) => {
      await this.throttle.succeeded(manager, attempt);
      await manager.update(UserEntity, { id: principal.userId }, { passwordHash, updatedAt: this.clock.now().toISOString() });
      await this.sessions.revokeAllOf(manager, principal.userId, principal.sessionId);
      return this.secondFactor.rotateRecoveryCodes(manager, principal.userId);
    });
  }

  async logout(sessionToken: string | undefined): Promise<AuthenticationResponse> {
    if (sessionToken) await this.sessions.revokeByToken(sessionToken);
    return this.signedOut();
  }
}
