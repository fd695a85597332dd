import { Injectable } from '@nestjs/common';
import { normalizeKey } from '@hinv/shared';
import { calendarDay, Clock } from '../../common/clock.js';
import { AppConfig } from '../../config/app-config.js';
import { Database } from '../../database/database.js';
import { BudgetSettingsEntity } from './budget-settings.entity.js';
import type { BudgetOverviewResponse, BudgetSettingsInput, BudgetSettingsResponse, BudgetStatus, BudgetStoreResponse } from './dto/budget.dto.js';

/** The only currency the budget counts; receipts in another one show up as data quality. */
export const BUDGET_CURRENCY = 'EUR';
export const DEFAULT_WARNING_PERCENT = 80;
const MAX_STORES = 8;

const RECEIPTS_SQL = `
  SELECT r.purchase_date AS purchaseDate, r.created_at AS createdAt, r.total AS total, r.currency AS currency, r.retailer AS retailer,
         r.store_name AS storeName, EXISTS (SELECT 1 FROM receipt_items i WHERE i.receipt_id = r.id AND i.imported = 1) AS confirmed
  FROM receipts r`;

interface ReceiptRow {
  purchaseDate: string | null;
  createdAt: string;
  total: number | null;
  currency: string;
  retailer: string | null;
  storeName: string | null;
  confirmed: number;
}

interface BudgetReceipt {
  day: string;
  total: number;
  confirmed: boolean;
  counted: boolean;
  currency: string;
  storeKey: string;
  storeName: string;
}

const round2 = (value: number) => Math.round(value * 100) / 100;
const pad = (value: number) => String(value).padStart(2, '0');
const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** `YYYY-MM` of the month `back` months before year/month (1-based month). */
function monthKey(year: number, month: number, back: number): { key: string; year: number; month: number } {
  const index = year * 12 + (month - 1) - back;
  const y = Math.floor(index / 12);
  const m = (index % 12) + 1;
  return { key: `${y}-${pad(m)}`, year: y, month: m };
}

/**
 * The monthly EUR overview from confirmed receipts (at least one imported line, a total above 0,
 * in EUR). "Today", the month and the comparison window are calendar days in the household's `TZ`;
 * a receipt without a printed date counts on the day it was read, in that time zone too.
 */
@Injectable()
export class BudgetService {
  constructor(
    private readonly config: AppConfig,
    private readonly database: Database,
    private readonly clock: Clock,
  ) {}

  async settings(): Promise<BudgetSettingsResponse> {
    const row = await this.database.manager.findOneBy(BudgetSettingsEntity, { id: 1 });
    return toSettings(row);
  }

  async saveSettings(input: BudgetSettingsInput): Promise<BudgetSettingsResponse> {
    const repository = this.database.manager.getRepository(BudgetSettingsEntity);
    if (input.monthly_limit === null || input.monthly_limit === undefined) {
      await repository.delete({ id: 1 });
      return toSettings(null);
    }
    const row = repository.create({
      id: 1,
      monthlyLimitCents: Math.round(input.monthly_limit * 100),
      warningPercent: input.warning_percent ?? DEFAULT_WARNING_PERCENT,
      updatedAt: this.clock.now().toISOString(),
    });
    return toSettings(await repository.save(row));
  }

  async overview(months: number): Promise<BudgetOverviewResponse> {
    const now = this.clock.now();
    const timeZone = this.config.env.TZ;
    const settings = await this.settings();
    const receipts = (this.database.sqlite.prepare(RECEIPTS_SQL).all() as ReceiptRow[]).map((row) => toReceipt(row, timeZone));

    const today = calendarDay(now, timeZone);
    const year = Number(today.slice(0, 4));
    const month = Number(today.slice(5, 7));
    const dayNumber = Number(today.slice(8, 10));
    const current = monthKey(year, month, 0);
    const startDate = `${current.key}-01`;
    const daysTotal = daysIn(year, month);
    const daysRemaining = daysTotal - dayNumber;

    const inPeriod = receipts.filter((r) => r.day >= startDate && r.day <= today);
    const counted = inPeriod.filter((r) => r.counted);
    const spentExact = counted.reduce((sum, r) => sum + r.total, 0);
    const spent = round2(spentExact);
    const forecast = round2((spentExact / dayNumber) * daysTotal);
    const limit = settings.monthly_limit ?? null;
    const remaining = limit === null ? null : round2(limit - spentExact);
    const percentUsed = limit === null ? null : round2((spentExact / limit) * 100);
    let status: BudgetStatus = 'unconfigured';
    if (limit !== null) {
      if (spentExact >= limit) status = 'over';
      else if ((percentUsed as number) >= settings.warning_percent || forecast > limit) status = 'watch';
      else status = 'on_track';
    }
    const latest = counted.reduce<string | null>((max, r) => (max === null || r.day > max ? r.day : max), null);

    const previous = monthKey(year, month, 1);
    const comparisonStart = `${previous.key}-01`;
    const comparisonEnd = `${previous.key}-${pad(Math.min(dayNumber, daysIn(previous.year, previous.month)))}`;
    const compared = receipts.filter((r) => r.counted && r.day >= comparisonStart && r.day <= comparisonEnd);
    const previousSpent = compared.reduce((sum, r) => sum + r.total, 0);
    const change = spentExact - previousSpent;

    const history = [];
    for (let back = months - 1; back >= 0; back -= 1) {
      const key = monthKey(year, month, back).key;
      const ofMonth = receipts.filter((r) => r.counted && r.day.startsWith(`${key}-`) && r.day <= today);
      history.push({ month: key, spent: round2(ofMonth.reduce((sum, r) => sum + r.total, 0)), receipt_count: ofMonth.length, is_current: back === 0 });
    }

    const byStore = new Map<string, { name: string; spent: number; count: number }>();
    for (const r of counted) {
      const entry = byStore.get(r.storeKey) ?? { name: r.storeName, spent: 0, count: 0 };
      entry.spent += r.total;
      entry.count += 1;
      byStore.set(r.storeKey, entry);
    }
    const stores: BudgetStoreResponse[] = [...byStore.entries()]
      .sort(([, a], [, b]) => b.spent - a.spent || a.name.localeCompare(b.name))
      .slice(0, MAX_STORES)
      .map(([key, entry]) => ({
        store_key: key,
        store_name: entry.name,
        spent: round2(entry.spent),
        receipt_count: entry.count,
        share_percent: spentExact > 0 ? round2((entry.spent / spentExact) * 100) : 0,
      }));

    const confirmed = inPeriod.filter((r) => r.confirmed);
    return {
      settings,
      current_period: {
        month: current.key,
        start_date: startDate,
        as_of_date: today,
        spent,
        receipt_count: counted.length,
        average_receipt: counted.length > 0 ? round2(spentExact / counted.length) : 0,
        forecast,
        days_elapsed: dayNumber,
        days_total: daysTotal,
        days_remaining: daysRemaining,
        status,
        daily_available: remaining === null ? null : round2(remaining / Math.max(daysRemaining, 1)),
        latest_purchase_date: latest,
        percent_used: percentUsed,
        remaining,
      },
      comparison: {
        start_date: comparisonStart,
        end_date: comparisonEnd,
        spent: round2(previousSpent),
        receipt_count: compared.length,
        change_amount: round2(change),
        change_percent: previousSpent > 0 ? round2((change / previousSpent) * 100) : null,
      },
      months: history,
      stores,
      data_quality: {
        confirmed_receipt_count: confirmed.length,
        counted_receipt_count: counted.length,
        pending_receipt_count: inPeriod.filter((r) => !r.confirmed && r.total > 0).length,
        missing_total_count: confirmed.filter((r) => r.total <= 0).length,
        other_currency_receipt_count: confirmed.filter((r) => r.total > 0 && r.currency !== BUDGET_CURRENCY).length,
        coverage_percent: confirmed.length > 0 ? round2((counted.length / confirmed.length) * 100) : 0,
      },
      generated_at: now.toISOString(),
    };
  }
}

function toSettings(row: BudgetSettingsEntity | null): BudgetSettingsResponse {
  return {
    configured: row !== null,
    warning_percent: row?.warningPercent ?? DEFAULT_WARNING_PERCENT,
    currency: BUDGET_CURRENCY,
    monthly_limit: row ? row.monthlyLimitCents / 100 : null,
    updated_at: row?.updatedAt ?? null,
  };
}

function toReceipt(row: ReceiptRow, timeZone: string): BudgetReceipt {
  const total = row.total ?? 0;
  const confirmed = row.confirmed === 1;
  const label = row.retailer?.trim() || row.storeName?.trim() || 'unknown';
  return {
    day: row.purchaseDate ?? calendarDay(new Date(row.createdAt), timeZone),
    total,
    confirmed,
    counted: confirmed && total > 0 && row.currency === BUDGET_CURRENCY,
    currency: row.currency,
    storeKey: normalizeKey(label) || 'unknown',
    storeName: label,
  };
}
