import type { Schemas } from '@hinv/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../app/api-context';
import { sharedKeys } from '../../app/query-keys';
import { ApiError, ok } from '../../lib/api-result';
import { formatQuantity } from '../../lib/format';
import { Banner, Button, Checkbox, Sheet } from '../../ui';

type Proposal = Schemas['ShoppingLowStockItemResponse'];

interface RefillSheetProps {
  open: boolean;
  proposals: Proposal[];
  onClose: () => void;
  onDone: (count: number) => void;
}

/** The refill review: products at or below their minimum, each chosen or not, then put on the list in one go. */
export function RefillSheet({ open, proposals, onClose, onDone }: RefillSheetProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? 'en';
  const api = useApi();
  const queryClient = useQueryClient();
  // Everything proposed is chosen when the review opens (it mounts open); the person takes away
  // what they do not want.
  const [chosen, setChosen] = useState<string[]>(() => proposals.map((proposal) => proposal.product_id));

  const generate = useMutation({
    mutationFn: (productIds: string[]) =>
      ok(api.POST('/api/v1/shopping-list/generate', { body: { client_mutation_id: `refill_${crypto.randomUUID()}`, product_ids: productIds } })),
    onSuccess: (run) => {
      void queryClient.invalidateQueries({ queryKey: sharedKeys.shoppingList });
      void queryClient.invalidateQueries({ queryKey: sharedKeys.lowStock });
      onDone(run.created_count + run.updated_count);
    },
  });
  const problem = generate.error instanceof ApiError ? (generate.error.detail ?? t('shopping.refill.failed')) : generate.error ? t('shopping.refill.failed') : null;

  return (
    <Sheet
      open={open}
      onClose={onClose}
      title={t('shopping.refill.heading')}
      closeLabel={t('shopping.close')}
      footer={
        <div className="ui-cluster ui-cluster--end">
          <Button variant="secondary" onClick={onClose}>
            {t('shopping.cancel')}
          </Button>
          <Button loading={generate.isPending} disabled={chosen.length === 0} onClick={() => generate.mutate(chosen)}>
            {t('shopping.refill.add')}
          </Button>
        </div>
      }
    >
      <div className="ui-stack">
        {problem && (
          <Banner tone="danger" role="alert">
            {problem}
          </Banner>
        )}
        <ul className="shopping-refill-list" data-testid="refill-list">
          {proposals.map((proposal) => (
            <li key={proposal.product_id} className="shopping-refill-row">
              <Checkbox
                label={proposal.product_name}
                checked={chosen.includes(proposal.product_id)}
                onChange={(event) => {
                  const checked = event.currentTarget.checked;
                  setChosen((current) => (checked ? [...current, proposal.product_id] : current.filter((id) => id !== proposal.product_id)));
                }}
              />
              <span className="shopping-refill-figures">
                {t('shopping.refill.figures', {
                  current: formatQuantity(proposal.current_quantity, locale),
                  minimum: formatQuantity(proposal.minimum_quantity, locale),
                  target: formatQuantity(proposal.target_quantity, locale),
                })}
              </span>
              <span className="shopping-refill-suggested">+{formatQuantity(proposal.suggested_quantity, locale)}</span>
            </li>
          ))}
        </ul>
      </div>
    </Sheet>
  );
}
