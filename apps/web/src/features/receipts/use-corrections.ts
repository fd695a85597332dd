import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { useApi } from '../../app/api-context';
import { ApiError, ok } from '../../lib/api-result';
import { receiptKeys } from './receipt-keys';
import type { Receipt } from './upload-receipt';

export interface LineCorrection {
  name?: string;
  quantity?: number;
  unit_price?: number | null;
  total_price?: number;
}

export interface HeaderCorrection {
  store_name?: string | null;
  purchase_date?: string | null;
  total?: number | null;
}

export type Correction =
  | { kind: 'header'; body: HeaderCorrection }
  | { kind: 'line'; itemId: string; body: LineCorrection }
  | { kind: 'add'; body: LineCorrection & { name: string; total_price: number } }
  | { kind: 'remove'; itemId: string };

/**
 * Every correction of a receipt before import (store, date, total; a line's name and amounts; a
 * line added or removed). The server answers the whole receipt, sums and flags included, which
 * replaces the one on screen.
 */
/**
 * What a failed correction says: a receipt (or line) already taken into stock can no longer be
 * changed, anything else failed. Null while nothing failed.
 */
export function correctionProblem(error: unknown, t: (key: 'receipts.correct.imported' | 'receipts.correct.failed') => string): string | null {
  if (!error) return null;
  const imported = error instanceof ApiError && (error.code === 'receipt_item_imported' || error.code === 'receipt_imported');
  return imported ? t('receipts.correct.imported') : t('receipts.correct.failed');
}

export function useCorrection(receiptId: string, onDone?: (correction: Correction) => void) {
  const api = useApi();
  const queryClient = useQueryClient();
  const path = { receipt_id: receiptId };
  return useMutation({
    mutationFn: (correction: Correction) => {
      switch (correction.kind) {
        case 'header':
          return ok(api.PATCH('/api/v1/receipts/{receipt_id}', { params: { path }, body: correction.body }));
        case 'line':
          return ok(api.PATCH('/api/v1/receipts/{receipt_id}/items/{item_id}/correction', { params: { path: { ...path, item_id: correction.itemId } }, body: correction.body }));
        case 'add':
          return ok(api.POST('/api/v1/receipts/{receipt_id}/items', { params: { path }, body: correction.body }));
        case 'remove':
          return ok(api.DELETE('/api/v1/receipts/{receipt_id}/items/{item_id}', { params: { path: { ...path, item_id: correction.itemId } } }));
      }
    },
    onSuccess: (receipt, correction) => {
      queryClient.setQueryData(receiptKeys.one(receiptId), receipt);
      onDone?.(correction);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: receiptKeys.list });
    },
  });
}

/** How long a deleted receipt can be brought back before the delete is sent. */
export const UNDO_MS = 6000;

// Outlives the screen that deleted the receipt: the app goes back to the list while the undo runs.
const pendingDeletes = new Map<string, ReturnType<typeof setTimeout>>();
const listeners = new Set<() => void>();
let pendingVersion = 0;
const changed = () => {
  pendingVersion += 1;
  for (const listener of listeners) listener();
};

/**
 * Deleting a receipt with undo: it leaves the list at once, and the delete is sent only once the
 * undo time has passed. Undo puts it back; nothing was sent. (Closing the app before then keeps
 * the receipt: nothing is lost by surprise.)
 */
export function useDeleteReceipt() {
  const api = useApi();
  const queryClient = useQueryClient();
  return {
    remove(id: string) {
      queryClient.setQueryData<Receipt[]>(receiptKeys.list, (list) => list?.filter((receipt) => receipt.id !== id));
      pendingDeletes.set(
        id,
        setTimeout(() => {
          pendingDeletes.delete(id);
          changed();
          void ok(api.DELETE('/api/v1/receipts/{receipt_id}', { params: { path: { receipt_id: id } } }))
            .catch(() => undefined)
            .finally(() => {
              queryClient.removeQueries({ queryKey: receiptKeys.one(id) });
              void queryClient.invalidateQueries({ queryKey: receiptKeys.list });
            });
        }, UNDO_MS),
      );
      changed();
    },
    undo(id: string) {
      clearTimeout(pendingDeletes.get(id));
      pendingDeletes.delete(id);
      changed();
      void queryClient.invalidateQueries({ queryKey: receiptKeys.list });
    },
  };
}

/** Receipts whose delete waits for its undo time (lists leave them out); re-renders when that changes. */
export function usePendingDeletes(): (id: string) => boolean {
  useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => pendingVersion,
  );
  return (id) => pendingDeletes.has(id);
}
