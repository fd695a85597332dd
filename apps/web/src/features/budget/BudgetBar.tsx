import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format';
import { cx } from '../../ui';

export interface BudgetBarProps {
  spent: number;
  limit: number;
  forecast: number;
  status: 'on_track' | 'watch' | 'over';
}

const percent = (part: number, whole: number) => `${Math.min(100, (part / whole) * 100).toFixed(2)}%`;

/**
 * The month so far against the limit. The scale reaches past the limit when the spending or the
 * forecast does, so an overshoot shows as a bar running past the limit's tick rather than a full bar.
 */
export function BudgetBar({ spent, limit, forecast, status }: BudgetBarProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? 'en';
  const scale = Math.max(limit, forecast, spent);
  const money = (amount: number) => formatMoney(amount, locale);
  return (
    <div className="budget-bar-block">
      <div
        className="budget-bar"
        role="meter"
        aria-label={t('budget.barLabel')}
        aria-valuemin={0}
        aria-valuemax={limit}
        aria-valuenow={Math.min(spent, limit)}
        aria-valuetext={t('budget.barValue', { spent: money(spent), limit: money(limit), forecast: money(forecast) })}
        data-testid="budget-bar"
      >
        <div className={cx('budget-bar-fill', `budget-bar-fill--${status}`)} style={{ width: percent(spent, scale) }} />
        {scale > limit && <div className="budget-bar-limit" style={{ left: percent(limit, scale) }} />}
        {forecast > 0 && <div className="budget-bar-forecast" style={{ left: percent(forecast, scale) }} data-testid="budget-forecast-marker" />}
      </div>
      <div className="budget-bar-legend" aria-hidden="true">
        <span>
          <span className={cx('budget-swatch', `budget-swatch--${status}`)} /> {t('budget.spentLegend')}
        </span>
        <span>
          <span className="budget-swatch budget-swatch--forecast" /> {t('budget.forecastLegend', { amount: money(forecast) })}
        </span>
      </div>
    </div>
  );
}
