import type { ApiClient, Schemas } from '@hinv/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../app/api-context';
import { sharedKeys } from '../../app/query-keys';
import { ok } from '../../lib/api-result';

export type StockAction = Schemas['StockActionCreateInput']['action'];
export const STOCK_ACTIONS: StockAction[] = ['consume', 'open', 'add'];

export interface StockActionRequest {
  productId: string;
  action: StockAction;
  quantity: number;
  /** Made once per attempt the person starts, so a retry of the same attempt is applied once. */
  key: string;
}

export const newActionKey = (): string => `stock_${crypto.randomUUID()}`;

function apply(api: ApiClient, request: StockActionRequest) {
  return ok(
    api.POST('/api/v1/stock/products/{product_id}/actions', {
      params: { path: { product_id: request.productId } },
      body: { action: request.action, client_mutation_id: request.key, ...(request.action === 'open' ? {} : { quantity: request.quantity }) },
    }),
  );
}

/**
 * Consume, open or add one product (with or without a barcode) through the stock service. Every
 * screen showing stock, lots, the product or the refill proposals refreshes afterwards.
 */
export function useStockAction() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: StockActionRequest) => apply(api, request),
    onSettled: async (_result, _error, request) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: sharedKeys.stock }),
        queryClient.invalidateQueries({ queryKey: sharedKeys.product(request.productId) }),
        queryClient.invalidateQueries({ queryKey: sharedKeys.lowStock }),
      ]);
    },
  });
}
