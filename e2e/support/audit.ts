import { join } from 'node:path';
import Database from 'better-sqlite3';
import { expect } from 'vitest';

/** The audit rows as stored, oldest first, read beside the running server. */
export function auditRows(dataDir: string, actionLike = '%'): Record<string, unknown>[] {
  const db = new Database(join(dataDir, 'app.db'), { readonly: true, timeout: 10_000 });
  try {
    return db.prepare('SELECT * FROM audit_events WHERE action LIKE ? ORDER BY id').all(actionLike) as Record<string, unknown>[];
  } finally {
    db.close();
  }
}

/**
 * Audit rows are written just after each answer (they ride along with the next write batch).
 * Resolves once a row for each `"METHOD /template status"` given is stored. Rows are committed in
 * the order their answers went out, so every row of an earlier answer is stored as well.
 */
export async function untilAudited(dataDir: string, ...entries: string[]): Promise<void> {
  await expect.poll(() => auditRows(dataDir).map((row) => `${row.action} ${row.status_code}`)).toEqual(expect.arrayContaining(entries));
}
