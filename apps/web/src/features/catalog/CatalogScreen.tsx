import type { Schemas } from '@hinv/api-client';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../app/api-context';
import { useSession } from '../../app/session';
import { MasterData } from './MasterData';
import { ProductEditor } from './ProductEditor';

/** All products: search by name, brand or barcode; create one; open one to edit. Managers also keep the master data here. */
export function CatalogScreen() {
  const { canManage: canEdit } = useSession();
  const { t } = useTranslation();
  const api = useApi();
  const [query, setQuery] = useState('');
  const [products, setProducts] = useState<Schemas['CatalogProductResponse'][]>([]);
  const [open, setOpen] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const search = useCallback(() => {
    api.GET('/api/v1/catalog/products', { params: { query: { q: query } } }).then(({ data }) => setProducts(data ?? []), () => undefined);
  }, [api, query]);
  useEffect(search, [search]);

  const create = async (event: FormEvent) => {
    event.preventDefault();
    const { data, error } = await api.POST('/api/v1/catalog/products', { body: { name: name.trim() } });
    if (data) {
      setName('');
      setProblem(null);
      setOpen(data.id);
    } else setProblem((error as { code?: string } | undefined)?.code === 'duplicate_name' ? t('catalog.duplicate') : t('catalog.problem'));
  };

  if (open) {
    const close = () => {
      setOpen(null);
      search();
    };
    return <ProductEditor productId={open} canEdit={canEdit} onClose={close} />;
  }
  return (
    <>
    <section className="card form" aria-labelledby="catalog-heading">
      <h2 id="catalog-heading">{t('catalog.heading')}</h2>
      <label>
        {t('catalog.search')}
        <input name="q" type="search" maxLength={200} value={query} onChange={(e) => setQuery(e.target.value)} />
      </label>
      <ul className="rows" data-testid="catalog-list">
        {products.map((product) => (
          <li key={product.id}>
            <button type="button" className="link" onClick={() => setOpen(product.id)}>
              {product.name}
            </button>
            <span className="quantity">{product.stock_quantity}</span>
          </li>
        ))}
      </ul>
      {canEdit && (
        <form className="manual" onSubmit={create}>
          <label>
            {t('catalog.newProduct')}
            <input name="new_product_name" required maxLength={300} value={name} onChange={(e) => setName(e.target.value)} />
          </label>
          <button type="submit">{t('catalog.create')}</button>
        </form>
      )}
      {problem && <p className="form-problem">{problem}</p>}
    </section>
    {canEdit && <MasterData />}
    </>
  );
}
