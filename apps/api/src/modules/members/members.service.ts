import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { IsNull, MoreThan } from 'typeorm';
import { roleAtLeast, type Role } from '@hinv/shared';
import type { Principal } from '../../common/access/principal.js';
import { Clock } from '../../common/clock.js';
import { hashPassword } from '../../common/crypto/passwords.js';
import { randomToken, sha256Hex } from '../../common/crypto/tokens.js';
import { ApiException } from '../../common/errors/api-exception.js';
import type { ClientContext } from '../../common/http/client-context.decorator.js';
import { Database } from '../../database/database.js';
import { ApiTokensService } from '../api-tokens/api-tokens.service.js';
import type { SessionRevocationResponse } from '../auth/dto/auth.dto.js';
import { AuthService, type AuthOutcome } from '../auth/auth.service.js';
import { HouseholdEntity } from '../auth/household.entity.js';
import { LoginThrottleService } from '../auth/login-throttle.service.js';
import { SessionEntity } from '../auth/session.entity.js';
import { SessionsService } from '../auth/sessions.service.js';
import { newUserRow, UserEntity } from '../auth/user.entity.js';
import type {
  HouseholdInvitationAcceptInput,
  HouseholdInvitationCreateInput,
  HouseholdInvitationPublicResponse,
  HouseholdInvitationResponse,
  HouseholdMemberResponse,
  HouseholdMemberUpdateInput,
  InvitableRole,
} from './dto/members.dto.js';
import { InvitationEntity } from './invitation.entity.js';

const HOUR_MS = 60 * 60 * 1000;
/** Who may invite (admins and the owner); an invitation stays valid only while its inviter still may. */
const mayInvite = (role: Role): boolean => roleAtLeast(role, 'admin');

function toInvitation(invitation: InvitationEntity, rawToken: string | null = null): HouseholdInvitationResponse {
  return {
    id: invitation.id,
    display_name: invitation.displayName,
    email: invitation.email,
    role: invitation.role as InvitableRole,
    expires_at: invitation.expiresAt,
    created_at: invitation.createdAt,
    invite_token: rawToken,
  };
}

/** Invitations and the members list; owners and admins manage, admins never above their own rank. */
@Injectable()
export class MembersService {
  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
    private readonly sessions: SessionsService,
    private readonly tokens: ApiTokensService,
    private readonly auth: AuthService,
    private readonly throttle: LoginThrottleService,
  ) {}

  async listMembers(): Promise<HouseholdMemberResponse[]> {
    const now = this.clock.now().toISOString();
    const users = await this.database.manager.find(UserEntity, { order: { createdAt: 'ASC' } });
    const sessions = await this.database.manager.find(SessionEntity, { where: { revokedAt: IsNull(), expiresAt: MoreThan(now) }, select: { userId: true } });
    return users.map((user) => ({
      id: user.id,
      display_name: user.displayName,
      email: user.email,
      role: user.role,
      active: user.active,
      active_session_count: sessions.filter((session) => session.userId === user.id).length,
      created_at: user.createdAt,
      updated_at: user.updatedAt,
    }));
  }

  async updateMember(principal: Principal, userId: string, input: HouseholdMemberUpdateInput): Promise<HouseholdMemberResponse> {
    await this.database.write(async (manager) => {
      const target = await manager.findOneBy(UserEntity, { id: userId });
      if (!target || target.role === 'owner') throw new ApiException(404, 'member_not_found');
      if (target.id === principal.userId) throw new ApiException(409, 'cannot_change_self');
      if (principal.role === 'admin' && (target.role === 'admin' || input.role === 'admin')) {
        throw new ApiException(403, 'admin_limit');
      }
      const active = input.active ?? true;
      await manager.update(UserEntity, { id: target.id }, { role: input.role, active, updatedAt: this.clock.now().toISOString() });
      if (!active) {
        await this.sessions.revokeAllOf(manager, target.id);
        await this.tokens.revokeAllOf(manager, target.id);
      }
      if (!active || !mayInvite(input.role)) {
        // Their open invitations end with their right to invite (and leave the open list).
        await manager.update(InvitationEntity, { invitedBy: target.id, acceptedAt: IsNull(), revokedAt: IsNull() }, { revokedAt: this.clock.now().toISOString() });
      }
    });
    const member = (await this.listMembers()).find((m) => m.id === userId);
    return member as HouseholdMemberResponse;
  }

  async listInvitations(): Promise<HouseholdInvitationResponse[]> {
    const invitations = await this.database.manager.find(InvitationEntity, {
      where: { acceptedAt: IsNull(), revokedAt: IsNull(), expiresAt: MoreThan(this.clock.now().toISOString()) },
      order: { createdAt: 'DESC' },
    });
    return invitations.map((invitation) => toInvitation(invitation));
  }

  async createInvitation(principal: Principal, input: HouseholdInvitationCreateInput): Promise<HouseholdInvitationResponse> {
    const role = input.role ?? 'member';
    if (principal.role === 'admin' && role === 'admin') throw new ApiException(403, 'admin_limit');
    const email = input.email.trim().toLowerCase();
    const raw = randomToken(32);
    const now = this.clock.now();
    const invitation = await this.database.write(async (manager) => {
      const inviter = await manager.findOneByOrFail(UserEntity, { id: principal.userId });
      if (!inviter.email) throw new ApiException(409, 'inviter_without_email');
      if (await manager.exists(UserEntity, { where: { email } })) throw new ApiException(409, 'email_in_use');
      const open = await manager.exists(InvitationEntity, { where: { email, acceptedAt: IsNull(), revokedAt: IsNull(), expiresAt: MoreThan(now.toISOString()) } });
      if (open) throw new ApiException(409, 'invitation_exists');
      const entity = manager.create(InvitationEntity, {
        id: randomUUID(),
        email,
        displayName: input.display_name.trim(),
        role,
        tokenHash: sha256Hex(raw),
        invitedBy: principal.userId,
        createdAt: now.toISOString(),
        expiresAt: new Date(now.getTime() + (input.expires_hours ?? 72) * HOUR_MS).toISOString(),
        acceptedAt: null,
        revokedAt: null,
      });
      await manager.insert(InvitationEntity, entity);
      return entity;
    });
    return toInvitation(invitation, raw);
  }

  async revokeInvitation(invitationId: string): Promise<SessionRevocationResponse> {
    return this.database.write(async (manager) => {
      const result = await manager.update(InvitationEntity, { id: invitationId, acceptedAt: IsNull(), revokedAt: IsNull() }, { revokedAt: this.clock.now().toISOString() });
      if (!result.affected) throw new ApiException(404, 'invitation_not_found');
      return { revoked: 1, authenticated: true };
    });
  }

  /**
   * An invitation that can still be accepted, or 410 for unknown, used, revoked or expired ones,
   * and for one whose inviter may no longer invite: blocked, gone, or no longer an owner or admin
   * (an invitation carries its inviter's authority and ends with it).
   */
  private async usableInvitation(rawToken: string, manager = this.database.manager): Promise<InvitationEntity> {
    const invitation = await manager.findOneBy(InvitationEntity, { tokenHash: sha256Hex(rawToken) });
    if (!invitation || invitation.acceptedAt || invitation.revokedAt || invitation.expiresAt <= this.clock.now().toISOString()) {
      throw new ApiException(410, 'invitation_gone');
    }
    const inviter = await manager.findOneBy(UserEntity, { id: invitation.invitedBy, active: true });
    if (!inviter || !mayInvite(inviter.role) || (inviter.role === 'admin' && invitation.role === 'admin')) {
      throw new ApiException(410, 'invitation_gone');
    }
    return invitation;
  }

  async describeInvitation(rawToken: string): Promise<HouseholdInvitationPublicResponse> {
    const invitation = await this.usableInvitation(rawToken);
    const household = await this.database.manager.findOneOrFail(HouseholdEntity, { where: {} });
    return {
      valid: true,
      household_name: household.name,
      display_name: invitation.displayName,
      email: invitation.email,
      role: invitation.role as InvitableRole,
      expires_at: invitation.expiresAt,
    };
  }

  /**
   * Creates the member, uses up the invitation and signs the new member in, all at once. The
   * token is counted like a sign-in step (per source) and checked before the password is hashed:
   * a wrong or used token costs no hash. It is checked again inside the write.
   */
  async acceptInvitation(rawToken: string, input: HouseholdInvitationAcceptInput, client: ClientContext): Promise<AuthOutcome> {
    const attempt = await this.throttle.begin({ clientAddress: client.clientAddress, account: null, action: 'POST /api/v1/auth/invitations/{token}/accept' });
    try {
      const invitation = await this.usableInvitation(rawToken);
      if (await this.database.manager.exists(UserEntity, { where: { email: invitation.email } })) throw new ApiException(410, 'invitation_gone');
    } catch (error) {
      this.throttle.failed(attempt, 410);
      throw error;
    }
    const passwordHash = await hashPassword(input.password);
    return this.database.write(async (manager) => {
      const invitation = await this.usableInvitation(rawToken, manager);
      if (await manager.exists(UserEntity, { where: { email: invitation.email } })) {
        throw new ApiException(410, 'invitation_gone');
      }
      const household = await manager.findOneOrFail(HouseholdEntity, { where: {} });
      const now = this.clock.now().toISOString();
      const member = newUserRow(
        {
          householdId: household.id,
          email: invitation.email,
          displayName: invitation.displayName,
          role: invitation.role,
          passwordHash,
          preferredLocale: input.preferred_locale ?? 'de',
          ownerSetupComplete: true,
        },
        now,
      );
      await manager.insert(UserEntity, member);
      await manager.update(InvitationEntity, { id: invitation.id }, { acceptedAt: now });
      return this.auth.startSession(manager, member, 'invitation', attempt, client);
    });
  }
}
