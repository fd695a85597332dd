import { Body, Controller, Delete, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import { ApiTags } from '@nestjs/swagger';
import { MinRole, RecentAuth, SessionOnly } from '../../common/access/access.decorators.js';
import { CurrentPrincipal } from '../../common/access/current-principal.decorator.js';
import type { Principal } from '../../common/access/principal.js';
import { Client, type ClientContext } from '../../common/http/client-context.decorator.js';
import { ReauthenticateInput } from './dto/auth.dto.js';
import { PasskeyResponse, RecoveryCodesResponse, SecurityStateResponse, TotpEnableResponse, TotpSetupResponse, TotpVerifyInput } from './dto/security.dto.js';
import { WebAuthnBeginInput, WebAuthnCompleteInput, WebAuthnOptionsResponse } from './dto/passkey.dto.js';
import { ceremonyOriginOf, PasskeysService } from './passkeys.service.js';
import { SecurityService } from './security.service.js';

@ApiTags('Authentication')
@SessionOnly()
@MinRole('viewer')
@Controller('api/v1/auth')
export class SecurityController {
  constructor(
    private readonly security: SecurityService,
    private readonly passkeys: PasskeysService,
  ) {}

  /** Second factor, passkeys, recovery codes and the recent-authentication window. */
  @Get('security')
  getAuthSecurity(@CurrentPrincipal() principal: Principal): Promise<SecurityStateResponse> {
    return this.security.state(principal);
  }

  /** Confirms the user's identity again, opening the ten-minute window for sensitive actions. */
  @Post('reauthenticate')
  @HttpCode(200)
  reauthenticate(@CurrentPrincipal() principal: Principal, @Body() input: ReauthenticateInput, @Client() client: ClientContext): Promise<SecurityStateResponse> {
    return this.security.reauthenticate(principal, input, client);
  }

  /** Starts TOTP setup: a new secret, its provisioning URI and QR code. */
  @RecentAuth()
  @Post('totp/setup')
  @HttpCode(200)
  setupTotp(@CurrentPrincipal() principal: Principal): Promise<TotpSetupResponse> {
    return this.security.beginTotp(principal);
  }

  /** Turns TOTP on after a correct code; the first time it also returns ten recovery codes. */
  @RecentAuth()
  @Post('totp/enable')
  @HttpCode(200)
  enableTotp(@CurrentPrincipal() principal: Principal, @Body() input: TotpVerifyInput): Promise<TotpEnableResponse> {
    return this.security.enableTotp(principal, input.code);
  }

  @RecentAuth()
  @Delete('totp')
  disableTotp(@CurrentPrincipal() principal: Principal): Promise<SecurityStateResponse> {
    return this.security.disableTotp(principal);
  }

  /** Replaces all recovery codes with ten new ones, shown only in this answer. */
  @RecentAuth()
  @Post('recovery-codes')
  @HttpCode(200)
  regenerateRecoveryCodes(@CurrentPrincipal() principal: Principal): Promise<RecoveryCodesResponse> {
    return this.security.regenerateRecoveryCodes(principal);
  }

  /** Starts registering a passkey for the signed-in user. */
  @RecentAuth()
  @Post('passkeys/registration/begin')
  @HttpCode(200)
  beginPasskeyRegistration(@CurrentPrincipal() principal: Principal, @Body() input: WebAuthnBeginInput, @Req() request: Request): Promise<WebAuthnOptionsResponse> {
    return this.passkeys.beginRegistration(principal, ceremonyOriginOf(request, input.origin), request.ip);
  }

  @RecentAuth()
  @Post('passkeys/registration/complete')
  @HttpCode(200)
  completePasskeyRegistration(@CurrentPrincipal() principal: Principal, @Body() input: WebAuthnCompleteInput): Promise<PasskeyResponse> {
    return this.passkeys.completeRegistration(principal, input);
  }

  @RecentAuth()
  @Delete('passkeys/:credential_id')
  async deletePasskey(@CurrentPrincipal() principal: Principal, @Param('credential_id') credentialId: string): Promise<SecurityStateResponse> {
    await this.passkeys.remove(principal, credentialId);
    return this.security.state(principal);
  }
}
