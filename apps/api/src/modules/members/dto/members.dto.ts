import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean, IsEmail, IsIn, IsInt, IsOptional, IsString, Length, Max, Min } from 'class-validator';
import { LOCALES, ROLES, type Locale, type Role } from '@hinv/shared';

/** Roles an invitation or a role change can give; there is exactly one owner. */
export const INVITABLE_ROLES = ['admin', 'member', 'viewer'] as const;
export type InvitableRole = (typeof INVITABLE_ROLES)[number];

export class HouseholdInvitationCreateInput {
  @IsString()
  @Length(2, 100)
  display_name: string;

  @IsString()
  @Length(5, 320)
  @IsEmail({}, { message: 'email must be an e-mail address' })
  email: string;

  @IsOptional()
  @IsIn(INVITABLE_ROLES)
  role?: InvitableRole = 'member';

  /** How long the invitation link works. */
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(168)
  expires_hours?: number = 72;
}

export class HouseholdInvitationResponse {
  id: string;
  display_name: string;
  email: string;
  @ApiProperty({ enum: INVITABLE_ROLES })
  role: InvitableRole;
  expires_at: string;
  created_at: string;
  /** The raw invitation token, present only in the answer that created it. */
  invite_token?: string | null;
}

export class HouseholdInvitationPublicResponse {
  valid: boolean;
  household_name: string;
  display_name: string;
  email: string;
  @ApiProperty({ enum: INVITABLE_ROLES })
  role: InvitableRole;
  expires_at: string;
}

export class HouseholdInvitationAcceptInput {
  @IsString()
  @Length(10, 512)
  password: string;

  @IsOptional()
  @IsIn(LOCALES)
  preferred_locale?: Locale = 'de';
}

export class HouseholdMemberResponse {
  id: string;
  display_name: string;
  email?: string | null;
  @ApiProperty({ enum: ROLES })
  role: Role;
  active: boolean;
  @ApiProperty({ type: 'integer' })
  active_session_count: number;
  created_at: string;
  updated_at: string;
}

export class HouseholdMemberUpdateInput {
  @IsIn(INVITABLE_ROLES)
  role: InvitableRole;

  /** False blocks the member: their sessions end and their API tokens stop working. */
  @IsOptional()
  @IsBoolean()
  active?: boolean = true;
}
