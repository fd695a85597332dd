import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../database/data-source-options.js';
import { SecretBox } from './secret-box.js';
import { rotateSecretKey } from './secret-rotation.js';

const OLD_KEY = 'old-key-0123456789-0123456789-0123456789';
const NEW_KEY = 'new-key-9876543210-9876543210-9876543210';

describe('rotateSecretKey (real SQLite file)', () => {
  let directory: string;
  let file: string;

  beforeEach(async () => {
    directory = mkdtempSync(join(tmpdir(), 'hinv-rotate-'));
    file = join(directory, 'app.db');
    const dataSource = new DataSource(dataSourceOptions(file));
    await dataSource.initialize();
    await dataSource.runMigrations();
    await dataSource.destroy();
    const db = new Database(file);
    const sealed = new SecretBox(OLD_KEY).seal('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
    db.prepare("INSERT INTO households (id, name, created_at) VALUES ('h', 'Home', 'now')").run();
    db.prepare(
      "INSERT INTO users (id, household_id, email, display_name, role, password_hash, preferred_locale, totp_secret, totp_enabled, created_at, updated_at) VALUES ('u', 'h', NULL, 'U', 'owner', 'x', 'en', ?, 1, 'now', 'now')",
    ).run(sealed);
    db.prepare(
      "INSERT INTO instance_settings (id, provider_type, provider_base_url, provider_model, provider_api_key, grocy_enabled, grocy_url, grocy_api_key, privacy_delete_image_after_analysis, privacy_retention_days, updated_at) VALUES (1, 'openai', 'https://api.openai.com/v1', 'gpt', ?, 1, 'http://grocy:80', ?, 0, 7, 'now')",
    ).run(new SecretBox(OLD_KEY).seal('sk-provider-key'), new SecretBox(OLD_KEY).seal('grocy-key'));
    db.prepare(
      "INSERT INTO sessions (id, user_id, token_hash, device_name, authentication_method, created_at, last_seen_at, expires_at, authenticated_at) VALUES ('s', 'u', 'hash', 'd', 'password', 'now', 'now', 'later', 'now')",
    ).run();
    db.close();
  });
  afterEach(() => rmSync(directory, { recursive: true, force: true }));

  it('re-encrypts every sealed value, backs up first, signs everybody out and audits', async () => {
    const result = await rotateSecretKey(file, OLD_KEY, NEW_KEY, new Date('2026-11-22T10:00:00Z'));
    expect(result).toMatchObject({ reencrypted: 3, revokedSessions: 1 });
    expect(existsSync(result.backupFile)).toBe(true);
    const db = new Database(file, { readonly: true });
    const { totp_secret } = db.prepare("SELECT totp_secret FROM users WHERE id = 'u'").get() as { totp_secret: string };
    expect(new SecretBox(NEW_KEY).open(totp_secret)).toBe('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
    expect(() => new SecretBox(OLD_KEY).open(totp_secret)).toThrow();
    const keys = db.prepare('SELECT provider_api_key, grocy_api_key FROM instance_settings').get() as { provider_api_key: string; grocy_api_key: string };
    expect(new SecretBox(NEW_KEY).open(keys.provider_api_key)).toBe('sk-provider-key');
    expect(new SecretBox(NEW_KEY).open(keys.grocy_api_key)).toBe('grocy-key');
    expect(() => new SecretBox(OLD_KEY).open(keys.grocy_api_key)).toThrow();
    expect(db.prepare('SELECT revoked_at FROM sessions').get()).toEqual({ revoked_at: '2026-11-22T10:00:00.000Z' });
    expect(db.prepare("SELECT action FROM audit_events WHERE category = 'security'").all()).toEqual([{ action: 'rotate secret key' }]);
    const backup = new Database(result.backupFile, { readonly: true });
    expect(new SecretBox(OLD_KEY).open((backup.prepare('SELECT totp_secret FROM users').get() as { totp_secret: string }).totp_secret)).toBeTruthy();
    backup.close();
    db.close();
  });

  it('changes nothing when a value does not open with the given old key', async () => {
    await expect(rotateSecretKey(file, 'a-wrong-old-key-0123456789-0123456789', NEW_KEY)).rejects.toThrow(/nothing was changed/);
    const db = new Database(file, { readonly: true });
    const { totp_secret } = db.prepare('SELECT totp_secret FROM users').get() as { totp_secret: string };
    expect(new SecretBox(OLD_KEY).open(totp_secret)).toBe('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
    const { grocy_api_key } = db.prepare('SELECT grocy_api_key FROM instance_settings').get() as { grocy_api_key: string };
    expect(new SecretBox(OLD_KEY).open(grocy_api_key)).toBe('grocy-key');
    expect(db.prepare('SELECT revoked_at FROM sessions').get()).toEqual({ revoked_at: null });
    db.close();
  });

  it('refuses a weak or unchanged new key', async () => {
    await expect(rotateSecretKey(file, OLD_KEY, 'short')).rejects.toThrow(/at least 32/);
    await expect(rotateSecretKey(file, OLD_KEY, OLD_KEY)).rejects.toThrow(/differ/);
  });
});
