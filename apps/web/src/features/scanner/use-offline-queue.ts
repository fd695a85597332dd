import { useCallback, useEffect, useRef, useState } from 'react';
import { useApi } from '../../app/api-context';
import { queueOwner } from '../../app/queue-owner';
import { OfflineScanQueue, openQueueDatabase, PERSONAL_QUEUE, type EnqueueResult, type ScanMode } from './offline-queue';
import { resolveScan, type Draft } from './scan-api';

export interface QueueView {
  /** Entries waiting; null until the queue has been read, so a new screen never claims an empty queue. */
  size: number | null;
  syncing: { done: number; total: number } | null;
  /** Set when the last sync stopped because the session is gone; every entry was kept. */
  needsSignIn: boolean;
  enqueue(code: string, mode: ScanMode): Promise<EnqueueResult>;
  sync(): Promise<Draft[]>;
}

/**
 * The IndexedDB queue as the scan screen and the scanner station use it: size badge, enqueue, and
 * sync on reconnect with the API client of the context (the session's, or the station's token).
 */
export function useOfflineQueue(onResolved: (drafts: Draft[]) => void, database: string = PERSONAL_QUEUE): QueueView {
  const api = useApi();
  const queue = useRef<Promise<OfflineScanQueue> | null>(null);
  const [size, setSize] = useState<number | null>(null);
  const [syncing, setSyncing] = useState<QueueView['syncing']>(null);
  const [needsSignIn, setNeedsSignIn] = useState(false);
  // The personal queue holds the scans of whoever signed in on this device; a station's is the station's.
  queue.current ??= openQueueDatabase(undefined, database).then((db) => new OfflineScanQueue(db, undefined, undefined, database === PERSONAL_QUEUE ? queueOwner : () => null));

  const refresh = useCallback(async () => setSize(await (await queue.current!).size()), []);

  const sync = useCallback(async () => {
    const q = await queue.current!;
    const report = await q.sync(
      (entry) => resolveScan(api, entry.code, entry.mode, entry.clientMutationId),
      (done, total) => setSyncing({ done, total }),
    );
    setSyncing(null);
    setNeedsSignIn(report.stoppedBy === 'unauthorized');
    setSize(report.remaining);
    if (report.resolved.length > 0) onResolved(report.resolved);
    return report.resolved;
  }, [api, onResolved]);

  useEffect(() => {
    void (async () => {
      await (await queue.current!).claim();
      await refresh();
    })();
    const onOnline = () => void sync();
    window.addEventListener('online', onOnline);
    if (navigator.onLine) void sync();
    return () => window.removeEventListener('online', onOnline);
  }, [refresh, sync]);

  const enqueue = useCallback(
    async (code: string, mode: ScanMode) => {
      const result = await (await queue.current!).enqueue(code, mode);
      await refresh();
      return result;
    },
    [refresh],
  );

  return { size, syncing, needsSignIn, enqueue, sync };
}
