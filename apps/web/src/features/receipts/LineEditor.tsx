import Trash2 from 'lucide-react/icons/trash-2';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Banner, Button, Field, Input, MoneyInput, Stepper } from '../../ui';
import { correctionProblem, type useCorrection } from './use-corrections';
import type { Receipt } from './upload-receipt';

type Line = NonNullable<Receipt['items']>[number];

interface LineEditorProps {
  /** The line to correct; none adds a new one. */
  line: Line | null;
  correction: ReturnType<typeof useCorrection>;
  locale: string;
}

const QUANTITY_MAX = 10_000;

/**
 * A line as read, to put right: its name, count and amount (and unit price when it has one), or a
 * new line the reading missed. Removing a line that is no purchase sits at the bottom.
 */
export function LineEditor({ line, correction, locale }: LineEditorProps) {
  const { t } = useTranslation();
  const [name, setName] = useState(line ? (line.normalized_name ?? line.raw_name) : '');
  const [quantity, setQuantity] = useState(line?.quantity ?? 1);
  const [quantityValid, setQuantityValid] = useState(true);
  const [amount, setAmount] = useState<{ value: number | null; valid: boolean }>({ value: line?.total_price ?? null, valid: line ? true : false });
  const [unitPrice, setUnitPrice] = useState<{ value: number | null; valid: boolean }>({ value: line?.unit_price ?? null, valid: true });
  const [touched, setTouched] = useState(false);
  // One piece costs its amount; a count needs its unit price.
  const showUnitPrice = quantity !== 1;
  const nameValid = name.trim().length > 0 && name.length <= 300;
  const usable = nameValid && quantityValid && amount.valid && amount.value !== null && unitPrice.valid;

  const save = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!usable || amount.value === null) return;
    const body = { name: name.trim(), quantity, total_price: amount.value, unit_price: showUnitPrice ? unitPrice.value : amount.value };
    if (line) correction.mutate({ kind: 'line', itemId: line.id, body });
    else correction.mutate({ kind: 'add', body });
  };
  const problem = correctionProblem(correction.error, t);

  return (
    <form className="ui-stack" onSubmit={save} noValidate data-testid="line-editor">
      {problem && (
        <Banner tone="danger" role="alert">
          {problem}
        </Banner>
      )}
      <Field label={t('receipts.correct.name')} error={touched && !nameValid ? t('receipts.correct.nameInvalid') : undefined}>
        <Input name="line-name" maxLength={300} autoComplete="off" value={name} onChange={(event) => setName(event.target.value)} />
      </Field>
      <div className="receipt-line-numbers">
        <div className="ui-field">
          <span className="ui-field-label" aria-hidden="true">
            {t('receipts.correct.quantity')}
          </span>
          <Stepper
            value={quantity}
            onChange={setQuantity}
            min={1}
            typedMin={0.001}
            max={QUANTITY_MAX}
            editable
            onTypedValidity={setQuantityValid}
            label={t('receipts.correct.quantity')}
            decreaseLabel={t('receipts.correct.less')}
            increaseLabel={t('receipts.correct.more')}
          />
        </div>
        <Field label={t('receipts.correct.amount')} error={touched && !amount.valid ? t('receipts.correct.amountInvalid') : undefined}>
          <MoneyInput name="line-amount" locale={locale} placeholder={t('receipts.correct.amountHint')} value={amount.value} onChange={(value, valid) => setAmount({ value, valid })} />
        </Field>
        {showUnitPrice && (
          <Field label={t('receipts.correct.unitPrice')} error={touched && !unitPrice.valid ? t('receipts.correct.amountInvalid') : undefined}>
            <MoneyInput name="line-unit-price" locale={locale} optional value={unitPrice.value} onChange={(value, valid) => setUnitPrice({ value, valid })} />
          </Field>
        )}
      </div>
      <Button type="submit" fullWidth loading={correction.isPending && correction.variables?.kind !== 'remove'}>
        {line ? t('receipts.correct.save') : t('receipts.correct.add')}
      </Button>
      {line && (
        <Button
          type="button"
          variant="secondary"
          icon={Trash2}
          fullWidth
          loading={correction.isPending && correction.variables?.kind === 'remove'}
          onClick={() => correction.mutate({ kind: 'remove', itemId: line.id })}
        >
          {t('receipts.correct.remove')}
        </Button>
      )}
    </form>
  );
}
