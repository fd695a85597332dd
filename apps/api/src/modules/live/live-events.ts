import { Injectable } from '@nestjs/common';

/** What changed, never its content: a browser that cares asks the API again. */
export const LIVE_TOPICS = ['shopping', 'trip', 'store-order'] as const;
export type LiveTopic = (typeof LIVE_TOPICS)[number];

export interface LiveChange {
  topic: LiveTopic;
  /** The id of what changed (a shopping item, a trip, a store). */
  id: string;
  /** Its new version (`updated_at` of an item, or a timestamp); the client skips versions it has. */
  version: string;
}

export interface NumberedChange extends LiveChange {
  /** Increases with every change this process has announced. */
  sequence: number;
}

type Listener = (change: NumberedChange) => void;

/**
 * The household's change announcements inside this process: services publish after their write
 * has committed, the event stream forwards to every open browser. Nothing is kept: a browser that
 * was away asks for the current state when it comes back.
 */
@Injectable()
export class LiveEvents {
  private readonly listeners = new Set<Listener>();
  private sequence = 0;

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  publish(change: LiveChange): void {
    this.sequence += 1;
    const numbered = { ...change, sequence: this.sequence };
    for (const listener of this.listeners) listener(numbered);
  }

  get latest(): number {
    return this.sequence;
  }
}
