import type { Database } from './database.js';

/**
 * Rows of a hot read (a credential, a known barcode, a product's review context), answered again
 * while the database's committed state is unchanged (`Database.committedState()`): any write, by
 * this process or another, starts over. Inside an open transaction every read is fresh. Values
 * are frozen, since every caller shares them. At most `maxEntries` are kept per state.
 */
export class CommittedReads<V> {
  private state: string | null = null;
  private readonly values = new Map<string, V>();

  constructor(
    private readonly database: Database,
    private readonly options: { maxEntries: number; keep?: (value: V) => boolean },
  ) {}

  get(key: string, read: () => V): V {
    const state = this.database.committedState();
    if (state === null) return read();
    if (state !== this.state) {
      this.values.clear();
      this.state = state;
    } else if (this.values.has(key)) {
      return this.values.get(key)!;
    }
    const value = read();
    if (typeof value === 'object' && value !== null) Object.freeze(value);
    if (this.values.size < this.options.maxEntries && (this.options.keep?.(value) ?? true)) this.values.set(key, value);
    return value;
  }
}
