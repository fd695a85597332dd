import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Schemas } from '@hinv/api-client';
import { useApi } from '../../app/api-context';
import { sharedKeys } from '../../app/query-keys';
import { ok } from '../../lib/api-result';
import { receiptKeys } from './receipt-keys';
import type { Receipt } from './upload-receipt';

export type CandidateConfirm = Schemas['ProductCandidateConfirmInput'];
export type LineProductCreate = Schemas['CatalogProductCreateInput'];

/** The household's locations, units and groups: where and in what a new product is kept. */
export function useMasterData(enabled: boolean) {
  const api = useApi();
  return useQuery({ queryKey: sharedKeys.masterData, queryFn: () => ok(api.GET('/api/v1/catalog/master-data')), enabled });
}

/** Open Food Facts records that may be the line; only searched once asked (`enabled`). */
export function useLineCandidates(receiptId: string, itemId: string, enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: receiptKeys.candidates(receiptId, itemId),
    queryFn: () => ok(api.GET('/api/v1/receipts/{receipt_id}/items/{item_id}/candidates', { params: { path: { receipt_id: receiptId, item_id: itemId } } })),
    enabled,
  });
}

/**
 * Maps a line to a product that is new or gets new data: a confirmed Open Food Facts candidate, or
 * a catalog product created from the line. The server answers the whole receipt, which replaces it.
 */
export function useLineProduct(receiptId: string, onMapped: (itemId: string) => void) {
  const api = useApi();
  const queryClient = useQueryClient();
  const path = (itemId: string) => ({ path: { receipt_id: receiptId, item_id: itemId } });
  const settled = {
    onSuccess: (receipt: Receipt, input: { itemId: string }) => {
      queryClient.setQueryData(receiptKeys.one(receiptId), receipt);
      onMapped(input.itemId);
    },
    onSettled: () => {
      // A product was made or filled in, and other receipts' open lines may have been matched to it.
      void queryClient.invalidateQueries({ queryKey: ['catalog'] });
      void queryClient.invalidateQueries({ queryKey: receiptKeys.all, predicate: (query) => query.queryKey[2] !== receiptId });
    },
  };
  const confirm = useMutation({
    mutationFn: ({ itemId, body }: { itemId: string; body: CandidateConfirm }) =>
      ok(api.POST('/api/v1/receipts/{receipt_id}/items/{item_id}/candidate', { params: path(itemId), body })),
    ...settled,
  });
  const create = useMutation({
    mutationFn: ({ itemId, body }: { itemId: string; body: LineProductCreate }) =>
      ok(api.POST('/api/v1/receipts/{receipt_id}/items/{item_id}/catalog-product', { params: path(itemId), body })),
    ...settled,
  });
  return { confirm, create };
}
