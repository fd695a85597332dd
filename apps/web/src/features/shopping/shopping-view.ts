import type { Item, QueuedChange } from './shopping-queue';

/** One row of the list as the person sees it: the server's item with the waiting changes applied. */
export interface ShoppingRowView {
  /** Stable across the change landing, so the row keeps focus and position. */
  key: string;
  item: Item;
  /** The server's id, or null for an item added without a signal that does not exist yet. */
  itemId: string | null;
  /** The queued add that will create it (items added offline). */
  addId: string | null;
  checked: boolean;
  /** Changes to this row still waiting to be sent. */
  waiting: number;
}

const round = (value: number) => Math.round(value * 1e6) / 1e6;

/**
 * The list as it will be once the queue has been sent: the last known server list with every
 * waiting change applied in order. Checked-off items stay (ticked) while their change waits, so a
 * shopper without a signal sees what is in the cart; they leave once the server has it.
 */
export function applyWaiting(items: Item[], changes: QueuedChange[]): ShoppingRowView[] {
  const rows: ShoppingRowView[] = items.map((item) => ({ key: item.id, item, itemId: item.id, addId: null, checked: false, waiting: 0 }));
  for (const change of changes) {
    if (change.kind === 'add') {
      const open = rows.find((row) => !row.checked && row.item.product_id === change.productId);
      if (open) {
        open.item = { ...open.item, desired_quantity: round(open.item.desired_quantity + change.desiredQuantity) };
        open.waiting += 1;
      } else {
        rows.push({
          key: `add:${change.id}`,
          item: { ...change.look, id: `add:${change.id}`, desired_quantity: change.desiredQuantity, notes: change.notes, checked: 0, created_at: '', updated_at: '' },
          itemId: null,
          addId: change.id,
          checked: false,
          waiting: 1,
        });
      }
      continue;
    }
    const target = change.target;
    let row = 'itemId' in target ? rows.find((candidate) => candidate.itemId === target.itemId) : rows.find((candidate) => candidate.addId === target.addId);
    if (!row) {
      // A change to an item that is no longer on the loaded list (checked off, then undone).
      if (!('itemId' in target)) continue;
      row = {
        key: target.itemId,
        item: { ...change.look, id: target.itemId, desired_quantity: change.body.desired_quantity, notes: change.body.notes, checked: 0, created_at: '', updated_at: change.baseUpdatedAt },
        itemId: target.itemId,
        addId: null,
        checked: false,
        waiting: 0,
      };
      rows.push(row);
    }
    row.item = { ...row.item, desired_quantity: change.body.desired_quantity, notes: change.body.notes };
    row.checked = change.body.checked;
    row.waiting += 1;
  }
  return rows;
}
