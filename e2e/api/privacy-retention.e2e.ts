import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browserless, setUpHousehold } from '../support/household.js';
import { textPdf } from '../support/pdfs.js';
import { openDatabase, plantReceipt } from '../support/privacy.js';
import { startServer, type RunningServer } from '../support/server.js';

const DAY_MS = 24 * 60 * 60 * 1000;

function settings(privacy: { delete_image_after_analysis: boolean; retention_days: number }): Record<string, unknown> {
  return { provider: { type: 'cortecs', base_url: 'https://api.cortecs.ai/v1', model: '' }, grocy: { enabled: false, url: 'http://grocy:80' }, privacy };
}

interface Preview {
  delete_after_analysis: boolean;
  retention_days: number;
  retained_file_count: number;
  retained_bytes: number;
  expired_file_count: number;
  expired_bytes: number;
  cutoff: string;
}

describe('receipt-file retention', () => {
  let server: RunningServer;
  let owner: Browserless;
  let outside: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    server = await startServer();
    owner = await setUpHousehold(server.baseUrl);
    outside = mkdtempSync(join(tmpdir(), 'hinv-outside-'));
    writeFileSync(join(outside, 'precious.jpg'), randomBytes(500));
    writeFileSync(join(server.dataDir, 'beside.jpg'), randomBytes(300));
    const old = new Date(Date.now() - 10 * DAY_MS).toISOString();
    ids.old = plantReceipt(server.dataDir, 'old.jpg', { file: randomBytes(1000), createdAt: old });
    ids.fresh = plantReceipt(server.dataDir, 'fresh.pdf', { file: randomBytes(2000) });
    ids.missing = plantReceipt(server.dataDir, 'gone.jpg', { createdAt: old });
    ids.absolute = plantReceipt(server.dataDir, join(outside, 'precious.jpg'), { createdAt: old });
    ids.climbing = plantReceipt(server.dataDir, '../beside.jpg', { createdAt: old });
  });
  afterAll(async () => {
    await server.stop();
    rmSync(outside, { recursive: true, force: true });
  });

  const pointers = () => {
    const db = openDatabase(server.dataDir);
    try {
      const rows = db.prepare('SELECT id, image_path FROM receipts').all() as { id: string; image_path: string | null }[];
      return Object.fromEntries(Object.entries(ids).map(([name, id]) => [name, rows.find((row) => row.id === id)?.image_path ?? null]));
    } finally {
      db.close();
    }
  };

  it('previews with the 7-day default: every pointer retained, the old ones expired', async () => {
    const preview = await owner.json<Preview>('GET', '/api/v1/privacy/retention');
    expect(Object.keys(preview).sort()).toEqual(['cutoff', 'delete_after_analysis', 'expired_bytes', 'expired_file_count', 'retained_bytes', 'retained_file_count', 'retention_days']);
    expect(preview).toMatchObject({ delete_after_analysis: false, retention_days: 7, retained_file_count: 5, retained_bytes: 3000, expired_file_count: 4, expired_bytes: 1000 });
    expect(Date.now() - 7 * DAY_MS - new Date(preview.cutoff).getTime()).toBeLessThan(60_000);
  });

  it('deletes expired files inside the folder, rejects and keeps paths outside it, clears missing ones', async () => {
    const run = await owner.json<Record<string, number | string>>('POST', '/api/v1/privacy/retention/run');
    expect(run).toMatchObject({ deleted_file_count: 1, deleted_bytes: 1000, cleared_receipt_count: 2, rejected_path_count: 2 });
    expect(typeof run.completed_at).toBe('string');
    expect(existsSync(join(server.dataDir, 'receipts', 'old.jpg'))).toBe(false);
    expect(existsSync(join(server.dataDir, 'receipts', 'fresh.pdf'))).toBe(true);
    expect(existsSync(join(outside, 'precious.jpg'))).toBe(true);
    expect(existsSync(join(server.dataDir, 'beside.jpg'))).toBe(true);
    expect(pointers()).toEqual({ old: null, fresh: 'fresh.pdf', missing: null, absolute: join(outside, 'precious.jpg'), climbing: '../beside.jpg' });
    // The rejected pointers stay visible, and a second run rejects them again.
    const preview = await owner.json<Preview>('GET', '/api/v1/privacy/retention');
    expect(preview).toMatchObject({ retained_file_count: 3, expired_file_count: 2, expired_bytes: 0 });
    expect(await owner.json('POST', '/api/v1/privacy/retention/run')).toMatchObject({ deleted_file_count: 0, cleared_receipt_count: 0, rejected_path_count: 2 });
  });

  it('with delete-after-analysis (or 0 days) makes every stored source eligible at once', async () => {
    await owner.json('PUT', '/api/v1/settings', settings({ delete_image_after_analysis: true, retention_days: 30 }));
    const preview = await owner.json<Preview>('GET', '/api/v1/privacy/retention');
    expect(preview).toMatchObject({ delete_after_analysis: true, retention_days: 30, retained_file_count: 3, expired_file_count: 3, expired_bytes: 2000 });
    expect(await owner.json('POST', '/api/v1/privacy/retention/run')).toMatchObject({ deleted_file_count: 1, deleted_bytes: 2000, cleared_receipt_count: 1, rejected_path_count: 2 });
    expect(existsSync(join(server.dataDir, 'receipts', 'fresh.pdf'))).toBe(false);
    expect(existsSync(join(outside, 'precious.jpg'))).toBe(true);
    // The recognised receipt data stays.
    const db = openDatabase(server.dataDir);
    expect(db.prepare('SELECT COUNT(*) AS n FROM receipt_items').get()).toEqual({ n: 5 });
    db.close();

    await owner.json('PUT', '/api/v1/settings', settings({ delete_image_after_analysis: false, retention_days: 0 }));
    ids.zero = plantReceipt(server.dataDir, 'zero.png', { file: randomBytes(10) });
    expect(await owner.json('POST', '/api/v1/privacy/retention/run')).toMatchObject({ deleted_file_count: 1, deleted_bytes: 10, rejected_path_count: 2 });
  });
  it('with delete-after-analysis keeps no source file of a new receipt, but all its recognised data', async () => {
    const lines = (store: string) => [store, 'EUR', 'VOLLMILCH 3,5% 1,19 A', 'BROT 2,49 A', 'SUMME EUR 3,68', 'Datum: 14.03.2025 Uhrzeit: 18:02:11 Uhr'];
    const analyse = async (pdf: Buffer) => {
      const form = new FormData();
      form.append('image', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'receipt.pdf');
      const response = await fetch(`${server.baseUrl}/api/v1/receipts/analyze`, { method: 'POST', body: form, headers: { cookie: owner.cookie as string } });
      expect(response.status).toBe(200);
      return ((await response.json()) as { id: string; item_count: number }).id;
    };
    const sourceFiles = () => readdirSync(join(server.dataDir, 'receipts')).filter((name) => !name.startsWith('.') && name.endsWith('.pdf'));
    await owner.json('PUT', '/api/v1/settings', settings({ delete_image_after_analysis: true, retention_days: 7 }));
    const discarded = await analyse(await textPdf([lines('REWE Markt GmbH')]));
    expect(sourceFiles()).toEqual([]);
    await owner.json('PUT', '/api/v1/settings', settings({ delete_image_after_analysis: false, retention_days: 7 }));
    const kept = await analyse(await textPdf([lines('EDEKA Center')]));
    expect(sourceFiles()).toEqual([`${kept}.pdf`]);
    const db = openDatabase(server.dataDir);
    try {
      const row = (id: string) => db.prepare('SELECT image_path, (SELECT COUNT(*) FROM receipt_items WHERE receipt_id = receipts.id) AS items FROM receipts WHERE id = ?').get(id);
      expect(row(discarded)).toEqual({ image_path: null, items: 2 });
      expect(row(kept)).toEqual({ image_path: `${kept}.pdf`, items: 2 });
    } finally {
      db.close();
    }
  });
});
