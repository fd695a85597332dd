import type { Schemas } from '@hinv/api-client';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../app/api-context';
import type { ScanMode } from '../scanner/offline-queue';
import { ReviewSheet } from '../scanner/ReviewSheet';
import { newMutationId, resolveScan, type Draft } from '../scanner/scan-api';
import { ProductStock } from './ProductStock';
import { StockCount } from './StockCount';

type Row = Schemas['StockProductResponse'];
type Lot = Schemas['StockLotResponse'];
const QUICK_ACTIONS: ScanMode[] = ['consume', 'open', 'add'];
const EXPIRING_DAYS = 7;

/**
 * Stock on hand per product, what expires soon, and quick actions that go through the same
 * review as a scan (the product's barcode is resolved into a draft in that mode).
 */
export function StockScreen({ canWrite, onCatalog }: { canWrite: boolean; onCatalog: () => void }) {
  const { t } = useTranslation();
  const api = useApi();
  const [rows, setRows] = useState<Row[] | null>(null);
  const [expiring, setExpiring] = useState<Lot[]>([]);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [counting, setCounting] = useState(false);
  const [detail, setDetail] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  const load = useCallback(() => {
    api.GET('/api/v1/stock').then(({ data }) => setRows(data ?? []), () => setRows([]));
    const until = new Date(Date.now() + EXPIRING_DAYS * 86_400_000).toISOString().slice(0, 10);
    api.GET('/api/v1/stock/lots', { params: { query: { expiring_before: until } } }).then(({ data }) => setExpiring(data ?? []), () => undefined);
  }, [api]);
  useEffect(load, [load]);

  const quick = async (row: Row, mode: ScanMode) => {
    setMessage(null);
    const { data: product } = await api.GET('/api/v1/catalog/products/{product_id}', { params: { path: { product_id: row.product_id } } });
    const barcode = product?.variants.flatMap((variant) => variant.barcodes)[0]?.barcode;
    if (!barcode) return setMessage(t('stock.noBarcode'));
    const outcome = await resolveScan(api, barcode, mode, newMutationId('resolve'));
    if (outcome.ok) setDraft(outcome.draft);
    else setMessage(t('review.problem.generic'));
  };

  if (draft) {
    return (
      <ReviewSheet
        draft={draft}
        onDone={(done) => {
          setDraft(null);
          setMessage(done);
          load();
        }}
      />
    );
  }
  if (detail) return <ProductStock productId={detail} onBack={() => setDetail(null)} />;
  if (counting) {
    return (
      <StockCount
        onDone={(done) => {
          setCounting(false);
          setMessage(done);
          load();
        }}
      />
    );
  }

  return (
    <>
      <section className="card" aria-labelledby="stock-heading">
        <div className="scan-head">
          <h2 id="stock-heading">{t('stock.heading')}</h2>
          <button type="button" className="link" onClick={onCatalog}>
            {t('stock.allProducts')}
          </button>
        </div>
        {message && (
          <p className="notice" role="status" data-testid="stock-message">
            {message}
          </p>
        )}
        {rows === null ? (
          <p className="muted">{t('app.loading')}</p>
        ) : rows.length === 0 ? (
          <p className="muted">{t('stock.empty')}</p>
        ) : (
          <ul className="rows" data-testid="stock-list">
            {rows.map((row) => (
              <li key={row.product_id}>
                <button type="button" className="link" aria-label={t('productStock.details', { name: row.product_name })} onClick={() => setDetail(row.product_id)}>
                  {row.product_name}
                </button>
                <span className="quantity" data-testid={`stock-${row.product_name}`}>
                  {row.quantity} {row.quantity_unit_name ?? ''}
                </span>
                {row.earliest_best_before_date && <span className="muted small">{t('stock.bestBefore', { date: row.earliest_best_before_date })}</span>}
                {canWrite && (
                  <span className="actions">
                    {QUICK_ACTIONS.map((mode) => (
                      <button key={mode} type="button" className="secondary" aria-label={`${t(`scanner.mode.${mode}`)}: ${row.product_name}`} onClick={() => void quick(row, mode)}>
                        {t(`scanner.mode.${mode}`)}
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
      {expiring.length > 0 && (
        <section className="card" aria-labelledby="expiring-heading">
          <h2 id="expiring-heading">{t('stock.expiring')}</h2>
          <ul className="rows" data-testid="expiring-list">
            {expiring.map((lot) => (
              <li key={lot.id}>
                <span>{lot.product_name}</span>
                <span className="muted small">{t('stock.bestBefore', { date: lot.best_before_date ?? '' })}</span>
                <span className="quantity">{lot.quantity}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
