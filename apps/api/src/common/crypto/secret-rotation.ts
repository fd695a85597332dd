import Database from 'better-sqlite3';
import { isUnsafeSecret } from '../../config/secret-key.js';
import { SecretBox } from './secret-box.js';

/**
 * Every column that holds a value sealed with the installation key. A feature that stores a new
 * kind of secret adds its column here, so key rotation re-encrypts it.
 */
export const SEALED_COLUMNS: readonly { table: string; column: string; key: string }[] = [
  { table: 'users', column: 'totp_secret', key: 'id' },
  { table: 'instance_settings', column: 'provider_api_key', key: 'id' },
  { table: 'instance_settings', column: 'grocy_api_key', key: 'id' },
  { table: 'notification_service_state', column: 'vapid_key', key: 'id' },
  { table: 'push_subscriptions', column: 'subscription', key: 'id' },
];

export interface RotationResult {
  reencrypted: number;
  revokedSessions: number;
  backupFile: string;
}

/**
 * Replaces the installation key: decrypts every sealed value with the old key first (any failure
 * stops before anything changes), takes an online backup of the database, then re-encrypts,
 * revokes every browser session and records an audit event in one transaction.
 */
export async function rotateSecretKey(databaseFile: string, oldKey: string, newKey: string, now = new Date()): Promise<RotationResult> {
  if (isUnsafeSecret(newKey)) throw new Error('The new key must be at least 32 random characters and not an example value');
  if (newKey === oldKey) throw new Error('The new key must differ from the old one');
  const oldBox = new SecretBox(oldKey);
  const newBox = new SecretBox(newKey);
  const db = new Database(databaseFile, { fileMustExist: true, timeout: 5000 });
  try {
    const plain = SEALED_COLUMNS.flatMap(({ table, column, key }) =>
      (db.prepare(`SELECT "${key}" AS id, "${column}" AS sealed FROM "${table}" WHERE "${column}" IS NOT NULL`).all() as { id: string; sealed: string }[]).map((row) => {
        try {
          return { table, column, key, id: row.id, value: oldBox.open(row.sealed) };
        } catch {
          throw new Error(`${table}.${column} of ${row.id} does not open with the current key; nothing was changed`);
        }
      }),
    );
    const stamp = now.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
    const backupFile = `${databaseFile}.backup_before_secret_rotation_${stamp}`;
    await db.backup(backupFile);
    const iso = now.toISOString();
    const apply = db.transaction(() => {
      for (const entry of plain) {
        db.prepare(`UPDATE "${entry.table}" SET "${entry.column}" = ? WHERE "${entry.key}" = ?`).run(newBox.seal(entry.value), entry.id);
      }
      const revoked = db.prepare('UPDATE sessions SET revoked_at = ? WHERE revoked_at IS NULL').run(iso).changes;
      db.prepare('INSERT INTO audit_events (created_at, category, action, outcome, status_code, actor_user_id, token_id) VALUES (?, ?, ?, ?, ?, NULL, NULL)').run(
        iso,
        'security',
        'rotate secret key',
        'success',
        0,
      );
      return revoked;
    });
    const revokedSessions = apply();
    return { reencrypted: plain.length, revokedSessions, backupFile };
  } finally {
    db.close();
  }
}
