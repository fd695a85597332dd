import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngOf } from '../support/images.js';
import { Browserless, OWNER_PASSWORD, setUpHousehold } from '../support/household.js';
import { freePort, REPO_ROOT, startServer, tempDataDir, type RunningServer } from '../support/server.js';

const KEY = 'e2e-backup-installation-key-0123456789abcdef';
const WRONG_KEY = 'e2e-backup-some-other-installation-key-987654';

/** Runs one of the built commands (`backup`, `restore`) with the server's kind of environment. */
function command(name: 'backup' | 'restore', args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolveRun) => {
    const child = spawn(process.execPath, [join(REPO_ROOT, `apps/api/dist/cli/${name}.js`), ...args], { cwd: REPO_ROOT, env: { PATH: process.env.PATH ?? '', ...env } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => resolveRun({ code, output }));
  });
}

/** Every file below `root` with its SHA-256. */
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

describe('backup and restore commands', () => {
  const backups = mkdtempSync(join(tmpdir(), 'hinv-backups-'));
  const restoredDir = tempDataDir();
  let source: RunningServer;
  let owner: Browserless;
  let imageHash: string;
  let productWithImage: string;
  let acknowledgedBeforeBackup: string[] = [];
  let archive: string;

  beforeAll(async () => {
    source = await startServer({ APP_SECRET_KEY: KEY });
    owner = await setUpHousehold(source.baseUrl);
    await owner.json('PUT', '/api/v1/settings', {
      provider: { type: 'openai', base_url: 'https://api.openai.com/v1', model: 'gpt-4o-mini', api_key: 'sk-backup-provider-key' },
      grocy: { enabled: false, url: 'http://grocy:80' },
      privacy: { delete_image_after_analysis: false, retention_days: 7 },
    });
    productWithImage = (await owner.json<{ id: string }>('POST', '/api/v1/catalog/products', { name: 'Pictured' })).id;
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(await pngOf(80, 60))], { type: 'image/png' }), 'p.png');
    expect((await fetch(`${source.baseUrl}/api/v1/catalog/products/${productWithImage}/image`, { method: 'POST', body: form, headers: { cookie: owner.cookie as string } })).status).toBe(200);
    imageHash = createHash('sha256').update(readFileSync(join(source.dataDir, 'product-images', `${productWithImage}.webp`))).digest('hex');
  });
  afterAll(async () => {
    await source.stop();
    rmSync(backups, { recursive: true, force: true });
    rmSync(restoredDir, { recursive: true, force: true });
  });

  it('backs up while 50 writes run; the backup holds every write acknowledged before it started', async () => {
    const acknowledged: { name: string; at: number }[] = [];
    let backupStartedAt = Number.POSITIVE_INFINITY;
    let backup: Promise<{ code: number | null; output: string }> | null = null;
    const lane = async (laneIndex: number) => {
      for (let step = 0; step < 10; step += 1) {
        const name = `Write ${laneIndex}-${step}`;
        await owner.json('POST', '/api/v1/catalog/products', { name });
        acknowledged.push({ name, at: performance.now() });
        // Paced, so the writes go on while the backup command starts and copies.
        await new Promise((paced) => setTimeout(paced, 30));
        if (acknowledged.length >= 10 && !backup) {
          backupStartedAt = performance.now();
          backup = command('backup', [backups], { DATA_DIR: source.dataDir, APP_SECRET_KEY: KEY });
        }
      }
    };
    await Promise.all([0, 1, 2, 3, 4].map(lane));
    expect(acknowledged).toHaveLength(50);
    expect(backup).not.toBeNull();
    const result = await (backup as unknown as Promise<{ code: number | null; output: string }>);
    expect(result.code, result.output).toBe(0);
    // The backup really ran beside the writers: some writes were answered while it was under way.
    expect(acknowledged.filter((write) => write.at > backupStartedAt).length).toBeGreaterThan(0);
    expect(result.output).toMatch(/Backup written: /);
    acknowledgedBeforeBackup = acknowledged.filter((write) => write.at < backupStartedAt).map((write) => write.name);
    expect(acknowledgedBeforeBackup.length).toBeGreaterThanOrEqual(10);
    const archives = readdirSync(backups);
    expect(archives).toHaveLength(1);
    expect(archives[0]).toMatch(/^household-inventory-backup-\d{8}T\d{6}Z\.tar\.gz$/);
    archive = join(backups, archives[0]);
  });

  it('refuses to restore while the service runs, and changes nothing', async () => {
    const before = tree(join(source.dataDir, 'product-images'));
    const result = await command('restore', [archive], { DATA_DIR: source.dataDir, APP_SECRET_KEY: KEY, PORT: String(source.port) });
    expect(result.code).toBe(1);
    expect(result.output).toMatch(/Refusing to restore: the service is running .*Nothing was changed/);
    expect(tree(join(source.dataDir, 'product-images'))).toEqual(before);
    expect(readdirSync(source.dataDir).some((name) => name.startsWith('.restore-') || name.startsWith('.pre-restore-'))).toBe(false);
  });

  it('restores into a fresh DATA_DIR: integrity ok, the writes, the image and the sealed key are there', async () => {
    const result = await command('restore', [archive], { DATA_DIR: restoredDir, APP_SECRET_KEY: KEY, PORT: String(await freePort()) });
    expect(result.code, result.output).toBe(0);
    expect(result.output).toMatch(/1 sealed values open with the key/);
    const restored = await startServer({ DATA_DIR: restoredDir, APP_SECRET_KEY: KEY });
    try {
      const browser = new Browserless(restored.baseUrl);
      await browser.json('POST', '/api/v1/auth/login', { password: OWNER_PASSWORD });
      const overview = await browser.json<{ database_integrity: string }>('GET', '/api/v1/operations/overview');
      expect(overview.database_integrity).toBe('ok');
      const names = (await browser.json<{ name: string }[]>('GET', '/api/v1/catalog/products')).map((product) => product.name);
      const missing = acknowledgedBeforeBackup.filter((name) => !names.includes(name));
      expect(missing).toEqual([]);
      expect(names).toContain('Pictured');
      const image = await browser.call('GET', `/api/v1/catalog/products/${productWithImage}/image`);
      expect(image.status).toBe(200);
      expect(createHash('sha256').update(Buffer.from(await image.arrayBuffer())).digest('hex')).toBe(imageHash);
      const settings = await browser.json<{ provider: { api_key_configured: boolean; model: string } }>('GET', '/api/v1/settings');
      expect(settings.provider).toMatchObject({ api_key_configured: true, model: 'gpt-4o-mini' });
    } finally {
      await restored.stop();
    }
  });

  it('refuses a restore with the wrong key and changes nothing', async () => {
    const before = tree(restoredDir);
    const result = await command('restore', [archive], { DATA_DIR: restoredDir, APP_SECRET_KEY: WRONG_KEY, PORT: String(await freePort()) });
    expect(result.code).toBe(1);
    expect(result.output).toMatch(/key does not open .*Nothing was changed/);
    expect(tree(restoredDir)).toEqual(before);
  });
  it('refuses a restore without any installation key, and creates nothing', async () => {
    const fresh = join(tmpdir(), `hinv-restore-nokey-${process.pid}-${Date.now()}`);
    const result = await command('restore', [archive], { DATA_DIR: fresh, PORT: String(await freePort()) });
    expect(result.code).toBe(1);
    expect(result.output).toMatch(/no installation key.*Nothing was changed/);
    expect(() => readdirSync(fresh)).toThrow();
    const usage = await command('restore', [], { DATA_DIR: fresh });
    expect(usage.code).toBe(2);
  });
});
