import { stripSeparators } from '@hinv/shared';

/** A code counts only when seen identically twice within this window (reference: 1800 ms). */
export const CONSENSUS_WINDOW_MS = 1800;
export const CONSENSUS_READS = 2;

/**
 * Camera reads are noisy: a single frame can decode a wrong digit. A code is accepted once the
 * same code has been read `CONSENSUS_READS` times, each read within `CONSENSUS_WINDOW_MS` of the
 * previous one; a different code or a longer gap starts the count again.
 */
export class CameraConsensus {
  private candidate: string | null = null;
  private count = 0;
  private lastSeenAt = Number.NEGATIVE_INFINITY;

  /** Feeds one decoded read; returns the code when it is accepted, otherwise null. */
  see(raw: string, now: number): string | null {
    const code = stripSeparators(raw);
    if (!code) return null;
    if (code === this.candidate && now - this.lastSeenAt <= CONSENSUS_WINDOW_MS) this.count += 1;
    else {
      this.candidate = code;
      this.count = 1;
    }
    this.lastSeenAt = now;
    if (this.count < CONSENSUS_READS) return null;
    this.reset();
    return code;
  }

  reset(): void {
    this.candidate = null;
    this.count = 0;
    this.lastSeenAt = Number.NEGATIVE_INFINITY;
  }
}
