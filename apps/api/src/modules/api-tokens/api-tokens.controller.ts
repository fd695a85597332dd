import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { MinRole, RecentAuth, SessionOnly } from '../../common/access/access.decorators.js';
import { CurrentPrincipal } from '../../common/access/current-principal.decorator.js';
import type { Principal } from '../../common/access/principal.js';
import { SessionRevocationResponse } from '../auth/dto/auth.dto.js';
import { ApiTokensService } from './api-tokens.service.js';
import { ApiTokenCreatedResponse, ApiTokenCreateInput, ApiTokenResponse, ApiTokenScopeResponse } from './dto/api-token.dto.js';

/** Automation tokens are managed by owners and admins from a browser session. */
@ApiTags('API tokens')
@SessionOnly()
@MinRole('admin')
@Controller('api/v1/auth')
export class ApiTokensController {
  constructor(private readonly tokens: ApiTokensService) {}

  /** The scopes a token can carry, with what each allows. */
  @Get('api-token-scopes')
  listApiTokenScopes(@CurrentPrincipal() principal: Principal): ApiTokenScopeResponse[] {
    return this.tokens.scopes(principal.locale);
  }

  /** The caller's active tokens (never their values). */
  @Get('api-tokens')
  listApiTokens(@CurrentPrincipal() principal: Principal): Promise<ApiTokenResponse[]> {
    return this.tokens.list(principal);
  }

  /** Creates a token; its raw value is in this answer only. */
  @RecentAuth()
  @Post('api-tokens')
  @HttpCode(200)
  createApiToken(@CurrentPrincipal() principal: Principal, @Body() input: ApiTokenCreateInput): Promise<ApiTokenCreatedResponse> {
    return this.tokens.create(principal, input);
  }

  @RecentAuth()
  @Delete('api-tokens/:token_id')
  revokeApiToken(@CurrentPrincipal() principal: Principal, @Param('token_id') tokenId: string): Promise<SessionRevocationResponse> {
    return this.tokens.revoke(principal, tokenId);
  }
}
