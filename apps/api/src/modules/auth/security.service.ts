import { Injectable } from '@nestjs/common';
import { RECENT_AUTH_WINDOW_MS } from '../../common/access/access.guard.js';
import type { Principal } from '../../common/access/principal.js';
import { Clock } from '../../common/clock.js';
import { verifyPassword } from '../../common/crypto/passwords.js';
import { ApiException } from '../../common/errors/api-exception.js';
import { Database } from '../../database/database.js';
import type { RequestContext } from './auth.service.js';
import type { ReauthenticateInput } from './dto/auth.dto.js';
import type { RecoveryCodesResponse, SecurityStateResponse, TotpEnableResponse, TotpSetupResponse } from './dto/security.dto.js';
import { LoginThrottleService } from './login-throttle.service.js';
import { PasskeysService } from './passkeys.service.js';
import { SecondFactorService } from './second-factor.service.js';
import { SessionsService } from './sessions.service.js';
import { UserEntity } from './user.entity.js';

/** The signed-in user's own security settings: re-authentication, TOTP and recovery codes. */
@Injectable()
export class SecurityService {
  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
    private readonly sessions: SessionsService,
    private readonly secondFactor: SecondFactorService,
    private readonly throttle: LoginThrottleService,
    private readonly passkeys: PasskeysService,
  ) {}

  async state(principal: Principal, authenticatedAt = principal.authenticatedAt): Promise<SecurityStateResponse> {
    const user = await this.database.manager.findOneByOrFail(UserEntity, { id: principal.userId });
    const until = authenticatedAt ? new Date(authenticatedAt.getTime() + RECENT_AUTH_WINDOW_MS) : null;
    const recent = until !== null && until.getTime() >= this.clock.now().getTime();
    return {
      passkeys: await this.passkeys.list(user.id),
      totp_enabled: user.totpEnabled,
      recovery_codes_remaining: await this.secondFactor.remainingRecoveryCodes(this.database.manager, user.id),
      recent_authentication: recent,
      recent_authentication_until: recent ? until.toISOString() : null,
      secure_context_required: true,
    };
  }

  /** Password again, plus a TOTP or recovery code when TOTP is on; renews recent authentication. */
  async reauthenticate(principal: Principal, input: ReauthenticateInput, context: RequestContext): Promise<SecurityStateResponse> {
    const attempt = await this.throttle.begin({ clientAddress: context.clientAddress, account: { userId: principal.userId }, action: 'POST /api/v1/auth/reauthenticate' });
    const user = await this.database.manager.findOneByOrFail(UserEntity, { id: principal.userId });
    const passwordOk = await verifyPassword(input.password, user.passwordHash);
    const authenticatedAt = passwordOk
      ? await this.database.write(async (manager) => {
          // The TOTP state is read again inside the write: its last accepted step decides it.
          const current = await manager.findOneByOrFail(UserEntity, { id: user.id });
          if (current.totpEnabled && !(input.code && (await this.secondFactor.acceptEither(manager, current, input.code)))) return null;
          await this.throttle.succeeded(manager, attempt);
          return this.sessions.markAuthenticated(manager, principal.sessionId as string);
        })
      : null;
    if (!authenticatedAt) {
      this.throttle.failed(attempt);
      throw new ApiException(401, 'invalid_reauthentication');
    }
    return this.state(principal, authenticatedAt);
  }

  async beginTotp(principal: Principal): Promise<TotpSetupResponse> {
    return this.database.write(async (manager) => {
      const user = await manager.findOneByOrFail(UserEntity, { id: principal.userId });
      if (user.totpEnabled) throw new ApiException(409, 'totp_already_enabled');
      return this.secondFactor.beginTotp(manager, user);
    });
  }

  async enableTotp(principal: Principal, code: string): Promise<TotpEnableResponse> {
    return this.database.write(async (manager) => {
      const user = await manager.findOneByOrFail(UserEntity, { id: principal.userId });
      if (user.totpEnabled) throw new ApiException(409, 'totp_already_enabled');
      if (!user.totpSecret) throw new ApiException(409, 'totp_setup_missing');
      if (!(await this.secondFactor.acceptTotp(manager, user, code))) throw new ApiException(400, 'totp_code_invalid');
      await manager.update(UserEntity, { id: user.id }, { totpEnabled: true, updatedAt: this.clock.now().toISOString() });
      const unused = await this.secondFactor.remainingRecoveryCodes(manager, user.id);
      return { enabled: true, recovery_codes: unused > 0 ? [] : await this.secondFactor.replaceRecoveryCodes(manager, user.id) };
    });
  }

  async disableTotp(principal: Principal): Promise<SecurityStateResponse> {
    await this.database.write(async (manager) => {
      const user = await manager.findOneByOrFail(UserEntity, { id: principal.userId });
      if (!user.totpEnabled) throw new ApiException(404, 'totp_not_enabled');
      await manager.update(UserEntity, { id: user.id }, { totpEnabled: false, totpSecret: null, totpLastStep: null, updatedAt: this.clock.now().toISOString() });
      await this.secondFactor.deleteRecoveryCodes(manager, user.id);
    });
    return this.state(principal);
  }

  async regenerateRecoveryCodes(principal: Principal): Promise<RecoveryCodesResponse> {
    const codes = await this.database.write(async (manager) => {
      // Without TOTP a recovery code would be a second password, not a stand-in for the second factor.
      const user = await manager.findOneByOrFail(UserEntity, { id: principal.userId });
      if (!user.totpEnabled) throw new ApiException(409, 'totp_not_enabled');
      return this.secondFactor.replaceRecoveryCodes(manager, principal.userId);
    });
    return { codes, remaining: codes.length };
  }
}
