import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useApi } from '../../app/api-context';
import { paths } from '../../app/paths';
import { QueryProblem } from '../../app/QueryProblem';
import { sharedKeys } from '../../app/query-keys';
import { ok } from '../../lib/api-result';
import { VariantList } from './VariantList';

const HISTORY_LENGTH = 20;

/** One product: its lots (best-before, opened, location), variants with barcodes, and the latest movements. */
export function ProductScreen({ productId }: { productId: string }) {
  const { t } = useTranslation();
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

  return (
    <section className="card" aria-labelledby="product-stock-heading">
      <div className="scan-head">
        <h2 id="product-stock-heading">{product?.name ?? t('app.loading')}</h2>
        <Link href={paths.stock} className="link">
          {t('productStock.back')}
        </Link>
      </div>
      <h3>{t('productStock.lots')}</h3>
      {lots.length === 0 ? (
        <p className="muted">{t('productStock.noLots')}</p>
      ) : (
        <ul className="rows" data-testid="lot-list">
          {lots.map((lot) => (
            <li key={lot.id}>
              <span className="quantity">{lot.quantity}</span>
              <span>{lot.location_name}</span>
              <span className="muted small">
                {lot.best_before_date ? t('stock.bestBefore', { date: lot.best_before_date }) : t('productStock.noBestBefore')}
                {lot.opened_at && ` · ${t('productStock.opened', { date: lot.opened_at.slice(0, 10) })}`}
              </span>
            </li>
          ))}
        </ul>
      )}
      {product && <VariantList product={product} />}
      <h3>{t('productStock.history')}</h3>
      <ul className="rows" data-testid="movement-list">
        {movements.map((movement) => (
          <li key={movement.id}>
            <span>{t(`productStock.movement.${movement.movement_type}`, { defaultValue: movement.movement_type })}</span>
            <span className="quantity">{movement.quantity_delta > 0 ? `+${movement.quantity_delta}` : movement.quantity_delta}</span>
            <span className="muted small">{movement.created_at.slice(0, 16).replace('T', ' ')}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
