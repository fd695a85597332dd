import { Body, Controller, Delete, Get, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { MinRole, RecentAuth, SessionOnly } from '../../common/access/access.decorators.js';
import { CurrentPrincipal } from '../../common/access/current-principal.decorator.js';
import type { Principal } from '../../common/access/principal.js';
import { Client, type ClientContext } from '../../common/http/client-context.decorator.js';
import { ReauthenticateInput } from './dto/auth.dto.js';
import { RecoveryCodesResponse, SecurityStateResponse, TotpEnableResponse, TotpSetupResponse, TotpVerifyInput } from './dto/security.dto.js';
import { SecurityService } from './security.service.js';

@ApiTags('Authentication')
@SessionOnly()
@MinRole('viewer')
@Controller('api/v1/auth')
export class SecurityController {
  constructor(private readonly security: SecurityService) {}

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
}
