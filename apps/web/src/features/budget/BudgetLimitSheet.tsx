import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../app/api-context';
import { ApiError, ok } from '../../lib/api-result';
import { Banner, Button, Field, Input, Sheet } from '../../ui';

export interface BudgetLimitSheetProps {
  open: boolean;
  onClose: () => void;
  limit: number | null;
  warningPercent: number;
}

const LIMIT_MAX = 1_000_000;

/** Reads a typed amount in either language's way (`450,50` or `450.50`); null when it is not one. */
export function parseAmount(text: string): number | null {
  const cleaned = text.trim().replace(/\s|€/g, '');
  if (!/^\d+([.,]\d{1,2})?$/.test(cleaned)) return null;
  return Number(cleaned.replace(',', '.'));
}

/** Owner and admin set or remove the monthly EUR limit and the warning percent. */
export function BudgetLimitSheet({ open, onClose, limit, warningPercent }: BudgetLimitSheetProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? 'en';
  const api = useApi();
  const queryClient = useQueryClient();
  const [amount, setAmount] = useState(limit === null ? '' : new Intl.NumberFormat(locale, { useGrouping: false, maximumFractionDigits: 2 }).format(limit));
  const [warning, setWarning] = useState(String(warningPercent));
  const [touched, setTouched] = useState(false);
  const save = useMutation({
    mutationFn: (body: { monthly_limit: number | null; warning_percent?: number }) => ok(api.PUT('/api/v1/insights/budget/settings', { body })),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['receipts', 'budget'] });
      onClose();
    },
  });
  const parsed = parseAmount(amount);
  const amountError = parsed === null || parsed < 1 || parsed > LIMIT_MAX ? t('budget.limitInvalid') : null;
  const warningNumber = Number(warning);
  const warningError = !Number.isInteger(warningNumber) || warningNumber < 50 || warningNumber > 100 ? t('budget.warningInvalid') : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (amountError || warningError || parsed === null) return;
    save.mutate({ monthly_limit: parsed, warning_percent: warningNumber });
  };
  const problem = save.error instanceof ApiError ? (save.error.detail ?? t('budget.saveFailed')) : save.error ? t('budget.saveFailed') : null;
  return (
    <Sheet
      open={open}
      onClose={onClose}
      title={t('budget.limitHeading')}
      closeLabel={t('budget.close')}
      footer={
        <div className="ui-cluster ui-cluster--end">
          {limit !== null && (
            <Button variant="quiet" loading={save.isPending} onClick={() => save.mutate({ monthly_limit: null })} data-testid="budget-limit-remove">
              {t('budget.removeLimit')}
            </Button>
          )}
          <Button type="submit" form="budget-limit-form" loading={save.isPending}>
            {t('budget.saveLimit')}
          </Button>
        </div>
      }
    >
      <form id="budget-limit-form" className="ui-stack" onSubmit={submit} noValidate>
        <Field label={t('budget.limitLabel')} hint={t('budget.limitHint')} error={touched ? amountError : null}>
          <Input name="monthly_limit" inputMode="decimal" autoComplete="off" value={amount} onChange={(event) => setAmount(event.target.value)} />
        </Field>
        <Field label={t('budget.warningLabel')} hint={t('budget.warningHint')} error={touched ? warningError : null}>
          <Input name="warning_percent" inputMode="numeric" autoComplete="off" value={warning} onChange={(event) => setWarning(event.target.value)} />
        </Field>
        {problem && (
          <Banner tone="danger" role="alert">
            {problem}
          </Banner>
        )}
      </form>
    </Sheet>
  );
}
