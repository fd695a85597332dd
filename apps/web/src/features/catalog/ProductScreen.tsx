import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useApi } from '../../app/api-context';
import { paths } from '../../app/paths';
import { QueryProblem } from '../../app/QueryProblem';
import { sharedKeys } from '../../app/query-keys';
import { ok } from '../../lib/api-result';
import { formatDay, formatQuantity } from '../../lib/format';
import { Card, EmptyState, List, ListRow, Thumbnail } from '../../ui';
import './product.css';
import { PriceHistory } from './PriceHistory';
import { VariantList } from './VariantList';

const HISTORY_LENGTH = 20;

/** One product: its lots (best-before, opened, location), variants with barcodes, its prices from receipts, and the latest movements. */
export function ProductScreen({ productId }: { productId: string }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? 'en';
  const api = useApi();
  const key = sharedKeys.product(productId);
  const productQuery = useQuery({ queryKey: key, queryFn: () => ok(api.GET('/api/v1/catalog/products/{product_id}', { params: { path: { product_id: productId } } })) });
  const lotsQuery = useQuery({ queryKey: [...key, 'lots'], queryFn: () => ok(api.GET('/api/v1/stock/lots', { params: { query: { product_id: productId } } })) });
  const movementsQuery = useQuery({
    queryKey: [...key, 'movements'],
    queryFn: () => ok(api.GET('/api/v1/stock/movements', { params: { query: { product_id: productId, limit: HISTORY_LENGTH } } })),
  });
  const product = productQuery.data ?? null;
  const lots = lotsQuery.data ?? [];
  const movements = movementsQuery.data?.items ?? [];
  if (productQuery.isError) {
    return (
      <section className="card" aria-labelledby="product-stock-heading">
        <h2 id="product-stock-heading">{t('app.notFound')}</h2>
        <QueryProblem query={productQuery} />
        <Link href={paths.stock} className="link">
          {t('productStock.back')}
        </Link>
      </section>
    );
  }

  const dateTime = (iso: string) => new Date(iso).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <div className="product-screen">
      <Card
        className="product-head"
        title={product?.name ?? t('app.loading')}
        titleId="product-stock-heading"
        actions={
          <Link href={paths.stock} className="link">
            {t('productStock.back')}
          </Link>
        }
      >
        {product && <Thumbnail name={product.name} src={product.image_url} size="lg" />}
      </Card>
      <Card title={t('productStock.lots')} headingLevel={3}>
        <QueryProblem query={lotsQuery} />
        {lotsQuery.isSuccess && lots.length === 0 ? (
          <EmptyState title={t('productStock.noLots')} headingLevel={3} />
        ) : (
          <List data-testid="lot-list">
            {lots.map((lot) => (
              <ListRow
                key={lot.id}
                leading={false}
                title={formatQuantity(lot.quantity, locale)}
                subtitle={[
                  lot.location_name,
                  lot.best_before_date ? t('stock.bestBefore', { date: formatDay(lot.best_before_date, locale) }) : t('productStock.noBestBefore'),
                  lot.opened_at ? t('productStock.opened', { date: formatDay(lot.opened_at, locale) }) : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              />
            ))}
          </List>
        )}
        {product && <VariantList product={product} />}
      </Card>
      {product && <PriceHistory productId={productId} productName={product.name} />}
      <Card title={t('productStock.history')} headingLevel={3}>
        <QueryProblem query={movementsQuery} />
        <List data-testid="movement-list">
          {movements.map((movement) => (
            <ListRow
              key={movement.id}
              leading={false}
              title={t(`productStock.movement.${movement.movement_type}`, { defaultValue: movement.movement_type })}
              subtitle={dateTime(movement.created_at)}
              trailing={movement.quantity_delta > 0 ? `+${formatQuantity(movement.quantity_delta, locale)}` : formatQuantity(movement.quantity_delta, locale)}
            />
          ))}
        </List>
      </Card>
    </div>
  );
}
