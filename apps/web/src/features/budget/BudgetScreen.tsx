import { useQuery } from '@tanstack/react-query';
import Download from 'lucide-react/icons/download';
import ReceiptText from 'lucide-react/icons/receipt-text';
import Wallet from 'lucide-react/icons/wallet';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useApi } from '../../app/api-context';
import { paths } from '../../app/paths';
import { QueryProblem } from '../../app/QueryProblem';
import { useSession } from '../../app/session';
import { ok } from '../../lib/api-result';
import { formatDay, formatDayRange, formatMoney, formatMonth } from '../../lib/format';
import { useOnline } from '../../lib/use-online';
import { Badge, Banner, Button, Card, EmptyState, Field, List, ListRow, Select, Skeleton, type BadgeTone } from '../../ui';
import { BudgetBar } from './BudgetBar';
import { BudgetLimitSheet } from './BudgetLimitSheet';
import { budgetKeys, CHART_MONTHS } from './budget-keys';
import './budget.css';

// The chart comes after the month's figures, in a chunk of its own.
const MonthChart = lazy(() => import('./MonthChart'));

const STATUS_TONE: Record<string, BadgeTone> = { unconfigured: 'neutral', on_track: 'accent', watch: 'warning', over: 'danger' };

/** The address of a month's CSV in the reader's language (our addition to the budget API). */
export const budgetCsvUrl = (month: string, locale: string) =>
  `/api/v1/insights/budget/export?${new URLSearchParams({ month, locale: locale === 'de' ? 'de' : 'en' })}`;

/**
 * The monthly EUR budget: the month so far against the limit with the forecast, the last twelve
 * months, where the money went, which receipts are not counted yet, and a CSV of a month.
 */
export function BudgetScreen() {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? 'en';
  const api = useApi();
  const online = useOnline();
  const { canManage } = useSession();
  const [editing, setEditing] = useState(false);
  const overview = useQuery({
    queryKey: budgetKeys.overview(CHART_MONTHS),
    queryFn: () => ok(api.GET('/api/v1/insights/budget', { params: { query: { months: CHART_MONTHS } } })),
  });
  const [csvMonth, setCsvMonth] = useState<string | null>(null);
  const money = (amount: number) => formatMoney(amount, locale);
  const formatPercent = (percent: number) => new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(percent / 100);

  if (!overview.data) {
    return (
      <div className="budget-screen">
        <Card title={t('budget.heading')}>
          <QueryProblem query={overview} />
          {overview.isPending && <Skeleton width="100%" height={120} />}
        </Card>
      </div>
    );
  }
  const { current_period: period, comparison, settings, stores, data_quality: quality, months } = overview.data;
  const limit = settings.monthly_limit ?? null;
  const chosenMonth = csvMonth ?? period.month;
  const change = comparison.change_percent;

  return (
    <div className="budget-screen">
      <Card
        title={t('budget.heading')}
        titleId="budget-heading"
        actions={
          canManage && (
            <Button variant="secondary" icon={Wallet} onClick={() => setEditing(true)} data-testid="budget-limit-edit">
              {limit === null ? t('budget.setLimit') : t('budget.changeLimit')}
            </Button>
          )
        }
      >
        <p className="budget-month muted">{t('budget.monthAsOf', { month: formatMonth(period.month, locale), day: formatDay(period.as_of_date, locale) })}</p>
        <div className="budget-figure">
          <span className="budget-spent" data-testid="budget-spent">
            {money(period.spent)}
          </span>
          {limit !== null && <span className="budget-of muted">{t('budget.ofLimit', { limit: money(limit) })}</span>}
          <Badge tone={STATUS_TONE[period.status]} data-testid="budget-status">
            {t(`budget.status.${period.status}`)}
          </Badge>
        </div>
        {limit !== null && period.status !== 'unconfigured' ? (
          <BudgetBar spent={period.spent} limit={limit} forecast={period.forecast} status={period.status} />
        ) : (
          <p className="muted">{canManage ? t('budget.noLimitManage') : t('budget.noLimit')}</p>
        )}
        <dl className="budget-facts">
          {period.remaining !== null && period.remaining !== undefined && (
            <div>
              <dt>{period.remaining >= 0 ? t('budget.remaining') : t('budget.overBy')}</dt>
              <dd data-testid="budget-remaining">{money(Math.abs(period.remaining))}</dd>
            </div>
          )}
          {period.daily_available !== null && period.daily_available !== undefined && period.daily_available > 0 && (
            <div>
              <dt>{t('budget.perDay', { count: period.days_remaining })}</dt>
              <dd>{money(period.daily_available)}</dd>
            </div>
          )}
          <div>
            <dt>{t('budget.forecast')}</dt>
            <dd data-testid="budget-forecast">{money(period.forecast)}</dd>
          </div>
          <div>
            <dt>{t('budget.receipts')}</dt>
            <dd>{t('budget.receiptCount', { count: period.receipt_count, average: money(period.average_receipt) })}</dd>
          </div>
          <div>
            <dt>{t('budget.comparison')}</dt>
            <dd data-testid="budget-comparison">
              {money(comparison.spent)}
              {change !== null && change !== undefined && change !== 0 && (
                <span className="budget-change muted"> · {t(change > 0 ? 'budget.more' : 'budget.less', { percent: formatPercent(Math.abs(change)) })}</span>
              )}
            </dd>
            <dd className="budget-fact-note muted">{formatDayRange(comparison.start_date, comparison.end_date, locale)}</dd>
          </div>
        </dl>
      </Card>

      <Card title={t('budget.monthsHeading')}>
        <Suspense fallback={<Skeleton width="100%" height={180} />}>
          <MonthChart months={months} limit={limit} />
        </Suspense>
      </Card>

      <div className="ui-grid">
        <Card title={t('budget.storesHeading')} flush>
          {stores.length === 0 ? (
            <EmptyState icon={ReceiptText} title={t('budget.noStores')} headingLevel={3} />
          ) : (
            <List data-testid="budget-stores">
              {stores.map((store) => (
                <ListRow
                  key={store.store_key}
                  title={store.store_name}
                  subtitle={
                    <span className="budget-share" aria-hidden="true">
                      <span className="budget-share-bar" style={{ width: `${store.share_percent}%` }} />
                    </span>
                  }
                  trailing={
                    <span className="budget-store-amount">
                      {money(store.spent)}
                      <span className="muted"> · {formatPercent(store.share_percent)}</span>
                    </span>
                  }
                />
              ))}
            </List>
          )}
        </Card>

        <Card title={t('budget.qualityHeading')}>
          <div className="ui-stack" data-testid="budget-quality">
            {quality.pending_receipt_count > 0 && (
              <Banner tone="warning" role="status">
                {t('budget.pending', { count: quality.pending_receipt_count })}{' '}
                <Link href={`${paths.receipts}?status=review`}>{t('budget.reviewLink')}</Link>
              </Banner>
            )}
            {quality.missing_total_count > 0 && (
              <Banner tone="info">
                {t('budget.missingTotal', { count: quality.missing_total_count })} <Link href={paths.receipts}>{t('budget.receiptsLink')}</Link>
              </Banner>
            )}
            {quality.other_currency_receipt_count > 0 && <Banner tone="info">{t('budget.otherCurrency', { count: quality.other_currency_receipt_count })}</Banner>}
            <p className="muted">
              {quality.confirmed_receipt_count === 0
                ? t('budget.noConfirmed')
                : t('budget.coverage', { counted: quality.counted_receipt_count, confirmed: quality.confirmed_receipt_count, percent: formatPercent(quality.coverage_percent) })}
            </p>
          </div>
        </Card>
      </div>

      <Card title={t('budget.csvHeading')}>
        <div className="budget-csv">
          <Field label={t('budget.csvMonth')}>
            <Select name="csv-month" value={chosenMonth} onChange={(event) => setCsvMonth(event.target.value)}>
              {[...months].reverse().map((month) => (
                <option key={month.month} value={month.month}>
                  {formatMonth(month.month, locale)}
                </option>
              ))}
            </Select>
          </Field>
          <Button
            variant="secondary"
            icon={Download}
            disabled={!online}
            data-testid="budget-csv"
            onClick={() => {
              const link = document.createElement('a');
              link.href = budgetCsvUrl(chosenMonth, locale);
              link.download = `budget-${chosenMonth}.csv`;
              link.click();
            }}
          >
            {t('budget.csvDownload')}
          </Button>
        </div>
        <p className="muted">{t('budget.csvHint')}</p>
      </Card>

      {editing && <BudgetLimitSheet open onClose={() => setEditing(false)} limit={limit} warningPercent={settings.warning_percent} />}
    </div>
  );
}
