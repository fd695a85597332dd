import { createHash, type Hash } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { lstat, readdir } from 'node:fs/promises';
import { extname, resolve } from 'node:path';
import { PassThrough, Readable, pipeline } from 'node:stream';
import Sqlite, { type Database as SqliteConnection } from 'better-sqlite3';
import type JSZipType from 'jszip';
import { containedReceiptPath } from '../receipts/receipt-file-path.js';
import { EXCLUDED_SECRET_CATEGORIES, EXPORT_SECTIONS, type ExportSection, type ExportTable } from './export-sections.js';

export const EXPORT_FORMAT = 'household-inventory-export';
export const EXPORT_FORMAT_VERSION = 1;

/** Where the export reads from. */
export interface ExportSources {
  databaseFile: string;
  receiptsDir: string;
  productImagesDir: string;
}

/** A file copied into the archive: its path there and where it is read from. */
export interface ExportFile {
  path: string;
  source: string;
  bytes: number;
}

export interface ExportContents {
  counts: Record<string, number>;
  receiptFiles: ExportFile[];
  productImages: ExportFile[];
}

export interface ManifestEntry {
  path: string;
  bytes: number;
  sha256: string;
}

/** A regular file's size, or null when it is missing or anything else (directory, symlink). */
async function regularFileSize(path: string): Promise<number | null> {
  try {
    const info = await lstat(path);
    return info.isFile() ? info.size : null;
  } catch {
    return null;
  }
}

/** Every regular file directly inside `directory` (none when it does not exist), sorted by name. */
export async function listRegularFiles(directory: string): Promise<{ name: string; path: string; bytes: number }[]> {
  let names: string[];
  try {
    names = await readdir(directory);
  } catch {
    return [];
  }
  const files: { name: string; path: string; bytes: number }[] = [];
  for (const name of names.sort()) {
    const path = resolve(directory, name);
    const bytes = await regularFileSize(path);
    if (bytes !== null) files.push({ name, path, bytes });
  }
  return files;
}

/**
 * What an export written now would hold: row counts under their export names, the receipt files
 * (those whose path stays inside the receipts folder and exist) and the product images. Reads
 * through `db`, which the caller may hold inside a read transaction for a consistent snapshot.
 */
export async function exportContents(db: SqliteConnection, sources: ExportSources): Promise<ExportContents> {
  const counts: Record<string, number> = {};
  for (const section of EXPORT_SECTIONS) {
    for (const table of section.tables) {
      counts[table.count] = (db.prepare(`SELECT COUNT(*) AS n FROM "${table.table}"`).get() as { n: number }).n;
    }
  }
  const receiptRows = db.prepare('SELECT id, image_path FROM receipts WHERE image_path IS NOT NULL ORDER BY id').all() as { id: string; image_path: string }[];
  const receiptFiles: ExportFile[] = [];
  for (const row of receiptRows) {
    const source = containedReceiptPath(sources.receiptsDir, row.image_path);
    if (!source) continue;
    const bytes = await regularFileSize(source);
    if (bytes !== null) receiptFiles.push({ path: `receipt-files/${row.id}${extname(source).toLowerCase()}`, source, bytes });
  }
  const productImages = (await listRegularFiles(sources.productImagesDir)).map((file) => ({ path: `product-images/${file.name}`, source: file.path, bytes: file.bytes }));
  return { counts, receiptFiles, productImages };
}

/** JSON with sorted keys, so two exports of the same data are byte-identical. */
function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, sortedKeys((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

/** A column's value as exported: JSON text parsed, 0/1 as booleans, rewrites applied, never undefined. */
function exportValue(table: ExportTable, column: string, stored: unknown): unknown {
  let value = stored;
  if (table.json?.includes(column) && typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      // Kept as text: the export must not fail on one malformed cell.
    }
  }
  if (table.booleans?.includes(column) && value !== null && value !== undefined) value = Boolean(value);
  const rewrite = table.rewrite?.[column];
  if (rewrite) value = rewrite(value);
  return value === undefined ? null : value;
}

/** Indents every line after the first of `text` by `spaces`. */
function indent(text: string, spaces: number): string {
  return text.replace(/\n/g, `\n${' '.repeat(spaces)}`);
}

/**
 * One row as an item of its section's array, exactly as `JSON.stringify(section, null, 2)` would
 * write it (keys sorted), but written directly: 100,000 rows make no intermediate objects.
 */
function rowText(table: ExportTable, sortedColumns: readonly string[], row: Record<string, unknown>): string {
  let text = '{';
  for (let index = 0; index < sortedColumns.length; index += 1) {
    const column = sortedColumns[index];
    const value = exportValue(table, column, row[column]);
    const json = value !== null && typeof value === 'object' ? indent(JSON.stringify(sortedKeys(value), null, 2), 6) : JSON.stringify(value);
    text += `${index === 0 ? '' : ','}\n      ${JSON.stringify(column)}: ${json}`;
  }
  return `${text}\n    }`;
}

/** Records an entry's bytes and SHA-256 as it passes. */
class EntryMeter {
  private readonly hash: Hash = createHash('sha256');
  private bytes = 0;

  constructor(
    readonly path: string,
    private readonly done: (entry: ManifestEntry) => void,
  ) {}

  add(chunk: Buffer): void {
    this.hash.update(chunk);
    this.bytes += chunk.length;
  }

  finish(): void {
    this.done({ path: this.path, bytes: this.bytes, sha256: this.hash.digest('hex') });
  }
}

/** Chunks of about this many bytes are handed to the zip at a time. */
const CHUNK_BYTES = 64 * 1024;
/**
 * Files are read in 32 KiB pieces. Larger pieces were barely faster but left more spent buffers
 * outside the JavaScript heap between collections: bench/export.mjs (307 MB of files) peaked at
 * about 257 MB resident with 256 KiB pieces, 205 MB with 64 KiB and 200 MB with these.
 */
const FILE_CHUNK_BYTES = 32 * 1024;

/**
 * One section file (e.g. `data/stock.json`), produced row by row from the export's own connection
 * only when the zip asks for it: 100,000 movements never sit in memory as one string.
 */
class SectionStream extends Readable {
  private readonly tables: readonly ExportTable[];
  private tableIndex = -1;
  private rows: IterableIterator<Record<string, unknown>> | null = null;
  private columns: readonly string[] = [];
  private first = true;
  private started = false;

  constructor(
    private readonly db: SqliteConnection,
    section: ExportSection,
    private readonly meter: EntryMeter,
    private readonly counted: (name: string) => void,
    private readonly track: (rows: IterableIterator<unknown> | null) => void,
  ) {
    super();
    this.tables = [...section.tables].sort((a, b) => a.key.localeCompare(b.key));
  }

  /** Hands one chunk of text on, counted and hashed once. */
  private emitText(parts: string[]): void {
    const chunk = Buffer.from(parts.join(''), 'utf8');
    this.meter.add(chunk);
    this.push(chunk);
  }

  override _read(): void {
    try {
      const parts: string[] = [];
      let size = 0;
      if (!this.started) {
        this.started = true;
        parts.push('{');
      }
      while (size < CHUNK_BYTES) {
        if (!this.rows) {
          this.tableIndex += 1;
          if (this.tableIndex > 0) parts.push(this.first ? ']' : '\n  ]');
          if (this.tableIndex >= this.tables.length) {
            parts.push('\n}\n');
            this.emitText(parts);
            this.meter.finish();
            this.push(null);
            return;
          }
          const table = this.tables[this.tableIndex];
          parts.push(`${this.tableIndex > 0 ? ',' : ''}\n  ${JSON.stringify(table.key)}: [`);
          this.columns = [...table.columns].sort();
          const selected = table.columns.map((column) => `"${column}"`).join(', ');
          this.rows = this.db.prepare(`SELECT ${selected} FROM "${table.table}" ORDER BY ${table.orderBy}`).iterate() as IterableIterator<Record<string, unknown>>;
          this.track(this.rows);
          this.first = true;
        }
        const table = this.tables[this.tableIndex];
        const next = this.rows.next();
        if (next.done) {
          this.rows = null;
          this.track(null);
          continue;
        }
        this.counted(table.count);
        const text = `${this.first ? '' : ','}\n    ${rowText(table, this.columns, next.value)}`;
        this.first = false;
        parts.push(text);
        size += text.length;
      }
      this.emitText(parts);
    } catch (error) {
      this.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  }
}

/** A file on disk, opened only when the zip reaches it (thousands of images, one descriptor at a time). */
class FileStream extends Readable {
  private source: ReadStream | null = null;

  constructor(
    private readonly path: string,
    private readonly meter: EntryMeter,
  ) {
    super();
  }

  override _read(): void {
    if (this.source) {
      this.source.resume();
      return;
    }
    this.source = createReadStream(this.path, { highWaterMark: FILE_CHUNK_BYTES });
    this.source.on('data', (chunk: Buffer | string) => {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      this.meter.add(bytes);
      if (!this.push(bytes)) this.source?.pause();
    });
    this.source.once('end', () => {
      this.meter.finish();
      this.push(null);
    });
    this.source.once('error', (error) => this.destroy(error));
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.source?.destroy();
    callback(error);
  }
}

/** A small text entry whose content is computed when the zip reaches it (after the entries before it). */
class LateText extends Readable {
  private done = false;

  constructor(
    private readonly text: () => string,
    private readonly meter?: EntryMeter,
  ) {
    super();
  }

  override _read(): void {
    if (this.done) return;
    this.done = true;
    try {
      const chunk = Buffer.from(this.text(), 'utf8');
      this.meter?.add(chunk);
      this.meter?.finish();
      this.push(chunk);
      this.push(null);
    } catch (error) {
      this.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  }
}

export interface ExportOptions {
  includeReceiptFiles: boolean;
  generatedAt: Date;
  householdName: string;
  serviceVersion: string;
}

/** The download: the zip stream, its file name, and what the preview would report for the same snapshot. */
export interface ExportDownload {
  stream: Readable;
  fileName: string;
}

/**
 * Writes the portable export as a zip stream. It reads through a connection of its own held in
 * one read transaction, so every section, count and file list comes from the same snapshot while
 * the service keeps writing. Entries are streams the zip pulls one after another
 * (`generateNodeStream` with `streamFiles`): neither the archive nor a section is ever whole in
 * memory. `manifest.json` comes last and lists the size and SHA-256 of every other entry;
 * `SHA256SUMS` before it lists the data entries in the format `sha256sum -c` reads.
 */
export async function writeExport(sources: ExportSources, options: ExportOptions): Promise<ExportDownload> {
  const db = new Sqlite(sources.databaseFile, { fileMustExist: true, timeout: 5000 });
  let open: IterableIterator<unknown> | null = null;
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    try {
      open?.return?.();
    } finally {
      if (db.inTransaction) db.exec('ROLLBACK');
      db.close();
    }
  };
  try {
    db.pragma('query_only = ON');
    db.exec('BEGIN');
    const contents = await exportContents(db, sources);
    const receiptFiles = options.includeReceiptFiles ? contents.receiptFiles : [];
    const entries: ManifestEntry[] = [];
    const written: Record<string, number> = Object.fromEntries(Object.keys(contents.counts).map((name) => [name, 0]));
    const meter = (path: string) => new EntryMeter(path, (entry) => entries.push(entry));
    const date = options.generatedAt;

    // Loaded with the first export: the zip library (and its deflate) is not held by an idle server.
    const { default: JSZip } = (await import('jszip')) as { default: typeof JSZipType };
    const zip = new JSZip();
    const fileOptions = { date, binary: true, createFolders: false } as const;
    for (const section of EXPORT_SECTIONS) {
      zip.file(
        section.path,
        new SectionStream(db, section, meter(section.path), (name) => (written[name] += 1), (rows) => (open = rows)),
        { ...fileOptions, compression: 'DEFLATE' },
      );
    }
    // Images and receipt scans are compressed already: stored, not deflated again.
    for (const file of [...receiptFiles, ...contents.productImages]) {
      zip.file(file.path, new FileStream(file.source, meter(file.path)), { ...fileOptions, compression: 'STORE' });
    }
    zip.file(
      'SHA256SUMS',
      new LateText(() => entries.map((entry) => `${entry.sha256}  ${entry.path}\n`).join(''), meter('SHA256SUMS')),
      { ...fileOptions, compression: 'DEFLATE' },
    );
    zip.file(
      'manifest.json',
      new LateText(() => {
        // Every entry before the manifest is complete here; the snapshot can go.
        close();
        const manifest = {
          format: EXPORT_FORMAT,
          format_version: EXPORT_FORMAT_VERSION,
          service_version: options.serviceVersion,
          generated_at: date.toISOString(),
          household_name: options.householdName,
          counts: written,
          receipt_files_included: options.includeReceiptFiles,
          receipt_file_count: receiptFiles.length,
          receipt_file_bytes: receiptFiles.reduce((sum, file) => sum + file.bytes, 0),
          product_images_included: true,
          product_image_file_count: contents.productImages.length,
          product_image_bytes: contents.productImages.reduce((sum, file) => sum + file.bytes, 0),
          excluded_secret_categories: [...EXCLUDED_SECRET_CATEGORIES],
          files: entries,
        };
        return `${JSON.stringify(sortedKeys(manifest), null, 2)}\n`;
      }),
      { ...fileOptions, compression: 'DEFLATE' },
    );

    const zipped = zip.generateNodeStream({ type: 'nodebuffer', streamFiles: true, compression: 'DEFLATE', compressionOptions: { level: 6 } }) as unknown as Readable;
    const out = new PassThrough();
    // Whatever ends the download (done, failed, client gone) ends the snapshot as well.
    pipeline(zipped, out, () => close());
    out.once('close', close);
    const stamp = date.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
    return { stream: out, fileName: `household-inventory-export-${stamp}.zip` };
  } catch (error) {
    close();
    throw error;
  }
}
