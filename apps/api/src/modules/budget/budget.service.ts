import { Injectable } from '@nestjs/common';
import { normalizeKey, type Locale } from '@hinv/shared';
import { calendarDay, calendarDays, Clock, receiptDay } from '../../common/clock.js';
import { AppConfig } from '../../config/app-config.js';
import { Database } from '../../database/database.js';
import { budgetCsv } from './budget-csv.js';
import { BudgetSettingsEntity } from './budget-settings.entity.js';
import type { BudgetOverviewResponse, BudgetSettingsInput, BudgetSettingsResponse, BudgetStatus, BudgetStoreResponse } from './dto/budget.dto.js';

/** The only currency the budget counts; receipts in another one show up as data quality. */
export const BUDGET_CURRENCY = 'EUR';
export const DEFAULT_WARNING_PERCENT = 80;
const MAX_STORES = 8;

// Receipts that can fall in a window of days: a printed date inside it, or (undated) read within a
// day of it in UTC, since the household's time zone may be up to 14 hours away; `receiptDay` decides.
const RECEIPTS_SQL = `
  SELECT r.id AS id, r.purchase_date AS purchaseDate, r.created_at AS createdAt, r.total AS total, r.currency AS currency, r.retailer AS retailer,
         r.store_name AS storeName, EXISTS (SELECT 1 FROM receipt_items i WHERE i.receipt_id = r.id AND i.imported = 1) AS confirmed
  FROM receipts r
  WHERE r.purchase_date BETWEEN @from AND @to OR (r.purchase_date IS NULL AND r.created_at BETWEEN @readFrom AND @readTo)
  ORDER BY r.created_at, r.rowid`;

// The lines of the given receipts, in receipt order as listed in `json_each` and then as printed.
const LINES_SQL = `
  SELECT i.receipt_id AS receiptId, COALESCE(p.name, i.raw_name) AS product, i.quantity AS quantity,
         COALESCE(i.unit_price, ROUND(i.total_price / (CASE WHEN i.quantity > 0 THEN i.quantity ELSE 1 END), 2)) AS unitPrice, i.total_price AS lineTotal
  FROM json_each(@ids) AS chosen
  JOIN receipt_items i ON i.receipt_id = chosen.value
  LEFT JOIN products p ON p.id = i.product_id
  ORDER BY chosen.key, i.position`;

interface ReceiptRow {
  id: string;
  purchaseDate: string | null;
  createdAt: string;
  total: number | null;
  currency: string;
  retailer: string | null;
  storeName: string | null;
  confirmed: number;
}

interface LineRow {
  receiptId: string;
  product: string;
  quantity: number | null;
  unitPrice: number | null;
  lineTotal: number | null;
}

interface BudgetReceipt {
  id: string;
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

  /** `YYYY-MM` of today in the household time zone. */
  currentMonth(): string {
    return calendarDay(this.clock.now(), this.config.env.TZ).slice(0, 7);
  }

  /**
   * A month's counted receipts and all their lines as CSV (`YYYY-MM` in the household time zone,
   * up to today): for households that keep their own spreadsheet.
   */
  async csv(month: string, locale: Locale): Promise<{ filename: string; body: string }> {
    const dayOf = calendarDays(this.config.env.TZ);
    const today = dayOf(this.clock.now());
    const last = `${month}-${pad(daysIn(Number(month.slice(0, 4)), Number(month.slice(5, 7))))}`;
    const receipts = this.receiptsBetween(`${month}-01`, last < today ? last : today)
      .map((row) => toReceipt(row, dayOf))
      .filter((receipt) => receipt.counted && receipt.day.startsWith(`${month}-`) && receipt.day <= today)
      .sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
    const byId = new Map(receipts.map((receipt) => [receipt.id, receipt]));
    const lines = (this.database.sqlite.prepare(LINES_SQL).all({ ids: JSON.stringify(receipts.map((receipt) => receipt.id)) }) as LineRow[]).map((line) => {
      const receipt = byId.get(line.receiptId) as BudgetReceipt;
      return { day: receipt.day, store: receipt.storeName, product: line.product, quantity: line.quantity ?? 1, unitPrice: line.unitPrice, lineTotal: line.lineTotal };
    });
    return { filename: `budget-${month}.csv`, body: budgetCsv(lines, locale) };
  }

  /** Receipts whose day may fall between two calendar days (inclusive); callers date them with `receiptDay`. */
  private receiptsBetween(from: string, to: string): ReceiptRow[] {
    const readFrom = new Date(Date.parse(`${from}T00:00:00Z`) - 86_400_000).toISOString();
    const readTo = new Date(Date.parse(`${to}T00:00:00Z`) + 2 * 86_400_000).toISOString();
    return this.database.sqlite.prepare(RECEIPTS_SQL).all({ from, to, readFrom, readTo }) as ReceiptRow[];
  }

  async overview(months: number): Promise<BudgetOverviewResponse> {
    const now = this.clock.now();
    const dayOf = calendarDays(this.config.env.TZ);
    const settings = await this.settings();

    const today = dayOf(now);
    const year = Number(today.slice(0, 4));
    const month = Number(today.slice(5, 7));
    const dayNumber = Number(today.slice(8, 10));
    const current = monthKey(year, month, 0);
    const startDate = `${current.key}-01`;
    const daysTotal = daysIn(year, month);
    const daysRemaining = daysTotal - dayNumber;
    const previous = monthKey(year, month, 1);
    const comparisonStart = `${previous.key}-01`;
    const comparisonEnd = `${previous.key}-${pad(Math.min(dayNumber, daysIn(previous.year, previous.month)))}`;

    // The history's months, oldest first; the comparison needs the month before even when months = 1.
    const history = Array.from({ length: months }, (_, index) => monthKey(year, month, months - 1 - index).key);
    const rows = this.receiptsBetween(`${monthKey(year, month, Math.max(months - 1, 1)).key}-01`, today);

    // One pass over the window: the month so far, the same days of the month before, each month's
    // sum and the stores of this month.
    const spentByMonth = new Map<string, { spent: number; count: number }>();
    const byStore = new Map<string, { name: string; spent: number; count: number }>();
    let spentExact = 0;
    let counted = 0;
    let confirmed = 0;
    let pending = 0;
    let missingTotal = 0;
    let otherCurrency = 0;
    let latest: string | null = null;
    let previousSpent = 0;
    let compared = 0;
    for (const row of rows) {
      const receipt = toReceipt(row, dayOf);
      if (receipt.day > today) continue;
      const inPeriod = receipt.day >= startDate;
      if (inPeriod) {
        if (receipt.confirmed) {
          confirmed += 1;
          if (receipt.total <= 0) missingTotal += 1;
          else if (receipt.currency !== BUDGET_CURRENCY) otherCurrency += 1;
        } else if (receipt.total > 0) pending += 1;
      }
      if (!receipt.counted) continue;
      const ofMonth = spentByMonth.get(receipt.day.slice(0, 7)) ?? { spent: 0, count: 0 };
      ofMonth.spent += receipt.total;
      ofMonth.count += 1;
      spentByMonth.set(receipt.day.slice(0, 7), ofMonth);
      if (receipt.day >= comparisonStart && receipt.day <= comparisonEnd) {
        previousSpent += receipt.total;
        compared += 1;
      }
      if (!inPeriod) continue;
      spentExact += receipt.total;
      counted += 1;
      if (latest === null || receipt.day > latest) latest = receipt.day;
      const store = byStore.get(receipt.storeKey) ?? { name: receipt.storeName, spent: 0, count: 0 };
      store.spent += receipt.total;
      store.count += 1;
      byStore.set(receipt.storeKey, store);
    }

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
    const change = spentExact - previousSpent;
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

    return {
      settings,
      current_period: {
        month: current.key,
        start_date: startDate,
        as_of_date: today,
        spent,
        receipt_count: counted,
        average_receipt: counted > 0 ? round2(spentExact / counted) : 0,
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
        receipt_count: compared,
        change_amount: round2(change),
        change_percent: previousSpent > 0 ? round2((change / previousSpent) * 100) : null,
      },
      months: history.map((key) => ({
        month: key,
        spent: round2(spentByMonth.get(key)?.spent ?? 0),
        receipt_count: spentByMonth.get(key)?.count ?? 0,
        is_current: key === current.key,
      })),
      stores,
      data_quality: {
        confirmed_receipt_count: confirmed,
        counted_receipt_count: counted,
        pending_receipt_count: pending,
        missing_total_count: missingTotal,
        other_currency_receipt_count: otherCurrency,
        coverage_percent: confirmed > 0 ? round2((counted / confirmed) * 100) : 0,
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

function toReceipt(row: ReceiptRow, dayOf: (instant: Date) => string): BudgetReceipt {
  const total = row.total ?? 0;
  const confirmed = row.confirmed === 1;
  const label = row.retailer?.trim() || row.storeName?.trim() || 'unknown';
  return {
    id: row.id,
    day: receiptDay(row.purchaseDate, row.createdAt, dayOf),
    total,
    confirmed,
    counted: confirmed && total > 0 && row.currency === BUDGET_CURRENCY,
    currency: row.currency,
    storeKey: normalizeKey(label) || 'unknown',
    storeName: label,
  };
}
