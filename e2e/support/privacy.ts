import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import Database from 'better-sqlite3';
import type { Browserless } from './household.js';

export const ERASE_CONFIRMATION = 'HAUSHALT ENDGÜLTIG LÖSCHEN';

/** Opens the server's database from the test, beside the running server (WAL, busy timeout). */
export function openDatabase(dataDir: string): Database.Database {
  const db = new Database(join(dataDir, 'app.db'), { timeout: 10_000 });
  db.pragma('foreign_keys = ON');
  return db;
}

/**
 * A receipt row with a source file pointer, as analysis leaves it. `file` writes that many bytes
 * to DATA_DIR/receipts/<imagePath> first (a missing file or a planted path outside: leave it out).
 */
export function plantReceipt(dataDir: string, imagePath: string, options: { file?: Buffer; createdAt?: string } = {}): string {
  const id = randomUUID();
  if (options.file) {
    mkdirSync(join(dataDir, 'receipts'), { recursive: true });
    writeFileSync(join(dataDir, 'receipts', imagePath), options.file);
  }
  const db = openDatabase(dataDir);
  try {
    const at = options.createdAt ?? new Date(Date.now() - 60_000).toISOString();
    db.prepare("INSERT INTO receipts (id, status, store_name, currency, total, created_at, updated_at, image_path) VALUES (?, 'review', 'REWE', 'EUR', 12.5, ?, ?, ?)").run(id, at, at, imagePath);
    db.prepare("INSERT INTO receipt_items (id, receipt_id, position, raw_name, quantity, created_at, updated_at) VALUES (?, ?, 1, 'MILCH 1L', 1, ?, ?)").run(randomUUID(), id, at, at);
  } finally {
    db.close();
  }
  return id;
}

/** Every regular file below `directory`, relative to it. */
export function filesBelow(directory: string): string[] {
  let names: string[];
  try {
    names = readdirSync(directory);
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    const path = join(directory, name);
    return statSync(path).isDirectory() ? filesBelow(path).map((inner) => join(name, inner)) : [name];
  });
}

export interface UnpackedExport {
  directory: string;
  zipFile: string;
  files: string[];
  manifest: {
    format: string;
    format_version: number;
    counts: Record<string, number>;
    files: { path: string; bytes: number; sha256: string }[];
    receipt_files_included: boolean;
    [key: string]: unknown;
  };
  read(path: string): string;
}

/** Downloads the export and unzips it with Info-ZIP's `unzip` (a reader independent of ours). */
export async function downloadExport(owner: Browserless, query = ''): Promise<UnpackedExport> {
  const response = await owner.call('GET', `/api/v1/privacy/export${query}`);
  if (response.status !== 200) throw new Error(`export answered ${response.status}: ${await response.text()}`);
  const directory = mkdtempSync(join(tmpdir(), 'hinv-export-'));
  const zipFile = join(directory, 'export.zip');
  writeFileSync(zipFile, Buffer.from(await response.arrayBuffer()));
  const unpacked = join(directory, 'unpacked');
  mkdirSync(unpacked);
  execFileSync('unzip', ['-q', zipFile, '-d', unpacked]);
  return {
    directory: unpacked,
    zipFile,
    files: filesBelow(unpacked).map((file) => relative(unpacked, join(unpacked, file))).sort(),
    manifest: JSON.parse(readFileSync(join(unpacked, 'manifest.json'), 'utf8')) as UnpackedExport['manifest'],
    read: (path: string) => readFileSync(join(unpacked, path), 'utf8'),
  };
}
