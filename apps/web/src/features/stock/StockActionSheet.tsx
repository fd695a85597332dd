import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-result';
import { Banner, Button, Field, Input, Sheet } from '../../ui';
import { newActionKey, useStockAction, type StockAction } from './stock-actions';

export interface StockActionTarget {
  productId: string;
  productName: string;
  action: StockAction;
}

interface Props {
  target: StockActionTarget | null;
  onDone: (message: string) => void;
  onClose: () => void;
}

/** How much to use up or add (opening is always one package), then the action itself. */
export function StockActionSheet({ target, onDone, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <Sheet open={target !== null} onClose={onClose} title={target ? t(`stock.action.${target.action}`, { name: target.productName }) : ''} closeLabel={t('stock.cancel')}>
      {/* Keyed by the target so every attempt starts with a fresh amount and a fresh key. */}
      {target && <StockActionForm key={`${target.productId}:${target.action}`} target={target} onDone={onDone} onCancel={onClose} />}
    </Sheet>
  );
}

function StockActionForm({ target, onDone, onCancel }: { target: StockActionTarget; onDone: (message: string) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const { productId, productName, action } = target;
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
    <form className="ui-stack" data-testid="stock-action-sheet" onSubmit={submit}>
      {action !== 'open' && (
        <Field label={t('stock.quantity')} error={valid ? undefined : t('stock.quantityHint')}>
          <Input name="quantity" inputMode="decimal" value={quantity} onChange={(event) => setQuantity(event.target.value)} autoFocus />
        </Field>
      )}
      {problem && (
        <Banner tone="danger" role="alert">
          {problem}
        </Banner>
      )}
      <div className="ui-cluster ui-cluster--end">
        <Button variant="quiet" onClick={onCancel}>
          {t('stock.cancel')}
        </Button>
        <Button type="submit" disabled={!valid} loading={mutation.isPending}>
          {t('stock.confirm')}
        </Button>
      </div>
    </form>
  );
}
