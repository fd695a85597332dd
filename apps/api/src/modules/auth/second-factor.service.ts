import { randomInt, randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { IsNull, type EntityManager } from 'typeorm';
import { AppConfig } from '../../config/app-config.js';
import { Clock } from '../../common/clock.js';
import { SecretBox } from '../../common/crypto/secret-box.js';
import { sha256Hex } from '../../common/crypto/tokens.js';
import { RecoveryCodeEntity } from './recovery-code.entity.js';
import { UserEntity } from './user.entity.js';

const TOTP_PERIOD_SECONDS = 30;
const RECOVERY_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
const RECOVERY_CODE_COUNT = 10;
export const TOTP_ISSUER = 'Household Inventory';

/**
 * The TOTP and QR code libraries are loaded when a second factor is first set up or checked, not
 * at start: a household that never enables TOTP does not keep them in memory.
 */
const totp = () => import('otplib');
const qrCodes = () => import('qrcode');

/** Recovery codes are compared on their upper-cased letters and digits only. */
export function normalizeRecoveryCode(code: string): string {
  return code.toUpperCase().replace(/[^0-9A-Z]/g, '');
}

/** 20 characters from an alphabet without look-alikes, shown as 4 groups of 5. */
export function newRecoveryCode(): string {
  const characters = Array.from({ length: 20 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
  return [0, 5, 10, 15].map((start) => characters.slice(start, start + 5).join('')).join('-');
}

export interface TotpSetup {
  secret: string;
  provisioning_uri: string;
  qr_data_uri: string;
}

/**
 * The second factor: TOTP (30 s, 6 digits, SHA-1, ±1 step, no replay of a used step; the
 * secret sealed at rest) and single-use recovery codes (stored as SHA-256).
 */
@Injectable()
export class SecondFactorService {
  private readonly box: SecretBox;

  constructor(
    config: AppConfig,
    private readonly clock: Clock,
  ) {
    this.box = new SecretBox(config.secret.key);
  }

  async beginTotp(manager: EntityManager, user: UserEntity): Promise<TotpSetup> {
    const { generateSecret, generateURI } = await totp();
    const secret = generateSecret({ length: 20 });
    await manager.update(UserEntity, { id: user.id }, { totpSecret: this.box.seal(secret), totpLastStep: null, updatedAt: this.clock.now().toISOString() });
    const uri = generateURI({ issuer: TOTP_ISSUER, label: user.email ?? user.displayName, secret, period: TOTP_PERIOD_SECONDS, digits: 6, algorithm: 'sha1' });
    const svg = await (await qrCodes()).default.toString(uri, { type: 'svg', margin: 1 });
    return { secret, provisioning_uri: uri, qr_data_uri: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
  }

  /**
   * Checks a TOTP code against the user's secret and, when it matches a step later than the last
   * accepted one, records that step so the same code cannot be used again.
   */
  async acceptTotp(manager: EntityManager, user: UserEntity, code: string): Promise<boolean> {
    const token = code.replace(/\s+/g, '');
    if (!user.totpSecret || !/^\d{6}$/.test(token)) return false;
    const { verify } = await totp();
    const result = await verify({
      secret: this.box.open(user.totpSecret),
      token,
      period: TOTP_PERIOD_SECONDS,
      epoch: Math.floor(this.clock.now().getTime() / 1000),
      epochTolerance: TOTP_PERIOD_SECONDS,
      ...(user.totpLastStep !== null ? { afterTimeStep: user.totpLastStep } : {}),
      // A last step beyond the window (a clock set back) is refused by otplib with an error: no match.
    }).catch(() => ({ valid: false as const }));
    // otplib's result type also covers HOTP, whose matches carry no time step.
    if (!result.valid || !('timeStep' in result)) return false;
    await manager.update(UserEntity, { id: user.id }, { totpLastStep: result.timeStep });
    user.totpLastStep = result.timeStep;
    return true;
  }

  /** Uses up one unused recovery code of the user; false when none matches. */
  async consumeRecoveryCode(manager: EntityManager, userId: string, code: string): Promise<boolean> {
    const normalized = normalizeRecoveryCode(code);
    if (normalized.length !== 20) return false;
    const result = await manager.update(
      RecoveryCodeEntity,
      { userId, codeHash: sha256Hex(normalized), usedAt: IsNull() },
      { usedAt: this.clock.now().toISOString() },
    );
    return (result.affected ?? 0) > 0;
  }

  /** TOTP first, then a recovery code, as the sign-in and re-authentication steps accept either. */
  async acceptEither(manager: EntityManager, user: UserEntity, code: string): Promise<boolean> {
    return (await this.acceptTotp(manager, user, code)) || (await this.consumeRecoveryCode(manager, user.id, code));
  }

  /** Replaces the user's recovery codes with ten new ones and returns them (shown once). */
  async replaceRecoveryCodes(manager: EntityManager, userId: string): Promise<string[]> {
    await manager.delete(RecoveryCodeEntity, { userId });
    const now = this.clock.now().toISOString();
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await manager.insert(
      RecoveryCodeEntity,
      codes.map((code) => ({ id: randomUUID(), userId, codeHash: sha256Hex(normalizeRecoveryCode(code)), createdAt: now, usedAt: null })),
    );
    return codes;
  }

  /**
   * After a password change: a new set when TOTP is on (returned, shown once), none otherwise.
   * Codes made with the old password never outlive it.
   */
  async rotateRecoveryCodes(manager: EntityManager, userId: string): Promise<string[]> {
    const user = await manager.findOneByOrFail(UserEntity, { id: userId });
    if (user.totpEnabled) return this.replaceRecoveryCodes(manager, userId);
    await this.deleteRecoveryCodes(manager, userId);
    return [];
  }

  /** Turning TOTP off takes the recovery codes with it: they stand in for the second factor only. */
  async deleteRecoveryCodes(manager: EntityManager, userId: string): Promise<void> {
    await manager.delete(RecoveryCodeEntity, { userId });
  }

  remainingRecoveryCodes(manager: EntityManager, userId: string): Promise<number> {
    return manager.count(RecoveryCodeEntity, { where: { userId, usedAt: IsNull() } });
  }
}
