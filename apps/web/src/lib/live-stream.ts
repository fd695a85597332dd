/** What the server's event stream says changed: ids and versions, never content. */
export interface LiveChange {
  topic: 'shopping' | 'trip' | 'store-order';
  id: string;
  version: string;
}

export interface LiveHandlers {
  /** Something changed elsewhere. */
  change(change: LiveChange): void;
  /** The stream (re)opened: changes may have been missed meanwhile, ask again. */
  open(): void;
}

const LOCK = 'hinv-live-stream';
const CHANNEL = 'hinv-live';
/** Back-off between attempts: 1 s, 2 s, 4 s … at most 30 s, each with jitter. */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(30_000, 1000 * 2 ** attempt);
  return Math.round(base * (0.5 + random() / 2));
}

type Message = { type: 'change'; change: LiveChange } | { type: 'open' };

/**
 * One server-sent-events stream per browser, however many tabs are open: the tab holding the Web
 * Lock opens it and passes every event on to the other tabs (BroadcastChannel); when that tab
 * closes, the next one takes the lock. A browser's connections to one server are few (six over
 * HTTP/1.1), so a stream per tab would soon leave none for the requests themselves.
 *
 * The stream waits while the device is offline and reconnects with back-off; nothing else ever
 * waits for it. Returns the function that stops it.
 */
export function connectLiveStream(url: string, handlers: LiveHandlers): () => void {
  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL) : null;
  if (channel) {
    channel.onmessage = (event: MessageEvent<Message>) => {
      if (event.data.type === 'change') handlers.change(event.data.change);
      else handlers.open();
    };
  }
  const emit = (message: Message) => {
    if (message.type === 'change') handlers.change(message.change);
    else handlers.open();
    channel?.postMessage(message);
  };

  let release: (() => void) | null = null;
  const waiting = new AbortController();
  const lead = () =>
    new Promise<void>((resolve) => {
      const stop = runStream(url, emit);
      release = () => {
        stop();
        resolve();
      };
    });
  if (typeof navigator !== 'undefined' && navigator.locks) {
    navigator.locks.request(LOCK, { signal: waiting.signal }, lead).catch(() => undefined);
  } else {
    void lead();
  }
  return () => {
    waiting.abort();
    (release as (() => void) | null)?.();
    channel?.close();
  };
}

/** The stream itself, in the tab that leads: reconnects with back-off, rests while offline. */
function runStream(url: string, emit: (message: Message) => void): () => void {
  let source: EventSource | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let attempt = 0;
  let stopped = false;

  const connect = () => {
    timer = undefined;
    if (stopped || source || !navigator.onLine) return;
    const opened = new EventSource(url, { withCredentials: true });
    source = opened;
    opened.addEventListener('ready', () => {
      attempt = 0;
      emit({ type: 'open' });
    });
    opened.addEventListener('change', (event) => {
      try {
        emit({ type: 'change', change: JSON.parse((event as MessageEvent<string>).data) as LiveChange });
      } catch {
        // A frame that is not ours is skipped; the next refetch catches up anyway.
      }
    });
    opened.onerror = () => {
      // The browser's own retry has no back-off and ignores offline: take over.
      opened.close();
      if (source === opened) source = null;
      schedule();
    };
  };
  const schedule = () => {
    if (stopped || timer) return;
    timer = setTimeout(connect, backoffDelay(attempt));
    attempt += 1;
  };
  const online = () => {
    attempt = 0;
    clearTimeout(timer);
    timer = undefined;
    connect();
  };
  const offline = () => {
    source?.close();
    source = null;
    clearTimeout(timer);
    timer = undefined;
  };
  window.addEventListener('online', online);
  window.addEventListener('offline', offline);
  connect();
  return () => {
    stopped = true;
    offline();
    window.removeEventListener('online', online);
    window.removeEventListener('offline', offline);
  };
}
