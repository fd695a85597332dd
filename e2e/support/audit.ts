import { join } from 'node:path';
import Database from 'better-sqlite3';

/** The audit rows as stored, oldest first, read beside the running server. */
export function auditRows(dataDir: string, actionLike = '%'): Record<string, unknown>[] {
  const db = new Database(join(dataDir, 'app.db'), { readonly: true, timeout: 10_000 });
  try {
    return db.prepare('SELECT * FROM audit_events WHERE action LIKE ? ORDER BY id').all(actionLike) as Record<string, unknown>[];
  } finally {
    db.close();
  }
}

/** How long the rows may take: inside every tier's test and hook timeout. */
const AUDIT_WAIT_MS = 30_000;

/**
 * Audit rows are written just after each answer (they ride along with the next write batch).
 * Resolves once a row for each `"METHOD /template status"` given is stored. Rows are committed in
 * the order their answers went out, so every row of an earlier answer is stored as well. A loop of
 * its own rather than `expect.poll`, which works in tests only, not in `beforeAll`.
 */
export async function untilAudited(dataDir: string, ...entries: string[]): Promise<void> {
  const missing = () => {
    const stored = new Set(auditRows(dataDir).map((row) => `${row.action} ${row.status_code}`));
    return entries.filter((entry) => !stored.has(entry));
  };
  const deadline = Date.now() + AUDIT_WAIT_MS;
  for (let left = missing(); left.length > 0; left = missing()) {
    if (Date.now() > deadline) throw new Error(`audit rows not stored within ${AUDIT_WAIT_MS / 1000} s: ${left.join(', ')}`);
    await new Promise((settled) => setTimeout(settled, 20));
  }
}
