import { chmodSync, existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Everything the process creates is for its own user only (umask 077): the database and its
 * `-wal` and `-shm` files, receipt files, product photos and backups hold the household's data
 * and must not be readable by other accounts on the box. Files an older version left readable
 * are tightened at start; SQLite gives new `-wal` and `-shm` files the mode of `app.db`.
 */
export function keepDataPrivate(dataDir: string): void {
  process.umask(0o077);
  for (const name of ['app.db', 'app.db-wal', 'app.db-shm']) {
    const file = join(dataDir, name);
    if (existsSync(file)) chmodSync(file, 0o600);
  }
}
