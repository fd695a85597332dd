import { useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useApi } from '../../app/api-context';
import { queueOwner } from '../../app/queue-owner';
import { sharedKeys } from '../../app/query-keys';
import { ok } from '../../lib/api-result';
import { sendChange } from './shopping-api';
import { CHANGE_LIMIT, openShoppingDatabase, QueueFullError, ShoppingQueue, type ChangeAction, type Item, type ItemLook, type ProductChoice, type QueuedChange, type QueuedUpdate, type RefusedChange, type SyncReport } from './shopping-queue';
import { applyWaiting, type ShoppingRowView } from './shopping-view';

/** One queue per page, shared by every screen that mounts the list, so runs never overlap. */
let shared: Promise<ShoppingQueue> | null = null;
function shoppingQueue(): Promise<ShoppingQueue> {
  // Changes are the person's who made them (see app/queue-owner.ts); untagged ones are claimed on opening.
  shared ??= openShoppingDatabase().then(async (db) => {
    const queue = new ShoppingQueue(db, undefined, undefined, queueOwner);
    await queue.claim();
    return queue;
  });
  return shared;
}

export function lookOf(item: Pick<Item, keyof ItemLook>): ItemLook {
  return {
    label: item.label,
    product_id: item.product_id ?? null,
    product_name: item.product_name ?? null,
    product_image_url: item.product_image_url ?? null,
    quantity_unit_name: item.quantity_unit_name ?? null,
    product_group_name: item.product_group_name ?? null,
  };
}

function isOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine;
}

export interface ShoppingState {
  /**
   * The device's queue has been read. Until then nothing is known about the changes waiting on it
   * (after an offline reload, say): the screen says neither "nothing waiting" nor shows rows without them.
   */
  ready: boolean;
  /** The list with waiting changes applied; null until the queue was read and the server or the device had something to show. */
  rows: ShoppingRowView[] | null;
  /** The server list query (loading, failure and retry). */
  list: UseQueryResult<Item[]>;
  /** Shown from the device because the server could not be asked. */
  fromDevice: boolean;
  online: boolean;
  /** Changes still waiting to be sent. */
  waiting: number;
  /** Refused changes that waited in the queue, until the person dismisses them. */
  refused: RefusedChange[];
  /** The last sync stopped because the session is gone; every change was kept. */
  needsSignIn: boolean;
  /** A change was just refused because `CHANGE_LIMIT` changes are waiting; the waiting ones are kept. */
  full: boolean;
  /** With `tripId`, the check-off (or its undo) belongs to that shopping trip. */
  setChecked(row: ShoppingRowView, checked: boolean, tripId?: string): Promise<void>;
  setAmount(row: ShoppingRowView, amount: number): Promise<void>;
  setNotes(row: ShoppingRowView, notes: string): Promise<void>;
  add(look: ItemLook, productId: string, amount: number, notes: string): Promise<void>;
  dismissRefused(): Promise<void>;
  sync(): Promise<void>;
  /** The catalog as last seen, for adding products without a signal. */
  loadProducts(): Promise<ProductChoice[]>;
  saveProducts(products: ProductChoice[]): void;
}

const loadProducts = () => shoppingQueue().then((queue) => queue.loadProducts());
const saveProducts = (products: ProductChoice[]) => {
  const choices = products.map(({ id, name, image_url, default_quantity_unit_name, product_group_name }) => ({ id, name, image_url, default_quantity_unit_name, product_group_name }));
  void shoppingQueue().then((queue) => queue.saveProducts(choices));
};

/**
 * The shopping list with its offline queue: the server list (kept on the device for reading
 * without a signal), every change queued in IndexedDB first and sent at once when online, in
 * order, and again on the `online` event and on start. `onRefused` hears about changes made
 * while online that the server refused, so the screen can say why the row came back.
 */
export function useShopping(onRefused: (refused: RefusedChange[]) => void): ShoppingState {
  const api = useApi();
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: sharedKeys.shoppingList, queryFn: () => ok(api.GET('/api/v1/shopping-list')) });
  const [snapshot, setSnapshot] = useState<Item[] | null>(null);
  const [waiting, setWaiting] = useState<QueuedChange[]>([]);
  const [ready, setReady] = useState(false);
  const [refused, setRefused] = useState<RefusedChange[]>([]);
  const [needsSignIn, setNeedsSignIn] = useState(false);
  const [refusedAsFull, setRefusedAsFull] = useState(false);
  const [online, setOnline] = useState(isOnline);
  const onRefusedRef = useRef(onRefused);
  onRefusedRef.current = onRefused;
  const snapshotRef = useRef<Item[] | null>(null);
  snapshotRef.current = snapshot;

  const refresh = useCallback(async () => {
    try {
      const queue = await shoppingQueue();
      const [changes, stillRefused] = await Promise.all([queue.list(), queue.refused()]);
      setWaiting(changes);
      setRefused(stillRefused.filter((record) => !record.madeOnline));
    } finally {
      // A device whose storage cannot be read still shows the server's list.
      setReady(true);
    }
  }, []);

  /** Puts an answer into the cached list at once, so the row does not wait for a reload. */
  const adopt = useCallback(
    (change: QueuedChange, item: Item) => {
      queryClient.setQueryData<Item[]>(sharedKeys.shoppingList, (old) => {
        const base = old ?? snapshotRef.current ?? [];
        const rest = base.filter((other) => other.id !== item.id);
        if (item.checked) return rest;
        return base.some((other) => other.id === item.id) ? base.map((other) => (other.id === item.id ? item : other)) : [item, ...rest];
      });
      // The same step locally as in the database: the change is gone, later ones build on its answer.
      setWaiting((current) =>
        current
          .filter((other) => other.id !== change.id)
          .map((other) =>
            other.kind === 'update' && 'addId' in other.target && other.target.addId === change.id ? { ...other, target: { itemId: item.id }, baseUpdatedAt: item.updated_at } : other,
          ),
      );
    },
    [queryClient],
  );

  const sync = useCallback(async () => {
    const queue = await shoppingQueue();
    let report: SyncReport;
    try {
      report = await queue.sync((change) => sendChange(api, change), adopt);
    } finally {
      await refresh();
    }
    setNeedsSignIn(report.stoppedBy === 'unauthorized');
    const toldNow = report.refused.filter((record) => record.madeOnline);
    if (toldNow.length > 0) {
      await queue.dismissRefused(toldNow.map((record) => record.id));
      onRefusedRef.current(toldNow);
    }
    if (report.applied.length > 0 || report.refused.length > 0) {
      // What the server has now; a refused change's row goes back to it.
      void queryClient.invalidateQueries({ queryKey: sharedKeys.shoppingList });
      void queryClient.invalidateQueries({ queryKey: sharedKeys.lowStock });
    }
  }, [api, adopt, refresh, queryClient]);

  useEffect(() => {
    let alive = true;
    void shoppingQueue()
      .then((queue) => queue.loadList())
      .then((saved) => alive && setSnapshot(saved?.items ?? []));
    void refresh();
    const goOnline = () => {
      setOnline(true);
      void sync();
    };
    const goOffline = () => setOnline(false);
    window.addEventListener('online', goOnline);
    window.addEventListener('offline', goOffline);
    if (isOnline()) void sync();
    return () => {
      alive = false;
      window.removeEventListener('online', goOnline);
      window.removeEventListener('offline', goOffline);
    };
  }, [refresh, sync]);

  // Whatever the server said last is what the device shows next time without a signal.
  useEffect(() => {
    if (list.data) void shoppingQueue().then((queue) => queue.saveList(list.data));
  }, [list.data]);

  const base = list.data ?? snapshot;
  const rows = useMemo(() => (ready && base ? applyWaiting(base, waiting) : null), [ready, base, waiting]);

  /** A change the full queue refused: said on the screen, and nothing else happens. */
  const refuseWhenFull = useCallback((error: unknown): null => {
    if (!(error instanceof QueueFullError)) throw error;
    setRefusedAsFull(true);
    return null;
  }, []);

  const queueChange = useCallback(
    async (row: ShoppingRowView, action: ChangeAction, body: QueuedUpdate['body']) => {
      const queue = await shoppingQueue();
      const target = row.itemId !== null ? { itemId: row.itemId } : { addId: row.addId as string };
      const change = await queue.enqueueUpdate({ action, target, baseUpdatedAt: row.item.updated_at, body, look: lookOf(row.item), madeOnline: isOnline() }).catch(refuseWhenFull);
      if (!change) return;
      setWaiting((current) => [...current, change]);
      if (isOnline()) await sync();
    },
    [sync, refuseWhenFull],
  );

  return {
    ready,
    rows,
    list,
    fromDevice: !list.data && snapshot !== null,
    online,
    waiting: waiting.length,
    refused,
    needsSignIn,
    full: refusedAsFull && waiting.length >= CHANGE_LIMIT,
    setChecked: (row, checked, tripId) =>
      queueChange(row, checked ? 'check' : 'uncheck', { desired_quantity: row.item.desired_quantity, notes: row.item.notes, checked, ...(tripId ? { trip_id: tripId } : {}) }),
    setAmount: (row, amount) => queueChange(row, 'amount', { desired_quantity: amount, notes: row.item.notes, checked: row.checked }),
    setNotes: (row, notes) => queueChange(row, 'notes', { desired_quantity: row.item.desired_quantity, notes, checked: row.checked }),
    add: async (look, productId, amount, notes) => {
      const queue = await shoppingQueue();
      const change = await queue.enqueueAdd({ productId, desiredQuantity: amount, notes, look, madeOnline: isOnline() }).catch(refuseWhenFull);
      if (!change) return;
      setWaiting((current) => [...current, change]);
      if (isOnline()) await sync();
    },
    dismissRefused: async () => {
      await (await shoppingQueue()).dismissRefused(refused.map((record) => record.id));
      await refresh();
    },
    sync,
    loadProducts,
    saveProducts,
  };
}
