import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { lstat, mkdir, readdir, readFile, rename, rm } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import Sqlite from 'better-sqlite3';
import { SEALED_COLUMNS } from '../crypto/secret-rotation.js';
import { SecretBox } from '../crypto/secret-box.js';
import { BACKUP_DATABASE, BACKUP_FORMAT, BACKUP_INFO, BACKUP_SUMS, excludedFromBackup, KEY_CHECK_TEXT, type BackupInfo } from './backup.js';
import { serviceRunning } from './server-pid.js';
import tar from 'tar-stream';

export class RestoreRefused extends Error {}

export interface RestoreResult {
  files: number;
  sealedValuesChecked: number;
  previousDataKeptIn: string | null;
}

/** A name from the archive as a path inside `root`, or an error for anything that would leave it. */
function safeTarget(root: string, name: string): string {
  if (name === '' || name.startsWith('/') || name.includes('\\') || name.split('/').some((part) => part === '..' || part === '' || part === '.')) {
    throw new RestoreRefused(`the archive holds an unsafe name: ${JSON.stringify(name)}`);
  }
  const target = resolve(root, name);
  if (!target.startsWith(root + sep)) throw new RestoreRefused(`the archive holds an unsafe name: ${JSON.stringify(name)}`);
  return target;
}

/** Unpacks the archive into `staging`, checking every entry against SHA256SUMS. */
async function unpack(archive: string, staging: string): Promise<{ names: string[]; info: BackupInfo }> {
  const hashes = new Map<string, string>();
  const extract = tar.extract();
  const reading = pipeline(createReadStream(archive), createGunzip(), extract);
  // Its failure also ends the loop below, which reports it; awaited after the loop.
  reading.catch(() => undefined);
  try {
    for await (const entry of extract) {
      const { name, type } = entry.header;
      if (type !== 'file') throw new RestoreRefused('the archive holds something other than regular files');
      const target = safeTarget(staging, name);
      // Only what a backup writes: never a key, a pid file or a WAL that SQLite would replay over the checked database.
      if (name !== BACKUP_DATABASE && excludedFromBackup(name)) throw new RestoreRefused(`the archive holds ${name}, which no backup contains`);
      if (hashes.has(name)) throw new RestoreRefused(`the archive holds ${name} twice`);
      await mkdir(dirname(target), { recursive: true, mode: 0o700 });
      const hash = createHash('sha256');
      const out = createWriteStream(target, { mode: 0o600, flags: 'wx' });
      for await (const chunk of entry as AsyncIterable<Buffer>) {
        hash.update(chunk);
        if (!out.write(chunk)) await once(out, 'drain');
      }
      await new Promise<void>((closed, failed) => {
        out.once('error', failed);
        out.end(() => closed());
      });
      hashes.set(name, hash.digest('hex'));
    }
    await reading;
  } catch (error) {
    extract.destroy();
    if (error instanceof RestoreRefused) throw error;
    throw new RestoreRefused(`the archive cannot be read: ${error instanceof Error ? error.message : String(error)}`);
  }

  if (!hashes.has(BACKUP_SUMS)) throw new RestoreRefused(`the archive has no ${BACKUP_SUMS}`);
  const listed = new Map<string, string>();
  for (const line of (await readFile(join(staging, BACKUP_SUMS), 'utf8')).split('\n')) {
    if (line === '') continue;
    const match = /^([0-9a-f]{64}) {2}(.+)$/.exec(line);
    if (!match) throw new RestoreRefused(`${BACKUP_SUMS} has a line it should not have`);
    listed.set(match[2], match[1]);
  }
  for (const [name, hash] of listed) {
    const actual = hashes.get(name);
    if (actual === undefined) throw new RestoreRefused(`${name} is listed in ${BACKUP_SUMS} but missing from the archive`);
    if (actual !== hash) throw new RestoreRefused(`${name} does not match its checksum: the archive is damaged`);
  }
  for (const name of hashes.keys()) {
    if (name !== BACKUP_SUMS && !listed.has(name)) throw new RestoreRefused(`${name} is in the archive but not in ${BACKUP_SUMS}`);
  }
  if (!listed.has(BACKUP_DATABASE) || !listed.has(BACKUP_INFO)) throw new RestoreRefused('the archive is not a Household Inventory backup');
  const info = JSON.parse(await readFile(join(staging, BACKUP_INFO), 'utf8')) as BackupInfo;
  if (info.format !== BACKUP_FORMAT || info.format_version !== 1) throw new RestoreRefused('the archive is not a Household Inventory backup of a known version');
  return { names: [...hashes.keys()], info };
}

/** Checks the unpacked database: intact, and every sealed value opens with `key`. Returns how many were checked. */
function checkDatabase(databaseFile: string, key: string, info: BackupInfo): number {
  const box = new SecretBox(key);
  if (info.key_check !== null) {
    let opened: string | null = null;
    try {
      opened = box.open(info.key_check);
    } catch {
      opened = null;
    }
    if (opened !== KEY_CHECK_TEXT) throw new RestoreRefused('the installation key does not open this backup (it was made with another APP_SECRET_KEY)');
  }
  const db = new Sqlite(databaseFile, { fileMustExist: true, readonly: true });
  try {
    const check = (db.pragma('integrity_check') as { integrity_check: string }[]).map((row) => row.integrity_check).join('; ');
    if (check !== 'ok') throw new RestoreRefused(`the database in the archive failed its integrity check: ${check}`);
    let checked = 0;
    for (const { table, column } of SEALED_COLUMNS) {
      const exists = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(table);
      if (!exists) continue;
      for (const row of db.prepare(`SELECT "${column}" AS sealed FROM "${table}" WHERE "${column}" IS NOT NULL`).all() as { sealed: string }[]) {
        try {
          box.open(row.sealed);
        } catch {
          throw new RestoreRefused(`the installation key does not open ${table}.${column} in this backup (it was made with another APP_SECRET_KEY)`);
        }
        checked += 1;
      }
    }
    return checked;
  } finally {
    db.close();
  }
}

async function exists(path: string): Promise<boolean> {
  return lstat(path).then(
    () => true,
    () => false,
  );
}

function stampOf(date: Date): string {
  return date.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
}

/**
 * Restores a backup written by `createBackup` into DATA_DIR. Nothing in DATA_DIR changes until
 * every check passed: the service is not running, the archive unpacks completely into a staging
 * folder inside DATA_DIR, every entry matches SHA256SUMS, the database passes its integrity check,
 * and the installation key opens the backup's key check and every sealed value. Only then is the
 * current data (database files, receipt files, product images, every other backed-up file) moved
 * aside into `.pre-restore-<stamp>` and the backup moved into place. The key file stays as it is.
 */
export async function restoreBackup(options: { archive: string; dataDir: string; key: string; port: number; now?: Date }): Promise<RestoreResult> {
  const dataDir = resolve(options.dataDir);
  const running = await serviceRunning(dataDir, options.port);
  if (running) throw new RestoreRefused(`Refusing to restore: ${running}`);
  if (!(await exists(options.archive))) throw new RestoreRefused(`${options.archive} does not exist`);
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const stamp = stampOf(options.now ?? new Date());
  const staging = join(dataDir, `.restore-${stamp}`);
  await rm(staging, { recursive: true, force: true });
  await mkdir(staging, { mode: 0o700 });
  try {
    const { names, info } = await unpack(resolve(options.archive), staging);
    const sealedValuesChecked = checkDatabase(join(staging, BACKUP_DATABASE), options.key, info);

    // Everything checked: move the current data aside, then the backup into place.
    const incoming = [...new Set(names.filter((name) => name !== BACKUP_INFO && name !== BACKUP_SUMS).map((name) => name.split('/')[0]))];
    const current = (await readdir(dataDir)).filter((name) => !excludedFromBackup(name) || ['app.db', 'app.db-wal', 'app.db-shm', 'app.db-journal'].includes(name));
    const replaced = [...new Set([...current, ...incoming])].filter((name) => !name.startsWith('.restore-') && !name.startsWith('.pre-restore-'));
    const aside = join(dataDir, `.pre-restore-${stamp}`);
    // Every rename, so a failure halfway (another mount, permissions, a full disk) is undone.
    const moves: [from: string, to: string][] = [];
    const move = async (from: string, to: string) => {
      await rename(from, to);
      moves.push([from, to]);
    };
    try {
      for (const name of replaced) {
        if (!(await exists(join(dataDir, name)))) continue;
        if (moves.length === 0) await mkdir(aside, { recursive: true, mode: 0o700 });
        await move(join(dataDir, name), join(aside, name));
      }
      for (const name of incoming) await move(join(staging, name), join(dataDir, name));
    } catch (error) {
      for (const [from, to] of moves.reverse()) await rename(to, from).catch(() => undefined);
      await rm(aside, { recursive: true, force: true }).catch(() => undefined);
      throw new RestoreRefused(`the data could not be put in place, and was left as it was: ${error instanceof Error ? error.message : String(error)}`);
    }
    const movedAside = moves.some(([, to]) => to.startsWith(aside + sep));
    return { files: names.length - 2, sealedValuesChecked, previousDataKeptIn: movedAside ? aside : null };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
