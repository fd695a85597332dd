import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { connectLiveStream, type LiveChange } from '../lib/live-stream';
import { sharedKeys } from './query-keys';

type ListItem = { id: string; updated_at: string };

/** What a change means for the cached server state: the queries to ask again, if any. */
export function applyLiveChange(queryClient: QueryClient, change: LiveChange): void {
  if (change.topic === 'shopping') {
    // This device's own change is in the cache already (the answer was adopted): nothing to ask.
    const list = queryClient.getQueryData<ListItem[]>(sharedKeys.shoppingList);
    if (list?.some((item) => item.id === change.id && item.updated_at === change.version)) return;
    void queryClient.invalidateQueries({ queryKey: sharedKeys.shoppingList });
    void queryClient.invalidateQueries({ queryKey: sharedKeys.lowStock });
  } else if (change.topic === 'trip') {
    void queryClient.invalidateQueries({ queryKey: sharedKeys.shoppingTrip });
    void queryClient.invalidateQueries({ queryKey: sharedKeys.shoppingStores });
  } else if (change.topic === 'store-order') {
    void queryClient.invalidateQueries({ queryKey: sharedKeys.storeOrder(change.id) });
  }
}

/**
 * Keeps the open screens current while signed in: the household's event stream (one per
 * browser) says what changed elsewhere, and the affected queries are asked again. After a
 * (re)connect everything the stream covers is asked again, as changes may have been missed.
 */
export function useLiveUpdates(enabled: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource !== 'function') return;
    return connectLiveStream('/api/v1/events', {
      change: (change) => applyLiveChange(queryClient, change),
      open: () => {
        void queryClient.invalidateQueries({ queryKey: sharedKeys.shoppingList });
        void queryClient.invalidateQueries({ queryKey: sharedKeys.shoppingTrip });
        void queryClient.invalidateQueries({ queryKey: sharedKeys.storeOrders });
      },
    });
  }, [enabled, queryClient]);
}
