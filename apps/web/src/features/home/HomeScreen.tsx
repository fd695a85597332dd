import { useQuery } from '@tanstack/react-query';
import CalendarCheck from 'lucide-react/icons/calendar-check';
import Inbox from 'lucide-react/icons/inbox';
import PackageCheck from 'lucide-react/icons/package-check';
import ReceiptText from 'lucide-react/icons/receipt-text';
import ScanBarcode from 'lucide-react/icons/scan-barcode';
import Wallet from 'lucide-react/icons/wallet';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useApi } from '../../app/api-context';
import { paths } from '../../app/paths';
import { QueryProblem } from '../../app/QueryProblem';
import { sharedKeys } from '../../app/query-keys';
import { useSession } from '../../app/session';
import { ok } from '../../lib/api-result';
import { formatDay, formatQuantity, freshness, localDay } from '../../lib/format';
import { Badge, BestBeforeBadge, Card, EmptyState, List, ListRow, Skeleton } from '../../ui';
import { WelcomeBanner } from './WelcomeBanner';
import './home.css';

/** What "expiring soon" means on the home screen. */
const EXPIRING_DAYS = 7;
const LIST_LENGTH = 5;

/** Placeholder rows while a card's list loads; the card keeps its height, so nothing below jumps. */
function Loading({ query }: { query: { isPending: boolean; fetchStatus: string } }) {
  if (!query.isPending || query.fetchStatus !== 'fetching') return null;
  return (
    <div className="ui-stack ui-stack--tight" aria-hidden="true">
      <Skeleton width="100%" height={48} />
      <Skeleton width="100%" height={48} />
      <Skeleton width="80%" height={48} />
    </div>
  );
}

/** What needs attention today, and one big way to scan. */
export function HomeScreen() {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const { canQueue } = useSession();
  const locale = i18n.resolvedLanguage ?? 'en';
  const today = localDay();
  const until = localDay(EXPIRING_DAYS);
  const expiring = useQuery({
    queryKey: sharedKeys.lots({ expiring_before: until }),
    queryFn: () => ok(api.GET('/api/v1/stock/lots', { params: { query: { expiring_before: until } } })),
  });
  const low = useQuery({ queryKey: sharedKeys.lowStock, queryFn: () => ok(api.GET('/api/v1/shopping-list/low-stock')) });
  const inbox = useQuery({ queryKey: sharedKeys.unresolvedScans, queryFn: () => ok(api.GET('/api/v1/scans/unresolved')), enabled: canQueue });
  const fromStations = useQuery({ queryKey: sharedKeys.stationScans, queryFn: () => ok(api.GET('/api/v1/scans/from-stations')), enabled: canQueue });
  // Unresolved scans and the stations' resolved ones, each draft once.
  const waiting = new Set([...(inbox.data ?? []), ...(fromStations.data ?? [])].map((draft) => draft.id)).size;

  return (
    <div className="home">
      {canQueue && (
        <Link href={paths.scan} className="scan-cta" data-testid="home-scan">
          <ScanBarcode aria-hidden="true" size={32} />
          <span>{t('home.scan')}</span>
        </Link>
      )}
      <div className="home-grid">
        <Card title={t('home.expiring')} titleId="home-expiring-heading">
          <div className="home-card-body">
          <Loading query={expiring} />
          <QueryProblem query={expiring} />
          {expiring.data?.length === 0 && <EmptyState icon={CalendarCheck} title={t('home.nothingExpiring', { days: EXPIRING_DAYS })} headingLevel={3} />}
          {expiring.data && expiring.data.length > 0 && (
            <List data-testid="home-expiring">
              {expiring.data.slice(0, LIST_LENGTH).map((lot) => (
                <Link key={lot.id} href={paths.product(lot.product_id)} asChild>
                  <ListRow
                    title={lot.product_name}
                    thumbnailSrc={lot.product_image_url}
                    subtitle={
                      lot.best_before_date ? <BestBeforeBadge state={freshness(lot.best_before_date, today)}>{formatDay(lot.best_before_date, locale)}</BestBeforeBadge> : undefined
                    }
                    trailing={formatQuantity(lot.quantity, locale)}
                  />
                </Link>
              ))}
            </List>
          )}
          </div>
        </Card>
        <Card
          title={t('home.low')}
          titleId="home-low-heading"
          actions={
            (low.data?.items.length ?? 0) > 0 && (
              <Link href={paths.shopping} className="link">
                {t('home.toShopping')}
              </Link>
            )
          }
        >
          <div className="home-card-body">
          <Loading query={low} />
          <QueryProblem query={low} />
          {low.data?.items.length === 0 && <EmptyState icon={PackageCheck} title={t('home.nothingLow')} headingLevel={3} />}
          {low.data && low.data.items.length > 0 && (
            <List data-testid="home-low">
              {low.data.items.slice(0, LIST_LENGTH).map((item) => (
                <Link key={item.product_id} href={paths.product(item.product_id)} asChild>
                  <ListRow
                    title={item.product_name}
                    thumbnailSrc={item.product_image_url}
                    subtitle={t('home.lowFigures', { current: formatQuantity(item.current_quantity, locale), minimum: formatQuantity(item.minimum_quantity, locale) })}
                    trailing={item.quantity_unit_name ?? undefined}
                  />
                </Link>
              ))}
            </List>
          )}
          </div>
        </Card>
        {canQueue && (
          <Card title={t('home.inbox')} titleId="home-inbox-heading">
            <div className="home-card-body">
            <Loading query={inbox} />
            <QueryProblem query={inbox} />
            {inbox.data && waiting === 0 && <EmptyState icon={Inbox} title={t('home.inboxEmpty')} headingLevel={3} />}
            {waiting > 0 && (
              <Link href={paths.scan} asChild>
                <ListRow title={t('home.review')} leading={<Inbox aria-hidden="true" size={24} />} trailing={<Badge tone="warning" count={waiting} />} />
              </Link>
            )}
            <p className="ui-visually-hidden" data-testid="home-inbox-count">
              {inbox.data ? (waiting === 0 ? t('home.inboxEmpty') : t('home.inboxCount', { count: waiting })) : ''}
            </p>
            </div>
          </Card>
        )}
      </div>
      <Card flush>
        <List>
          <Link href={paths.receipts} asChild>
            <ListRow title={t('home.receipts')} leading={<ReceiptText aria-hidden="true" size={24} />} />
          </Link>
          <Link href={paths.budget} asChild>
            <ListRow title={t('home.budget')} leading={<Wallet aria-hidden="true" size={24} />} />
          </Link>
        </List>
      </Card>
      {/* Last: it appears once its state has loaded, and nothing below it moves then. */}
      <WelcomeBanner />
    </div>
  );
}
