import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../app/api-context';
import { sharedKeys } from '../../app/query-keys';
import { ApiError, ok } from '../../lib/api-result';
import { Banner, Button } from '../../ui';
import type { Receipt } from './upload-receipt';
import { receiptKeys } from './receipt-keys';

type Item = NonNullable<Receipt['items']>[number];

/** Lines that can go into stock: matched to a product and not imported yet. */
export const importable = (item: Item): boolean => !item.imported && Boolean(item.catalog_product_id);

/**
 * The receipt's import: the lines ticked in the list (all importable ones at first) go into stock
 * with one tap, as one lot and one purchase each; the answer says how many went in and, per line,
 * why one did not.
 */
export function useReceiptImport(receipt: Receipt) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [skipped, setSkipped] = useState<ReadonlySet<string>>(new Set());
  const ready = (receipt.items ?? []).filter(importable);
  const chosen = ready.filter((item) => !skipped.has(item.id));
  const run = useMutation({
    mutationFn: () =>
      ok(api.POST('/api/v1/receipts/{receipt_id}/import', { params: { path: { receipt_id: receipt.id } }, body: { item_ids: chosen.map((item) => item.id) } })),
    onSuccess: (result) => {
      queryClient.setQueryData(receiptKeys.one(receipt.id), result.receipt);
      void queryClient.invalidateQueries({ queryKey: receiptKeys.list });
      void queryClient.invalidateQueries({ queryKey: sharedKeys.stock });
      // Product pages show the price history the import just added to.
      void queryClient.invalidateQueries({ queryKey: ['catalog', 'product'] });
      setSkipped(new Set());
    },
  });
  const toggle = (id: string, take: boolean) =>
    setSkipped((current) => {
      const next = new Set(current);
      if (take) next.delete(id);
      else next.add(id);
      return next;
    });
  return { ready, chosen, isChosen: (id: string) => !skipped.has(id), toggle, run };
}

export function ImportLines({ state }: { state: ReturnType<typeof useReceiptImport> }) {
  const { t } = useTranslation();
  const { ready, chosen, run } = state;
  const result = run.data;
  const problem = run.error instanceof ApiError ? (run.error.detail ?? t('receipts.import.failed')) : run.error ? t('receipts.import.failed') : null;
  return (
    <div className="receipt-import" data-testid="receipt-import">
      {result && (
        <Banner tone={result.failed > 0 ? 'warning' : 'info'}>
          {result.failed > 0 ? t('receipts.import.partly', { imported: result.imported, failed: result.failed }) : t('receipts.import.done', { count: result.imported })}
        </Banner>
      )}
      {problem && <Banner tone="danger">{problem}</Banner>}
      {ready.length > 0 && (
        <Button onClick={() => run.mutate()} loading={run.isPending} disabled={chosen.length === 0} fullWidth>
          {t('receipts.import.action', { count: chosen.length })}
        </Button>
      )}
    </div>
  );
}
