import { chmodSync, existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Everything this process creates from now on is for its own user only (umask 077): the
 * database and its `-wal` and `-shm` files, receipt files, product photos and backups hold the
 * household's data and must not be readable by other accounts on the box. The server and the
 * command-line tools both start with it.
 */
export function createFilesPrivately(): void {
  process.umask(0o077);
}

/**
 * The server's start: new files private (see `createFilesPrivately`), and the database files an
 * older version left readable (`app.db`, `app.db-wal`, `app.db-shm`) tightened to 0600; SQLite
 * gives new `-wal` and `-shm` files the mode of `app.db`. Receipt files, photos and backups
 * written before are left as they are.
 */
export function keepDataPrivate(dataDir: string): void {
  createFilesPrivately();
  for (const name of ['app.db', 'app.db-wal', 'app.db-shm']) {
    const file = join(dataDir, name);
    if (existsSync(file)) chmodSync(file, 0o600);
  }
}
