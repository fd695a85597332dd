import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import type { Locale } from '@hinv/shared';
import { addDays, calendarDay, Clock } from '../../common/clock.js';
import { AppConfig } from '../../config/app-config.js';
import { Database } from '../../database/database.js';
import { NotificationEventEntity, PushSubscriptionEntity } from './notification.entities.js';
import { expiryPayload, lowStockPayload, type ExpirySubject, type LowStockSubject, type PushPayload } from './push-payload.js';
import { PushDeliveryService } from './push-delivery.service.js';
import { SERVICE_STATE_ID } from './vapid-keys.js';

export type NotificationKind = 'low_stock' | 'expiry';

/** Delivery rows are kept this long. */
export const DELIVERY_RETENTION_DAYS = 90;
const DAY_MS = 86_400_000;

const LOW_STOCK_SQL = `
  SELECT p.id AS productId, p.name AS name, u.name AS unit, p.minimum_stock_quantity AS minimum,
         COALESCE((SELECT ROUND(SUM(l.quantity), 6) FROM stock_lots l WHERE l.product_id = p.id AND l.quantity > 0), 0) AS current
  FROM products p LEFT JOIN quantity_units u ON u.id = p.default_quantity_unit_id
  WHERE p.active = 1 AND p.minimum_stock_quantity > 0`;

const EXPIRY_SQL = `
  SELECT l.id AS lotId, l.product_id AS productId, p.name AS name, u.name AS unit, l.quantity AS quantity, l.best_before_date AS bestBeforeDate
  FROM stock_lots l JOIN products p ON p.id = l.product_id LEFT JOIN quantity_units u ON u.id = p.default_quantity_unit_id
  WHERE p.active = 1 AND l.quantity > 0 AND l.best_before_date IS NOT NULL`;

const RECIPIENTS_SQL = `
  SELECT u.id AS userId, u.preferred_locale AS locale, np.low_stock_enabled AS lowStock, np.expiry_enabled AS expiry, np.expiry_days_before AS daysBefore
  FROM users u JOIN notification_preferences np ON np.user_id = u.id
  WHERE u.active = 1 AND np.push_enabled = 1
    AND EXISTS (SELECT 1 FROM push_subscriptions s WHERE s.user_id = u.id AND s.active = 1)`;

interface Recipient {
  userId: string;
  locale: Locale;
  lowStock: number;
  expiry: number;
  daysBefore: number;
}

interface Pending {
  eventId: number;
  userId: string;
  payload: PushPayload;
}

/**
 * Turns stock into push events, per member (Events section and States table of the spec):
 *   - low stock: an active product with a minimum above 0 whose summed lots are at or below it;
 *   - expiry: a lot with quantity left whose best-before date is at most N days after today in
 *     the household time zone (`TZ`), expired lots included.
 * An event is unique per member, kind and subject. It is sent once when it becomes active, and
 * again on each run until one device accepted it; while it stays active nothing more is sent (a
 * changed quantity included). A condition that disappears resolves it, so a later one sends anew.
 * Runs every NOTIFICATION_CHECK_SECONDS (waiting first) and when a member saves preferences with
 * push on; runs never overlap.
 */
@Injectable()
export class NotificationEvaluator implements OnApplicationBootstrap {
  private readonly logger = new Logger(NotificationEvaluator.name);
  private running?: Promise<void>;
  private again = false;

  constructor(
    private readonly config: AppConfig,
    private readonly database: Database,
    private readonly clock: Clock,
    private readonly delivery: PushDeliveryService,
    private readonly scheduler: SchedulerRegistry,
  ) {}

  onApplicationBootstrap(): void {
    const every = this.config.env.HINV_TEST_NOTIFICATION_CHECK_MS ?? this.config.env.NOTIFICATION_CHECK_SECONDS * 1000;
    this.scheduler.addInterval('notification-evaluator', setInterval(() => void this.trigger(), every));
  }

  /** Starts a run, or asks for one more after the current run; resolves when no run is left. */
  trigger(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        try {
          await this.runOnce();
        } catch (error) {
          this.logger.error(`Notification check failed: ${error instanceof Error ? error.message : String(error)}`);
        }
      } while (this.again);
    })().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  async runOnce(): Promise<void> {
    const now = this.clock.now();
    const iso = now.toISOString();
    const today = calendarDay(now, this.config.env.TZ);
    const sqlite = this.database.sqlite;
    const recipients = sqlite.prepare(RECIPIENTS_SQL).all() as Recipient[];
    const lowStock = (sqlite.prepare(LOW_STOCK_SQL).all() as LowStockSubject[]).filter((p) => p.current <= p.minimum);
    const lots = sqlite.prepare(EXPIRY_SQL).all() as ExpirySubject[];

    const pending = await this.database.write(async (manager) => {
      const toSend: Pending[] = [];
      for (const recipient of recipients) {
        const conditions: Record<NotificationKind, Map<string, PushPayload> | null> = {
          low_stock: recipient.lowStock ? new Map(lowStock.map((p) => [p.productId, lowStockPayload(p, recipient.locale)])) : null,
          expiry: recipient.expiry
            ? new Map(lots.filter((l) => l.bestBeforeDate <= addDays(today, recipient.daysBefore)).map((l) => [l.lotId, expiryPayload(l, today, recipient.locale)]))
            : null,
        };
        const events = await manager.findBy(NotificationEventEntity, { userId: recipient.userId });
        for (const kind of ['low_stock', 'expiry'] as const) {
          const active = conditions[kind] ?? new Map<string, PushPayload>();
          const ofKind = new Map(events.filter((e) => e.kind === kind).map((e) => [e.subjectId, e]));
          for (const event of ofKind.values()) {
            if (event.active && !active.has(event.subjectId)) {
              await manager.update(NotificationEventEntity, { id: event.id }, { active: false, resolvedAt: iso, updatedAt: iso });
            }
          }
          for (const [subjectId, payload] of active) {
            let event = ofKind.get(subjectId);
            if (!event) {
              event = await manager.save(NotificationEventEntity, {
                userId: recipient.userId,
                kind,
                subjectId,
                active: true,
                activatedAt: iso,
                lastNotifiedAt: null,
                resolvedAt: null,
                updatedAt: iso,
              });
            } else if (!event.active) {
              await manager.update(NotificationEventEntity, { id: event.id }, { active: true, activatedAt: iso, lastNotifiedAt: null, resolvedAt: null, updatedAt: iso });
            } else if (event.lastNotifiedAt !== null) {
              continue;
            }
            toSend.push({ eventId: event.id, userId: recipient.userId, payload });
          }
        }
      }
      return toSend;
    });

    for (const item of pending) {
      const devices = await this.database.manager.findBy(PushSubscriptionEntity, { userId: item.userId, active: true });
      const result = await this.delivery.deliver(devices, item.payload, item.eventId);
      if (result.delivered > 0) {
        const at = this.clock.now().toISOString();
        await this.database.write((manager) => manager.update(NotificationEventEntity, { id: item.eventId, active: true }, { lastNotifiedAt: at, updatedAt: at }));
      }
    }

    const cutoff = new Date(now.getTime() - DELIVERY_RETENTION_DAYS * DAY_MS).toISOString();
    await this.database.write(async (manager) => {
      await manager.query(
        `INSERT INTO notification_service_state (id, vapid_key, last_checked_at) VALUES (?, NULL, ?) ON CONFLICT (id) DO UPDATE SET last_checked_at = excluded.last_checked_at`,
        [SERVICE_STATE_ID, iso],
      );
      await manager.query(`DELETE FROM push_deliveries WHERE created_at < ?`, [cutoff]);
    });
  }
}
