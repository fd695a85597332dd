import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DataSource } from 'typeorm';
import { Clock } from '../../common/clock.js';
import { AppConfig } from '../../config/app-config.js';
import { parseEnvironment } from '../../config/env.js';
import { Database } from '../../database/database.js';
import { dataSourceOptions } from '../../database/data-source-options.js';
import { BudgetService } from './budget.service.js';

class FixedClock extends Clock {
  constructor(private readonly instant: string) {
    super();
  }
  override now(): Date {
    return new Date(this.instant);
  }
}

interface Receipt {
  date: string | null;
  total: number | null;
  currency?: string;
  imported?: boolean;
  store?: string | null;
  createdAt?: string;
}

describe('budget overview on a real SQLite file', () => {
  const directory = mkdtempSync(join(tmpdir(), 'hinv-budget-'));
  let dataSource: DataSource;
  let database: Database;
  let count = 0;

  const budgetAt = (instant: string, timeZone = 'Europe/Berlin') =>
    new BudgetService(new AppConfig(parseEnvironment({ DATA_DIR: directory, TZ: timeZone }), { key: 'k'.repeat(32), source: 'environment' }), database, new FixedClock(instant));

  const receipt = async ({ date, total, currency = 'EUR', imported = true, store = 'REWE', createdAt = '2020-01-01T00:00:00.000Z' }: Receipt) => {
    count += 1;
    const id = `receipt-${count}`;
    await dataSource.query(
      `INSERT INTO receipts (id, status, store_name, retailer, purchase_date, currency, total, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [id, imported ? 'imported' : 'review', store, store, date, currency, total, createdAt, createdAt],
    );
    await dataSource.query(
      `INSERT INTO receipt_items (id, receipt_id, position, raw_name, product_id, quantity, unit_price, total_price, imported, created_at, updated_at)
       VALUES (?, ?, 1, 'line', NULL, 1, 1, 1, ?, 'now', 'now')`,
      [`${id}-1`, id, imported ? 1 : 0],
    );
  };

  beforeAll(async () => {
    dataSource = new DataSource(dataSourceOptions(join(directory, 'app.db')));
    await dataSource.initialize();
    await dataSource.runMigrations();
    database = new Database(dataSource);
  });
  beforeEach(async () => {
    await dataSource.query('DELETE FROM receipt_items');
    await dataSource.query('DELETE FROM receipts');
    await dataSource.query('DELETE FROM budget_settings');
  });
  afterAll(async () => {
    await dataSource.destroy();
    rmSync(directory, { recursive: true, force: true });
  });

  it.each([
    { name: '28-day February, last day', now: '2026-02-28T12:00:00Z', month: '2026-02', total: 28, elapsed: 28, from: '2026-01-01', to: '2026-01-28' },
    { name: '29-day February, last day', now: '2024-02-29T12:00:00Z', month: '2024-02', total: 29, elapsed: 29, from: '2024-01-01', to: '2024-01-29' },
    { name: '30-day April, last day', now: '2026-04-30T12:00:00Z', month: '2026-04', total: 30, elapsed: 30, from: '2026-03-01', to: '2026-03-30' },
    { name: '31-day March, last day, window clamped to 28 February', now: '2026-03-31T12:00:00Z', month: '2026-03', total: 31, elapsed: 31, from: '2026-02-01', to: '2026-02-28' },
    { name: '31-day March of a leap year, clamped to 29 February', now: '2024-03-31T12:00:00Z', month: '2024-03', total: 31, elapsed: 31, from: '2024-02-01', to: '2024-02-29' },
    { name: 'first day of a month', now: '2026-05-01T12:00:00Z', month: '2026-05', total: 31, elapsed: 1, from: '2026-04-01', to: '2026-04-01' },
    { name: 'first day of a year', now: '2026-01-01T12:00:00Z', month: '2026-01', total: 31, elapsed: 1, from: '2025-12-01', to: '2025-12-01' },
    { name: '00:30 in Berlin is already the next month (23:30 UTC)', now: '2026-01-31T23:30:00Z', month: '2026-02', total: 28, elapsed: 1, from: '2026-01-01', to: '2026-01-01' },
    { name: '23:30 in Berlin on the last day is still that month', now: '2026-01-31T22:30:00Z', month: '2026-01', total: 31, elapsed: 31, from: '2025-12-01', to: '2025-12-31' },
  ])('periods: $name', async ({ now, month, total, elapsed, from, to }) => {
    const overview = await budgetAt(now).overview(6);
    expect(overview.current_period).toMatchObject({ month, start_date: `${month}-01`, days_total: total, days_elapsed: elapsed, days_remaining: total - elapsed, status: 'unconfigured' });
    expect(overview.comparison).toMatchObject({ start_date: from, end_date: to });
    expect(overview.months.map((m) => m.is_current)).toEqual([false, false, false, false, false, true]);
    expect(overview.months.at(-1)?.month).toBe(month);
  });

  it('counts the comparison window up to its boundary day and not a day later', async () => {
    await receipt({ date: '2026-02-15', total: 40 });
    await receipt({ date: '2026-02-16', total: 1000 });
    await receipt({ date: '2026-03-01', total: 60 });
    const overview = await budgetAt('2026-03-15T10:00:00Z').overview(3);
    expect(overview.comparison).toEqual({ start_date: '2026-02-01', end_date: '2026-02-15', spent: 40, receipt_count: 1, change_amount: 20, change_percent: 50 });
    expect(overview.months).toEqual([
      { month: '2026-01', spent: 0, receipt_count: 0, is_current: false },
      { month: '2026-02', spent: 1040, receipt_count: 2, is_current: false },
      { month: '2026-03', spent: 60, receipt_count: 1, is_current: true },
    ]);
  });

  it.each([
    { name: 'a confirmed EUR receipt is spend', receipt: { date: '2026-03-02', total: 12.5 }, spent: 12.5, quality: { confirmed_receipt_count: 1, counted_receipt_count: 1, coverage_percent: 100 } },
    { name: 'a receipt in review is pending, not spend', receipt: { date: '2026-03-02', total: 12.5, imported: false }, spent: 0, quality: { confirmed_receipt_count: 0, pending_receipt_count: 1, coverage_percent: 0 } },
    { name: 'another currency is data quality, not spend', receipt: { date: '2026-03-02', total: 30, currency: 'CHF' }, spent: 0, quality: { confirmed_receipt_count: 1, other_currency_receipt_count: 1, coverage_percent: 0 } },
    { name: 'a missing total is data quality, not spend', receipt: { date: '2026-03-02', total: null }, spent: 0, quality: { confirmed_receipt_count: 1, missing_total_count: 1 } },
    { name: 'a zero total is data quality, not spend', receipt: { date: '2026-03-02', total: 0 }, spent: 0, quality: { confirmed_receipt_count: 1, missing_total_count: 1 } },
    { name: 'a receipt dated after today is not this period', receipt: { date: '2026-03-16', total: 12.5 }, spent: 0, quality: { confirmed_receipt_count: 0 } },
    {
      name: 'an undated receipt read at 00:30 Berlin on 1 March is March (in UTC it would be February)',
      receipt: { date: null, total: 7, createdAt: '2026-02-28T23:30:00.000Z' },
      spent: 7,
      quality: { counted_receipt_count: 1 },
    },
    {
      name: 'an undated receipt read at 23:30 Berlin on 28 February is February',
      receipt: { date: null, total: 7, createdAt: '2026-02-28T22:30:00.000Z' },
      spent: 0,
      quality: { counted_receipt_count: 0 },
    },
  ])('counting: $name', async ({ receipt: input, spent, quality }) => {
    await receipt(input);
    const overview = await budgetAt('2026-03-15T10:00:00Z').overview(6);
    expect(overview.current_period.spent).toBe(spent);
    expect(overview.data_quality).toMatchObject(quality);
  });

  it('puts an undated receipt read at 23:30 local on the last day into that month in New York, where UTC says the next', async () => {
    await receipt({ date: null, total: 9, createdAt: '2026-02-01T04:30:00.000Z' });
    const overview = await budgetAt('2026-02-01T04:45:00Z', 'America/New_York').overview(2);
    expect(overview.current_period.month).toBe('2026-01');
    expect(overview.current_period.spent).toBe(9);
    expect(overview.current_period.latest_purchase_date).toBe('2026-01-31');
  });

  it.each([
    { limit: null, warning: 80, status: 'unconfigured', remaining: null, percent: null, daily: null },
    { limit: 100, warning: 80, status: 'over', remaining: 0, percent: 100, daily: 0 },
    { limit: 120, warning: 80, status: 'watch', remaining: 20, percent: 83.33, daily: 1.25 },
    { limit: 200, warning: 80, status: 'watch', remaining: 100, percent: 50, daily: 6.25 },
    { limit: 250, warning: 80, status: 'on_track', remaining: 150, percent: 40, daily: 9.38 },
    { limit: 250, warning: 50, status: 'on_track', remaining: 150, percent: 40, daily: 9.38 },
    { limit: 200, warning: 50, status: 'watch', remaining: 100, percent: 50, daily: 6.25 },
  ])('status with limit $limit and warning $warning%: $status', async ({ limit, warning, status, remaining, percent, daily }) => {
    await receipt({ date: '2026-03-03', total: 60 });
    await receipt({ date: '2026-03-10', total: 40 });
    const budget = budgetAt('2026-03-15T10:00:00Z');
    await budget.saveSettings({ monthly_limit: limit, warning_percent: warning });
    const { current_period: period, settings } = await budget.overview(6);
    expect(settings).toMatchObject({ configured: limit !== null, monthly_limit: limit, currency: 'EUR' });
    // 100 spent over 15 of 31 days: 206.67 by the month end; 16 days remain.
    expect(period).toMatchObject({ spent: 100, receipt_count: 2, average_receipt: 50, forecast: 206.67, days_remaining: 16, latest_purchase_date: '2026-03-10' });
    expect(period).toMatchObject({ status, remaining, percent_used: percent, daily_available: daily });
  });

  it('lists the 8 stores with the most spend, with their share of the month', async () => {
    const spends = [50, 40, 30, 20, 10, 10, 5, 3, 2];
    for (const [index, total] of spends.entries()) await receipt({ date: '2026-03-02', total, store: `Store ${String.fromCharCode(65 + index)}` });
    await receipt({ date: '2026-03-03', total: 30, store: null });
    const { stores } = await budgetAt('2026-03-15T10:00:00Z').overview(6);
    expect(stores).toHaveLength(8);
    expect(stores.slice(0, 3)).toEqual([
      { store_key: 'store a', store_name: 'Store A', spent: 50, receipt_count: 1, share_percent: 25 },
      { store_key: 'store b', store_name: 'Store B', spent: 40, receipt_count: 1, share_percent: 20 },
      { store_key: 'store c', store_name: 'Store C', spent: 30, receipt_count: 1, share_percent: 15 },
    ]);
    expect(stores[3]).toMatchObject({ store_key: 'unknown', store_name: 'unknown', spent: 30 });
    expect(stores.map((s) => s.store_name)).not.toContain('Store I');
  });

  it('clears the limit with null and keeps the receipts', async () => {
    await receipt({ date: '2026-03-02', total: 10 });
    const budget = budgetAt('2026-03-15T10:00:00Z');
    expect(await budget.saveSettings({ monthly_limit: 300.5, warning_percent: 90 })).toMatchObject({ configured: true, monthly_limit: 300.5, warning_percent: 90, updated_at: '2026-03-15T10:00:00.000Z' });
    expect(await budget.saveSettings({ monthly_limit: null })).toEqual({ configured: false, monthly_limit: null, warning_percent: 80, currency: 'EUR', updated_at: null });
    expect((await budget.overview(1)).current_period).toMatchObject({ spent: 10, status: 'unconfigured' });
  });

  it('leaves receipts before the window out and still compares with the month before when one month is asked for', async () => {
    await receipt({ date: '2025-12-31', total: 999 });
    await receipt({ date: '2026-02-10', total: 20 });
    await receipt({ date: '2026-03-05', total: 30 });
    const overview = await budgetAt('2026-03-15T10:00:00Z').overview(1);
    expect(overview.months).toEqual([{ month: '2026-03', spent: 30, receipt_count: 1, is_current: true }]);
    expect(overview.comparison).toMatchObject({ spent: 20, receipt_count: 1 });
    const two = await budgetAt('2026-03-15T10:00:00Z').overview(3);
    expect(two.months.map((m) => m.spent)).toEqual([0, 20, 30]);
  });

  it('lists a month in the CSV by the household day: an undated receipt read at 00:30 local on 1 April belongs to April', async () => {
    await receipt({ date: null, total: 12.5, createdAt: '2026-03-31T22:30:00.000Z' });
    await receipt({ date: '2026-03-31', total: 7 });
    await receipt({ date: '2026-03-20', total: 9, imported: false });
    const budget = budgetAt('2026-04-10T10:00:00Z');
    const march = await budget.csv('2026-03', 'en');
    const april = await budget.csv('2026-04', 'de');
    expect(march.filename).toBe('budget-2026-03.csv');
    expect(march.body.split('\r\n').slice(1, -1)).toEqual(['2026-03-31,REWE,line,1,1.00,1.00']);
    expect(april.body.split('\r\n').slice(1, -1)).toEqual(['2026-04-01;REWE;line;1;1,00;1,00']);
    // Months after today have nothing yet.
    expect((await budget.csv('2026-05', 'en')).body.split('\r\n').slice(1, -1)).toEqual([]);
  });
});
