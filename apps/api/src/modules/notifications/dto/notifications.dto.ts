import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsBoolean, IsDefined, IsInt, IsString, Length, Max, MaxLength, Min, MinLength, ValidateNested } from 'class-validator';
import { Optional } from '../../../common/errors/nullable.js';

/** What a registration without a device name is called until the User-Agent names it. */
export const DEFAULT_DEVICE_NAME = 'Household Inventory device';
/**
 * Names that mean "no name given", replaced by one from the User-Agent: ours, and the reference's
 * default, which its clients may send as it is.
 */
export const PLACEHOLDER_DEVICE_NAMES: readonly string[] = [DEFAULT_DEVICE_NAME, 'Vorrio-Gerät'];

export const PREFERENCE_DEFAULTS = { push_enabled: false, low_stock_enabled: true, expiry_enabled: true, expiry_days_before: 7 } as const;

/** The whole set of switches; a field left out takes its default (the request replaces the stored set). */
export class NotificationPreferencesInput {
  /** The personal switch: off pauses every delivery while devices stay registered. */
  @Optional()
  @IsBoolean()
  push_enabled?: boolean = false;

  @Optional()
  @IsBoolean()
  low_stock_enabled?: boolean = true;

  @Optional()
  @IsBoolean()
  expiry_enabled?: boolean = true;

  /** How many days before the best-before date an expiry message is sent (household time zone). */
  @Optional()
  @IsInt()
  @Min(0)
  @Max(90)
  @ApiProperty({ type: 'integer', minimum: 0, maximum: 90, default: 7, required: false })
  expiry_days_before?: number = 7;
}

export class NotificationPreferencesResponse {
  @ApiProperty({ default: false, required: false })
  push_enabled?: boolean;
  @ApiProperty({ default: true, required: false })
  low_stock_enabled?: boolean;
  @ApiProperty({ default: true, required: false })
  expiry_enabled?: boolean;
  @ApiProperty({ type: 'integer', minimum: 0, maximum: 90, default: 7, required: false })
  expiry_days_before?: number;
}

export class PushSubscriptionKeysInput {
  /** The browser's P-256 public key (base64url). */
  @IsDefined()
  @IsString()
  @Length(20, 500)
  p256dh: string;

  /** The browser's authentication secret (base64url). */
  @IsDefined()
  @IsString()
  @Length(8, 200)
  auth: string;
}

export class PushSubscriptionCreateInput {
  /** The push service URL from `PushSubscription.endpoint`: https, globally routable. */
  @IsDefined()
  @IsString()
  @MinLength(1)
  @MaxLength(2083)
  @ApiProperty({ format: 'uri', minLength: 1, maxLength: 2083 })
  endpoint: string;

  @IsDefined()
  @ValidateNested()
  @Type(() => PushSubscriptionKeysInput)
  keys: PushSubscriptionKeysInput;

  /** A name for the device list; left out (or the default), the browser and system are named from the User-Agent. */
  @Optional()
  @IsString()
  @Length(1, 100)
  @ApiProperty({ minLength: 1, maxLength: 100, default: DEFAULT_DEVICE_NAME, required: false })
  device_name?: string = DEFAULT_DEVICE_NAME;
}

export class PushSubscriptionResponse {
  id: string;
  /** The first 16 hex characters of the endpoint's SHA-256; the endpoint itself is never returned. */
  endpoint_fingerprint: string;
  device_name: string;
  active: boolean;
  @ApiProperty({ type: 'integer' })
  failure_count: number;
  created_at: string;
  updated_at: string;
  last_failure_at?: string | null;
  last_success_at?: string | null;
}

export class NotificationStateResponse {
  /** The application-server key (uncompressed P-256 point, base64url) for `pushManager.subscribe`. */
  public_key: string;
  preferences: NotificationPreferencesResponse;
  subscriptions: PushSubscriptionResponse[];
  @ApiProperty({ type: 'integer', default: 0, required: false })
  active_low_stock_events?: number;
  @ApiProperty({ type: 'integer', default: 0, required: false })
  active_expiry_events?: number;
  last_checked_at?: string | null;
  /** Web Push works only in a secure context (https or localhost). */
  @ApiProperty({ default: true, required: false })
  secure_context_required?: boolean;
}

export class NotificationTestInput {
  /** The device to send to: one of the caller's active subscriptions. */
  @IsDefined()
  @IsString()
  @Length(20, 100)
  subscription_id: string;
}

export class NotificationDeliveryResponse {
  @ApiProperty({ type: 'integer' })
  delivered: number;
  @ApiProperty({ type: 'integer' })
  failed: number;
}
