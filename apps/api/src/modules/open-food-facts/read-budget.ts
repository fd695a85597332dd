/**
 * A token bucket sized so that no 60-second window ever holds more than `perMinute` grants: a
 * burst of `burst` tokens plus a refill of `perMinute - burst` a minute. (A bucket that starts
 * with a full minute's tokens and also refills a minute's worth would allow twice the rate in
 * the first minute.)
 */
export class ReadBudget {
  private tokens: number;
  private refilledAt: number | null = null;
  private readonly refillPerMs: number;

  constructor(
    perMinute: number,
    private readonly burst: number,
  ) {
    if (burst < 1 || burst >= perMinute) throw new RangeError('burst must be at least 1 and below the per-minute limit');
    this.tokens = burst;
    this.refillPerMs = (perMinute - burst) / 60_000;
  }

  /** Takes one read at `now` (ms) if the budget allows it. */
  take(now: number): boolean {
    // A clock stepped back must not drain the budget.
    if (this.refilledAt !== null) this.tokens = Math.min(this.burst, this.tokens + Math.max(0, now - this.refilledAt) * this.refillPerMs);
    this.refilledAt = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
