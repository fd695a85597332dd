import { OfflineScanQueue, openQueueDatabase, PERSONAL_QUEUE } from '../features/scanner/offline-queue';
import { openShoppingDatabase, ShoppingQueue } from '../features/shopping/shopping-queue';
import { openSharedReceiptDatabase, SharedReceiptQueue } from '../features/receipts/shared-receipts';
import { queueOwner } from './queue-owner';

/** What the signed-in person has waiting on this device, per queue. */
export interface WaitingChanges {
  scans: number;
  shopping: number;
  receipts: number;
}

export const waitingTotal = (waiting: WaitingChanges): number => waiting.scans + waiting.shopping + waiting.receipts;

/** The three queues as the current person sees them; each database is closed again after `work`. */
async function withQueues<T>(work: (queues: { scans: OfflineScanQueue; shopping: ShoppingQueue; receipts: SharedReceiptQueue }) => Promise<T>): Promise<T> {
  const [scanDb, shoppingDb, receiptDb] = await Promise.all([openQueueDatabase(undefined, PERSONAL_QUEUE), openShoppingDatabase(), openSharedReceiptDatabase()]);
  try {
    return await work({
      scans: new OfflineScanQueue(scanDb, undefined, undefined, queueOwner),
      shopping: new ShoppingQueue(shoppingDb, undefined, undefined, queueOwner),
      receipts: new SharedReceiptQueue(receiptDb, undefined, undefined, queueOwner),
    });
  } finally {
    scanDb.close();
    shoppingDb.close();
    receiptDb.close();
  }
}

/** The signed-in person's scans, shopping changes and shared receipts still waiting here. */
export function waitingChanges(): Promise<WaitingChanges> {
  return withQueues(async ({ scans, shopping, receipts }) => ({
    scans: await scans.size(),
    shopping: await shopping.size(),
    receipts: (await receipts.list()).length,
  }));
}

/** At sign-out, "keep them": everything untagged becomes the person's, sent only when they sign in here again. */
export function keepWaitingChanges(): Promise<void> {
  return withQueues(async ({ scans, shopping, receipts }) => {
    await scans.claim();
    await shopping.claim();
    await receipts.claim();
  });
}

/** At sign-out, "delete them": the person's waiting scans, shopping changes and shared receipts are gone. */
export function deleteWaitingChanges(): Promise<void> {
  return withQueues(async ({ scans, shopping, receipts }) => {
    await scans.clear();
    await shopping.clear();
    await receipts.clear();
  });
}
