import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import PackagePlus from 'lucide-react/icons/package-plus';
import Search from 'lucide-react/icons/search';
import { useDeferredValue, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../app/api-context';
import { QueryProblem } from '../../app/QueryProblem';
import { sharedKeys } from '../../app/query-keys';
import { useSession } from '../../app/session';
import { ApiError, ok } from '../../lib/api-result';
import { formatQuantity } from '../../lib/format';
import { Banner, Button, Card, EmptyState, Field, Input, List, ListRow } from '../../ui';
import { MasterData } from './MasterData';
import { ProductEditor } from './ProductEditor';
import './catalog.css';

/** All products: search by name, brand or barcode; create one; open one to edit. Managers also keep the master data here. */
export function CatalogScreen() {
  const { canManage: canEdit } = useSession();
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? 'en';
  const api = useApi();
  const queryClient = useQueryClient();
  const [query, setQuery] = useState('');
  // Typing stays responsive; the list follows the last value once React has time.
  const deferredQuery = useDeferredValue(query);
  const products = useQuery({
    queryKey: sharedKeys.products(deferredQuery),
    queryFn: () => ok(api.GET('/api/v1/catalog/products', { params: { query: { q: deferredQuery } } })),
    placeholderData: (previous) => previous,
  });
  const [open, setOpen] = useState<string | null>(null);
  const [name, setName] = useState('');
  const create = useMutation({
    mutationFn: (productName: string) => ok(api.POST('/api/v1/catalog/products', { body: { name: productName } })),
    onSuccess: (product) => {
      setName('');
      setOpen(product.id);
      void queryClient.invalidateQueries({ queryKey: ['catalog'] });
    },
  });
  const problem = create.error instanceof ApiError && create.error.code === 'duplicate_name' ? t('catalog.duplicate') : create.error ? t('catalog.problem') : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim()) create.mutate(name.trim());
  };

  if (open) {
    const close = () => {
      setOpen(null);
      void queryClient.invalidateQueries({ queryKey: ['catalog'] });
    };
    return <ProductEditor productId={open} canEdit={canEdit} onClose={close} />;
  }
  return (
    <div className="catalog-screen">
      <Card title={t('catalog.heading')} titleId="catalog-heading">
        <div className="ui-stack">
          <Field label={t('catalog.search')}>
            <Input name="q" type="search" maxLength={200} value={query} onChange={(event) => setQuery(event.target.value)} />
          </Field>
          <QueryProblem query={products} />
          {products.data?.length === 0 && <EmptyState icon={Search} title={t('catalog.none')} headingLevel={3} />}
          <List data-testid="catalog-list">
            {products.data?.map((product) => (
              <ListRow
                key={product.id}
                title={product.name}
                thumbnailSrc={product.image_url}
                trailing={formatQuantity(product.stock_quantity, locale)}
                onClick={() => setOpen(product.id)}
              />
            ))}
          </List>
        </div>
      </Card>
      {canEdit && (
        <Card title={t('catalog.newProduct')} headingLevel={2}>
          <form className="ui-stack" onSubmit={submit}>
            <Field label={t('catalog.name')}>
              <Input name="new_product_name" required maxLength={300} value={name} onChange={(event) => setName(event.target.value)} />
            </Field>
            {problem && (
              <Banner tone="danger" role="alert">
                {problem}
              </Banner>
            )}
            <div className="ui-cluster ui-cluster--end">
              <Button type="submit" icon={PackagePlus} loading={create.isPending}>
                {t('catalog.create')}
              </Button>
            </div>
          </form>
        </Card>
      )}
      {canEdit && <MasterData />}
    </div>
  );
}
