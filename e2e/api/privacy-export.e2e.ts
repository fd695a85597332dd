import { execFileSync } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { untilAudited } from '../support/audit.js';
import { startFakePushService, type FakePushService } from '../support/fake-push-service.js';
import { pngOf } from '../support/images.js';
import { addMember, bearer, Browserless, createToken, OWNER_PASSWORD, setUpHousehold } from '../support/household.js';
import { downloadExport, ERASE_CONFIRMATION, filesBelow, openDatabase, plantReceipt, type UnpackedExport } from '../support/privacy.js';
import { startServer, tempDataDir, type RunningServer } from '../support/server.js';

const PROVIDER_KEY = 'sk-provider-7f3c9a1e5b2d4c6e8a0b';
const GROCY_KEY = 'grocy-connector-key-4d2e8f6a1c3b5d7e';
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

const ROUTES = [
  ['GET', '/api/v1/privacy/export/preview', undefined],
  ['GET', '/api/v1/privacy/export', undefined],
  ['GET', '/api/v1/privacy/retention', undefined],
  ['POST', '/api/v1/privacy/retention/run', undefined],
  ['GET', '/api/v1/operations/overview', undefined],
  ['DELETE', '/api/v1/privacy/household', { confirmation: ERASE_CONFIRMATION }],
] as const;

describe('portable export', () => {
  let server: RunningServer;
  let clockFile: string;
  let owner: Browserless;
  let productId: string;
  let receiptId: string;
  /** Every secret the installation holds, raw and as stored. */
  const secrets = new Map<string, string>();
  let push: FakePushService;
  const moveClock = (ms: number) => writeFileSync(clockFile, String(ms));

  beforeAll(async () => {
    const dataDir = tempDataDir();
    clockFile = join(dataDir, 'clock-offset');
    moveClock(0);
    push = await startFakePushService();
    server = await startServer({ DATA_DIR: dataDir, HINV_TEST_CLOCK_FILE: clockFile, HINV_TEST_PUSH_ALLOW_LOOPBACK: '1', NODE_EXTRA_CA_CERTS: push.caFile });
    owner = await setUpHousehold(server.baseUrl);
    secrets.set('owner password', OWNER_PASSWORD);
    secrets.set('owner session cookie', (owner.cookie as string).split('=')[1]);

    // TOTP and recovery codes.
    const totp = await owner.json<{ secret: string }>('POST', '/api/v1/auth/totp/setup');
    const enabled = await owner.json<{ recovery_codes: string[] }>('POST', '/api/v1/auth/totp/enable', { code: await generate({ secret: totp.secret }) });
    secrets.set('TOTP secret', totp.secret);
    enabled.recovery_codes.forEach((code, index) => {
      secrets.set(`recovery code ${index}`, code);
      secrets.set(`recovery code ${index} bare`, code.replace(/-/g, ''));
    });
    // A pending second-factor challenge and a failed sign-in (source fingerprint).
    await new Browserless(server.baseUrl).call('POST', '/api/v1/auth/login', { identifier: 'owner@example.org', password: OWNER_PASSWORD });
    await new Browserless(server.baseUrl).call('POST', '/api/v1/auth/login', { identifier: 'owner@example.org', password: 'wrong password 1' });

    // A member (invitation token, password), a bearer token, provider and connector keys.
    const invitation = await owner.json<{ invite_token: string }>('POST', '/api/v1/auth/invitations', { display_name: 'Pending', email: 'pending@example.org', role: 'member' });
    secrets.set('invitation token', invitation.invite_token);
    const member = await addMember(owner, 'member');
    secrets.set('member session cookie', (member.browser.cookie as string).split('=')[1]);
    const token = await createToken(owner, ['catalog:read', 'stock:read'], 'export token');
    secrets.set('API token', token.token);
    await owner.json('PUT', '/api/v1/settings', {
      provider: { type: 'openai', base_url: 'https://api.openai.com/v1', model: 'gpt-4o-mini', api_key: PROVIDER_KEY },
      grocy: { enabled: true, url: 'http://grocy.local:80', api_key: GROCY_KEY },
      privacy: { delete_image_after_analysis: false, retention_days: 30 },
    });
    secrets.set('provider key', PROVIDER_KEY);
    secrets.set('Grocy key', GROCY_KEY);
    // A phone subscribed to Web Push: its endpoint and keys, and the VAPID key made for it.
    const device = push.newDevice();
    await owner.json('GET', '/api/v1/notifications/state');
    await owner.json('POST', '/api/v1/notifications/subscriptions', { endpoint: device.endpoint, keys: device.keys, device_name: 'Pixel' });
    secrets.set('push endpoint', device.endpoint);
    secrets.set('push endpoint path', new URL(device.endpoint).pathname);
    secrets.set('push p256dh key', device.keys.p256dh);
    secrets.set('push auth secret', device.keys.auth);

    // A passkey and a passkey challenge, as the ceremonies leave them (no browser here).
    const db = openDatabase(server.dataDir);
    try {
      const ownerId = (db.prepare("SELECT id FROM users WHERE role = 'owner'").get() as { id: string }).id;
      const credentialId = randomBytes(32).toString('base64url');
      const publicKey = randomBytes(77).toString('base64url');
      const now = new Date().toISOString();
      db.prepare("INSERT INTO passkeys (id, user_id, credential_id, public_key, counter, transports, device_type, backed_up, name, created_at, last_used_at) VALUES (?, ?, ?, ?, 3, '[\"internal\"]', 'multiDevice', 1, 'Laptop', ?, NULL)").run(
        randomUUID(),
        ownerId,
        credentialId,
        publicKey,
        now,
      );
      const challenge = randomBytes(32).toString('base64url');
      db.prepare("INSERT INTO webauthn_challenges (id_hash, kind, challenge, origin, rp_id, user_id, session_id, expires_at, consumed_at) VALUES (?, 'registration', ?, 'http://localhost', 'localhost', ?, NULL, ?, NULL)").run(
        sha256(challenge),
        challenge,
        ownerId,
        new Date(Date.now() + 300_000).toISOString(),
      );
      secrets.set('passkey credential id', credentialId);
      secrets.set('passkey public key', publicKey);
      secrets.set('passkey challenge', challenge);

      // Everything as stored: hashes, sealed values, fingerprints.
      const stored: [string, string][] = [
        ['users', 'password_hash'],
        ['users', 'totp_secret'],
        ['sessions', 'token_hash'],
        ['api_tokens', 'token_hash'],
        ['api_tokens', 'prefix'],
        ['invitations', 'token_hash'],
        ['recovery_codes', 'code_hash'],
        ['mfa_challenges', 'challenge_hash'],
        ['mfa_challenges', 'source_hash'],
        ['login_failures', 'source_hash'],
        ['instance_settings', 'provider_api_key'],
        ['instance_settings', 'grocy_api_key'],
        ['push_subscriptions', 'subscription'],
        ['push_subscriptions', 'endpoint_hash'],
        ['notification_service_state', 'vapid_key'],
      ];
      for (const [table, column] of stored) {
        const values = (db.prepare(`SELECT "${column}" AS value FROM "${table}" WHERE "${column}" IS NOT NULL`).all() as { value: string }[]).map((row) => row.value);
        expect(values.length, `${table}.${column} seeded`).toBeGreaterThan(0);
        values.forEach((value, index) => secrets.set(`${table}.${column} #${index}`, value));
      }
    } finally {
      db.close();
    }

    // Catalog, a product image, a receipt with its file, stock and a shopping item.
    productId = (await owner.json<{ id: string }>('POST', '/api/v1/catalog/products', { name: 'Jam' })).id;
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(await pngOf(64, 48))], { type: 'image/png' }), 'jam.png');
    const uploaded = await fetch(`${server.baseUrl}/api/v1/catalog/products/${productId}/image`, { method: 'POST', body: form, headers: { cookie: owner.cookie as string } });
    expect(uploaded.status).toBe(200);
    await owner.json('POST', '/api/v1/stock/counts', { client_mutation_id: 'export-count-1', lines: [{ product_id: productId, counted_quantity: 3 }] });
    await owner.json('POST', '/api/v1/shopping-list', { product_id: productId, desired_quantity: 2, client_mutation_id: 'export-shop-1' });
    receiptId = plantReceipt(server.dataDir, 'scan-1.jpg', { file: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), randomBytes(4000)]) });
    // Audit rows are written just after each answer: the last one landed before counts are compared.
    await untilAudited(server.dataDir, 'POST /api/v1/shopping-list 200');
  });
  afterAll(async () => {
    await server?.stop();
    await push?.close();
  });

  let full: UnpackedExport;
  let previewBefore: Record<string, unknown>;

  it('contains no secret of any kind anywhere in the archive', async () => {
    previewBefore = await owner.json('GET', '/api/v1/privacy/export/preview');
    full = await downloadExport(owner);
    const contents = full.files.map((file) => ({ file, bytes: readFileSync(join(full.directory, file)) }));
    const raw = readFileSync(full.zipFile);
    expect(secrets.size).toBeGreaterThan(30);
    const hits: string[] = [];
    for (const [name, secret] of secrets) {
      for (const { file, bytes } of contents) if (bytes.includes(secret)) hits.push(`${name} in ${file}`);
      if (raw.includes(secret)) hits.push(`${name} in the zip bytes`);
    }
    expect(hits).toEqual([]);
    // The grep itself can find things: what is meant to be there is.
    expect(full.read('data/members.json')).toContain('owner@example.org');
    expect(full.read('data/preferences.json')).toContain('gpt-4o-mini');
  });

  it('verifies with sha256sum -c, and the manifest lists every other entry with its size and hash', () => {
    const output = execFileSync('sha256sum', ['-c', 'SHA256SUMS'], { cwd: full.directory, encoding: 'utf8' });
    expect(output).not.toMatch(/FAILED/);
    const listed = readFileSync(join(full.directory, 'SHA256SUMS'), 'utf8').trim().split('\n').map((line) => line.split('  ')[1]);
    expect(listed.sort()).toEqual(full.files.filter((file) => file !== 'SHA256SUMS' && file !== 'manifest.json'));
    expect(full.manifest.format).toBe('household-inventory-export');
    expect(full.manifest.format_version).toBe(1);
    expect(full.manifest.files.map((entry) => entry.path).sort()).toEqual(full.files.filter((file) => file !== 'manifest.json'));
    for (const entry of full.manifest.files) {
      const bytes = readFileSync(join(full.directory, entry.path));
      expect(entry.bytes, entry.path).toBe(bytes.length);
      expect(entry.sha256, entry.path).toBe(createHash('sha256').update(bytes).digest('hex'));
    }
    // manifest.json is the archive's last entry.
    const listing = execFileSync('unzip', ['-Z1', full.zipFile], { encoding: 'utf8' }).trim().split('\n');
    expect(listing.at(-1)).toBe('manifest.json');
    expect(listing.at(-2)).toBe('SHA256SUMS');
  });

  it('counts in the manifest what the preview announced, and holds the files the preview sized', async () => {
    const preview = await owner.json<{
      household_name: string;
      counts: Record<string, number>;
      receipt_file_count: number;
      receipt_file_bytes: number;
      product_image_file_count: number;
      product_image_file_bytes: number;
      excluded_secret_categories: string[];
    }>('GET', '/api/v1/privacy/export/preview');
    expect(Object.keys(preview).sort()).toEqual(['counts', 'excluded_secret_categories', 'household_name', 'product_image_file_bytes', 'product_image_file_count', 'receipt_file_bytes', 'receipt_file_count']);
    expect(preview.excluded_secret_categories).toHaveLength(8);
    // The download itself is recorded, after its snapshot: the preview taken just before it counts what it holds.
    expect(full.manifest.counts).toEqual((previewBefore as { counts: Record<string, number> }).counts);
    expect(preview.counts).toEqual({ ...full.manifest.counts, audit_events: full.manifest.counts.audit_events + 1 });
    expect(preview.counts).toMatchObject({ members: 2, products: 1, receipts: 1, receipt_items: 1, stock_lots: 1, shopping_items: 1, passkeys: 1, api_tokens: 1, invitations: 2 });
    expect(preview.counts.stock_movements).toBeGreaterThan(0);
    // The audit history is there, sanitized: templates, no identifiers.
    const audit = JSON.parse(full.read('data/audit.json')) as { events: { action: string }[] };
    expect(audit.events.length).toBe(full.manifest.counts.audit_events);
    expect(audit.events.map((event) => event.action)).toContain('POST /api/v1/catalog/products/{product_id}/image');
    expect(full.read('data/audit.json')).not.toContain(productId);

    const receiptFiles = full.files.filter((file) => file.startsWith('receipt-files/'));
    const images = full.files.filter((file) => file.startsWith('product-images/'));
    expect(receiptFiles).toEqual([`receipt-files/${receiptId}.jpg`]);
    expect(images).toEqual([`product-images/${productId}.webp`]);
    expect(preview.receipt_file_count).toBe(1);
    expect(preview.receipt_file_bytes).toBe(statSync(join(full.directory, receiptFiles[0])).size);
    expect(preview.product_image_file_count).toBe(1);
    expect(preview.product_image_file_bytes).toBe(statSync(join(full.directory, images[0])).size);
    // Only the file name of a stored receipt path leaves the installation.
    const receipts = JSON.parse(full.read('data/receipts.json')) as { receipts: { id: string; image_path: string }[] };
    expect(receipts.receipts.find((receipt) => receipt.id === receiptId)?.image_path).toBe('scan-1.jpg');
    // Sorted keys, indent 2, trailing newline.
    const household = full.read('data/household.json');
    expect(household.endsWith('}\n')).toBe(true);
    expect(household).toBe(`${JSON.stringify(JSON.parse(household), null, 2)}\n`);
  });

  it('leaves receipt files out on request but keeps product images and the receipt data', async () => {
    const lean = await downloadExport(owner, '?include_receipt_files=false');
    expect(lean.files.some((file) => file.startsWith('receipt-files/'))).toBe(false);
    expect(lean.files).toContain(`product-images/${productId}.webp`);
    expect(lean.manifest.receipt_files_included).toBe(false);
    expect(lean.read('data/receipts.json')).toContain(receiptId);
    execFileSync('sha256sum', ['-c', '--quiet', 'SHA256SUMS'], { cwd: lean.directory });
    rmSync(dirname(lean.directory), { recursive: true, force: true });
    expect((await owner.call('GET', '/api/v1/privacy/export?include_receipt_files=maybe')).status).toBe(422);
    const pythonStyle = await downloadExport(owner, '?include_receipt_files=False');
    expect(pythonStyle.manifest.receipt_files_included).toBe(false);
    rmSync(dirname(pythonStyle.directory), { recursive: true, force: true });
  });

  it('is the owner’s only: other roles 403, tokens 403, nobody 401', async () => {
    const admin = (await addMember(owner, 'admin')).browser;
    const viewer = (await addMember(owner, 'viewer')).browser;
    const { token } = await createToken(owner, ['status:read', 'catalog:read', 'stock:read', 'shopping:read', 'shopping:write', 'scans:read', 'scans:write'], 'every scope');
    for (const [method, path, body] of ROUTES) {
      for (const browser of [admin, viewer]) expect((await browser.call(method, path, body)).status, `${method} ${path}`).toBe(403);
      const withToken = await fetch(`${server.baseUrl}${path}`, { method, headers: { ...bearer(token), 'content-type': 'application/json' }, body: body ? JSON.stringify(body) : undefined });
      expect(withToken.status, `token ${method} ${path}`).toBe(403);
      expect((await new Browserless(server.baseUrl).call(method, path, body)).status, `anonymous ${method} ${path}`).toBe(401);
    }
  });

  it('asks for recent authentication for the download, the run and the erasure, not for the previews', async () => {
    moveClock(10 * 60_000 + 5_000);
    try {
      for (const [method, path, body] of ROUTES) {
        const response = await owner.call(method, path, body);
        const recent = path.endsWith('/export') || path.endsWith('/run') || path.endsWith('/household');
        expect(response.status, `${method} ${path}`).toBe(recent ? 428 : 200);
        if (recent) expect(await response.json()).toMatchObject({ code: 'recent_authentication_required' });
        else await response.arrayBuffer();
      }
      const db = openDatabase(server.dataDir);
      expect(db.prepare('SELECT COUNT(*) AS n FROM users').get()).toEqual({ n: 4 });
      db.close();
    } finally {
      moveClock(0);
    }
  });

  it('answers the operations overview in the contract shape without identifiers or addresses', async () => {
    const overview = await owner.json<Record<string, unknown> & { counts: Record<string, number>; recent_events: Record<string, string>[] }>('GET', '/api/v1/operations/overview?event_limit=100');
    expect(Object.keys(overview).sort()).toEqual(['counts', 'database_bytes', 'database_integrity', 'generated_at', 'recent_events', 'retention']);
    expect(overview.database_integrity).toBe('ok');
    expect(overview.database_bytes).toBeGreaterThan(0);
    expect(overview.counts).toMatchObject({ active_users: 4, active_api_tokens: 2, active_push_devices: 1, pending_receipts: 1, products: 1, stock_lots: 1 });
    expect(overview.counts.failures_24h).toBeGreaterThan(0);
    expect(overview.recent_events.length).toBeGreaterThan(5);
    for (const event of overview.recent_events) {
      expect(Object.keys(event).sort()).toEqual(['action', 'actor_label', 'category', 'created_at', 'id', 'outcome']);
      expect(event.action).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}|\?|\d+\.\d+\.\d+\.\d+/);
    }
    expect(overview.recent_events.map((event) => event.actor_label)).toContain('Olivia Owner');
    expect(overview.recent_events.filter((event) => event.category === 'privacy' && event.action === 'portable_export')).toHaveLength(3);
    const text = JSON.stringify(overview);
    for (const secret of [productId, receiptId, '127.0.0.1']) expect(text).not.toContain(secret);
    expect((await owner.json<{ recent_events: unknown[] }>('GET', '/api/v1/operations/overview?event_limit=1')).recent_events).toHaveLength(1);
    for (const limit of ['0', '101', 'x']) expect((await owner.call('GET', `/api/v1/operations/overview?event_limit=${limit}`)).status, limit).toBe(422);
  });

  it('refuses an erasure without the exact literal and changes nothing', async () => {
    const before = filesBelow(server.dataDir).sort();
    for (const confirmation of ['haushalt endgültig löschen', 'HAUSHALT ENDGULTIG LOSCHEN', '', 42]) {
      const response = await owner.call('DELETE', '/api/v1/privacy/household', { confirmation });
      expect(response.status, String(confirmation)).toBe(422);
    }
    expect((await owner.call('DELETE', '/api/v1/privacy/household', {})).status).toBe(422);
    expect(filesBelow(server.dataDir).sort()).toEqual(before);
    expect((await owner.call('GET', '/api/v1/auth/me')).status).toBe(200);
  });
});
