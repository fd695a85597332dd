import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-result';
import { newActionKey, useStockAction, type StockAction } from './stock-actions';

interface Props {
  productId: string;
  productName: string;
  action: StockAction;
  onDone: (message: string) => void;
  onCancel: () => void;
}

/** How much to use up or add (opening is always one package), then the action itself. */
export function StockActionPanel({ productId, productName, action, onDone, onCancel }: Props) {
  const { t } = useTranslation();
  const [quantity, setQuantity] = useState('1');
  // One key per attempt: pressing confirm again after a lost answer is applied once.
  const [key] = useState(newActionKey);
  const mutation = useStockAction();
  const amount = Number(quantity.replace(',', '.'));
  const valid = action === 'open' || (Number.isFinite(amount) && amount > 0 && amount <= 10_000);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    mutation.mutate(
      { productId, action, quantity: amount, key },
      { onSuccess: (result) => onDone(t(`stock.done.${action}`, { quantity: result.quantity, name: productName })) },
    );
  };
  const problem = mutation.error instanceof ApiError ? (mutation.error.detail ?? t('stock.actionFailed')) : mutation.error ? t('stock.actionFailed') : null;

  return (
    <form className="card form" data-testid="stock-action-sheet" aria-labelledby="stock-action-heading" onSubmit={submit}>
      <h2 id="stock-action-heading">{t(`stock.action.${action}`, { name: productName })}</h2>
      {action !== 'open' && (
        <label>
          {t('stock.quantity')}
          <input name="quantity" inputMode="decimal" value={quantity} onChange={(event) => setQuantity(event.target.value)} aria-invalid={!valid} autoFocus />
        </label>
      )}
      {problem && (
        <p className="notice notice-error" role="alert">
          {problem}
        </p>
      )}
      <div className="actions">
        <button type="submit" disabled={!valid || mutation.isPending} aria-busy={mutation.isPending}>
          {t('stock.confirm')}
        </button>
        <button type="button" className="secondary" onClick={onCancel}>
          {t('stock.cancel')}
        </button>
      </div>
    </form>
  );
}
