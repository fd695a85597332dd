/**
 * Query keys of the server state more than one screen shows. A change on one screen invalidates
 * the key and every screen that shows it refreshes; each feature keeps its own keys beside it.
 */
export const sharedKeys = {
  stock: ['stock'] as const,
  lots: (filter: Record<string, string | number | undefined> = {}) => ['stock', 'lots', filter] as const,
  lowStock: ['shopping', 'low-stock'] as const,
  shoppingList: ['shopping', 'list'] as const,
  /** The signed-in person's shopping trip that is still going. */
  shoppingTrip: ['shopping', 'trip'] as const,
  /** Every store's learned order; one store's under `storeOrder(id)`. */
  storeOrders: ['shopping', 'store-order'] as const,
  storeOrder: (storeId: string) => ['shopping', 'store-order', storeId] as const,
  shoppingStores: ['shopping', 'stores'] as const,
  unresolvedScans: ['scans', 'unresolved'] as const,
  /** Scans from scanner stations that wait for review (resolved ones are in no other list). */
  stationScans: ['scans', 'from-stations'] as const,
  product: (id: string) => ['catalog', 'product', id] as const,
  products: (query = '') => ['catalog', 'products', query] as const,
  masterData: ['catalog', 'master-data'] as const,
};
