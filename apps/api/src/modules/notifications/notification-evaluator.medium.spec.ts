import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SchedulerRegistry } from '@nestjs/schedule';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addDays, Clock } from '../../common/clock.js';
import { AppConfig } from '../../config/app-config.js';
import { parseEnvironment } from '../../config/env.js';
import { Database } from '../../database/database.js';
import { dataSourceOptions } from '../../database/data-source-options.js';
import { NotificationEvaluator } from './notification-evaluator.service.js';
import type { PushSubscriptionEntity } from './notification.entities.js';
import type { DeliveryCount, PushDeliveryService } from './push-delivery.service.js';
import type { PushPayload } from './push-payload.js';

class MovableClock extends Clock {
  constructor(public instant: string) {
    super();
  }
  override now(): Date {
    return new Date(this.instant);
  }
}

/** Records what would be sent; every device accepts unless `accept` says otherwise. */
class RecordingDelivery {
  sent: { devices: string[]; payload: PushPayload; eventId: number | null }[] = [];
  accept = true;
  async deliver(devices: PushSubscriptionEntity[], payload: PushPayload, eventId: number | null): Promise<DeliveryCount> {
    this.sent.push({ devices: devices.map((d) => d.id), payload, eventId });
    return this.accept ? { delivered: devices.length, failed: 0 } : { delivered: 0, failed: devices.length };
  }
}

describe('notification evaluator on a real SQLite file', () => {
  const directory = mkdtempSync(join(tmpdir(), 'hinv-notify-'));
  let dataSource: DataSource;
  let database: Database;
  let delivery: RecordingDelivery;
  let clock: MovableClock;

  const evaluator = (timeZone = 'Europe/Berlin') =>
    new NotificationEvaluator(
      new AppConfig(parseEnvironment({ DATA_DIR: directory, TZ: timeZone }), { key: 'k'.repeat(32), source: 'environment' }),
      database,
      clock,
      delivery as unknown as PushDeliveryService,
      new SchedulerRegistry(),
    );

  const lot = (id: string, quantity: number, bestBefore: string | null) =>
    dataSource.query(`INSERT INTO stock_lots (id, product_id, quantity, best_before_date, created_at, updated_at) VALUES (?, 'p1', ?, ?, 'now', 'now')`, [id, quantity, bestBefore]);

  beforeAll(async () => {
    dataSource = new DataSource(dataSourceOptions(join(directory, 'app.db')));
    await dataSource.initialize();
    await dataSource.runMigrations();
    database = new Database(dataSource);
    await dataSource.query(`INSERT INTO households (id, name, created_at) VALUES ('h', 'Home', 'now')`);
    await dataSource.query(
      `INSERT INTO users (id, household_id, email, display_name, role, password_hash, preferred_locale, created_at, updated_at) VALUES ('u1', 'h', NULL, 'U', 'owner', 'x', 'de', 'now', 'now')`,
    );
    await dataSource.query(
      `INSERT INTO products (id, name, normalized_name, default_best_before_days, minimum_stock_quantity, shopping_target_quantity, notes, active, created_at, updated_at)
       VALUES ('p1', 'Quark', 'quark', 0, 0, 0, '', 1, 'now', 'now')`,
    );
    await dataSource.query(
      `INSERT INTO push_subscriptions (id, user_id, endpoint_hash, subscription, device_name, active, failure_count, created_at, updated_at) VALUES ('d1', 'u1', 'h1', 'sealed', 'Phone', 1, 0, 'now', 'now')`,
    );
  });
  beforeEach(async () => {
    delivery = new RecordingDelivery();
    clock = new MovableClock('2026-05-01T12:00:00Z');
    await dataSource.query('DELETE FROM stock_lots');
    await dataSource.query('DELETE FROM notification_events');
    await dataSource.query('DELETE FROM push_deliveries');
    await dataSource.query(`INSERT OR REPLACE INTO notification_preferences VALUES ('u1', 1, 1, 1, 0, 'now')`);
  });
  afterAll(async () => {
    await dataSource.destroy();
    rmSync(directory, { recursive: true, force: true });
  });

  it('adds calendar days across month, year and DST changes', () => {
    expect(addDays('2026-03-28', 1)).toBe('2026-03-29');
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30');
    expect(addDays('2026-10-25', 1)).toBe('2026-10-26');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2026-05-01', 90)).toBe('2026-07-30');
    expect(addDays('2026-05-01', -1)).toBe('2026-04-30');
  });

  it('the household time zone decides "today": 00:30 in Berlin already counts the next day', async () => {
    await lot('lot-a', 1, '2026-05-02');
    clock.instant = '2026-05-01T22:30:00Z'; // 00:30 on 2 May in Berlin, still 1 May in UTC
    await evaluator('UTC').runOnce();
    expect(delivery.sent).toEqual([]);
    await evaluator('Europe/Berlin').runOnce();
    expect(delivery.sent.map((s) => s.payload.body)).toEqual(['Quark ist mindestens haltbar bis 02.05.2026']);
  });

  it('an empty lot, a lot without a date and one outside the window send nothing', async () => {
    await lot('lot-empty', 0, '2026-05-01');
    await lot('lot-undated', 1, null);
    await lot('lot-later', 1, '2026-05-02');
    await evaluator().runOnce();
    expect(delivery.sent).toEqual([]);
  });

  it('keeps retrying an undelivered event, then stops once a device accepted it', async () => {
    await lot('lot-b', 1, '2026-04-30');
    delivery.accept = false;
    const run = evaluator();
    await run.runOnce();
    await run.runOnce();
    expect(delivery.sent).toHaveLength(2);
    delivery.accept = true;
    await run.runOnce();
    await run.runOnce();
    expect(delivery.sent).toHaveLength(3);
    expect(delivery.sent[2].payload.body).toBe('Quark ist abgelaufen (30.04.2026)');
    const [event] = (await dataSource.query(`SELECT * FROM notification_events`)) as { active: number; last_notified_at: string | null }[];
    expect(event.active).toBe(1);
    expect(event.last_notified_at).not.toBeNull();
  });

  it('prunes delivery rows older than 90 days and records the run', async () => {
    await dataSource.query(
      `INSERT INTO push_deliveries (subscription_id, event_id, kind, outcome, status_code, error, created_at) VALUES ('d1', NULL, 'test', 'delivered', 201, NULL, ?), ('d1', NULL, 'test', 'delivered', 201, NULL, ?)`,
      ['2026-01-30T11:59:59.000Z', '2026-01-31T12:00:01.000Z'],
    );
    await evaluator().runOnce();
    const left = (await dataSource.query(`SELECT created_at FROM push_deliveries`)) as { created_at: string }[];
    expect(left.map((row) => row.created_at)).toEqual(['2026-01-31T12:00:01.000Z']);
    const [state] = (await dataSource.query(`SELECT last_checked_at, vapid_key FROM notification_service_state`)) as { last_checked_at: string; vapid_key: string | null }[];
    expect(state.last_checked_at).toBe('2026-05-01T12:00:00.000Z');
  });

  it('runs never overlap: a trigger during a run asks for exactly one more', async () => {
    await lot('lot-c', 1, '2026-05-01');
    delivery.accept = false;
    const run = evaluator();
    await Promise.all([run.trigger(), run.trigger(), run.trigger()]);
    expect(delivery.sent).toHaveLength(2);
  });
});
