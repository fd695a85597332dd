import type { Schemas } from '@hinv/api-client';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../app/api-context';
import { VariantList } from '../catalog/VariantList';

type Lot = Schemas['StockLotResponse'];
type Movement = Schemas['StockMovementResponse'];
type Product = Schemas['CatalogProductDetailResponse'];
const HISTORY_LENGTH = 20;

/** One product: its lots (best-before, opened, location), variants with barcodes, and the latest movements. */
export function ProductStock({ productId, onBack }: { productId: string; onBack: () => void }) {
  const { t } = useTranslation();
  const api = useApi();
  const [product, setProduct] = useState<Product | null>(null);
  const [lots, setLots] = useState<Lot[]>([]);
  const [movements, setMovements] = useState<Movement[]>([]);

  useEffect(() => {
    api.GET('/api/v1/catalog/products/{product_id}', { params: { path: { product_id: productId } } }).then(({ data }) => setProduct(data ?? null), () => undefined);
    api.GET('/api/v1/stock/lots', { params: { query: { product_id: productId } } }).then(({ data }) => setLots(data ?? []), () => undefined);
    api.GET('/api/v1/stock/movements', { params: { query: { product_id: productId, limit: HISTORY_LENGTH } } }).then(({ data }) => setMovements(data?.items ?? []), () => undefined);
  }, [api, productId]);

  return (
    <section className="card" aria-labelledby="product-stock-heading">
      <div className="scan-head">
        <h2 id="product-stock-heading">{product?.name ?? t('app.loading')}</h2>
        <button type="button" className="link" onClick={onBack}>
          {t('productStock.back')}
        </button>
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
