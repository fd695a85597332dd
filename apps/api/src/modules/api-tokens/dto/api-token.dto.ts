import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsIn, IsInt, IsOptional, IsString, Length, Max, Min } from 'class-validator';
import { API_TOKEN_SCOPES, type ApiTokenScope } from '@hinv/shared';

export class ApiTokenScopeResponse {
  @ApiProperty({ enum: API_TOKEN_SCOPES })
  id: ApiTokenScope;
  label: string;
  description: string;
}

export class ApiTokenResponse {
  id: string;
  name: string;
  /** `hinv_pat_` plus the token's 8-character prefix, to recognise it. */
  token_prefix: string;
  @ApiProperty({ enum: API_TOKEN_SCOPES, isArray: true })
  scopes: ApiTokenScope[];
  /** Created as a scanner station: scans made with it carry its name as `station_name`. */
  station: boolean;
  expires_at: string;
  created_at: string;
  last_used_at?: string | null;
}

export class ApiTokenCreatedResponse extends ApiTokenResponse {
  /** The bearer value. It is shown only in this answer and cannot be retrieved again. */
  token: string;
}

export class ApiTokenCreateInput {
  @IsString()
  @Length(2, 100)
  name: string;

  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(7)
  @IsIn(API_TOKEN_SCOPES, { each: true })
  @ApiProperty({ enum: API_TOKEN_SCOPES, isArray: true, minItems: 1, maxItems: 7 })
  scopes: ApiTokenScope[];

  /** Lifetime in days. */
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(365)
  expires_days?: number = 90;

  /**
   * A scanner station's token (our addition): scans made with it carry its name as
   * `station_name` and are listed under `GET /api/v1/scans/from-stations`. Other tokens (Home
   * Assistant, scripts) leave `station_name` null.
   */
  @IsOptional()
  @IsBoolean()
  station?: boolean = false;
}
