import { Column, Entity, Index, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

/** One member's notification switches; no row means the defaults (push off, both kinds on, 7 days). */
@Entity({ name: 'notification_preferences' })
export class NotificationPreferencesEntity {
  @PrimaryColumn({ name: 'user_id', type: 'text' })
  userId: string;

  @Column({ name: 'push_enabled', type: 'boolean' })
  pushEnabled: boolean;

  @Column({ name: 'low_stock_enabled', type: 'boolean' })
  lowStockEnabled: boolean;

  @Column({ name: 'expiry_enabled', type: 'boolean' })
  expiryEnabled: boolean;

  @Column({ name: 'expiry_days_before', type: 'integer' })
  expiryDaysBefore: number;

  @Column({ name: 'updated_at', type: 'text' })
  updatedAt: string;
}

/**
 * One browser installation's push subscription. The endpoint and keys are sealed together with
 * the installation key (`subscription`, listed in `secret-rotation.ts`); only the endpoint's
 * SHA-256 is stored in the clear, to find a re-registration and refuse another member's endpoint.
 */
@Entity({ name: 'push_subscriptions' })
export class PushSubscriptionEntity {
  @PrimaryColumn({ type: 'text' })
  id: string;

  @Index('idx_push_subscriptions_user')
  @Column({ name: 'user_id', type: 'text' })
  userId: string;

  @Index('idx_push_subscriptions_endpoint', { unique: true })
  @Column({ name: 'endpoint_hash', type: 'text' })
  endpointHash: string;

  /** JSON `{endpoint, keys: {p256dh, auth}}`, sealed. */
  @Column({ type: 'text' })
  subscription: string;

  @Column({ name: 'device_name', type: 'text' })
  deviceName: string;

  @Column({ type: 'boolean' })
  active: boolean;

  @Column({ name: 'failure_count', type: 'integer' })
  failureCount: number;

  @Column({ name: 'last_success_at', type: 'text', nullable: true })
  lastSuccessAt: string | null;

  @Column({ name: 'last_failure_at', type: 'text', nullable: true })
  lastFailureAt: string | null;

  /** `user` (DELETE) or `push_service` (it answered 404 or 410); null while registered. */
  @Column({ name: 'revoked_reason', type: 'text', nullable: true })
  revokedReason: string | null;

  @Column({ name: 'created_at', type: 'text' })
  createdAt: string;

  @Column({ name: 'updated_at', type: 'text' })
  updatedAt: string;
}

/**
 * A low-stock or expiry condition as one member sees it: unique per member, kind and subject
 * (product id for low stock, lot id for expiry). Active while the condition holds; a new
 * activation after `resolved_at` sends again.
 */
@Entity({ name: 'notification_events' })
@Index('idx_notification_events_subject', ['userId', 'kind', 'subjectId'], { unique: true })
export class NotificationEventEntity {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'user_id', type: 'text' })
  userId: string;

  /** `low_stock` or `expiry`. */
  @Column({ type: 'text' })
  kind: string;

  @Column({ name: 'subject_id', type: 'text' })
  subjectId: string;

  @Column({ type: 'boolean' })
  active: boolean;

  @Column({ name: 'activated_at', type: 'text' })
  activatedAt: string;

  /** When a device last accepted this activation's message; null until one did (then it is retried). */
  @Column({ name: 'last_notified_at', type: 'text', nullable: true })
  lastNotifiedAt: string | null;

  @Column({ name: 'resolved_at', type: 'text', nullable: true })
  resolvedAt: string | null;

  @Column({ name: 'updated_at', type: 'text' })
  updatedAt: string;
}

/**
 * One delivery attempt to one device: outcome and status only. No message content, no address,
 * no User-Agent. Rows older than 90 days are pruned by the evaluator.
 */
@Entity({ name: 'push_deliveries' })
@Index('idx_push_deliveries_created', ['createdAt'])
export class PushDeliveryEntity {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'subscription_id', type: 'text' })
  subscriptionId: string;

  @Column({ name: 'event_id', type: 'integer', nullable: true })
  eventId: number | null;

  /** `low_stock`, `expiry` or `test`. */
  @Column({ type: 'text' })
  kind: string;

  /** `delivered`, `failed` or `refused` (the destination failed the address rules). */
  @Column({ type: 'text' })
  outcome: string;

  @Column({ name: 'status_code', type: 'integer', nullable: true })
  statusCode: number | null;

  /** At most 500 characters. */
  @Column({ type: 'text', nullable: true })
  error: string | null;

  @Column({ name: 'created_at', type: 'text' })
  createdAt: string;
}

/** The installation's push state: one row (id 1) holding the sealed VAPID key pair and the last evaluator run. */
@Entity({ name: 'notification_service_state' })
export class NotificationServiceStateEntity {
  @PrimaryColumn({ type: 'integer' })
  id: number;

  /** JSON `{private_key (PKCS8 DER), public_key (uncompressed point)}`, both base64url, sealed. */
  @Column({ name: 'vapid_key', type: 'text', nullable: true })
  vapidKey: string | null;

  @Column({ name: 'last_checked_at', type: 'text', nullable: true })
  lastCheckedAt: string | null;
}
