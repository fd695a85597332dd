import type { Schemas } from '@hinv/api-client';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../app/api-context';

type Item = Schemas['ShoppingListItemResponse'];

/** The open shopping list; ticking an item off completes it. */
export function ShoppingScreen() {
  const { t } = useTranslation();
  const api = useApi();
  const [items, setItems] = useState<Item[] | null>(null);
  const [problem, setProblem] = useState(false);

  const load = useCallback(() => {
    api.GET('/api/v1/shopping-list').then(({ data }) => setItems(data ?? []), () => setItems([]));
  }, [api]);
  useEffect(load, [load]);

  const check = async (item: Item) => {
    const { data } = await api.PATCH('/api/v1/shopping-list/{item_id}', {
      params: { path: { item_id: item.id } },
      body: { desired_quantity: item.desired_quantity, notes: item.notes, checked: true, expected_updated_at: item.updated_at },
    });
    setProblem(!data);
    load();
  };

  return (
    <section className="card" aria-labelledby="shopping-heading">
      <h2 id="shopping-heading">{t('shopping.heading')}</h2>
      {problem && <p className="form-problem">{t('shopping.changed')}</p>}
      {items === null ? (
        <p className="muted">{t('app.loading')}</p>
      ) : items.length === 0 ? (
        <p className="muted">{t('shopping.empty')}</p>
      ) : (
        <ul className="rows" data-testid="shopping-list">
          {items.map((item) => (
            <li key={item.id}>
              <label className="inline">
                <input type="checkbox" onChange={() => void check(item)} />
                {item.label}
              </label>
              <span className="quantity">
                {item.desired_quantity} {item.quantity_unit_name ?? ''}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
