import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Banner, Button, Field, Input, MoneyInput } from '../../ui';
import { correctionProblem, type useCorrection } from './use-corrections';
import type { Receipt } from './upload-receipt';

/** The receipt's head and foot as read: store, date and total, to put right. */
export function ReceiptHeaderForm({ receipt, correction, locale }: { receipt: Receipt; correction: ReturnType<typeof useCorrection>; locale: string }) {
  const { t } = useTranslation();
  const [store, setStore] = useState(receipt.store_name ?? '');
  const [date, setDate] = useState(receipt.purchase_date ?? '');
  const [total, setTotal] = useState<{ value: number | null; valid: boolean }>({ value: receipt.total ?? null, valid: true });
  const usable = store.length <= 300 && total.valid && (date === '' || /^\d{4}-\d{2}-\d{2}$/.test(date));
  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!usable) return;
    correction.mutate({ kind: 'header', body: { store_name: store.trim() === '' ? null : store.trim(), purchase_date: date === '' ? null : date, total: total.value } });
  };
  const problem = correctionProblem(correction.error, t);
  return (
    <form className="ui-stack" onSubmit={save} noValidate data-testid="header-editor">
      {problem && (
        <Banner tone="danger" role="alert">
          {problem}
        </Banner>
      )}
      <Field label={t('receipts.correct.store')}>
        <Input name="store" maxLength={300} autoComplete="off" value={store} onChange={(event) => setStore(event.target.value)} />
      </Field>
      <Field label={t('receipts.correct.date')}>
        <Input name="date" type="date" value={date} onChange={(event) => setDate(event.target.value)} />
      </Field>
      <Field label={t('receipts.correct.total')} hint={t('receipts.correct.amountHint')} error={!total.valid ? t('receipts.correct.amountInvalid') : undefined}>
        <MoneyInput name="total" locale={locale} optional value={total.value} onChange={(value, valid) => setTotal({ value, valid })} />
      </Field>
      <Button type="submit" fullWidth loading={correction.isPending} disabled={!usable}>
        {t('receipts.correct.save')}
      </Button>
    </form>
  );
}
