import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useApi } from '../../app/api-context';
import { paths } from '../../app/paths';
import { QueryProblem } from '../../app/QueryProblem';
import { sharedKeys } from '../../app/query-keys';
import { useSession } from '../../app/session';
import { ok } from '../../lib/api-result';
import { formatDay, formatQuantity, freshness, localDay } from '../../lib/format';
import { StockActionPanel } from './StockActionPanel';
import { STOCK_ACTIONS, type StockAction } from './stock-actions';
import { StockCount } from './StockCount';

const EXPIRING_DAYS = 7;

/**
 * Stock on hand per product, what expires soon, and consume / open / add for every product,
 * with or without a barcode.
 */
export function StockScreen() {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const { canWrite } = useSession();
  const locale = i18n.resolvedLanguage ?? 'en';
  const today = localDay();
  const until = localDay(EXPIRING_DAYS);
  const stock = useQuery({ queryKey: sharedKeys.stock, queryFn: () => ok(api.GET('/api/v1/stock')) });
  const expiring = useQuery({
    queryKey: sharedKeys.lots({ expiring_before: until }),
    queryFn: () => ok(api.GET('/api/v1/stock/lots', { params: { query: { expiring_before: until } } })),
  });
  const [acting, setActing] = useState<{ productId: string; productName: string; action: StockAction } | null>(null);
  const [counting, setCounting] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  if (acting) {
    return (
      <StockActionPanel
        {...acting}
        onDone={(done) => {
          setActing(null);
          setMessage(done);
        }}
        onCancel={() => setActing(null)}
      />
    );
  }
  if (counting) {
    return (
      <StockCount
        onDone={(done) => {
          setCounting(false);
          setMessage(done);
          void stock.refetch();
        }}
      />
    );
  }

  return (
    <>
      <section className="card" aria-labelledby="stock-heading">
        <div className="scan-head">
          <h2 id="stock-heading">{t('stock.heading')}</h2>
          <Link href={paths.catalog} className="link">
            {t('stock.allProducts')}
          </Link>
        </div>
        {message && (
          <p className="notice" role="status" data-testid="stock-message">
            {message}
          </p>
        )}
        <QueryProblem query={stock} />
        {stock.data?.length === 0 && <p className="muted">{t('stock.empty')}</p>}
        {stock.data && stock.data.length > 0 && (
          <ul className="rows" data-testid="stock-list">
            {stock.data.map((row) => (
              <li key={row.product_id}>
                <Link href={paths.product(row.product_id)} className="link" aria-label={t('productStock.details', { name: row.product_name })}>
                  {row.product_name}
                </Link>
                <span className="quantity" data-testid={`stock-${row.product_name}`}>
                  {formatQuantity(row.quantity, locale)} {row.quantity_unit_name ?? ''}
                </span>
                {row.earliest_best_before_date && (
                  <span className={`chip chip-${freshness(row.earliest_best_before_date, today)}`}>{t('stock.bestBefore', { date: formatDay(row.earliest_best_before_date, locale) })}</span>
                )}
                {canWrite && (
                  <span className="actions">
                    {STOCK_ACTIONS.map((action) => (
                      <button
                        key={action}
                        type="button"
                        className="secondary"
                        aria-label={`${t(`stock.actionLabel.${action}`)}: ${row.product_name}`}
                        onClick={() => {
                          setMessage(null);
                          setActing({ productId: row.product_id, productName: row.product_name, action });
                        }}
                      >
                        {t(`stock.actionLabel.${action}`)}
                      </button>
                    ))}
                  </span>
                )}
              </li>
            ))}
          </ul>
        )}
        {canWrite && (
          <div className="actions">
            <button type="button" onClick={() => setCounting(true)}>
              {t('count.start')}
            </button>
          </div>
        )}
      </section>
      {expiring.data && expiring.data.length > 0 && (
        <section className="card" aria-labelledby="expiring-heading">
          <h2 id="expiring-heading">{t('stock.expiring')}</h2>
          <ul className="rows" data-testid="expiring-list">
            {expiring.data.map((lot) => (
              <li key={lot.id}>
                <span>{lot.product_name}</span>
                <span className={`chip chip-${freshness(lot.best_before_date, today)}`}>{t('stock.bestBefore', { date: formatDay(lot.best_before_date ?? '', locale) })}</span>
                <span className="quantity">{formatQuantity(lot.quantity, locale)}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
