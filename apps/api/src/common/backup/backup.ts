import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { lstat, mkdir, mkdtemp, open, readdir, rename, rm } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join, relative, resolve, sep } from 'node:path';
import { once } from 'node:events';
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import Sqlite from 'better-sqlite3';
import { SecretBox } from '../crypto/secret-box.js';
import { SERVER_PID_FILE } from './server-pid.js';
import tar from 'tar-stream';

export const BACKUP_FORMAT = 'household-inventory-backup';
export const BACKUP_FORMAT_VERSION = 1;
export const BACKUP_DATABASE = 'app.db';
export const BACKUP_INFO = 'backup.json';
export const BACKUP_SUMS = 'SHA256SUMS';
/** A known text sealed with the installation key, so a restore can tell a wrong key even without sealed rows. */
export const KEY_CHECK_TEXT = 'household-inventory-backup-key-check';

/** Files of DATA_DIR that never go into a backup: the live database (copied through the backup API instead), the key, the pid file, temporary folders. */
export function excludedFromBackup(relativePath: string): boolean {
  const top = relativePath.split('/')[0];
  if (['app.db', 'app.db-wal', 'app.db-shm', 'app.db-journal', 'secret.key', SERVER_PID_FILE].includes(relativePath)) return true;
  if (/^app\.db\.backup_before_secret_rotation_/.test(top)) return true;
  if (top.startsWith('.restore-') || top.startsWith('.pre-restore-')) return true;
  return relativePath.split('/').includes('.staging');
}

/** Every regular file below `root` that belongs in a backup, as paths relative to it with `/`. */
export async function backupFiles(root: string, directory = root): Promise<{ name: string; path: string }[]> {
  let names: string[];
  try {
    names = (await readdir(directory)).sort();
  } catch {
    return [];
  }
  const files: { name: string; path: string }[] = [];
  for (const entry of names) {
    const path = join(directory, entry);
    const name = relative(root, path).split(sep).join('/');
    if (excludedFromBackup(name)) continue;
    const info = await lstat(path).catch(() => null);
    if (!info) continue;
    if (info.isDirectory()) files.push(...(await backupFiles(root, path)));
    else if (info.isFile()) files.push({ name, path });
  }
  return files;
}

export interface BackupInfo {
  format: string;
  format_version: number;
  service_version: string;
  created_at: string;
  host: string;
  database: string;
  file_count: number;
  key_check: string | null;
}

export interface BackupResult {
  archive: string;
  files: number;
  bytes: number;
  databaseBytes: number;
}

function stampOf(date: Date): string {
  return date.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
}

/**
 * Writes `household-inventory-backup-<UTC stamp>.tar.gz` into `outputDirectory` while the service
 * keeps running:
 *   1. `app.db`: a consistent copy taken with SQLite's online backup API (one step, so the copy is
 *      one snapshot; it contains every write committed before it started), checked with
 *      `PRAGMA integrity_check` before it is archived;
 *   2. every other file of DATA_DIR (receipt files, product images), the live database files, the
 *      installation key and temporary folders excepted;
 *   3. `backup.json` (format, version, time, a key check) and `SHA256SUMS` last, for `sha256sum -c`.
 * The archive is written under a temporary name and renamed when complete and flushed to disk.
 */
export async function createBackup(options: { dataDir: string; outputDirectory: string; key: string | null; serviceVersion: string; now?: Date }): Promise<BackupResult> {
  const dataDir = resolve(options.dataDir);
  const outputDirectory = resolve(options.outputDirectory);
  if (outputDirectory === dataDir || outputDirectory.startsWith(dataDir + sep)) {
    throw new Error('The backup directory must be outside DATA_DIR');
  }
  await mkdir(outputDirectory, { recursive: true, mode: 0o700 });
  const now = options.now ?? new Date();
  const archive = join(outputDirectory, `household-inventory-backup-${stampOf(now)}.tar.gz`);
  const partial = `${archive}.partial`;
  const scratch = await mkdtemp(join(outputDirectory, '.household-inventory-backup-'));
  try {
    const databaseCopy = join(scratch, BACKUP_DATABASE);
    const source = new Sqlite(join(dataDir, 'app.db'), { fileMustExist: true, timeout: 10_000 });
    try {
      // The first step only starts the backup; the second copies every page at once, inside one
      // read transaction, so writers cannot make it restart and the copy is a single snapshot.
      await source.backup(databaseCopy, { progress: () => 0x7fffffff });
    } finally {
      source.close();
    }
    const copy = new Sqlite(databaseCopy, { fileMustExist: true });
    try {
      const check = (copy.pragma('integrity_check') as { integrity_check: string }[]).map((row) => row.integrity_check).join('; ');
      if (check !== 'ok') throw new Error(`The database copy failed its integrity check: ${check}`);
      // The copy stands alone: no WAL beside it.
      copy.pragma('journal_mode = DELETE');
    } finally {
      copy.close();
    }

    const files = [{ name: BACKUP_DATABASE, path: databaseCopy }, ...(await backupFiles(dataDir))];
    const info: BackupInfo = {
      format: BACKUP_FORMAT,
      format_version: BACKUP_FORMAT_VERSION,
      service_version: options.serviceVersion,
      created_at: now.toISOString(),
      host: hostname(),
      database: BACKUP_DATABASE,
      file_count: files.length,
      key_check: options.key ? new SecretBox(options.key).seal(KEY_CHECK_TEXT) : null,
    };

    // A plain ustar archive (tar-stream), gzipped: `tar -xzf` and `sha256sum -c` check it without this program.
    const pack = tar.pack();
    const written = pipeline(pack, createGzip({ level: 6 }), createWriteStream(partial, { mode: 0o600 }));
    const sums: string[] = [];
    let bytes = 0;
    /** One entry's sink; `done` resolves once tar-stream has taken all of it (it refuses a size that does not match). */
    const entry = (name: string, size: number, mtime: Date) => {
      let out!: Writable;
      const done = new Promise<void>((resolveDone, reject) => {
        // tar-stream's entry is a streamx Writable; write, drain and end behave as node's.
        out = pack.entry({ name, size, mtime, mode: 0o600, type: 'file' }, (error) => (error ? reject(error) : resolveDone())) as unknown as Writable;
      });
      return { out, done };
    };
    const addBuffer = async (name: string, content: Buffer) => {
      await new Promise<void>((resolveDone, reject) => pack.entry({ name, size: content.length, mtime: now, mode: 0o600, type: 'file' }, content, (error) => (error ? reject(error) : resolveDone())));
      sums.push(`${createHash('sha256').update(content).digest('hex')}  ${name}`);
    };
    for (const file of files) {
      const handle = await open(file.path, 'r').catch((error: NodeJS.ErrnoException) => {
        // Deleted since it was listed (retention, a replaced image): it is no longer part of the data.
        if (error.code === 'ENOENT') return null;
        throw error;
      });
      if (!handle) continue;
      try {
        const { size, mtime } = await handle.stat();
        const { out, done } = entry(file.name, size, mtime);
        const hash = createHash('sha256');
        let read = 0;
        const chunks: AsyncIterable<Buffer> = size === 0 ? Readable.from([]) : createReadStream('', { fd: handle, autoClose: false, start: 0, end: size - 1 });
        for await (const chunk of chunks) {
          hash.update(chunk);
          read += chunk.length;
          if (!out.write(chunk)) await once(out, 'drain');
        }
        if (read !== size) throw new Error(`${file.name} changed while it was being archived`);
        out.end();
        await done;
        sums.push(`${hash.digest('hex')}  ${file.name}`);
        bytes += size;
      } finally {
        await handle.close();
      }
    }
    await addBuffer(BACKUP_INFO, Buffer.from(`${JSON.stringify(info, null, 2)}\n`));
    await addBuffer(BACKUP_SUMS, Buffer.from(`${sums.join('\n')}\n`));
    pack.finalize();
    await written;
    const handle = await open(partial, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(partial, archive);
    const databaseBytes = (await lstat(databaseCopy)).size;
    return { archive, files: sums.length - 2, bytes, databaseBytes };
  } finally {
    await rm(scratch, { recursive: true, force: true });
    await rm(partial, { force: true });
  }
}
