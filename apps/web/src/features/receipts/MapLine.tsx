import { useQuery } from '@tanstack/react-query';
import Search from 'lucide-react/icons/search';
import Unlink from 'lucide-react/icons/unlink';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../app/api-context';
import { QueryProblem } from '../../app/QueryProblem';
import { sharedKeys } from '../../app/query-keys';
import { ApiError, ok } from '../../lib/api-result';
import { Banner, Button, Checkbox, EmptyState, Field, Input, List, ListRow } from '../../ui';
import { acceptable, lineMatch, lineName, type ReceiptLine } from './line-match';
import { LineCandidates, NewProductFromLine } from './LineProducts';
import { MatchBadge } from './MatchBadge';
import type { useLineProduct } from './use-line-product';
import type { useMapLine } from './use-map-line';

/** Searching starts from this many characters; one letter matches half the catalog. */
const MIN_QUERY = 2;

interface MapLineProps {
  receiptId: string;
  line: ReceiptLine;
  canWrite: boolean;
  mapLine: ReturnType<typeof useMapLine>;
  lineProduct: ReturnType<typeof useLineProduct>;
}

/**
 * A line's mapping, inside the review sheet: what matched it and why, then (for members, on a line
 * not in stock yet) take the suggestion, pick a product from the catalog, confirm an Open Food Facts
 * candidate, create a product from the line, or unmap it.
 */
export function MapLine({ receiptId, line, canWrite, mapLine, lineProduct }: MapLineProps) {
  const { t } = useTranslation();
  const api = useApi();
  const match = lineMatch(line);
  const [query, setQuery] = useState('');
  const [remember, setRemember] = useState(true);
  const deferred = useDeferredValue(query.trim());
  const searching = deferred.length >= MIN_QUERY;
  const products = useQuery({
    queryKey: sharedKeys.products(deferred),
    queryFn: () => ok(api.GET('/api/v1/catalog/products', { params: { query: { q: deferred } } })),
    enabled: canWrite && !line.imported && searching,
    placeholderData: (previous) => previous,
  });
  const problem =
    mapLine.error instanceof ApiError && mapLine.error.code === 'receipt_item_imported' ? t('receipts.review.alreadyImported') : mapLine.error ? t('receipts.review.failed') : null;

  const current = (
    <div className="receipt-review-current" data-testid="review-current">
      <MatchBadge match={match} />
      {match.productName && <span>{t(match.kind === 'suggested' ? 'receipts.suggestedTo' : 'receipts.matchedTo', { name: match.productName })}</span>}
    </div>
  );
  if (line.imported) {
    return (
      <div className="ui-stack">
        {current}
        <Banner tone="info">{t('receipts.review.imported', { name: line.catalog_product_name ?? lineName(line) })}</Banner>
      </div>
    );
  }
  if (!canWrite) {
    return (
      <div className="ui-stack">
        {current}
        <p className="muted">{t('receipts.review.readOnly')}</p>
      </div>
    );
  }
  return (
    <div className="ui-stack">
      {current}
      {problem && (
        <Banner tone="danger" role="alert">
          {problem}
        </Banner>
      )}
      {acceptable(line) && match.productId && match.productName && (
        <Button
          fullWidth
          loading={mapLine.isPending}
          onClick={() => mapLine.mutate({ itemId: line.id, product: { id: match.productId!, name: match.productName! }, remember })}
        >
          {t('receipts.review.accept', { name: match.productName })}
        </Button>
      )}
      {line.catalog_product_id && (
        <Button variant="secondary" icon={Unlink} fullWidth loading={mapLine.isPending} onClick={() => mapLine.mutate({ itemId: line.id, product: null, remember: true })}>
          {t('receipts.review.unmap')}
        </Button>
      )}
      <Field label={t('receipts.review.search')} hint={t('receipts.review.searchHint')}>
        <Input name="product-search" type="search" maxLength={200} autoComplete="off" value={query} onChange={(event) => setQuery(event.target.value)} />
      </Field>
      <Checkbox label={t('receipts.review.remember')} checked={remember} onChange={(event) => setRemember(event.target.checked)} />
      <QueryProblem query={products} />
      {searching && products.data?.length === 0 && <EmptyState icon={Search} title={t('receipts.review.none')} headingLevel={3} />}
      {searching && (
        <List data-testid="review-results" aria-label={t('receipts.review.results')}>
          {products.data?.map((product) => (
            <ListRow
              key={product.id}
              title={product.name}
              thumbnailSrc={product.image_url}
              subtitle={product.id === line.catalog_product_id ? t('receipts.review.currentProduct') : undefined}
              onClick={() => mapLine.mutate({ itemId: line.id, product: { id: product.id, name: product.name }, remember })}
            />
          ))}
        </List>
      )}
      <LineCandidates receiptId={receiptId} line={line} remember={remember} lineProduct={lineProduct} />
      <NewProductFromLine line={line} remember={remember} lineProduct={lineProduct} />
    </div>
  );
}
