import { useCallback, useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { useApi } from '../../app/api-context';
import { PERSONAL_QUEUE, type QueuedScan, type ScanMode } from './offline-queue';
import { resolveScan, type Draft } from './scan-api';
import { senderFor, type SendOutcome, type SenderState } from './scan-sender';

export interface QueueView extends SenderState {
  /** One scan: into the queue, and sent at once when online. */
  submit(code: string, mode: ScanMode): Promise<SendOutcome<Draft>>;
  sync(): Promise<void>;
}

/**
 * The scan queue as the scan screen and the scanner station use it: size badge, submit, and sync
 * on reconnect with the API client of the context (the session's, or the station's token). The
 * sender behind it is the page's one for that queue, so two screens never race each other.
 */
export function useOfflineQueue(onResolved: (drafts: Draft[]) => void, database: string = PERSONAL_QUEUE): QueueView {
  const api = useApi();
  const sender = senderFor<Draft>(database);
  const state = useSyncExternalStore(sender.subscribe, sender.getState);
  const resolve = useCallback((entry: QueuedScan) => resolveScan(api, entry.code, entry.mode, entry.clientMutationId), [api]);

  const latest = useRef(onResolved);
  useEffect(() => {
    latest.current = onResolved;
  });
  useEffect(() => sender.onResolved((drafts) => latest.current(drafts)), [sender]);

  const sync = useCallback(async () => {
    await sender.sync(resolve);
  }, [sender, resolve]);
  useEffect(() => {
    // Scans left here untagged (from before sign-in, or older versions) become this person's.
    void sender.claim();
    const onOnline = () => void sync();
    window.addEventListener('online', onOnline);
    if (navigator.onLine) void sync();
    return () => window.removeEventListener('online', onOnline);
  }, [sync]);

  const submit = useCallback((code: string, mode: ScanMode) => sender.submit(code, mode, resolve), [sender, resolve]);
  return useMemo(() => ({ ...state, submit, sync }), [state, submit, sync]);
}
