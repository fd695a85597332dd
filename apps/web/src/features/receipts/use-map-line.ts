import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../app/api-context';
import { ok } from '../../lib/api-result';
import { receiptKeys } from './receipt-keys';
import type { Receipt } from './upload-receipt';

export interface MapLineInput {
  itemId: string;
  /** The product the line is; null unmaps it. */
  product: { id: string; name: string } | null;
  /** Mapping: the store maps this line by itself next time. Unmapping: forget what the line taught. */
  remember: boolean;
}

/**
 * Maps a receipt line to a product, or unmaps it. The line changes on the screen at once and goes
 * back if the server refuses; the server's answer (the whole receipt, other open lines reconciled
 * in the same write) then replaces it.
 */
export function useMapLine(receiptId: string, onMapped?: (input: MapLineInput) => void) {
  const api = useApi();
  const queryClient = useQueryClient();
  const key = receiptKeys.one(receiptId);
  return useMutation({
    mutationFn: ({ itemId, product, remember }: MapLineInput) =>
      ok(
        api.PATCH('/api/v1/receipts/{receipt_id}/items/{item_id}', {
          params: { path: { receipt_id: receiptId, item_id: itemId } },
          body: { product_id: product?.id ?? null, remember },
        }),
      ),
    onMutate: async ({ itemId, product }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<Receipt>(key);
      if (before) {
        queryClient.setQueryData<Receipt>(key, {
          ...before,
          items: before.items?.map((item) =>
            item.id === itemId
              ? {
                  ...item,
                  catalog_product_id: product?.id ?? null,
                  catalog_product_name: product?.name ?? null,
                  match_status: product ? 'manual' : 'unresolved',
                  suggested_catalog_product_id: null,
                  suggested_catalog_product_name: null,
                  suggested_catalog_product_score: null,
                }
              : item,
          ),
        });
      }
      return { before };
    },
    onError: (_error, _input, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSuccess: (receipt, input) => {
      queryClient.setQueryData(key, receipt);
      onMapped?.(input);
    },
    onSettled: () => {
      // Review counts change in the list, and the same write may have mapped lines of other receipts.
      void queryClient.invalidateQueries({ queryKey: receiptKeys.all, predicate: (query) => query.queryKey[2] !== receiptId });
    },
  });
}
