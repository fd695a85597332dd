import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { AuthenticationResponseJSON, AuthenticatorTransport, RegistrationResponseJSON } from '@simplewebauthn/server';
import { In, IsNull, MoreThan } from 'typeorm';
import type { Principal } from '../../common/access/principal.js';
import { Clock } from '../../common/clock.js';
import { randomToken, sha256Hex } from '../../common/crypto/tokens.js';
import { ApiException } from '../../common/errors/api-exception.js';
import { canonicalOrigin } from '../../common/http/origin-guard.js';
import type { ClientContext } from '../../common/http/client-context.decorator.js';
import { AppConfig } from '../../config/app-config.js';
import { Database } from '../../database/database.js';
import { AuthService, type AuthOutcome } from './auth.service.js';
import type { PasskeyResponse } from './dto/security.dto.js';
import type { WebAuthnCompleteInput, WebAuthnOptionsResponse } from './dto/passkey.dto.js';
import { LoginThrottleService, type SignInAttempt } from './login-throttle.service.js';
import { PasskeyEntity } from './passkey.entity.js';
import { UserEntity } from './user.entity.js';
import { WebAuthnChallengeEntity } from './webauthn-challenge.entity.js';

const CHALLENGE_MS = 5 * 60 * 1000;
/** Open (unused, unexpired) passkey challenges one source may hold, and the whole service (the oldest give way). */
const MAX_OPEN_CHALLENGES_PER_SOURCE = 10;
const MAX_OPEN_CHALLENGES = 1000;
const CEREMONY_TIMEOUT_MS = 120_000;
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The WebAuthn library is loaded by the first passkey ceremony, not at start: with its ASN.1 and
 * COSE dependencies it holds about 4 MB that a household without passkeys never needs.
 */
const webAuthn = () => import('@simplewebauthn/server');

export function toPasskeyResponse(passkey: PasskeyEntity): PasskeyResponse {
  return {
    id: passkey.credentialId,
    name: passkey.name,
    device_type: passkey.deviceType,
    backed_up: passkey.backedUp,
    transports: passkey.transports,
    created_at: passkey.createdAt,
    last_used_at: passkey.lastUsedAt,
  };
}

/** Where a ceremony may run: the origin the page reports, its Origin header and the request. */
export interface CeremonyOrigin {
  claimed: string;
  header: string | undefined;
  /** `scheme://host` of the request as the server saw it. */
  own: string;
}

export function ceremonyOriginOf(request: { protocol: string; headers: { host?: string; origin?: string } }, claimed: string): CeremonyOrigin {
  return { claimed, header: request.headers.origin, own: `${request.protocol}://${request.headers.host ?? ''}` };
}

/**
 * Passkeys with @simplewebauthn/server: discoverable credentials with user verification,
 * challenges valid 5 minutes and used once, the relying party id taken from the origin.
 */
@Injectable()
export class PasskeysService {
  constructor(
    private readonly config: AppConfig,
    private readonly database: Database,
    private readonly clock: Clock,
    private readonly auth: AuthService,
    private readonly throttle: LoginThrottleService,
  ) {}

  /**
   * The page's origin must equal its Origin header, be this instance (its own origin, PUBLIC_URL
   * or ALLOWED_ORIGINS) and use https unless it is a loopback host.
   */
  private ceremonyOrigin(origin: CeremonyOrigin): { origin: string; rpId: string } {
    const claimed = canonicalOrigin(origin.claimed);
    const header = origin.header ? canonicalOrigin(origin.header) : null;
    if (!claimed || claimed !== header) throw new ApiException(400, 'passkey_origin_mismatch');
    const trusted = new Set([canonicalOrigin(origin.own), ...[...this.config.env.ALLOWED_ORIGINS, this.config.env.PUBLIC_URL].map(canonicalOrigin)]);
    if (!trusted.has(claimed)) throw new ApiException(400, 'passkey_origin_not_allowed');
    const url = new URL(claimed);
    if (url.protocol !== 'https:' && !LOOPBACK_HOSTS.has(url.hostname)) throw new ApiException(400, 'passkey_https_required');
    return { origin: claimed, rpId: url.hostname };
  }

  /**
   * Stores a ceremony's challenge, unless its source already has MAX_OPEN_CHALLENGES_PER_SOURCE
   * open ones: a challenge is a row anybody may ask for, so without a cap one client could grow
   * the database without limit. Past MAX_OPEN_CHALLENGES open ones in the whole service the
   * oldest is dropped instead of refusing: many sources together (IPv6 /64s are cheap) can then
   * only shorten how long a challenge waits, never lock passkey sign-in for the household.
   * Expired ones are purged by the housekeeping.
   */
  private async storeChallenge(entity: Omit<WebAuthnChallengeEntity, 'idHash' | 'expiresAt' | 'consumedAt' | 'sourceHash'>, clientAddress: string | undefined): Promise<string> {
    const challengeId = randomToken(32);
    const sourceHash = this.throttle.sourceOf(clientAddress);
    const now = this.clock.now();
    const stored = await this.database.write(async (manager) => {
      const open = { consumedAt: IsNull(), expiresAt: MoreThan(now.toISOString()) };
      if ((await manager.count(WebAuthnChallengeEntity, { where: { ...open, sourceHash } })) >= MAX_OPEN_CHALLENGES_PER_SOURCE) return false;
      const surplus = (await manager.count(WebAuthnChallengeEntity, { where: open })) - MAX_OPEN_CHALLENGES + 1;
      if (surplus > 0) {
        // Every challenge lives CHALLENGE_MS: the first to expire is the oldest, rowid breaks ties.
        const oldest = (await manager.query(
          'SELECT id_hash FROM webauthn_challenges WHERE consumed_at IS NULL AND expires_at > ? ORDER BY expires_at, rowid LIMIT ?',
          [now.toISOString(), surplus],
        )) as { id_hash: string }[];
        await manager.delete(WebAuthnChallengeEntity, { idHash: In(oldest.map((challenge) => challenge.id_hash)) });
      }
      await manager.insert(WebAuthnChallengeEntity, {
        ...entity,
        sourceHash,
        idHash: sha256Hex(challengeId),
        expiresAt: new Date(now.getTime() + CHALLENGE_MS).toISOString(),
        consumedAt: null,
      });
      return true;
    });
    if (!stored) throw new ApiException(429, 'too_many_attempts', {}, { 'Retry-After': String(CHALLENGE_MS / 1000) });
    return challengeId;
  }

  /** Takes a live challenge of `kind` out of circulation; null when unknown, used or expired. */
  private async consumeChallenge(challengeId: string, kind: WebAuthnChallengeEntity['kind']): Promise<WebAuthnChallengeEntity | null> {
    const now = this.clock.now().toISOString();
    return this.database.write(async (manager) => {
      const challenge = await manager.findOneBy(WebAuthnChallengeEntity, { idHash: sha256Hex(challengeId), kind, consumedAt: IsNull(), expiresAt: MoreThan(now) });
      if (!challenge) return null;
      await manager.update(WebAuthnChallengeEntity, { idHash: challenge.idHash }, { consumedAt: now });
      return challenge;
    });
  }

  async list(userId: string): Promise<PasskeyResponse[]> {
    const passkeys = await this.database.manager.find(PasskeyEntity, { where: { userId }, order: { createdAt: 'ASC' } });
    return passkeys.map(toPasskeyResponse);
  }

  async beginRegistration(principal: Principal, origin: CeremonyOrigin, clientAddress: string | undefined): Promise<WebAuthnOptionsResponse> {
    const { origin: expected, rpId } = this.ceremonyOrigin(origin);
    const user = await this.database.manager.findOneByOrFail(UserEntity, { id: principal.userId });
    const existing = await this.database.manager.find(PasskeyEntity, { where: { userId: user.id } });
    const options = await (await webAuthn()).generateRegistrationOptions({
      rpName: 'Household Inventory',
      rpID: rpId,
      userName: user.email ?? user.displayName,
      userDisplayName: user.displayName,
      userID: new TextEncoder().encode(user.id),
      attestationType: 'none',
      timeout: CEREMONY_TIMEOUT_MS,
      excludeCredentials: existing.map((passkey) => ({ id: passkey.credentialId, transports: passkey.transports })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    const challengeId = await this.storeChallenge({ kind: 'registration', challenge: options.challenge, origin: expected, rpId, userId: user.id, sessionId: principal.sessionId ?? null }, clientAddress);
    return { challenge_id: challengeId, options: options as unknown as Record<string, unknown> };
  }

  async completeRegistration(principal: Principal, input: WebAuthnCompleteInput): Promise<PasskeyResponse> {
    const challenge = await this.consumeChallenge(input.challenge_id, 'registration');
    const failed = new ApiException(400, 'passkey_registration_failed');
    if (!challenge || challenge.userId !== principal.userId || challenge.sessionId !== (principal.sessionId ?? null)) throw failed;
    const verification = await (await webAuthn()).verifyRegistrationResponse({
      response: input.credential as unknown as RegistrationResponseJSON,
      expectedChallenge: challenge.challenge,
      expectedOrigin: challenge.origin,
      expectedRPID: challenge.rpId,
      requireUserVerification: true,
    }).catch(() => null);
    if (!verification?.verified) throw failed;
    const { credential, credentialDeviceType, credentialBackedUp } = verification.registrationInfo;
    return this.database.write(async (manager) => {
      if (await manager.exists(PasskeyEntity, { where: { credentialId: credential.id } })) {
        throw new ApiException(409, 'passkey_exists');
      }
      const passkey = manager.create(PasskeyEntity, {
        id: randomUUID(),
        userId: principal.userId,
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: credential.transports ?? [],
        deviceType: credentialDeviceType,
        backedUp: credentialBackedUp,
        name: input.name?.trim() || 'Passkey',
        createdAt: this.clock.now().toISOString(),
        lastUsedAt: null,
      });
      await manager.insert(PasskeyEntity, passkey);
      return toPasskeyResponse(passkey);
    });
  }

  async remove(principal: Principal, credentialId: string): Promise<void> {
    await this.database.write(async (manager) => {
      const result = await manager.delete(PasskeyEntity, { userId: principal.userId, credentialId });
      if (!result.affected) throw new ApiException(404, 'passkey_not_found');
    });
  }

  async beginAuthentication(origin: CeremonyOrigin, clientAddress: string | undefined): Promise<WebAuthnOptionsResponse> {
    const { origin: expected, rpId } = this.ceremonyOrigin(origin);
    const options = await (await webAuthn()).generateAuthenticationOptions({ rpID: rpId, userVerification: 'required', timeout: CEREMONY_TIMEOUT_MS });
    const challengeId = await this.storeChallenge({ kind: 'authentication', challenge: options.challenge, origin: expected, rpId, userId: null, sessionId: null }, clientAddress);
    return { challenge_id: challengeId, options: options as unknown as Record<string, unknown> };
  }

  async completeAuthentication(input: WebAuthnCompleteInput, client: ClientContext): Promise<AuthOutcome> {
    // The account is not known before the credential is looked up: counted per source only.
    const attempt = await this.throttle.begin({ clientAddress: client.clientAddress, account: null, action: 'POST /api/v1/auth/passkeys/authentication/complete' });
    const outcome = await this.verifyAssertion(input, attempt, client);
    if (!outcome) {
      this.throttle.failed(attempt);
      throw new ApiException(401, 'passkey_sign_in_failed');
    }
    return outcome;
  }

  private async verifyAssertion(input: WebAuthnCompleteInput, attempt: SignInAttempt, client: ClientContext): Promise<AuthOutcome | null> {
    const challenge = await this.consumeChallenge(input.challenge_id, 'authentication');
    const response = input.credential as unknown as AuthenticationResponseJSON;
    if (!challenge || typeof response.id !== 'string') return null;
    const passkey = await this.database.manager.findOneBy(PasskeyEntity, { credentialId: response.id });
    const user = passkey ? await this.database.manager.findOneBy(UserEntity, { id: passkey.userId, active: true }) : null;
    if (!passkey || !user) return null;
    const verification = await (await webAuthn()).verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge.challenge,
      expectedOrigin: challenge.origin,
      expectedRPID: challenge.rpId,
      credential: {
        id: passkey.credentialId,
        publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
        counter: passkey.counter,
        transports: passkey.transports as AuthenticatorTransport[],
      },
      requireUserVerification: true,
    }).catch(() => null);
    if (!verification?.verified) return null;
    return this.database.write(async (manager) => {
      await manager.update(PasskeyEntity, { id: passkey.id }, { counter: verification.authenticationInfo.newCounter, lastUsedAt: this.clock.now().toISOString() });
      return this.auth.startSession(manager, user, 'passkey', attempt, client);
    });
  }
}
