import { ApiProperty } from '@nestjs/swagger';
import { IsEmail, IsIn, IsOptional, IsString, Length, MaxLength, ValidateIf } from 'class-validator';
import { LOCALES, ROLES, type Locale, type Role } from '@hinv/shared';

export class AuthenticatedUserResponse {
  id: string;
  display_name: string;
  email?: string | null;
  household_id: string;
  household_name: string;
  owner_setup_complete: boolean;
  @ApiProperty({ enum: LOCALES })
  preferred_locale: Locale;
  @ApiProperty({ enum: ROLES })
  role: Role;
}

/** The answer of every sign-in step and of the session state. */
export class AuthenticationResponse {
  authenticated: boolean;
  /** More than one active user exists, so sign-in needs an e-mail address. */
  identifier_required?: boolean | null;
  /** Sent to `POST /auth/mfa/verify` together with a code. */
  mfa_challenge?: string | null;
  @ApiProperty({ type: 'array', items: { type: 'string', enum: ['totp', 'recovery_code'] }, nullable: true, required: false })
  mfa_methods?: ('totp' | 'recovery_code')[] | null;
  mfa_required?: boolean | null;
  /** The owner has not yet chosen a display name. */
  needs_owner_setup?: boolean | null;
  /** No household exists yet: `POST /auth/setup` creates it. */
  needs_setup?: boolean | null;
  user?: AuthenticatedUserResponse | null;
}

const EMAIL_RULE = { message: 'email must be an e-mail address' };

export class SetupRequest {
  @IsString()
  @Length(10, 512)
  password: string;

  @IsOptional()
  @IsString()
  @Length(2, 100)
  display_name?: string | null;

  /** The owner's interface language; also the language of the seeded master data. */
  @IsOptional()
  @IsIn(LOCALES)
  preferred_locale?: Locale = 'de';
}

export class LoginRequest {
  /** The e-mail address; may be left out while exactly one active user exists. */
  @IsOptional()
  @IsString()
  @MaxLength(320)
  identifier?: string | null;

  @IsString()
  @Length(1, 512)
  password: string;
}

export class MfaVerifyInput {
  @IsString()
  @Length(20, 500)
  challenge: string;

  /** A 6-digit TOTP code or a recovery code. */
  @IsString()
  @Length(6, 64)
  code: string;
}

export class RecoveryLoginInput {
  @IsString()
  @Length(2, 320)
  identifier: string;

  @IsString()
  @Length(10, 64)
  code: string;
}

export class ReauthenticateInput {
  @IsString()
  @Length(1, 512)
  password: string;

  /** TOTP or recovery code; required when TOTP is on. */
  @IsOptional()
  @IsString()
  @MaxLength(64)
  code?: string | null;
}

export class PasswordChangeInput {
  /** The password in use now: a session alone (a device left signed in) cannot change it. */
  @IsString()
  @Length(1, 512)
  current_password: string;

  @IsString()
  @Length(10, 512)
  password: string;
}

export class OwnerProfileUpdateInput {
  @IsString()
  @Length(2, 100)
  display_name: string;

  @IsOptional()
  @ValidateIf((_object, value) => value !== null)
  @IsString()
  @MaxLength(320)
  @IsEmail({}, EMAIL_RULE)
  email?: string | null;
}

export class UserPreferencesUpdateInput {
  @IsIn(LOCALES)
  preferred_locale: Locale;
}

export class AuthSessionResponse {
  id: string;
  /** "Browser · Device", derived from the User-Agent when the session began. */
  device_name: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  authenticated_at: string;
  authentication_method: string;
  /** True for the session making this request. */
  current: boolean;
}

export class SessionRevocationResponse {
  @ApiProperty({ type: 'integer' })
  revoked: number;
  /** False when the caller revoked its own session and is now signed out. */
  authenticated?: boolean = true;
}
