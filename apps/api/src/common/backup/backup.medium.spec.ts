import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import Sqlite from 'better-sqlite3';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataSourceOptions } from '../../database/data-source-options.js';
import { SecretBox } from '../crypto/secret-box.js';
import { createBackup } from './backup.js';
import { restoreBackup, RestoreRefused } from './restore.js';
import { SERVER_PID_FILE } from './server-pid.js';
import tar from 'tar-stream';

const KEY = 'k'.repeat(20) + 'backup-test-key-0123456789';
const OTHER_KEY = 'o'.repeat(20) + 'another-installation-key-98';

/** Every file below `root` with its SHA-256, to prove a refused restore changed nothing. */
function tree(root: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (directory: string) => {
    for (const name of readdirSync(directory)) {
      const path = join(directory, name);
      if (statSync(path).isDirectory()) walk(path);
      else out[relative(root, path)] = createHash('sha256').update(readFileSync(path)).digest('hex');
    }
  };
  walk(root);
  return out;
}

/** A gzipped tar of exactly these entries, names as given (forged ones included). */
async function tarOf(entries: { name: string; content: Buffer }[]): Promise<Buffer> {
  const pack = tar.pack();
  for (const entry of entries) pack.entry({ name: entry.name, size: entry.content.length }, entry.content);
  pack.finalize();
  const chunks: Buffer[] = [];
  for await (const chunk of pack) chunks.push(chunk as Buffer);
  return gzipSync(Buffer.concat(chunks));
}

const sumsOf = (entries: { name: string; content: Buffer }[]) =>
  Buffer.from(entries.map((entry) => `${createHash('sha256').update(entry.content).digest('hex')}  ${entry.name}\n`).join(''));

describe('backup and restore on real files', () => {
  const root = mkdtempSync(join(tmpdir(), 'hinv-backup-'));
  const dataDir = join(root, 'data');
  const backups = join(root, 'backups');
  let archive: string;

  beforeAll(async () => {
    mkdirSync(dataDir);
    const dataSource = new DataSource(dataSourceOptions(join(dataDir, 'app.db')));
    await dataSource.initialize();
    await dataSource.runMigrations();
    await dataSource.query(
      "INSERT INTO instance_settings (id, provider_type, provider_base_url, provider_model, provider_api_key, grocy_enabled, grocy_url, grocy_api_key, privacy_delete_image_after_analysis, privacy_retention_days, updated_at) VALUES (1, 'openai', 'https://api.openai.com/v1', 'gpt', ?, 0, 'http://grocy:80', NULL, 0, 7, 'now')",
      [new SecretBox(KEY).seal('sk-provider-key')],
    );
    await dataSource.query("INSERT INTO households (id, name, created_at) VALUES ('h1', 'Home', 'now')");
    await dataSource.destroy();
    mkdirSync(join(dataDir, 'receipts', '.staging'), { recursive: true });
    mkdirSync(join(dataDir, 'product-images'));
    writeFileSync(join(dataDir, 'receipts', 'r1.jpg'), Buffer.alloc(5000, 7));
    writeFileSync(join(dataDir, 'receipts', '.staging', 'half.upload'), 'partial');
    writeFileSync(join(dataDir, 'product-images', 'p1.webp'), Buffer.alloc(1234, 3));
    writeFileSync(join(dataDir, 'product-images', 'empty.webp'), Buffer.alloc(0));
    writeFileSync(join(dataDir, 'secret.key'), `${KEY}\n`);
    archive = (await createBackup({ dataDir, outputDirectory: backups, key: KEY, serviceVersion: 'test' })).archive;
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('writes a tar.gz that tar and sha256sum -c accept, without the key, staging files or partial files', () => {
    expect(readdirSync(backups)).toEqual([archive.split('/').at(-1)]);
    const unpacked = join(root, 'unpacked');
    mkdirSync(unpacked);
    execFileSync('tar', ['-xzf', archive, '-C', unpacked]);
    execFileSync('sha256sum', ['-c', '--quiet', 'SHA256SUMS'], { cwd: unpacked });
    expect(Object.keys(tree(unpacked)).sort()).toEqual(['SHA256SUMS', 'app.db', 'backup.json', 'product-images/empty.webp', 'product-images/p1.webp', 'receipts/r1.jpg']);
    const info = JSON.parse(readFileSync(join(unpacked, 'backup.json'), 'utf8')) as { format: string; key_check: string };
    expect(info.format).toBe('household-inventory-backup');
    expect(new SecretBox(KEY).open(info.key_check)).toBe('household-inventory-backup-key-check');
    const db = new Sqlite(join(unpacked, 'app.db'), { readonly: true });
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(db.prepare('SELECT name FROM households').get()).toEqual({ name: 'Home' });
    db.close();
  });

  it('refuses the backup directory inside DATA_DIR', async () => {
    await expect(createBackup({ dataDir, outputDirectory: join(dataDir, 'b'), key: KEY, serviceVersion: 'test' })).rejects.toThrow(/outside DATA_DIR/);
  });

  it('restores into a fresh DATA_DIR with the right key', async () => {
    const fresh = join(root, 'fresh');
    const result = await restoreBackup({ archive, dataDir: fresh, key: KEY, port: 1 });
    expect(result).toMatchObject({ files: 4, sealedValuesChecked: 1, previousDataKeptIn: null });
    const restored = tree(fresh);
    const original = tree(dataDir);
    for (const name of ['receipts/r1.jpg', 'product-images/p1.webp', 'product-images/empty.webp']) expect(restored[name], name).toBe(original[name]);
    expect(Object.keys(restored).some((name) => name.startsWith('.restore-'))).toBe(false);
    const db = new Sqlite(join(fresh, 'app.db'), { readonly: true });
    expect(db.prepare('SELECT name FROM households').get()).toEqual({ name: 'Home' });
    db.close();
  });

  it('replaces existing data only after every check, keeping the old data aside', async () => {
    const target = join(root, 'target');
    await restoreBackup({ archive, dataDir: target, key: KEY, port: 1 });
    writeFileSync(join(target, 'receipts', 'newer.jpg'), 'newer');
    const result = await restoreBackup({ archive, dataDir: target, key: KEY, port: 1, now: new Date('2030-01-01T00:00:00Z') });
    expect(result.previousDataKeptIn).toBe(join(target, '.pre-restore-20300101T000000Z'));
    expect(readdirSync(join(target, 'receipts'))).toEqual(['r1.jpg']);
    expect(readdirSync(join(target, '.pre-restore-20300101T000000Z', 'receipts')).sort()).toEqual(['newer.jpg', 'r1.jpg']);
  });

  it('refuses a wrong key and changes nothing', async () => {
    const target = join(root, 'wrong-key');
    await restoreBackup({ archive, dataDir: target, key: KEY, port: 1 });
    writeFileSync(join(target, 'receipts', 'mine.jpg'), 'mine');
    const before = tree(target);
    await expect(restoreBackup({ archive, dataDir: target, key: OTHER_KEY, port: 1 })).rejects.toThrow(RestoreRefused);
    await expect(restoreBackup({ archive, dataDir: target, key: OTHER_KEY, port: 1 })).rejects.toThrow(/key does not open/);
    expect(tree(target)).toEqual(before);
  });

  it('refuses a damaged or forged archive and changes nothing', async () => {
    const target = join(root, 'forged');
    mkdirSync(target);
    writeFileSync(join(target, 'keep.txt'), 'keep');
    const info = Buffer.from(JSON.stringify({ format: 'household-inventory-backup', format_version: 1, key_check: null }));
    const good = [
      { name: 'app.db', content: readFileSync(join(root, 'unpacked', 'app.db')) },
      { name: 'backup.json', content: info },
    ];
    const cases: [string, Buffer | Promise<Buffer>, RegExp][] = [
      ['a changed file', tarOf([...good, { name: 'receipts/x.jpg', content: Buffer.from('changed') }, { name: 'SHA256SUMS', content: sumsOf([...good, { name: 'receipts/x.jpg', content: Buffer.from('original') }]) }]), /does not match its checksum/],
      ['a file not listed', tarOf([...good, { name: 'receipts/x.jpg', content: Buffer.from('x') }, { name: 'SHA256SUMS', content: sumsOf(good) }]), /not in SHA256SUMS/],
      ['a listed file missing', tarOf([...good, { name: 'SHA256SUMS', content: sumsOf([...good, { name: 'receipts/y.jpg', content: Buffer.from('y') }]) }]), /missing from the archive/],
      ['a climbing name', tarOf([{ name: '../evil', content: Buffer.from('x') }]), /unsafe name/],
      ['no checksum list', tarOf(good), /no SHA256SUMS/],
      ...(['secret.key', 'app.db-wal', 'server.pid'] as const).map((name): [string, Promise<Buffer>, RegExp] => {
        const entries = [...good, { name, content: Buffer.from('planted') }];
        return [`a planted ${name}`, tarOf([...entries, { name: 'SHA256SUMS', content: sumsOf(entries) }]), /which no backup contains/];
      }),
      ['a truncated archive', gzipSync(gzipSync(Buffer.alloc(10))), /cannot be read|ends early|checksum/],
      ['a cut-off archive', tarOf(good).then((bytes) => gzipSync(gunzipSync(bytes).subarray(0, 1300))), /cannot be read/],
      ['a symbolic link', (async () => {
        const pack = tar.pack();
        pack.entry({ name: 'receipts/link', type: 'symlink', linkname: '/etc/passwd' });
        pack.finalize();
        const chunks: Buffer[] = [];
        for await (const chunk of pack) chunks.push(chunk as Buffer);
        return gzipSync(Buffer.concat(chunks));
      })(), /other than regular files/],
    ];
    for (const [label, bytes, message] of cases) {
      const file = join(root, `${label.replace(/ /g, '-')}.tar.gz`);
      writeFileSync(file, await bytes);
      await expect(restoreBackup({ archive: file, dataDir: target, key: KEY, port: 1 }), label).rejects.toThrow(message);
      expect(readdirSync(target), label).toEqual(['keep.txt']);
    }
  });

  it('refuses while the service runs on DATA_DIR', async () => {
    const target = join(root, 'running');
    mkdirSync(target);
    writeFileSync(join(target, SERVER_PID_FILE), JSON.stringify({ pid: process.pid, hostname: hostname(), port: 8080, started_at: 'now' }));
    await expect(restoreBackup({ archive, dataDir: target, key: KEY, port: 1 })).rejects.toThrow(/the service is running/);
    writeFileSync(join(target, SERVER_PID_FILE), JSON.stringify({ pid: process.pid, hostname: 'another-container', port: 8080, started_at: 'now' }));
    await expect(restoreBackup({ archive, dataDir: target, key: KEY, port: 1 })).rejects.toThrow(/another-container/);
    expect(readdirSync(target)).toEqual([SERVER_PID_FILE]);
    // A pid file of a process that is gone is stale.
    writeFileSync(join(target, SERVER_PID_FILE), JSON.stringify({ pid: 2 ** 22 + 12345, hostname: hostname(), port: 8080, started_at: 'now' }));
    await expect(restoreBackup({ archive, dataDir: target, key: KEY, port: 1 })).resolves.toMatchObject({ files: 4 });
  });
});
