import { restoreBackup, RestoreRefused } from '../common/backup/restore.js';
import { loadCliConfig } from './cli-config.js';

/**
 * Restores a backup into DATA_DIR. Stop the service first, then:
 *   node apps/api/dist/cli/restore.js <archive.tar.gz>
 * (same environment as the server: DATA_DIR, APP_SECRET_KEY or DATA_DIR/secret.key, PORT).
 * Nothing changes unless the archive is complete, every checksum matches and the installation
 * key opens the backup's sealed secrets.
 */
async function main(): Promise<void> {
  const archive = process.argv[2];
  if (!archive) {
    console.error('Usage: node apps/api/dist/cli/restore.js <archive.tar.gz>');
    process.exit(2);
  }
  const config = loadCliConfig();
  if (!config.key) {
    console.error('Refusing to restore: no installation key. Set APP_SECRET_KEY, or put the installation\'s secret.key into DATA_DIR, and run again. Nothing was changed.');
    process.exit(1);
  }
  const result = await restoreBackup({ archive, dataDir: config.dataDir, key: config.key, port: config.env.PORT });
  console.log(`Restored ${result.files} files and the database into ${config.dataDir} (${result.sealedValuesChecked} sealed values open with the key).`);
  if (result.previousDataKeptIn) console.log(`The data it replaced is in ${result.previousDataKeptIn}; delete it once the restored service works.`);
  console.log('Start the service and check /api/health.');
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  console.error(error instanceof RestoreRefused ? `${message}. Nothing was changed.` : `Restore failed: ${message}`);
  process.exit(1);
});
