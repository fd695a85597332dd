import { Injectable } from '@nestjs/common';
import { createHash, randomUUID } from 'node:crypto';
import { In, IsNull, Not } from 'typeorm';
import type { EntityManager } from 'typeorm';
import { Clock } from '../../common/clock.js';
import type { Principal } from '../../common/access/principal.js';
import type { SessionRevocationResponse } from '../auth/dto/auth.dto.js';
import { ApiException } from '../../common/errors/api-exception.js';
import { RequestValidationException } from '../../common/errors/validation.js';
import { ISSUE_TEXTS } from '../../common/errors/validation-messages.js';
import { AppConfig } from '../../config/app-config.js';
import { Database } from '../../database/database.js';
import { deviceLabel } from '../auth/device-label.js';
import { UserEntity } from '../auth/user.entity.js';
import {
  PLACEHOLDER_DEVICE_NAMES,
  PREFERENCE_DEFAULTS,
  type NotificationDeliveryResponse,
  type NotificationPreferencesInput,
  type NotificationPreferencesResponse,
  type NotificationStateResponse,
  type NotificationTestInput,
  type PushSubscriptionCreateInput,
  type PushSubscriptionResponse,
} from './dto/notifications.dto.js';
import { NotificationEvaluator, type NotificationKind } from './notification-evaluator.service.js';
import { NotificationEventEntity, NotificationPreferencesEntity, NotificationServiceStateEntity, PushSubscriptionEntity } from './notification.entities.js';
import { PushDeliveryService } from './push-delivery.service.js';
import { checkEndpoint, PushEndpointRefused } from './push-endpoint.js';
import { testPayload } from './push-payload.js';
import { SERVICE_STATE_ID, VapidKeyStore } from './vapid-keys.js';

/**
 * Push devices one member may have. Registering another replaces the one registered or refreshed
 * longest ago (removed and dropped devices go first): a reinstalled browser gets a new endpoint
 * while its old one lingers, and refusing would leave the device in the member's hand silent.
 */
export const MAX_PUSH_DEVICES_PER_USER = 10;

export const endpointHash = (endpoint: string) => createHash('sha256').update(endpoint, 'utf8').digest('hex');

/** The one mapping of a stored device to the response: the endpoint and keys never leave. */
export function toSubscriptionResponse(row: PushSubscriptionEntity): PushSubscriptionResponse {
  return {
    id: row.id,
    endpoint_fingerprint: row.endpointHash.slice(0, 16),
    device_name: row.deviceName,
    active: row.active,
    failure_count: row.failureCount,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
    last_failure_at: row.lastFailureAt,
    last_success_at: row.lastSuccessAt,
  };
}

function toPreferences(row: NotificationPreferencesEntity | null): Required<NotificationPreferencesResponse> {
  if (!row) return { ...PREFERENCE_DEFAULTS };
  return { push_enabled: row.pushEnabled, low_stock_enabled: row.lowStockEnabled, expiry_enabled: row.expiryEnabled, expiry_days_before: row.expiryDaysBefore };
}

/**
 * A member's own Web Push settings: preferences, devices and the test message. Every role
 * manages only its own; browser sessions only (the controller says so).
 */
@Injectable()
export class NotificationsService {
  constructor(
    private readonly config: AppConfig,
    private readonly database: Database,
    private readonly clock: Clock,
    private readonly keys: VapidKeyStore,
    private readonly delivery: PushDeliveryService,
    private readonly evaluator: NotificationEvaluator,
  ) {}

  async state(principal: Principal): Promise<NotificationStateResponse> {
    const { publicKey } = await this.keys.keys();
    const manager = this.database.manager;
    const preferences = toPreferences(await manager.findOneBy(NotificationPreferencesEntity, { userId: principal.userId }));
    const devices = await manager.find(PushSubscriptionEntity, {
      where: [
        { userId: principal.userId, revokedReason: Not('user') },
        { userId: principal.userId, revokedReason: IsNull() },
      ],
      order: { createdAt: 'ASC', id: 'ASC' },
    });
    const counts = (await manager.query(
      `SELECT kind, COUNT(*) AS n FROM notification_events WHERE user_id = ? AND active = 1 GROUP BY kind`,
      [principal.userId],
    )) as { kind: NotificationKind; n: number }[];
    const count = (kind: NotificationKind) => counts.find((c) => c.kind === kind)?.n ?? 0;
    const service = await manager.findOneBy(NotificationServiceStateEntity, { id: SERVICE_STATE_ID });
    return {
      public_key: publicKey,
      preferences,
      subscriptions: devices.map(toSubscriptionResponse),
      active_low_stock_events: count('low_stock'),
      active_expiry_events: count('expiry'),
      last_checked_at: service?.lastCheckedAt ?? null,
      secure_context_required: true,
    };
  }

  /**
   * Replaces the member's preferences. Turning push or a kind off resolves that kind's active
   * events (re-enabling evaluates afresh); saving with push on starts an evaluation at once.
   */
  async savePreferences(principal: Principal, input: NotificationPreferencesInput): Promise<NotificationStateResponse> {
    const next = {
      push_enabled: input.push_enabled ?? PREFERENCE_DEFAULTS.push_enabled,
      low_stock_enabled: input.low_stock_enabled ?? PREFERENCE_DEFAULTS.low_stock_enabled,
      expiry_enabled: input.expiry_enabled ?? PREFERENCE_DEFAULTS.expiry_enabled,
      expiry_days_before: input.expiry_days_before ?? PREFERENCE_DEFAULTS.expiry_days_before,
    };
    await this.database.write(async (manager) => {
      const now = this.clock.now().toISOString();
      await manager.save(NotificationPreferencesEntity, {
        userId: principal.userId,
        pushEnabled: next.push_enabled,
        lowStockEnabled: next.low_stock_enabled,
        expiryEnabled: next.expiry_enabled,
        expiryDaysBefore: next.expiry_days_before,
        updatedAt: now,
      });
      const off: NotificationKind[] = [];
      if (!next.push_enabled || !next.low_stock_enabled) off.push('low_stock');
      if (!next.push_enabled || !next.expiry_enabled) off.push('expiry');
      if (off.length > 0) await resolveEvents(manager, principal.userId, off, now);
    });
    if (next.push_enabled) void this.evaluator.trigger();
    return this.state(principal);
  }

  /**
   * Registers this browser installation, or refreshes it when the endpoint is known: the keys
   * are replaced, the device is active again and its failures are forgotten. An endpoint another
   * member still uses is a conflict; one they removed (or the push service dropped) passes to the
   * member who now presents it with its keys, as a new device.
   */
  async register(principal: Principal, input: PushSubscriptionCreateInput, userAgent: string | undefined): Promise<PushSubscriptionResponse> {
    try {
      await checkEndpoint(input.endpoint, { allowLoopback: this.config.env.HINV_TEST_PUSH_ALLOW_LOOPBACK });
    } catch (error) {
      if (error instanceof PushEndpointRefused) throw new RequestValidationException([{ loc: ['body', 'endpoint'], text: ISSUE_TEXTS[`push_endpoint_${error.problem}`], type: `push_endpoint_${error.problem}` }]);
      throw error;
    }
    const hash = endpointHash(input.endpoint);
    const given = input.device_name?.trim();
    const deviceName = !given || PLACEHOLDER_DEVICE_NAMES.includes(given) ? deviceLabel(userAgent) : given;
    const sealed = this.delivery.seal({ endpoint: input.endpoint, keys: input.keys });
    const saved = await this.database.write(async (manager) => {
      const now = this.clock.now().toISOString();
      let existing = await manager.findOneBy(PushSubscriptionEntity, { endpointHash: hash });
      if (existing && existing.userId !== principal.userId) {
        if (existing.active) throw new ApiException(409, 'push_endpoint_taken');
        await manager.delete(PushSubscriptionEntity, { id: existing.id });
        existing = null;
      }
      const row: PushSubscriptionEntity = existing
        ? Object.assign(existing, { subscription: sealed, deviceName, active: true, failureCount: 0, revokedReason: null, updatedAt: now })
        : Object.assign(new PushSubscriptionEntity(), {
            id: randomUUID(),
            userId: principal.userId,
            endpointHash: hash,
            subscription: sealed,
            deviceName,
            active: true,
            failureCount: 0,
            lastSuccessAt: null,
            lastFailureAt: null,
            revokedReason: null,
            createdAt: now,
            updatedAt: now,
          });
      const stored = await manager.save(PushSubscriptionEntity, row);
      await this.keepNewest(manager, principal.userId, stored.id);
      return stored;
    });
    return toSubscriptionResponse(saved);
  }

  /**
   * Deletes the member's devices beyond {@link MAX_PUSH_DEVICES_PER_USER}, never `keepId` (the one
   * just registered): first those removed or dropped, then the least recently registered.
   */
  private async keepNewest(manager: EntityManager, userId: string, keepId: string): Promise<void> {
    const rows = await manager.find(PushSubscriptionEntity, { where: { userId }, select: { id: true, active: true, updatedAt: true } });
    if (rows.length <= MAX_PUSH_DEVICES_PER_USER) return;
    const oldestFirst = rows
      .filter((row) => row.id !== keepId)
      .sort((a, b) => Number(a.active) - Number(b.active) || a.updatedAt.localeCompare(b.updatedAt) || a.id.localeCompare(b.id));
    const surplus = oldestFirst.slice(0, rows.length - MAX_PUSH_DEVICES_PER_USER).map((row) => row.id);
    await manager.delete(PushSubscriptionEntity, { id: In(surplus) });
  }

  async revoke(principal: Principal, subscriptionId: string): Promise<SessionRevocationResponse> {
    await this.database.write(async (manager) => {
      const row = await manager.findOneBy(PushSubscriptionEntity, { id: subscriptionId, userId: principal.userId });
      if (!row || row.revokedReason === 'user') throw new ApiException(404, 'push_subscription_not_found');
      Object.assign(row, { active: false, revokedReason: 'user', updatedAt: this.clock.now().toISOString() });
      await manager.save(PushSubscriptionEntity, row);
    });
    return { revoked: 1, authenticated: true };
  }

  /** A visible test message to one of the caller's active devices, in the caller's language. */
  async test(principal: Principal, input: NotificationTestInput): Promise<NotificationDeliveryResponse> {
    const device = await this.database.manager.findOneBy(PushSubscriptionEntity, { id: input.subscription_id, userId: principal.userId, active: true });
    if (!device) throw new ApiException(404, 'push_subscription_not_found');
    const user = await this.database.manager.findOneBy(UserEntity, { id: principal.userId });
    return this.delivery.deliver([device], testPayload(user?.preferredLocale ?? principal.locale), null);
  }
}

async function resolveEvents(manager: EntityManager, userId: string, kinds: NotificationKind[], now: string): Promise<void> {
  await manager.update(NotificationEventEntity, { userId, kind: In(kinds), active: true }, { active: false, resolvedAt: now, updatedAt: now });
}
