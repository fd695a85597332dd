import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { MinRole, Public, RecentAuth, SessionOnly } from '../../common/access/access.decorators.js';
import { CurrentPrincipal } from '../../common/access/current-principal.decorator.js';
import type { Principal } from '../../common/access/principal.js';
import { Client, type ClientContext } from '../../common/http/client-context.decorator.js';
import { AppConfig } from '../../config/app-config.js';
import { AuthenticationResponse, SessionRevocationResponse } from '../auth/dto/auth.dto.js';
import { setSessionCookie } from '../auth/session-cookie.js';
import {
  HouseholdInvitationAcceptInput,
  HouseholdInvitationCreateInput,
  HouseholdInvitationPublicResponse,
  HouseholdInvitationResponse,
  HouseholdMemberResponse,
  HouseholdMemberUpdateInput,
} from './dto/members.dto.js';
import { MembersService } from './members.service.js';

@ApiTags('Household members')
@Controller('api/v1/auth')
export class MembersController {
  constructor(
    private readonly config: AppConfig,
    private readonly members: MembersService,
  ) {}

  @SessionOnly()
  @MinRole('admin')
  @Get('members')
  listHouseholdMembers(): Promise<HouseholdMemberResponse[]> {
    return this.members.listMembers();
  }

  /** Changes a member's role or blocks them (ending their sessions and API tokens). */
  @SessionOnly()
  @MinRole('admin')
  @RecentAuth()
  @Patch('members/:user_id')
  updateHouseholdMember(@CurrentPrincipal() principal: Principal, @Param('user_id') userId: string, @Body() input: HouseholdMemberUpdateInput): Promise<HouseholdMemberResponse> {
    return this.members.updateMember(principal, userId, input);
  }

  /** Open invitations. */
  @SessionOnly()
  @MinRole('admin')
  @Get('invitations')
  listHouseholdInvitations(): Promise<HouseholdInvitationResponse[]> {
    return this.members.listInvitations();
  }

  /** Invites someone by e-mail address; the answer carries the one-time invitation token. */
  @SessionOnly()
  @MinRole('admin')
  @RecentAuth()
  @Post('invitations')
  @HttpCode(200)
  createHouseholdInvitation(@CurrentPrincipal() principal: Principal, @Body() input: HouseholdInvitationCreateInput): Promise<HouseholdInvitationResponse> {
    return this.members.createInvitation(principal, input);
  }

  @SessionOnly()
  @MinRole('admin')
  @RecentAuth()
  @Delete('invitations/:invitation_id')
  revokeHouseholdInvitation(@Param('invitation_id') invitationId: string): Promise<SessionRevocationResponse> {
    return this.members.revokeInvitation(invitationId);
  }

  /** What an invitation link offers; 410 once it is used, revoked or expired. */
  @Public()
  @Get('invitations/:token')
  getHouseholdInvitation(@Param('token') token: string): Promise<HouseholdInvitationPublicResponse> {
    return this.members.describeInvitation(token);
  }

  /** Joins the household with the invitation and signs the new member in. */
  @Public()
  @Post('invitations/:token/accept')
  @HttpCode(200)
  async acceptHouseholdInvitation(
    @Param('token') token: string,
    @Body() input: HouseholdInvitationAcceptInput,
    @Client() client: ClientContext,
    @Res({ passthrough: true }) response: Response,
  ): Promise<AuthenticationResponse> {
    const outcome = await this.members.acceptInvitation(token, input, client);
    setSessionCookie(response, this.config, outcome.sessionToken);
    return outcome.response;
  }
}
