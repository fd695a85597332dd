import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatMonth } from '../../lib/format';
import { cx } from '../../ui';

export interface ChartMonth {
  month: string;
  spent: number;
  receipt_count: number;
  is_current: boolean;
}

/**
 * Spending per month as bars, oldest first, with the limit as a dashed line. Drawn as an ordered
 * list, so a screen reader reads month, amount and receipts in order without a separate table.
 * Loaded on its own (`lazy`) after the month's figures.
 */
export default function MonthChart({ months, limit }: { months: readonly ChartMonth[]; limit: number | null }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? 'en';
  const top = Math.max(limit ?? 0, ...months.map((month) => month.spent), 1);
  const height = (amount: number) => `${((amount / top) * 100).toFixed(2)}%`;
  return (
    <div className="month-chart" data-testid="month-chart">
      <ol className="month-chart-bars" aria-label={t('budget.chartLabel', { count: months.length })}>
        {months.map((month) => (
          <li key={month.month} className={cx('month-chart-month', month.is_current && 'month-chart-month--current')}>
            <span className="month-chart-track" aria-hidden="true">
              <span className="month-chart-bar" style={{ height: height(month.spent) }} />
            </span>
            <span className="month-chart-label" aria-hidden="true">
              {formatMonth(month.month, locale, 'short')}
            </span>
            <span className="ui-visually-hidden">
              {t('budget.chartMonth', { month: formatMonth(month.month, locale), amount: formatMoney(month.spent, locale), count: month.receipt_count })}
              {month.is_current ? ` (${t('budget.soFar')})` : ''}
            </span>
          </li>
        ))}
      </ol>
      {limit !== null && (
        // Placed by CSS over the bars' tracks: `--at` is the limit's share of the tracks' height.
        <div className="month-chart-limit" style={{ '--at': Math.min(1, limit / top) } as CSSProperties} aria-hidden="true">
          <span>{t('budget.limitLine', { amount: formatMoney(limit, locale) })}</span>
        </div>
      )}
    </div>
  );
}
