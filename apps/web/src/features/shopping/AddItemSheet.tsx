import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../app/api-context';
import { sharedKeys } from '../../app/query-keys';
import { ok } from '../../lib/api-result';
import { Banner, Button, Field, Input, List, ListRow, Sheet, Skeleton, Stepper } from '../../ui';
import type { ProductChoice } from './shopping-queue';
import { amountText } from './ShoppingRow';

interface AddItemSheetProps {
  online: boolean;
  /** The products the device saw last time, for searching without a signal. */
  loadSaved: () => Promise<ProductChoice[]>;
  save: (products: ProductChoice[]) => void;
  onClose: () => void;
  onAdd: (product: ProductChoice, amount: number) => void;
}

const SEARCH_DELAY_MS = 250;

function matches(product: ProductChoice, query: string): boolean {
  return product.name.toLocaleLowerCase().includes(query.trim().toLocaleLowerCase());
}

/**
 * Puts a product on the list: search the catalog, pick one, choose the amount. Without a signal
 * the search runs over the products this device saw last; the add waits in the queue.
 */
export function AddItemSheet({ online, loadSaved, save, onClose, onAdd }: AddItemSheetProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? 'en';
  const api = useApi();
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [picked, setPicked] = useState<ProductChoice | null>(null);
  const [amount, setAmount] = useState(1);
  const [saved, setSaved] = useState<ProductChoice[] | null>(null);

  useEffect(() => {
    const timer = window.setTimeout(() => setQuery(text.trim()), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [text]);
  useEffect(() => {
    void loadSaved().then(setSaved);
  }, [loadSaved]);

  const search = useQuery({
    queryKey: sharedKeys.products(query),
    queryFn: () => ok(api.GET('/api/v1/catalog/products', { params: { query: { q: query } } })),
    enabled: online,
  });
  // The whole catalog, as the empty search returns it, is what the device searches offline.
  useEffect(() => {
    if (query === '' && search.data) save(search.data);
  }, [query, search.data, save]);

  const results = online && search.data ? search.data : (saved ?? []).filter((product) => matches(product, query));
  const loading = online ? search.isPending : saved === null;

  return (
    <Sheet
      open
      onClose={onClose}
      title={t('shopping.add.title')}
      closeLabel={t('shopping.close')}
      footer={
        <div className="ui-cluster ui-cluster--end">
          <Button variant="secondary" onClick={onClose}>
            {t('shopping.cancel')}
          </Button>
          <Button disabled={!picked} onClick={() => picked && onAdd(picked, amount)}>
            {t('shopping.add.submit')}
          </Button>
        </div>
      }
    >
      <div className="ui-stack">
        {!online && <Banner tone="offline">{t('shopping.add.offline')}</Banner>}
        <Field label={t('shopping.add.search')}>
          <Input type="search" name="product-search" autoComplete="off" value={text} onChange={(event) => setText(event.currentTarget.value)} />
        </Field>
        {search.isError && online && (
          <Banner tone="danger" role="alert" action={<Button variant="quiet" onClick={() => void search.refetch()}>{t('shopping.retry')}</Button>}>
            {t('shopping.add.failed')}
          </Banner>
        )}
        {loading ? (
          <div className="ui-stack ui-stack--tight" aria-busy="true">
            <span className="ui-visually-hidden">{t('shopping.loading')}</span>
            <Skeleton width="100%" height={56} />
            <Skeleton width="100%" height={56} />
          </div>
        ) : results.length === 0 ? (
          <p className="shopping-muted">{t('shopping.add.noMatch')}</p>
        ) : (
          // data-query: the search these rows answer (rows of an earlier search are replaced when its answer comes).
          <List className="shopping-add-results" aria-label={t('shopping.add.results')} data-testid="add-results" data-query={query}>
            {results.slice(0, 50).map((product) => (
              <ListRow
                key={product.id}
                className={picked?.id === product.id ? 'shopping-add-result shopping-add-result--picked' : 'shopping-add-result'}
                title={product.name}
                thumbnailSrc={product.image_url}
                subtitle={product.product_group_name ?? undefined}
                trailing={picked?.id === product.id ? t('shopping.add.picked') : undefined}
                chevron={false}
                onClick={() => setPicked(product)}
              />
            ))}
          </List>
        )}
        {picked && (
          <div className="shopping-add-amount">
            <span id="shopping-add-amount-label">{t('shopping.add.amount', { label: picked.name })}</span>
            <Stepper
              size="lg"
              value={amount}
              min={1}
              max={1_000_000}
              onChange={setAmount}
              label={t('shopping.add.amount', { label: picked.name })}
              decreaseLabel={t('shopping.decrease', { label: picked.name })}
              increaseLabel={t('shopping.increase', { label: picked.name })}
              format={(value) => amountText(value, picked.default_quantity_unit_name, locale)}
            />
          </div>
        )}
      </div>
    </Sheet>
  );
}
