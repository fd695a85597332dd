import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SchedulerRegistry } from '@nestjs/schedule';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Clock } from '../../common/clock.js';
import { AppConfig } from '../../config/app-config.js';
import { parseEnvironment } from '../../config/env.js';
import { Database } from '../../database/database.js';
import { dataSourceOptions } from '../../database/data-source-options.js';
import { DEFAULT_SETTINGS, type SettingsService, type StoredSettings } from '../settings/settings.service.js';
import { RETENTION_FIRST_RUN_MS, RETENTION_INTERVAL_MS, RetentionService } from './retention.service.js';

const NOW = new Date('2026-06-15T12:00:00.000Z');
const DAY_MS = 24 * 60 * 60 * 1000;

class FixedClock extends Clock {
  override now(): Date {
    return NOW;
  }
}

/** Records what the service registers instead of running real timers. */
class RecordingScheduler {
  readonly intervals: { name: string; timer: NodeJS.Timeout }[] = [];
  addInterval(name: string, timer: NodeJS.Timeout): void {
    this.intervals.push({ name, timer });
  }
}

describe('receipt-file retention on a real database and folder', () => {
  const directory = mkdtempSync(join(tmpdir(), 'hinv-retention-'));
  const receipts = join(directory, 'receipts');
  let dataSource: DataSource;
  let database: Database;
  let settings: StoredSettings;
  let scheduler: RecordingScheduler;
  let service: RetentionService;

  const plant = async (id: string, imagePath: string, ageDays: number, bytes?: number) => {
    if (bytes !== undefined) writeFileSync(join(receipts, imagePath), Buffer.alloc(bytes, 1));
    const at = new Date(NOW.getTime() - ageDays * DAY_MS).toISOString();
    await dataSource.query("INSERT INTO receipts (id, status, currency, created_at, updated_at, image_path) VALUES (?, 'review', 'EUR', ?, ?, ?)", [id, at, at, imagePath]);
  };
  const auditRows = async () => (await dataSource.query("SELECT action FROM audit_events WHERE category = 'privacy'")) as { action: string }[];

  beforeAll(async () => {
    dataSource = new DataSource(dataSourceOptions(join(directory, 'app.db')));
    await dataSource.initialize();
    await dataSource.runMigrations();
    database = new Database(dataSource);
  });
  beforeEach(async () => {
    await dataSource.query('DELETE FROM receipts');
    await dataSource.query('DELETE FROM audit_events');
    rmSync(receipts, { recursive: true, force: true });
    mkdirSync(receipts, { recursive: true });
    settings = { ...DEFAULT_SETTINGS };
    scheduler = new RecordingScheduler();
    const config = new AppConfig(parseEnvironment({ DATA_DIR: directory }), { key: 'k'.repeat(32), source: 'environment' });
    const settingsService = { read: async () => settings } as unknown as SettingsService;
    service = new RetentionService(config, database, new FixedClock(), settingsService, scheduler as unknown as SchedulerRegistry);
  });
  afterAll(async () => {
    for (const { timer } of scheduler.intervals) clearInterval(timer);
    await dataSource.destroy();
    rmSync(directory, { recursive: true, force: true });
  });

  it('expires by age with the default 7 days; the cutoff itself is expired', async () => {
    await plant('old', 'old.jpg', 8, 100);
    await plant('edge', 'edge.jpg', 7, 10);
    await plant('young', 'young.jpg', 6, 1);
    expect(await service.preview()).toEqual({
      delete_after_analysis: false,
      retention_days: 7,
      retained_file_count: 3,
      retained_bytes: 111,
      expired_file_count: 2,
      expired_bytes: 110,
      cutoff: new Date(NOW.getTime() - 7 * DAY_MS).toISOString(),
    });
    expect(await service.run()).toEqual({ deleted_file_count: 2, deleted_bytes: 110, cleared_receipt_count: 2, rejected_path_count: 0, completed_at: NOW.toISOString() });
    expect([existsSync(join(receipts, 'old.jpg')), existsSync(join(receipts, 'edge.jpg')), existsSync(join(receipts, 'young.jpg'))]).toEqual([false, false, true]);
  });

  it('never touches a path outside the folder, even one that climbs out or is absolute', async () => {
    const outside = join(directory, 'outside.jpg');
    writeFileSync(outside, 'keep');
    await plant('climb', '../outside.jpg', 30);
    await plant('absolute', outside, 30);
    await plant('sneaky', 'sub/../../outside.jpg', 30);
    // A folder in receipts/ that is a link to somewhere else: its files are not the receipts'.
    symlinkSync(directory, join(receipts, 'linked'));
    await plant('linked', 'linked/outside.jpg', 30);
    const result = await service.run();
    expect(result).toMatchObject({ deleted_file_count: 0, cleared_receipt_count: 0, rejected_path_count: 4 });
    expect(existsSync(outside)).toBe(true);
    const rows = (await dataSource.query('SELECT image_path FROM receipts ORDER BY id')) as { image_path: string }[];
    expect(rows.map((row) => row.image_path).sort()).toEqual(['../outside.jpg', 'sub/../../outside.jpg', 'linked/outside.jpg', outside].sort());
  });

  it('with delete-after-analysis, or 0 days, every file is expired at once', async () => {
    await plant('fresh', 'fresh.jpg', 0, 5);
    settings = { ...settings, privacyDeleteImageAfterAnalysis: true, privacyRetentionDays: 365 };
    expect(await service.preview()).toMatchObject({ expired_file_count: 1, cutoff: NOW.toISOString() });
    settings = { ...settings, privacyDeleteImageAfterAnalysis: false, privacyRetentionDays: 0 };
    expect(await service.preview()).toMatchObject({ expired_file_count: 1, cutoff: NOW.toISOString() });
  });

  it('joins a run already under way instead of starting a second one', async () => {
    await plant('a', 'a.jpg', 30, 3);
    const [first, second] = await Promise.all([service.run(), service.run()]);
    expect(second).toBe(first);
    expect(first.deleted_file_count).toBe(1);
  });

  it('audits a scheduled run only when it cleared something, and goes hourly after the first run', async () => {
    expect(await service.scheduledRun()).toMatchObject({ cleared_receipt_count: 0 });
    expect(await auditRows()).toEqual([]);
    await plant('b', 'b.jpg', 30, 3);
    await plant('gone', 'gone.jpg', 30);
    await service.firstScheduledRun();
    expect(await auditRows()).toEqual([{ action: 'scheduled_retention' }]);
    expect(scheduler.intervals.map((entry) => entry.name)).toEqual(['receipt-retention-hourly']);
    expect(RETENTION_INTERVAL_MS).toBe(60 * 60 * 1000);
    // The first run is @nestjs/schedule's timeout, 5 minutes after startup.
    expect(RETENTION_FIRST_RUN_MS).toBe(5 * 60 * 1000);
    expect(Reflect.getMetadata('SCHEDULE_TIMEOUT_OPTIONS', RetentionService.prototype.firstScheduledRun)).toEqual({ timeout: RETENTION_FIRST_RUN_MS });
  });
});
