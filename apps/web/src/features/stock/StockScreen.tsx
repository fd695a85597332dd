import { useQuery } from '@tanstack/react-query';
import ClipboardList from 'lucide-react/icons/clipboard-list';
import Minus from 'lucide-react/icons/minus';
import PackageOpen from 'lucide-react/icons/package-open';
import Plus from 'lucide-react/icons/plus';
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
import { BestBeforeBadge, Button, Card, EmptyState, IconButton, List, ListRow, Skeleton } from '../../ui';
import { StockActionSheet, type StockActionTarget } from './StockActionSheet';
import { STOCK_ACTIONS, type StockAction } from './stock-actions';
import { StockCount } from './StockCount';
import './stock.css';

const EXPIRING_DAYS = 7;
const ACTION_ICONS: Record<StockAction, typeof Minus> = { consume: Minus, open: PackageOpen, add: Plus };

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
  const [acting, setActing] = useState<StockActionTarget | null>(null);
  const [counting, setCounting] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const bestBefore = (date: string) => <BestBeforeBadge state={freshness(date, today)}>{t('stock.bestBefore', { date: formatDay(date, locale) })}</BestBeforeBadge>;

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
    <div className={expiring.data && expiring.data.length > 0 ? 'stock-screen stock-screen--split' : 'stock-screen'}>
      <Card
        title={t('stock.heading')}
        titleId="stock-heading"
        actions={
          <Link href={paths.catalog} className="link">
            {t('stock.allProducts')}
          </Link>
        }
      >
        {message && (
          <p className="notice" role="status" data-testid="stock-message">
            {message}
          </p>
        )}
        <QueryProblem query={stock} />
        {stock.isPending && <Skeleton width="100%" height={56} />}
        {stock.data?.length === 0 && <EmptyState title={t('stock.empty')} headingLevel={3} />}
        {stock.data && stock.data.length > 0 && (
          <List data-testid="stock-list">
            {stock.data.map((row) => (
              <Link key={row.product_id} href={paths.product(row.product_id)} asChild>
                <ListRow
                  title={row.product_name}
                  thumbnailSrc={row.product_image_url}
                  subtitle={row.earliest_best_before_date ? bestBefore(row.earliest_best_before_date) : undefined}
                  trailing={
                    <span className="quantity" data-testid={`stock-${row.product_name}`}>
                      {formatQuantity(row.quantity, locale)} {row.quantity_unit_name ?? ''}
                    </span>
                  }
                  chevron={false}
                  action={
                    canWrite && (
                      <span className="stock-actions">
                        {STOCK_ACTIONS.map((action) => (
                          <IconButton
                            key={action}
                            icon={ACTION_ICONS[action]}
                            variant="secondary"
                            label={`${t(`stock.actionLabel.${action}`)}: ${row.product_name}`}
                            onClick={() => {
                              setMessage(null);
                              setActing({ productId: row.product_id, productName: row.product_name, action });
                            }}
                          />
                        ))}
                      </span>
                    )
                  }
                />
              </Link>
            ))}
          </List>
        )}
        {canWrite && (
          <Button variant="secondary" icon={ClipboardList} onClick={() => setCounting(true)}>
            {t('count.start')}
          </Button>
        )}
      </Card>
      {expiring.data && expiring.data.length > 0 && (
        <Card title={t('stock.expiring')} titleId="expiring-heading">
          <List data-testid="expiring-list">
            {expiring.data.map((lot) => (
              <ListRow
                key={lot.id}
                title={lot.product_name}
                thumbnailSrc={lot.product_image_url}
                subtitle={lot.best_before_date ? bestBefore(lot.best_before_date) : undefined}
                trailing={formatQuantity(lot.quantity, locale)}
              />
            ))}
          </List>
        </Card>
      )}
      <StockActionSheet
        target={acting}
        onDone={(done) => {
          setActing(null);
          setMessage(done);
        }}
        onClose={() => setActing(null)}
      />
    </div>
  );
}
