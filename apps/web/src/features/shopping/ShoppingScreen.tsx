import type { Schemas } from '@hinv/api-client';
import { Fragment, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../app/api-context';
import { useSession } from '../../app/session';
import { groupByProductGroup } from './shopping-groups';

type Item = Schemas['ShoppingListItemResponse'];
type Proposal = Schemas['ShoppingLowStockItemResponse'];

/**
 * The open shopping list: tick items off (with undo), change amounts and notes, and review the
 * refill proposals from minimum stock before they go on the list.
 */
export function ShoppingScreen() {
  const { canWrite } = useSession();
  const { t, i18n } = useTranslation();
  const api = useApi();
  const [items, setItems] = useState<Item[] | null>(null);
  const [proposals, setProposals] = useState<Proposal[]>([]);
  const [chosen, setChosen] = useState<string[]>([]);
  const [undo, setUndo] = useState<Item | null>(null);
  const [problem, setProblem] = useState(false);

  const load = useCallback(() => {
    api.GET('/api/v1/shopping-list').then(({ data }) => setItems(data ?? []), () => setItems([]));
    api.GET('/api/v1/shopping-list/low-stock').then(({ data }) => {
      setProposals(data?.items ?? []);
      setChosen((data?.items ?? []).map((p) => p.product_id));
    }, () => undefined);
  }, [api]);
  useEffect(load, [load]);

  /** Writes an item back; `expected_updated_at` makes a concurrent change a visible conflict. */
  const save = async (item: Item, changes: { desired_quantity?: number; notes?: string; checked?: boolean }) => {
    const { data } = await api.PATCH('/api/v1/shopping-list/{item_id}', {
      params: { path: { item_id: item.id } },
      body: { desired_quantity: item.desired_quantity, notes: item.notes, checked: false, expected_updated_at: item.updated_at, ...changes },
    });
    setProblem(!data);
    return data;
  };

  const check = async (item: Item) => {
    const done = await save(item, { checked: true });
    if (done) setUndo(done);
    load();
  };

  const undoCheck = async () => {
    if (undo) await save(undo, { checked: false });
    setUndo(null);
    load();
  };

  const generate = async () => {
    await api.POST('/api/v1/shopping-list/generate', { body: { client_mutation_id: `refill_${crypto.randomUUID()}`, product_ids: chosen } });
    load();
  };

  return (
    <>
      <section className="card" aria-labelledby="shopping-heading">
        <h2 id="shopping-heading">{t('shopping.heading')}</h2>
        {problem && <p className="form-problem">{t('shopping.changed')}</p>}
        {undo && (
          <p className="notice" role="status">
            {t('shopping.checked', { label: undo.label })}{' '}
            <button type="button" className="link" onClick={() => void undoCheck()}>
              {t('shopping.undo')}
            </button>
          </p>
        )}
        {items === null ? (
          <p className="muted">{t('app.loading')}</p>
        ) : items.length === 0 ? (
          <p className="muted">{t('shopping.empty')}</p>
        ) : (
          <div data-testid="shopping-list">
            {groupByProductGroup(items, i18n.language).map((group) => (
              <Fragment key={group.name ?? ''}>
                <h3>{group.name ?? t('shopping.otherGroup')}</h3>
                <ul className="rows">
                  {group.items.map((item) => (
                    <li key={`${item.id}:${item.updated_at}`}>
                      <label className="inline">
                        {canWrite && <input type="checkbox" aria-label={t('shopping.check', { label: item.label })} onChange={() => void check(item)} />}
                        {item.label}
                      </label>
                      {canWrite ? (
                        <>
                          <input
                            className="amount"
                            aria-label={t('shopping.amount', { label: item.label })}
                            inputMode="decimal"
                            defaultValue={item.desired_quantity}
                            onBlur={(e) => {
                              const amount = Number(e.target.value.replace(',', '.'));
                              if (amount > 0 && amount !== item.desired_quantity) void save(item, { desired_quantity: amount }).then(load);
                            }}
                          />
                          <input
                            className="note"
                            aria-label={t('shopping.note', { label: item.label })}
                            placeholder={t('shopping.notePlaceholder')}
                            maxLength={500}
                            defaultValue={item.notes}
                            onBlur={(e) => {
                              if (e.target.value !== item.notes) void save(item, { notes: e.target.value }).then(load);
                            }}
                          />
                        </>
                      ) : (
                        <span className="muted small">
                          {item.desired_quantity} {item.quantity_unit_name ?? ''} {item.notes}
                        </span>
                      )}
                    </li>
                  ))}
                </ul>
              </Fragment>
            ))}
          </div>
        )}
      </section>
      {canWrite && proposals.length > 0 && (
        <section className="card" aria-labelledby="refill-heading">
          <h2 id="refill-heading">{t('shopping.refill.heading')}</h2>
          <ul className="rows" data-testid="refill-list">
            {proposals.map((proposal) => (
              <li key={proposal.product_id}>
                <label className="inline">
                  <input
                    type="checkbox"
                    checked={chosen.includes(proposal.product_id)}
                    onChange={(e) =>
                      setChosen((current) => (e.target.checked ? [...current, proposal.product_id] : current.filter((id) => id !== proposal.product_id)))
                    }
                  />
                  {proposal.product_name}
                </label>
                <span className="muted small">
                  {t('shopping.refill.figures', { current: proposal.current_quantity, minimum: proposal.minimum_quantity, target: proposal.target_quantity })}
                </span>
                <span className="quantity">+{proposal.suggested_quantity}</span>
              </li>
            ))}
          </ul>
          <div className="actions">
            <button type="button" onClick={() => void generate()} disabled={chosen.length === 0}>
              {t('shopping.refill.add')}
            </button>
          </div>
        </section>
      )}
    </>
  );
}
