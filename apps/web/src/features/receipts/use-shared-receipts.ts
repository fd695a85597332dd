import { useCallback, useEffect, useState } from 'react';
import { queueOwner } from '../../app/queue-owner';
import { ApiError } from '../../lib/api-result';
import { openSharedReceiptDatabase, SharedReceiptQueue, type SharedOutcome, type SharedReceipt, type UploadOutcome, type UploadProblem } from './shared-receipts';
import { sendReceipt, type Receipt, type UploadProgress } from './upload-receipt';

/** One queue per page, so every screen that mounts joins the same run instead of starting its own. */
let opened: Promise<SharedReceiptQueue> | null = null;
const sharedQueue = () => (opened ??= openSharedReceiptDatabase().then((db) => new SharedReceiptQueue(db, undefined, undefined, queueOwner)));

/** A file that has left the queue this visit: its receipt, or why the server refused it for good. */
export type SharedResult = { entry: SharedReceipt; receipt: Receipt } | { entry: SharedReceipt; refused: UploadProblem };

export interface SharedReceiptsView {
  /** Files waiting, oldest first; null until the queue has been read. */
  waiting: SharedReceipt[] | null;
  active: { id: string; progress: UploadProgress } | null;
  /** Newest first, until dismissed or the screen is left. */
  results: SharedResult[];
  /** Why the last run stopped with files still waiting (no connection, sign-in, role, server). */
  stoppedBy: UploadProblem | null;
  retry(): void;
  /**
   * Queues a file chosen on this screen that cannot be sent now (offline, or the connection
   * dropped): it waits and is sent like a shared one. False when the queue is full.
   */
  keep(file: File): Promise<boolean>;
  remove(id: string): Promise<void>;
  dismiss(id: string): void;
}

async function upload(entry: SharedReceipt, file: File, onProgress: (progress: UploadProgress) => void): Promise<UploadOutcome<Receipt>> {
  try {
    return { ok: true, receipt: await sendReceipt(file, onProgress) };
  } catch (error) {
    return error instanceof ApiError ? { ok: false, status: error.status, detail: error.detail } : { ok: false, status: 0, detail: null };
  }
}

/**
 * Files shared with the installed app (see sw/share-target.ts), as the receipts screen shows and
 * sends them: read from IndexedDB, uploaded with the same scaling and progress as a chosen file
 * when the screen opens and whenever the browser is back online, kept while that is not possible.
 */
export function useSharedReceipts(canUpload: boolean, onUploaded: () => void): SharedReceiptsView {
  const [waiting, setWaiting] = useState<SharedReceipt[] | null>(null);
  const [active, setActive] = useState<SharedReceiptsView['active']>(null);
  const [results, setResults] = useState<SharedResult[]>([]);
  const [stoppedBy, setStoppedBy] = useState<UploadProblem | null>(null);

  const refresh = useCallback(async () => setWaiting(await (await sharedQueue()).list()), []);

  const settled = useCallback(
    (outcome: SharedOutcome<Receipt>) => {
      if ('receipt' in outcome || 'refused' in outcome) setResults((before) => [outcome, ...before]);
      if ('receipt' in outcome) onUploaded();
      void refresh();
    },
    [onUploaded, refresh],
  );

  const sync = useCallback(async () => {
    const queue = await sharedQueue();
    if ((await queue.list()).length === 0) return;
    const report = await queue.sync(
      (entry, file) =>
        upload(entry, file, (progress) => setActive({ id: entry.id, progress })).finally(() => setActive(null)),
      settled,
    );
    setStoppedBy(report.stoppedBy);
    await refresh();
  }, [refresh, settled]);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  useEffect(() => {
    if (!canUpload) return;
    const run = () => void sync();
    window.addEventListener('online', run);
    if (navigator.onLine) run();
    return () => window.removeEventListener('online', run);
  }, [canUpload, sync]);

  const remove = useCallback(
    async (id: string) => {
      await (await sharedQueue()).remove(id);
      await refresh();
    },
    [refresh],
  );

  const keep = useCallback(
    async (file: File) => {
      const { kept } = await (await sharedQueue()).add([{ name: file.name, type: file.type, data: await file.arrayBuffer() }]);
      await refresh();
      return kept.length === 1;
    },
    [refresh],
  );

  const dismiss = useCallback((id: string) => setResults((before) => before.filter((result) => result.entry.id !== id)), []);

  return { waiting, active, results, stoppedBy, retry: () => void sync(), keep, remove, dismiss };
}
