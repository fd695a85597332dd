import type { Schemas } from '@hinv/api-client';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../app/api-context';
import { Button, Card, Input } from '../../ui';
import { LoadProblem, useLoadProblem } from '../../app/load-problem';

type Product = Schemas['CatalogProductDetailResponse'];

/**
 * A guided stock count: pick products, enter what is really there, review the differences, and
 * confirm once. The count is one idempotent request, so a retry never applies it twice.
 */
export function StockCount({ onDone }: { onDone: (message: string | null) => void }) {
  const { t } = useTranslation();
  const api = useApi();
  const { failed: loadFailed, watch } = useLoadProblem();
  const [products, setProducts] = useState<Product[]>([]);
  const [counted, setCounted] = useState<Record<string, string>>({});
  const [reviewing, setReviewing] = useState(false);
  // One key per reviewed set of amounts: a retry of the same confirm replays, a changed count is new.
  const [key, setKey] = useState(() => `count_${crypto.randomUUID()}`);
  const [problem, setProblem] = useState(false);

  const load = useCallback(() => {
    watch('products', api.GET('/api/v1/stock/count/products', { params: { query: { q: '' } } }), setProducts);
  }, [api, watch]);
  useEffect(load, [load]);

  const lines = products
    .filter((product) => counted[product.id] !== undefined && counted[product.id] !== '')
    .map((product) => ({ product, amount: Number(counted[product.id].replace(',', '.')) }))
    .filter((line) => Number.isFinite(line.amount) && line.amount >= 0);

  const confirm = async () => {
    const { data } = await api.POST('/api/v1/stock/counts', {
      body: { client_mutation_id: key, source: 'manual', lines: lines.map((line) => ({ product_id: line.product.id, counted_quantity: line.amount })) },
    });
    if (data) onDone(t('count.done', { changed: data.changed_count }));
    else setProblem(true);
  };

  return (
    <Card title={t(reviewing ? 'count.review' : 'count.heading')} titleId="count-heading" data-testid="stock-count">
      <LoadProblem failed={loadFailed} onRetry={load} />
      {!reviewing ? (
        <ul className="rows">
          {products.map((product) => (
            <li key={product.id}>
              <span>{product.name}</span>
              <span className="muted small">{t('count.now', { quantity: product.stock_quantity })}</span>
              <Input
                className="amount"
                inputMode="decimal"
                aria-label={t('count.counted', { name: product.name })}
                value={counted[product.id] ?? ''}
                onChange={(e) => setCounted({ ...counted, [product.id]: e.target.value })}
              />
            </li>
          ))}
        </ul>
      ) : (
        <ul className="rows" data-testid="count-review">
          {lines.map(({ product, amount }) => {
            const delta = Math.round((amount - product.stock_quantity) * 1e6) / 1e6;
            return (
              <li key={product.id}>
                <span>{product.name}</span>
                <span className="muted small">
                  {product.stock_quantity} → {amount}
                </span>
                <span className="quantity">{delta > 0 ? `+${delta}` : delta}</span>
              </li>
            );
          })}
        </ul>
      )}
      {problem && <p className="form-problem">{t('count.problem')}</p>}
      <div className="actions">
        {!reviewing ? (
          <Button disabled={lines.length === 0} onClick={() => setReviewing(true)}>
            {t('count.next')}
          </Button>
        ) : (
          <>
            <Button onClick={() => void confirm()}>
              {t('count.confirm')}
            </Button>
            <Button
              variant="secondary"
              onClick={() => {
                setReviewing(false);
                setKey(`count_${crypto.randomUUID()}`);
              }}
            >
              {t('count.edit')}
            </Button>
          </>
        )}
        <Button variant="secondary" onClick={() => onDone(null)}>
          {t('count.cancel')}
        </Button>
      </div>
    </Card>
  );
}
