import 'reflect-metadata';
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { AppConfig } from '../config/app-config.js';
import { SECRET_KEY_FILE } from '../config/secret-key.js';
import { rotateSecretKey } from '../common/crypto/secret-rotation.js';

/**
 * Rotates the installation key. Stop the server first, then:
 *   APP_SECRET_KEY_NEW=<new key> node apps/api/dist/cli/rotate-secret-key.js
 * The current key is read as the server reads it (APP_SECRET_KEY or DATA_DIR/secret.key).
 */
async function main(): Promise<void> {
  const config = AppConfig.load();
  const newKey = process.env.APP_SECRET_KEY_NEW ?? '';
  const result = await rotateSecretKey(config.databaseFile, config.secret.key, newKey);
  if (config.secret.source !== 'environment') {
    writeFileSync(join(config.dataDir, SECRET_KEY_FILE), `${newKey}\n`, { mode: 0o600 });
    chmodSync(join(config.dataDir, SECRET_KEY_FILE), 0o600);
  }
  console.log(`Re-encrypted ${result.reencrypted} secrets and signed out ${result.revokedSessions} sessions.`);
  console.log(`Backup of the database before the rotation: ${result.backupFile}`);
  if (config.secret.source === 'environment') console.log('Now set APP_SECRET_KEY to the new key and start the server.');
  else console.log(`The new key is in ${join(config.dataDir, SECRET_KEY_FILE)}.`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
