/**
 * A bound text parameter for a prepared statement that joins tables, as `CAST(? AS TEXT)` or
 * `CAST(@name AS TEXT)`.
 *
 * SQLite's constant propagation copies a bare parameter compared with a column (`t.hash = ?`)
 * into the other terms of a join, and then marks the statement to be compiled again every time
 * that parameter is bound: about 5 µs per execution on every credential check and scan, more
 * than the lookup itself. A CAST gives the value an affinity, which SQLite does not propagate;
 * the statement stays compiled and still searches the index (see the query-plan test).
 */
export const boundText = (name?: string): string => `CAST(${name === undefined ? '?' : `@${name}`} AS TEXT)`;
