import type { Schemas } from '@hinv/api-client';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../app/api-context';
import { serverDetail } from '../../app/server-detail';
import { Button, Card, Input } from '../../ui';
import { LoadProblem, useLoadProblem } from '../../app/load-problem';

type Kind = 'locations' | 'quantity-units' | 'product-groups';
type Item = Schemas['MasterDataItemResponse'];
const KINDS: { kind: Kind; field: keyof Schemas['MasterDataResponse'] }[] = [
  { kind: 'locations', field: 'locations' },
  { kind: 'quantity-units', field: 'quantity_units' },
  { kind: 'product-groups', field: 'product_groups' },
];

/** Locations (with the freezer flag), units and product groups: list, add, remove unused ones. */
export function MasterData() {
  const { t } = useTranslation();
  const api = useApi();
  const { failed: loadFailed, watch } = useLoadProblem();
  const [data, setData] = useState<Schemas['MasterDataResponse'] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const load = useCallback(() => {
    watch('master-data', api.GET('/api/v1/catalog/master-data'), setData);
  }, [api]);
  useEffect(load, [load]);

  const add = async (kind: Kind, name: string, isFreezer: boolean) => {
    const { error } = await api.POST('/api/v1/catalog/master-data/{kind}', { params: { path: { kind } }, body: { name, is_freezer: kind === 'locations' && isFreezer } });
    setProblem(error ? (serverDetail(error) ?? t('catalog.problem')) : null);
    load();
    return !error;
  };

  const remove = async (kind: Kind, item: Item) => {
    const { error } = await api.DELETE('/api/v1/catalog/master-data/{kind}/{item_id}', { params: { path: { kind, item_id: item.id } } });
    setProblem(error ? (serverDetail(error) ?? t('catalog.problem')) : null);
    load();
  };

  if (!data) return null;
  return (
    <Card title={t('masterData.heading')} titleId="master-data-heading">
      <LoadProblem failed={loadFailed} onRetry={load} />
      {problem && (
        <p className="form-problem" role="alert" data-testid="master-data-problem">
          {problem}
        </p>
      )}
      {KINDS.map(({ kind, field }) => (
        <MasterDataList key={kind} kind={kind} items={data[field]} onAdd={add} onRemove={remove} />
      ))}
    </Card>
  );
}

function MasterDataList({ kind, items, onAdd, onRemove }: { kind: Kind; items: Item[]; onAdd: (kind: Kind, name: string, isFreezer: boolean) => Promise<boolean>; onRemove: (kind: Kind, item: Item) => Promise<void> }) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [freezer, setFreezer] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await onAdd(kind, name.trim(), freezer)) {
      setName('');
      setFreezer(false);
    }
  };
  return (
    <>
      <h3>{t(`masterData.kind.${kind}`)}</h3>
      <ul className="rows" data-testid={`master-data-${kind}`}>
        {items.map((item) => (
          <li key={item.id}>
            <span>
              {item.name}
              {item.is_freezer === 1 && <span className="muted small"> · {t('masterData.freezer')}</span>}
            </span>
            <span className="muted small">{t('masterData.usage', { count: item.usage_count ?? 0 })}</span>
            <Button variant="secondary" aria-label={t('masterData.remove', { name: item.name })} onClick={() => void onRemove(kind, item)}>
              {t('security.remove')}
            </Button>
          </li>
        ))}
      </ul>
      <form className="manual" onSubmit={submit}>
        <label>
          {t(`masterData.new.${kind}`)}
          <Input name={`new_${kind}`} required maxLength={150} value={name} onChange={(e) => setName(e.target.value)} />
        </label>
        {kind === 'locations' && (
          <label className="inline">
            <input type="checkbox" name="is_freezer" checked={freezer} onChange={(e) => setFreezer(e.target.checked)} />
            {t('masterData.freezer')}
          </label>
        )}
        <Button type="submit">{t('masterData.add')}</Button>
      </form>
    </>
  );
}
