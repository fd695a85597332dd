import { queueOwner } from '../../app/queue-owner';
import { OfflineScanQueue, openQueueDatabase, PERSONAL_QUEUE, type QueuedScan, type ResolveOutcome, type ScanMode, type SyncReport } from './offline-queue';

/** How one scan went once handed over. */
export type SendOutcome<Draft> =
  | { status: 'resolved'; draft: Draft; entry: QueuedScan }
  /** Offline, or the connection failed on the way: it waits in the queue with its key. */
  | { status: 'queued' }
  /** Offline and the same code and mode already waits. */
  | { status: 'duplicate' }
  | { status: 'full' }
  | { status: 'invalid' }
  /** The service refused it for good (a wrong check digit): it left the queue. */
  | { status: 'rejected'; message: string }
  /** The session or token is gone: it waits in the queue for the next sign-in. */
  | { status: 'unauthorized' };

export interface SenderState {
  /** Entries waiting (live scans on their way do not count); null until the queue has been read. */
  size: number | null;
  syncing: { done: number; total: number } | null;
  /** Set when the last sync stopped because the session is gone; every entry was kept. */
  needsSignIn: boolean;
}

type Resolve<Draft> = (entry: QueuedScan) => Promise<ResolveOutcome<Draft>>;

/**
 * Every scan of one queue goes through here, one sender per queue for the whole page, whichever
 * screen (or two screens in the moment one replaces the other) hands it over:
 *  - a scan is first written to the queue with its one key, then sent; a lost connection or a
 *    closed page leaves it there, and any later send reuses the key, so the service makes its
 *    draft once;
 *  - scans made online are sent at once, one after the other in the order scanned, beside a sync
 *    that may be working off older entries; the sync leaves an entry being sent to its sender;
 *  - one sync runs at a time: asked again meanwhile, it runs once more when done, and it reads the
 *    queue again before each entry, so nothing queued during a run waits for the next reconnect.
 */
export class ScanSender<Draft> {
  private state: SenderState = { size: null, syncing: null, needsSignIn: false };
  private readonly listeners = new Set<() => void>();
  private readonly resolvedListeners = new Set<(drafts: Draft[]) => void>();
  /** Drafts a sync resolved while no screen listened (the moment between two screens). */
  private undelivered: Draft[] = [];
  private readonly sending = new Set<string>();
  private liveChain: Promise<unknown> = Promise.resolve();
  private running: Promise<SyncReport<Draft>> | null = null;
  private rerun: Resolve<Draft> | null = null;

  constructor(
    private readonly queue: Promise<OfflineScanQueue>,
    private readonly isOnline: () => boolean = () => navigator.onLine,
  ) {
    void this.refresh();
  }

  getState = (): SenderState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Drafts resolved by a sync (scans that waited); those of `submit` go back to its caller. */
  onResolved(listener: (drafts: Draft[]) => void): () => void {
    this.resolvedListeners.add(listener);
    if (this.undelivered.length > 0) {
      const drafts = this.undelivered;
      this.undelivered = [];
      listener(drafts);
    }
    return () => this.resolvedListeners.delete(listener);
  }

  /** One scan: queued first, then sent now if the browser is online. */
  async submit(code: string, mode: ScanMode, resolve: Resolve<Draft>): Promise<SendOutcome<Draft>> {
    const queue = await this.queue;
    const online = this.isOnline();
    const added = await queue.enqueue(code, mode, online ? 'live' : 'offline');
    await this.refresh();
    if (added.status !== 'queued') return { status: added.status };
    if (!online) return { status: 'queued' };
    const { entry } = added;
    this.sending.add(entry.id);
    const sent = this.liveChain.then(() => this.sendLive(queue, entry, resolve));
    this.liveChain = sent.catch(() => undefined);
    return sent;
  }

  private async sendLive(queue: OfflineScanQueue, entry: QueuedScan, resolve: Resolve<Draft>): Promise<SendOutcome<Draft>> {
    try {
      const outcome = await resolve(entry);
      if (outcome.ok) {
        await queue.remove(entry.id);
        return { status: 'resolved', draft: outcome.draft, entry };
      }
      if (outcome.kind === 'rejected') {
        await queue.remove(entry.id);
        return { status: 'rejected', message: outcome.message };
      }
      await queue.noteFailure(entry.id, outcome.kind);
      if (outcome.kind === 'unauthorized') this.set({ needsSignIn: true });
      return { status: outcome.kind === 'unauthorized' ? 'unauthorized' : 'queued' };
    } finally {
      this.sending.delete(entry.id);
      await this.refresh();
    }
  }

  /** Works off the queue; asked while a run is under way, it runs again after it. */
  sync(resolve: Resolve<Draft>): Promise<SyncReport<Draft>> {
    if (this.running) {
      this.rerun = resolve;
      return this.running;
    }
    this.rerun = null;
    this.running = (async () => {
      const queue = await this.queue;
      let report: SyncReport<Draft>;
      let next: Resolve<Draft> | null = resolve;
      do {
        report = await queue.sync(next, (done, total) => this.set({ syncing: { done, total } }), (entry) => this.sending.has(entry.id));
        this.set({ syncing: null, needsSignIn: report.stoppedBy === 'unauthorized' });
        await this.refresh();
        if (report.resolved.length > 0) this.deliver(report.resolved);
        next = this.rerun;
        this.rerun = null;
      } while (next);
      return report;
    })().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private deliver(drafts: Draft[]): void {
    if (this.resolvedListeners.size === 0) this.undelivered.push(...drafts);
    for (const listener of this.resolvedListeners) listener(drafts);
  }

  /** Tags scans nobody owns yet with the signed-in person (see OfflineScanQueue.claim), then counts again. */
  async claim(): Promise<void> {
    await (await this.queue).claim();
    await this.refresh();
  }

  /** What waits: a live scan on its way counts only once it has to wait for the connection. */
  private async refresh(): Promise<void> {
    const entries = await (await this.queue).list();
    this.set({ size: entries.filter((entry) => !this.sending.has(entry.id)).length });
  }

  private set(change: Partial<SenderState>): void {
    this.state = { ...this.state, ...change };
    for (const listener of this.listeners) listener();
  }
}

const senders = new Map<string, ScanSender<unknown>>();

/** The page's one sender for the queue in IndexedDB database `name`. */
export function senderFor<Draft>(name: string): ScanSender<Draft> {
  let sender = senders.get(name);
  if (!sender) {
    // The personal queue holds the scans of whoever is signed in on this device; a station's is the station's.
    const owner = name === PERSONAL_QUEUE ? queueOwner : () => null;
    sender = new ScanSender(openQueueDatabase(undefined, name).then((db) => new OfflineScanQueue(db, undefined, undefined, owner)));
    senders.set(name, sender);
  }
  return sender as ScanSender<Draft>;
}
