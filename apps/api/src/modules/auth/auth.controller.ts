import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Req, Res } from '@nestjs/common';
import { ApiResponse, ApiTags } from '@nestjs/swagger';
import { ErrorResponse } from '../../common/errors/error-response.dto.js';
import type { Request, Response } from 'express';
import { MinRole, Public, RecentAuth, SessionOnly } from '../../common/access/access.decorators.js';
import { CurrentPrincipal } from '../../common/access/current-principal.decorator.js';
import type { Principal } from '../../common/access/principal.js';
import { Client, type ClientContext } from '../../common/http/client-context.decorator.js';
import { AppConfig } from '../../config/app-config.js';
import { AuthService, type AuthOutcome } from './auth.service.js';
import { sessionCookieOf } from '../../common/access/session-cookie-name.js';
import {
  AuthenticationResponse,
  AuthSessionResponse,
  LoginRequest,
  MfaVerifyInput,
  OwnerProfileUpdateInput,
  PasswordChangeInput,
  RecoveryLoginInput,
  SessionRevocationResponse,
  SetupRequest,
  UserPreferencesUpdateInput,
} from './dto/auth.dto.js';
import { PasswordChangeResponse } from './dto/security.dto.js';
import { WebAuthnBeginInput, WebAuthnCompleteInput, WebAuthnOptionsResponse } from './dto/passkey.dto.js';
import { ceremonyOriginOf, PasskeysService } from './passkeys.service.js';
import { SecurityService } from './security.service.js';
import { clearSessionCookie, setSessionCookie } from './session-cookie.js';
import { SessionsService } from './sessions.service.js';

@ApiTags('Authentication')
@Controller('api/v1/auth')
export class AuthController {
  constructor(
    private readonly config: AppConfig,
    private readonly auth: AuthService,
    private readonly sessions: SessionsService,
    private readonly security: SecurityService,
    private readonly passkeys: PasskeysService,
  ) {}

  private signIn(response: Response, outcome: AuthOutcome): AuthenticationResponse {
    setSessionCookie(response, this.config, outcome.sessionToken);
    return outcome.response;
  }

  /** Whether the installation needs setup and whether this browser is signed in. */
  @Public()
  @Get('state')
  getAuthState(@Req() request: Request): Promise<AuthenticationResponse> {
    return this.auth.state(sessionCookieOf(request, this.config.env.SESSION_HTTPS_ONLY));
  }

  /** First run only: creates the household and its owner and signs the owner in. */
  @Public()
  @Post('setup')
  @HttpCode(200)
  async setup(@Body() input: SetupRequest, @Client() client: ClientContext, @Res({ passthrough: true }) response: Response): Promise<AuthenticationResponse> {
    return this.signIn(response, await this.auth.setup(input, client));
  }

  /** Password sign-in; with TOTP on, the answer is a second-factor challenge instead of a session. */
  @Public()
  @Post('login')
  @HttpCode(200)
  async login(@Body() input: LoginRequest, @Client() client: ClientContext, @Res({ passthrough: true }) response: Response): Promise<AuthenticationResponse> {
    return this.signIn(response, await this.auth.login(input, client));
  }

  /** Completes a sign-in with a TOTP or recovery code. */
  @Public()
  @Post('mfa/verify')
  @HttpCode(200)
  async verifyLoginMfa(@Body() input: MfaVerifyInput, @Client() client: ClientContext, @Res({ passthrough: true }) response: Response): Promise<AuthenticationResponse> {
    return this.signIn(response, await this.auth.verifyMfa(input, client));
  }

  /** Signs in with e-mail and a recovery code alone (lost authenticator); the code is used up. */
  @Public()
  @Post('recovery')
  @HttpCode(200)
  async recoveryLogin(@Body() input: RecoveryLoginInput, @Client() client: ClientContext, @Res({ passthrough: true }) response: Response): Promise<AuthenticationResponse> {
    return this.signIn(response, await this.auth.recoveryLogin(input, client));
  }

  /** Starts a passkey sign-in (discoverable credentials: no e-mail address needed). */
  @Public()
  @Post('passkeys/authentication/begin')
  @HttpCode(200)
  beginPasskeyAuthentication(@Body() input: WebAuthnBeginInput, @Req() request: Request): Promise<WebAuthnOptionsResponse> {
    return this.passkeys.beginAuthentication(ceremonyOriginOf(request, input.origin), request.ip);
  }

  @Public()
  @Post('passkeys/authentication/complete')
  @HttpCode(200)
  async completePasskeyAuthentication(@Body() input: WebAuthnCompleteInput, @Client() client: ClientContext, @Res({ passthrough: true }) response: Response): Promise<AuthenticationResponse> {
    return this.signIn(response, await this.passkeys.completeAuthentication(input, client));
  }

  /** Ends this browser's session (also when it has already expired) and clears the cookie. */
  @Public()
  @Post('logout')
  @HttpCode(200)
  async logout(@Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<AuthenticationResponse> {
    clearSessionCookie(response, this.config);
    return this.auth.logout(sessionCookieOf(request, this.config.env.SESSION_HTTPS_ONLY));
  }

  @SessionOnly()
  @MinRole('viewer')
  @Get('me')
  getMe(@CurrentPrincipal() principal: Principal): Promise<AuthenticationResponse> {
    return this.auth.me(principal);
  }

  /** The owner's name and e-mail address. */
  @SessionOnly()
  @MinRole('owner')
  @RecentAuth()
  @Patch('profile')
  updateOwnerProfile(@CurrentPrincipal() principal: Principal, @Body() input: OwnerProfileUpdateInput): Promise<AuthenticationResponse> {
    return this.auth.updateProfile(principal, input);
  }

  @SessionOnly()
  @MinRole('viewer')
  @Patch('preferences')
  updateUserPreferences(@CurrentPrincipal() principal: Principal, @Body() input: UserPreferencesUpdateInput): Promise<AuthenticationResponse> {
    return this.auth.updatePreferences(principal, input);
  }

  /**
   * Sets a new password, ends every other session of the user and replaces the recovery codes
   * (the new ones are in this answer when TOTP is on).
   */
  @SessionOnly()
  @MinRole('viewer')
  @RecentAuth()
  @Put('password')
  @ApiResponse({ status: 400, description: 'current_password is not the password in use (counted like a failed sign-in)', type: ErrorResponse })
  @ApiResponse({ status: 429, description: 'Too many failed attempts for this account or source', type: ErrorResponse })
  async changePassword(@CurrentPrincipal() principal: Principal, @Body() input: PasswordChangeInput, @Client() client: ClientContext): Promise<PasswordChangeResponse> {
    const recoveryCodes = await this.auth.changePassword(principal, input, client);
    return { ...(await this.security.state(principal)), recovery_codes: recoveryCodes };
  }

  @SessionOnly()
  @MinRole('viewer')
  @Get('sessions')
  listAuthSessions(@CurrentPrincipal() principal: Principal): Promise<AuthSessionResponse[]> {
    return this.sessions.list(principal.userId, principal.sessionId);
  }

  @SessionOnly()
  @MinRole('viewer')
  @Delete('sessions/:session_id')
  revokeAuthSession(@CurrentPrincipal() principal: Principal, @Param('session_id') sessionId: string): Promise<SessionRevocationResponse> {
    return this.sessions.revokeOne(principal.userId, sessionId, principal.sessionId);
  }

  @SessionOnly()
  @MinRole('viewer')
  @RecentAuth()
  @Post('sessions/revoke-others')
  @HttpCode(200)
  revokeOtherAuthSessions(@CurrentPrincipal() principal: Principal): Promise<SessionRevocationResponse> {
    return this.sessions.revokeOthers(principal.userId, principal.sessionId);
  }
}
