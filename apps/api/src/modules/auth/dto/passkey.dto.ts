import { IsObject, IsOptional, IsString, Length, MaxLength } from 'class-validator';

export class WebAuthnBeginInput {
  /** The page's origin (`location.origin`); it must match the request's Origin header. */
  @IsString()
  @Length(8, 500)
  origin: string;
}

export class WebAuthnOptionsResponse {
  /** Sent back with the authenticator's answer. */
  challenge_id: string;
  /** `PublicKeyCredentialCreationOptionsJSON` or `PublicKeyCredentialRequestOptionsJSON`. */
  options: Record<string, unknown>;
}

export class WebAuthnCompleteInput {
  @IsString()
  @Length(20, 100)
  challenge_id: string;

  /** The credential as JSON (`RegistrationResponseJSON` or `AuthenticationResponseJSON`). */
  @IsObject()
  credential: Record<string, unknown>;

  /** A name for a new passkey, such as "Phone". */
  @IsOptional()
  @IsString()
  @MaxLength(100)
  name?: string | null;
}
