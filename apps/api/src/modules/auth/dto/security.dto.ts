import { ApiProperty } from '@nestjs/swagger';
import { IsString, Length } from 'class-validator';

export class PasskeyResponse {
  id: string;
  name: string;
  device_type: string;
  backed_up: boolean;
  transports: string[];
  created_at: string;
  last_used_at?: string | null;
}

export class SecurityStateResponse {
  passkeys: PasskeyResponse[];
  totp_enabled: boolean;
  @ApiProperty({ type: 'integer' })
  recovery_codes_remaining: number;
  /** Whether actions that need recent authentication are allowed right now. */
  recent_authentication: boolean;
  recent_authentication_until?: string | null;
  /** Passkeys and push need https (or localhost). */
  secure_context_required?: boolean = true;
}

/** The answer to a password change: the security state, plus the recovery codes that replaced the old ones. */
export class PasswordChangeResponse extends SecurityStateResponse {
  /** With TOTP on, ten new recovery codes (the old ones stopped working), shown only now; empty otherwise. */
  recovery_codes: string[];
}

export class TotpSetupResponse {
  /** Base32 secret for manual entry. */
  secret: string;
  provisioning_uri: string;
  /** The provisioning URI as an SVG QR code (data URI). */
  qr_data_uri: string;
}

export class TotpVerifyInput {
  @IsString()
  @Length(6, 32)
  code: string;
}

export class TotpEnableResponse {
  enabled: boolean;
  /** New recovery codes, shown only now; empty when unused codes already existed. */
  recovery_codes?: string[];
}

export class RecoveryCodesResponse {
  codes: string[];
  @ApiProperty({ type: 'integer' })
  remaining: number;
}
