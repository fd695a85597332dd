import type { Schemas } from '@hinv/api-client';
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { belongsTo, type Owned } from '../../app/queue-owner';

export type Item = Schemas['ShoppingListItemResponse'];

/** What a row needs to be drawn while its change waits: the item as it was seen. */
export type ItemLook = Pick<Item, 'label' | 'product_id' | 'product_name' | 'product_image_url' | 'quantity_unit_name' | 'product_group_name'>;

/** What the person did, for the waiting badge and for saying which change was refused. */
export type ChangeAction = 'check' | 'uncheck' | 'amount' | 'notes' | 'add';

/**
 * A change to an item, the full PATCH body but the timestamp. `target` is the item, or, for an
 * item that was added offline and has no id yet, the add that will create it.
 */
export interface QueuedUpdate extends Owned {
  kind: 'update';
  id: string;
  seq?: number;
  clientMutationId: string;
  action: ChangeAction;
  target: { itemId: string } | { addId: string };
  /** The `updated_at` the change was made on; moved on as earlier changes to the item land. */
  baseUpdatedAt: string;
  /** `trip_id`: a check-off (or its undo) made during a shopping trip, which learns the store's order from it. */
  body: { desired_quantity: number; checked: boolean; notes: string; trip_id?: string };
  look: ItemLook;
  /** Made while online: a refusal is said at once (a toast); otherwise it waits in the banner. */
  madeOnline: boolean;
  createdAt: number;
  attempts: number;
  lastError: string | null;
}

/** One product put on the list. */
export interface QueuedAdd extends Owned {
  kind: 'add';
  id: string;
  seq?: number;
  clientMutationId: string;
  action: 'add';
  productId: string;
  desiredQuantity: number;
  notes: string;
  look: ItemLook;
  madeOnline: boolean;
  createdAt: number;
  attempts: number;
  lastError: string | null;
}

export type QueuedChange = QueuedUpdate | QueuedAdd;

/** A change the server refused after it had waited: kept until the person has read it. */
export interface RefusedChange extends Owned {
  id: string;
  action: ChangeAction;
  label: string;
  /** The amount asked for (amount and add), to say what was refused. */
  quantity: number | null;
  status: number;
  code: string | null;
  /** The server's own reason, in the person's language. */
  detail: string | null;
  madeOnline: boolean;
  at: number;
}

/** How one send went, as the sync loop needs to know it. */
export type SendOutcome =
  | { ok: true; item: Item }
  | { ok: false; kind: 'unauthorized' | 'network' }
  | { ok: false; kind: 'refused'; status: number; code: string | null; detail: string | null };

export interface SyncReport {
  applied: { change: QueuedChange; item: Item }[];
  refused: RefusedChange[];
  remaining: number;
  /** Why the run stopped early: sign-in needed or no connection. Every remaining change is kept. */
  stoppedBy: 'unauthorized' | 'network' | null;
}

/** What the list looked like last time it was loaded, so it can be read without a signal. */
export interface ListSnapshot {
  items: Item[];
  savedAt: number;
}

export type ProductChoice = Pick<Schemas['CatalogProductResponse'], 'id' | 'name' | 'image_url' | 'default_quantity_unit_name' | 'product_group_name'>;

interface ShoppingSchema extends DBSchema {
  changes: { key: number; value: QueuedChange; indexes: { byId: string } };
  refused: { key: string; value: RefusedChange };
  /**
   * The newest `updated_at` an answer reported per item, and (keyed `add:<change id>`) which item
   * an add that already landed created.
   */
  known: { key: string; value: { itemId: string; updatedAt: string; at: number; resolvedId?: string } };
  snapshots: { key: string; value: { key: 'list'; value: ListSnapshot } | { key: 'products'; value: ProductChoice[] } };
}

/**
 * At most this many changes wait on the device, the scan queue's rule: past it a new change is
 * refused with a message, and nothing already waiting is dropped to make room.
 */
export const CHANGE_LIMIT = 100;

/** A change refused because `CHANGE_LIMIT` changes are waiting already. */
export class QueueFullError extends Error {
  constructor() {
    super(`${CHANGE_LIMIT} changes are waiting already`);
    this.name = 'QueueFullError';
  }
}

/** Not the scan queue's database: each feature owns its own, so neither has to know the other's versions. */
const DB_NAME = 'household-inventory-shopping';
const KNOWN_LIMIT = 500;

export function openShoppingDatabase(factory?: IDBFactory): Promise<IDBPDatabase<ShoppingSchema>> {
  const open = () =>
    openDB<ShoppingSchema>(DB_NAME, 1, {
      upgrade(db) {
        // An auto-incremented key is the order the changes were made in, even within one millisecond.
        db.createObjectStore('changes', { keyPath: 'seq', autoIncrement: true }).createIndex('byId', 'id', { unique: true });
        db.createObjectStore('refused', { keyPath: 'id' });
        db.createObjectStore('known', { keyPath: 'itemId' });
        db.createObjectStore('snapshots', { keyPath: 'key' });
      },
    });
  if (!factory) return open();
  // Tests pass a fake IndexedDB; idb reads the global one.
  const original = globalThis.indexedDB;
  globalThis.indexedDB = factory;
  return open().finally(() => {
    globalThis.indexedDB = original;
  });
}

type NewUpdate = Omit<QueuedUpdate, 'kind' | 'id' | 'seq' | 'clientMutationId' | 'createdAt' | 'attempts' | 'lastError'>;
type NewAdd = Omit<QueuedAdd, 'kind' | 'id' | 'seq' | 'clientMutationId' | 'createdAt' | 'attempts' | 'lastError' | 'action'>;

const later = (a: string, b: string | undefined) => (b !== undefined && b > a ? b : a);
const targetsItem = (change: QueuedChange, itemId: string) => change.kind === 'update' && 'itemId' in change.target && change.target.itemId === itemId;
const targetsAdd = (change: QueuedChange, addId: string) => change.kind === 'update' && 'addId' in change.target && change.target.addId === addId;

/**
 * The shopping list's offline queue (IndexedDB): check-offs, amounts, notes and added products,
 * each with one stable `client_mutation_id`, replayed oldest first, exactly once (the server
 * answers a replayed key with its first answer), whether the page was reloaded in between or not.
 *
 * How changes to one item chain. Every PATCH must name the item's current `updated_at`, and each
 * change moves it on, so a second queued change to an item (check it off after changing its
 * amount) would be refused as stale if it were sent with the timestamp the person saw. Each
 * change therefore stores the timestamp it was made on, and when a change lands, the same IndexedDB
 * transaction that removes it re-bases every later change to that item on the answer's
 * `updated_at` (and points changes to an item added offline at the id the add got). A change is
 * thus always sent on the state its predecessor produced, even across a reload or a sync that
 * stopped in between. Changes are not merged into one: each keeps its key, so a change whose
 * answer was lost is recognised by the server when it is sent again. A change made on a timestamp
 * older than one an earlier answer reported (the list on screen was older than that answer)
 * starts from the newer one (`known`). Someone else's change in between still makes the server
 * refuse ours (409), which is reported, never overwritten.
 *
 * Sync: stops on 401/403 and on a network failure or 5xx keeping every change; a refusal (404, 409,
 * 422) drops that change and records it in `refused` in the same transaction, so it is
 * reported, never lost silently. A refused add takes the changes made to its item with it.
 */
export class ShoppingQueue {
  private running: Promise<unknown> | null = null;
  private waiting: Promise<SyncReport> | null = null;

  constructor(
    private readonly db: IDBPDatabase<ShoppingSchema>,
    private readonly now: () => number = () => Date.now(),
    private readonly newId: () => string = () => crypto.randomUUID(),
    /** Whose changes this page sees and sends (see app/queue-owner.ts); null: all. */
    private readonly owner: () => string | null = () => null,
  ) {}

  private mine = (entry: Owned): boolean => belongsTo(entry, this.owner());

  private tag(): Owned {
    const owner = this.owner();
    return owner ? { owner } : {};
  }

  /** Queues a change to an item; throws `QueueFullError` when `CHANGE_LIMIT` changes wait already. */
  async enqueueUpdate(change: NewUpdate): Promise<QueuedUpdate> {
    const tx = this.db.transaction(['changes', 'known'], 'readwrite');
    // Counted in the same read-write transaction, so two changes cannot both pass the limit.
    if ((await tx.objectStore('changes').count()) >= CHANGE_LIMIT) {
      await tx.done;
      throw new QueueFullError();
    }
    const known = tx.objectStore('known');
    let { target, baseUpdatedAt } = change;
    // The screen may still show an item added offline by its add, which has landed meanwhile.
    if ('addId' in target && !(await tx.objectStore('changes').index('byId').getKey(target.addId))) {
      const landed = await known.get(`add:${target.addId}`);
      if (landed?.resolvedId) target = { itemId: landed.resolvedId };
    }
    if ('itemId' in target) baseUpdatedAt = later(baseUpdatedAt, (await known.get(target.itemId))?.updatedAt);
    const id = this.newId();
    const entry: QueuedUpdate = { ...change, kind: 'update', id, target, baseUpdatedAt, clientMutationId: `shop_${id}`, createdAt: this.now(), attempts: 0, lastError: null, ...this.tag() };
    entry.seq = await tx.objectStore('changes').add(entry);
    await tx.done;
    return entry;
  }

  /** Queues a product put on the list; throws `QueueFullError` when `CHANGE_LIMIT` changes wait already. */
  async enqueueAdd(change: NewAdd): Promise<QueuedAdd> {
    const tx = this.db.transaction('changes', 'readwrite');
    if ((await tx.store.count()) >= CHANGE_LIMIT) {
      await tx.done;
      throw new QueueFullError();
    }
    const id = this.newId();
    const entry: QueuedAdd = { ...change, kind: 'add', action: 'add', id, clientMutationId: `shop_${id}`, createdAt: this.now(), attempts: 0, lastError: null, ...this.tag() };
    entry.seq = await tx.store.add(entry);
    await tx.done;
    return entry;
  }

  /** This person's changes, oldest first. */
  async list(): Promise<QueuedChange[]> {
    return (await this.db.getAll('changes')).filter(this.mine);
  }

  async size(): Promise<number> {
    return (await this.list()).length;
  }

  refused(): Promise<RefusedChange[]> {
    return this.db.getAll('refused').then((all) => all.filter(this.mine).sort((a, b) => a.at - b.at));
  }

  /** Tags untagged changes and refusals with the current person, so nobody else's session sends or sees them. */
  async claim(): Promise<void> {
    const owner = this.owner();
    if (!owner) return;
    const tx = this.db.transaction(['changes', 'refused'], 'readwrite');
    for (let cursor = await tx.objectStore('changes').openCursor(); cursor; cursor = await cursor.continue()) {
      if (cursor.value.owner === undefined) await cursor.update({ ...cursor.value, owner });
    }
    for (let cursor = await tx.objectStore('refused').openCursor(); cursor; cursor = await cursor.continue()) {
      if (cursor.value.owner === undefined) await cursor.update({ ...cursor.value, owner });
    }
    await tx.done;
  }

  /** Deletes this person's waiting changes and unread refusals (sign-out, "delete them"). */
  async clear(): Promise<void> {
    const tx = this.db.transaction(['changes', 'refused'], 'readwrite');
    for (let cursor = await tx.objectStore('changes').openCursor(); cursor; cursor = await cursor.continue()) {
      if (this.mine(cursor.value)) await cursor.delete();
    }
    for (let cursor = await tx.objectStore('refused').openCursor(); cursor; cursor = await cursor.continue()) {
      if (this.mine(cursor.value)) await cursor.delete();
    }
    await tx.done;
  }

  async dismissRefused(ids: string[]): Promise<void> {
    const tx = this.db.transaction('refused', 'readwrite');
    await Promise.all(ids.map((id) => tx.store.delete(id)));
    await tx.done;
  }

  async saveList(items: Item[]): Promise<void> {
    await this.db.put('snapshots', { key: 'list', value: { items, savedAt: this.now() } });
  }

  async loadList(): Promise<ListSnapshot | null> {
    const row = await this.db.get('snapshots', 'list');
    return row?.key === 'list' ? row.value : null;
  }

  async saveProducts(products: ProductChoice[]): Promise<void> {
    await this.db.put('snapshots', { key: 'products', value: products });
  }

  async loadProducts(): Promise<ProductChoice[]> {
    const row = await this.db.get('snapshots', 'products');
    return row?.key === 'products' ? row.value : [];
  }

  /**
   * Replays the queue oldest first. One run at a time per page (a run asked for while one is
   * going joins it and then runs again, so nothing queued meanwhile waits for the next event);
   * across tabs the Web Locks API keeps a second page from sending the same change at once.
   */
  sync(send: (change: QueuedChange) => Promise<SendOutcome>, onApplied?: (change: QueuedChange, item: Item) => void): Promise<SyncReport> {
    // A run that has not started yet will see whatever was queued until it starts: join it.
    if (this.waiting) return this.waiting;
    const previous = this.running ?? Promise.resolve();
    const run: Promise<SyncReport> = previous.then(
      () => {
        this.waiting = null;
        return this.locked(() => this.replay(send, onApplied));
      },
      () => {
        this.waiting = null;
        return this.locked(() => this.replay(send, onApplied));
      },
    );
    this.waiting = this.running ? run : null;
    this.running = run;
    void run.then(
      () => this.settled(run),
      () => this.settled(run),
    );
    return run;
  }

  private settled(run: Promise<SyncReport>): void {
    if (this.running === run) this.running = null;
  }

  private locked<T>(work: () => Promise<T>): Promise<T> {
    const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
    return locks ? locks.request('household-inventory-shopping-sync', work) : work();
  }

  private async replay(send: (change: QueuedChange) => Promise<SendOutcome>, onApplied?: (change: QueuedChange, item: Item) => void): Promise<SyncReport> {
    const report: SyncReport = { applied: [], refused: [], remaining: 0, stoppedBy: null };
    // Always the oldest change as it is stored now: the previous one may just have re-based it.
    for (let change = await this.oldest(); change; change = await this.oldest()) {
      const outcome = await send(change);
      if (outcome.ok) {
        await this.applied(change, outcome.item);
        report.applied.push({ change, item: outcome.item });
        onApplied?.(change, outcome.item);
      } else if (outcome.kind === 'refused') {
        report.refused.push(...(await this.refuse(change, outcome)));
      } else {
        await this.noteFailure(change, outcome.kind);
        report.stoppedBy = outcome.kind;
        break;
      }
    }
    report.remaining = await this.size();
    return report;
  }

  /** This person's oldest change; other people's kept changes are passed over. */
  private async oldest(): Promise<QueuedChange | undefined> {
    for (let cursor = await this.db.transaction('changes').store.openCursor(); cursor; cursor = await cursor.continue()) {
      if (this.mine(cursor.value)) return cursor.value;
    }
    return undefined;
  }

  /** Removes a change that landed and re-bases the later changes to its item, in one transaction. */
  private async applied(change: QueuedChange, item: Item): Promise<void> {
    const tx = this.db.transaction(['changes', 'known'], 'readwrite');
    const changes = tx.objectStore('changes');
    const stored = await changes.index('byId').getKey(change.id);
    // Another page's run may have sent it meanwhile (same key, same answer): nothing to remove then.
    if (stored !== undefined) await changes.delete(stored);
    // An add the server merged into an item someone else had put on the list (its answer was
    // changed after it was created) is not the item this device made: changes made to "its" item
    // keep a stale base, so the server refuses them (409) and the person is told, instead of
    // overwriting the other person's amount or note.
    const merged = change.kind === 'add' && item.created_at !== item.updated_at;
    for (let cursor = await changes.openCursor(); cursor; cursor = await cursor.continue()) {
      const next = cursor.value;
      if (!this.mine(next)) continue;
      if (targetsAdd(next, change.id)) {
        await cursor.update({ ...next, target: { itemId: item.id }, baseUpdatedAt: merged ? item.created_at : item.updated_at } as QueuedUpdate);
      } else if (targetsItem(next, item.id) && !merged) {
        await cursor.update({ ...next, target: { itemId: item.id }, baseUpdatedAt: item.updated_at } as QueuedUpdate);
      }
    }
    const known = tx.objectStore('known');
    const before = await known.get(item.id);
    await known.put({ itemId: item.id, updatedAt: later(item.updated_at, before?.updatedAt), at: this.now() });
    if (change.kind === 'add') await known.put({ itemId: `add:${change.id}`, updatedAt: item.updated_at, at: this.now(), resolvedId: item.id });
    if ((await known.count()) > KNOWN_LIMIT) {
      const oldest = (await known.getAll()).sort((a, b) => a.at - b.at).slice(0, KNOWN_LIMIT / 5);
      await Promise.all(oldest.map((row) => known.delete(row.itemId)));
    }
    await tx.done;
  }

  /** Drops a refused change (and, for an add, the changes to the item it would have made) and records why. */
  private async refuse(change: QueuedChange, outcome: Extract<SendOutcome, { kind: 'refused' }>): Promise<RefusedChange[]> {
    const tx = this.db.transaction(['changes', 'refused'], 'readwrite');
    const changes = tx.objectStore('changes');
    const dropped: QueuedChange[] = [];
    for (let cursor = await changes.openCursor(); cursor; cursor = await cursor.continue()) {
      if (cursor.value.id === change.id || (change.kind === 'add' && targetsAdd(cursor.value, change.id))) {
        dropped.push(cursor.value);
        await cursor.delete();
      }
    }
    const records = dropped.map(
      (gone): RefusedChange => ({
        id: gone.id,
        action: gone.action,
        label: gone.look.label,
        quantity: gone.kind === 'add' ? gone.desiredQuantity : gone.action === 'amount' ? gone.body.desired_quantity : null,
        status: outcome.status,
        code: outcome.code,
        detail: outcome.detail,
        madeOnline: gone.madeOnline,
        at: this.now(),
        ...(gone.owner ? { owner: gone.owner } : {}),
      }),
    );
    await Promise.all(records.map((record) => tx.objectStore('refused').put(record)));
    await tx.done;
    return records;
  }

  /** Counts a failed attempt on a change that is still queued (another page may have sent it meanwhile). */
  private async noteFailure(change: QueuedChange, lastError: string): Promise<void> {
    const tx = this.db.transaction('changes', 'readwrite');
    const key = await tx.store.index('byId').getKey(change.id);
    const current = key === undefined ? undefined : await tx.store.get(key);
    if (current) await tx.store.put({ ...current, attempts: current.attempts + 1, lastError });
    await tx.done;
  }
}
