import { Injectable } from '@nestjs/common';
import { In } from 'typeorm';
import { Clock } from '../../common/clock.js';
import { SecretBox } from '../../common/crypto/secret-box.js';
import { AppConfig } from '../../config/app-config.js';
import { Database } from '../../database/database.js';
import { PushDeliveryEntity, PushSubscriptionEntity } from './notification.entities.js';
import type { PushPayload } from './push-payload.js';
import { PushSender, type DeliveryResult, type StoredSubscription } from './push-sender.js';
import { VapidKeyStore } from './vapid-keys.js';

export interface DeliveryCount {
  delivered: number;
  failed: number;
}

/**
 * Sends one message to a member's devices and records every attempt: the outcome, the status
 * code and a short error, never the message. A device's failure count is reset by a success and
 * raised by a failure; a push service answering 404 or 410 revokes the device.
 */
@Injectable()
export class PushDeliveryService {
  private readonly box: SecretBox;
  private readonly sender: PushSender;

  constructor(
    config: AppConfig,
    private readonly database: Database,
    private readonly clock: Clock,
    private readonly keys: VapidKeyStore,
  ) {
    this.box = new SecretBox(config.secret.key);
    this.sender = new PushSender(config.env.WEB_PUSH_SUBJECT, { allowLoopback: config.env.HINV_TEST_PUSH_ALLOW_LOOPBACK });
  }

  seal(subscription: StoredSubscription): string {
    return this.box.seal(JSON.stringify({ endpoint: subscription.endpoint, keys: { p256dh: subscription.keys.p256dh, auth: subscription.keys.auth } }));
  }

  async deliver(devices: PushSubscriptionEntity[], payload: PushPayload, eventId: number | null): Promise<DeliveryCount> {
    if (devices.length === 0) return { delivered: 0, failed: 0 };
    const keys = await this.keys.keys();
    const results = await Promise.all(
      devices.map(async (device): Promise<DeliveryResult> => {
        let subscription: StoredSubscription;
        try {
          subscription = JSON.parse(this.box.open(device.subscription)) as StoredSubscription;
        } catch {
          return { outcome: 'failed', statusCode: null, error: 'the stored subscription does not open with the current key', gone: false };
        }
        return this.sender.send(subscription, payload, keys);
      }),
    );
    const now = this.clock.now().toISOString();
    await this.database.write(async (manager) => {
      const current = await manager.findBy(PushSubscriptionEntity, { id: In(devices.map((d) => d.id)) });
      const byId = new Map(current.map((row) => [row.id, row]));
      for (const [index, device] of devices.entries()) {
        const result = results[index];
        const row = byId.get(device.id);
        if (row) {
          if (result.outcome === 'delivered') {
            Object.assign(row, { failureCount: 0, lastSuccessAt: now, updatedAt: now });
          } else {
            Object.assign(row, { failureCount: row.failureCount + 1, lastFailureAt: now, updatedAt: now });
            if (result.gone && row.active) Object.assign(row, { active: false, revokedReason: 'push_service' });
          }
          await manager.save(PushSubscriptionEntity, row);
        }
        await manager.insert(PushDeliveryEntity, {
          subscriptionId: device.id,
          eventId,
          kind: payload.kind,
          outcome: result.outcome,
          statusCode: result.statusCode,
          error: result.outcome === 'delivered' ? null : result.error,
          createdAt: now,
        });
      }
    });
    const delivered = results.filter((r) => r.outcome === 'delivered').length;
    return { delivered, failed: results.length - delivered };
  }
}
