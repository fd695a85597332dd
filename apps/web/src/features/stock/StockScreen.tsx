import type { Schemas } from '@hinv/api-client';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../app/api-context';

/** Stock on hand per product, soonest best-before shown; changes happen through scanning. */
export function StockScreen({ onCatalog }: { onCatalog: () => void }) {
  const { t } = useTranslation();
  const api = useApi();
  const [rows, setRows] = useState<Schemas['StockProductResponse'][] | null>(null);

  useEffect(() => {
    api.GET('/api/v1/stock').then(({ data }) => setRows(data ?? []), () => setRows([]));
  }, [api]);

  return (
    <section className="card" aria-labelledby="stock-heading">
      <div className="scan-head">
        <h2 id="stock-heading">{t('stock.heading')}</h2>
        <button type="button" className="link" onClick={onCatalog}>
          {t('stock.allProducts')}
        </button>
      </div>
      {rows === null ? (
        <p className="muted">{t('app.loading')}</p>
      ) : rows.length === 0 ? (
        <p className="muted">{t('stock.empty')}</p>
      ) : (
        <ul className="rows" data-testid="stock-list">
          {rows.map((row) => (
            <li key={row.product_id}>
              <span>{row.product_name}</span>
              <span className="quantity">
                {row.quantity} {row.quantity_unit_name ?? ''}
              </span>
              {row.earliest_best_before_date && <span className="muted small">{t('stock.bestBefore', { date: row.earliest_best_before_date })}</span>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
