import type { Schemas } from '@hinv/api-client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../../app/api-context';
import { sharedKeys } from '../../../app/query-keys';
import { ok } from '../../../lib/api-result';

export type Trip = Schemas['ShoppingTripResponse'];
export type Placement = Schemas['StorePlacementInput'];

/** The signed-in person's running trip, and what starts, ends and reorders it. */
export function useTrip() {
  const api = useApi();
  const queryClient = useQueryClient();
  const current = useQuery({ queryKey: sharedKeys.shoppingTrip, queryFn: () => ok(api.GET('/api/v1/shopping-trips/current')) });
  const trip = current.data?.trip?.active ? current.data.trip : null;
  const order = useQuery({
    queryKey: sharedKeys.storeOrder(trip?.store_id ?? ''),
    queryFn: () => ok(api.GET('/api/v1/shopping-stores/{store_id}/order', { params: { path: { store_id: trip?.store_id ?? '' } } })),
    enabled: trip !== null,
  });
  const setTrip = (next: Trip | null) => queryClient.setQueryData(sharedKeys.shoppingTrip, { trip: next });
  const start = useMutation({
    mutationFn: (storeName: string) => ok(api.POST('/api/v1/shopping-trips', { body: { store_name: storeName } })),
    onSuccess: (started) => {
      setTrip(started);
      void queryClient.invalidateQueries({ queryKey: sharedKeys.shoppingStores });
    },
  });
  const end = useMutation({
    mutationFn: (tripId: string) => ok(api.POST('/api/v1/shopping-trips/{trip_id}/end', { params: { path: { trip_id: tripId } } })),
    onSuccess: () => setTrip(null),
  });
  const place = useMutation({
    mutationFn: (input: { storeId: string; placement: Placement }) =>
      ok(api.PUT('/api/v1/shopping-stores/{store_id}/placements', { params: { path: { store_id: input.storeId } }, body: input.placement })),
    onSuccess: (placed) => queryClient.setQueryData(sharedKeys.storeOrder(placed.store_id), placed),
  });
  const reset = useMutation({
    mutationFn: (storeId: string) => ok(api.DELETE('/api/v1/shopping-stores/{store_id}/placements', { params: { path: { store_id: storeId } } })),
    onSuccess: (placed) => queryClient.setQueryData(sharedKeys.storeOrder(placed.store_id), placed),
  });
  return { trip, order: order.data, start, end, place, reset };
}

/** Stores to choose from when starting, with the last one to preselect. */
export function useStores(enabled: boolean) {
  const api = useApi();
  return useQuery({ queryKey: sharedKeys.shoppingStores, queryFn: () => ok(api.GET('/api/v1/shopping-stores')), enabled });
}
