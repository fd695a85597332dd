import { useSyncExternalStore } from 'react';
import type { BannerTone } from '../../ui';
import type { ScanMode } from './offline-queue';
import type { Draft } from './scan-api';

export interface DeskMessage {
  text: string;
  tone: BannerTone;
  done?: boolean;
}

export interface DeskState {
  mode: ScanMode;
  /** The draft in the review sheet. */
  open: Draft | null;
  /** Scans that came while a sheet was open, in the order scanned: each opens when the one before closes. */
  behind: Draft[];
  /** Scans handed over whose answer is still on the way. */
  sending: number;
  /** This device's drafts to review: closed without a decision, or looked up after waiting offline. */
  ready: Draft[];
  message: DeskMessage | null;
}

const INITIAL: DeskState = { mode: 'add', open: null, behind: [], sending: 0, ready: [], message: null };

/**
 * What the scan screen is doing, kept for the page rather than in the screen: the screen is
 * replaced when the offline shell gives way to the signed-in app after a reconnect, and the
 * scans under review, waiting behind the sheet or on their way must not go with it.
 */
class ScanDesk {
  private state: DeskState = INITIAL;
  private readonly listeners = new Set<() => void>();

  getState = (): DeskState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  setMode(mode: ScanMode): void {
    this.set({ mode });
  }

  say(message: DeskMessage | null): void {
    this.set({ message });
  }

  /** A scan was handed over (+1) or answered (-1). */
  countSending(change: 1 | -1): void {
    this.set({ sending: this.state.sending + change });
  }

  /**
   * A scan's draft: into the sheet, or behind the one in it. The same unknown code scanned again
   * before it was reviewed comes back as the same draft: it is reviewed once.
   */
  receive(draft: Draft): void {
    const { open, behind } = this.state;
    if (open?.id === draft.id || behind.some((waiting) => waiting.id === draft.id)) return;
    if (open) this.set({ behind: [...behind, draft] });
    else this.set({ open: draft });
  }

  /** Opened again from the list. */
  review(draft: Draft): void {
    if (!this.state.open) this.set({ open: draft });
  }

  /** Closed unanswered: the draft stays to review here (a resolved one is in no server list). */
  dismiss(draft: Draft): void {
    const { ready } = this.state;
    const kept = ready.some((r) => r.id === draft.id) ? ready.map((r) => (r.id === draft.id ? draft : r)) : [draft, ...ready];
    this.next({ ready: kept });
  }

  /** Confirmed or discarded: the draft leaves the list. */
  settle(id: string, message: DeskMessage | null): void {
    this.next({ ready: this.state.ready.filter((draft) => draft.id !== id), ...(message ? { message } : {}) });
  }

  addReady(drafts: Draft[]): void {
    this.set({ ready: [...this.state.ready, ...drafts] });
  }

  /** Signed out: nothing of the last person stays on the screen. */
  reset(): void {
    this.state = INITIAL;
    for (const listener of this.listeners) listener();
  }

  /** The sheet closed: the next scan waiting behind it opens. */
  private next(change: Partial<DeskState>): void {
    const [open = null, ...behind] = this.state.behind;
    this.set({ ...change, open, behind });
  }

  private set(change: Partial<DeskState>): void {
    this.state = { ...this.state, ...change };
    for (const listener of this.listeners) listener();
  }
}

export const scanDesk = new ScanDesk();

export function useScanDesk(): DeskState {
  return useSyncExternalStore(scanDesk.subscribe, scanDesk.getState);
}
