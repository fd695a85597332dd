import { useQuery } from '@tanstack/react-query';
import ScanBarcode from 'lucide-react/icons/scan-barcode';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useApi } from '../../app/api-context';
import { paths } from '../../app/paths';
import { sharedKeys } from '../../app/query-keys';
import { useSession } from '../../app/session';
import { ok } from '../../lib/api-result';
import { formatDay, formatQuantity, freshness, localDay } from '../../lib/format';
import { QueryProblem } from '../../app/QueryProblem';
import { WelcomeBanner } from './WelcomeBanner';

/** What "expiring soon" means on the home screen. */
const EXPIRING_DAYS = 7;
const LIST_LENGTH = 5;

/** What needs attention today, and one big way to scan. */
export function HomeScreen() {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const { canWrite } = useSession();
  const locale = i18n.resolvedLanguage ?? 'en';
  const today = localDay();
  const until = localDay(EXPIRING_DAYS);
  const expiring = useQuery({
    queryKey: sharedKeys.lots({ expiring_before: until }),
    queryFn: () => ok(api.GET('/api/v1/stock/lots', { params: { query: { expiring_before: until } } })),
  });
  const low = useQuery({ queryKey: sharedKeys.lowStock, queryFn: () => ok(api.GET('/api/v1/shopping-list/low-stock')) });
  const inbox = useQuery({ queryKey: sharedKeys.unresolvedScans, queryFn: () => ok(api.GET('/api/v1/scans/unresolved')), enabled: canWrite });

  return (
    <>
      <WelcomeBanner />
      {canWrite && (
        <Link href={paths.scan} className="scan-cta" data-testid="home-scan">
          <ScanBarcode aria-hidden="true" size={32} />
          <span>{t('home.scan')}</span>
        </Link>
      )}
      <div className="home-grid">
        <section className="card" aria-labelledby="home-expiring-heading">
          <h2 id="home-expiring-heading">{t('home.expiring')}</h2>
          <QueryProblem query={expiring} />
          {expiring.data?.length === 0 && <p className="muted">{t('home.nothingExpiring', { days: EXPIRING_DAYS })}</p>}
          <ul className="rows" data-testid="home-expiring">
            {expiring.data?.slice(0, LIST_LENGTH).map((lot) => (
              <li key={lot.id}>
                <Link href={paths.product(lot.product_id)} className="link">
                  {lot.product_name}
                </Link>
                <span className={`chip chip-${freshness(lot.best_before_date, today)}`}>{lot.best_before_date ? formatDay(lot.best_before_date, locale) : ''}</span>
              </li>
            ))}
          </ul>
        </section>
        <section className="card" aria-labelledby="home-low-heading">
          <h2 id="home-low-heading">{t('home.low')}</h2>
          <QueryProblem query={low} />
          {low.data?.items.length === 0 && <p className="muted">{t('home.nothingLow')}</p>}
          <ul className="rows" data-testid="home-low">
            {low.data?.items.slice(0, LIST_LENGTH).map((item) => (
              <li key={item.product_id}>
                <Link href={paths.product(item.product_id)} className="link">
                  {item.product_name}
                </Link>
                <span className="quantity">
                  {formatQuantity(item.current_quantity, locale)} / {formatQuantity(item.minimum_quantity, locale)} {item.quantity_unit_name ?? ''}
                </span>
              </li>
            ))}
          </ul>
          {(low.data?.items.length ?? 0) > 0 && (
            <Link href={paths.shopping} className="link">
              {t('home.toShopping')}
            </Link>
          )}
        </section>
        {canWrite && (
          <section className="card" aria-labelledby="home-inbox-heading">
            <h2 id="home-inbox-heading">{t('home.inbox')}</h2>
            <QueryProblem query={inbox} />
            {inbox.data && (
              <p data-testid="home-inbox-count">{inbox.data.length === 0 ? t('home.inboxEmpty') : t('home.inboxCount', { count: inbox.data.length })}</p>
            )}
            {(inbox.data?.length ?? 0) > 0 && (
              <Link href={paths.scan} className="link">
                {t('home.review')}
              </Link>
            )}
          </section>
        )}
      </div>
    </>
  );
}
